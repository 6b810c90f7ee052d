// The entry (index.html): boots the app in stages, one module graph at a time, yielding to the
// browser between them (issue 19, blocking time). Evaluating the whole app's static graph at once
// was one task of about 300 ms at 4x CPU, after the first paint of the page's static shell (the
// first HTML holds one: api/siteshell.go), so all of it counted as blocking time. The stages' files
// are fetched in parallel from the start: the build names them in the first HTML as modulepreloads,
// with their style sheets (build/pagePreloads.ts, bootLinks); perf/initial-js.mjs counts them in the
// initial JavaScript. A stage is a module of src/boot/; whatever this file imports dynamically is a stage (the build
// and the budget count all of it as the first JavaScript), so it imports nothing else that way.
import { isChunkLoadError, reloadOnce } from "./reloadGuard";

interface Scheduler {
  yield?: () => Promise<void>;
}

/** Lets the browser run what waits (input, paint, the preloads' responses) before the next stage. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

async function boot(): Promise<void> {
  // React and react-dom first (the largest evaluation), then the shared libraries and the data layer,
  // then the route table, the layout and i18n, which render the page.
  await import("./boot/react");
  await yieldToBrowser();
  await import("./boot/core");
  await yieldToBrowser();
  const app = await import("./boot/app");
  await yieldToBrowser();
  await app.start();
}

boot().catch((err: unknown) => {
  // A stage's chunk failed to load (a deploy replaced the chunk names): reload once (spec §8), as a
  // lazy route does; the static shell stays on screen meanwhile.
  if (isChunkLoadError(err)) reloadOnce();
  throw err;
});
