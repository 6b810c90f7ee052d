// The first screen of a page's data, handed over by the first HTML (issue 19). Where a page's largest
// paint is data (the streamer list's first cover), the node draws that data into the page's static
// shell and writes the same answer beside it as JSON (<script type="application/json"
// data-shell-data>{"key", "value"}</script>, api/siteshelldata.go), under the resource key the page
// loads it by. useResource starts such a key as loaded with that value, so the page's first render
// draws what the shell drew, in place, instead of a spinner that would blank the shell until its
// call returns; the call still runs and its answer replaces the seed.

let seed: { key: string; value: unknown } | null = null;

/** Reads the first HTML's data; call before the first render (main.tsx, with the shell's title). */
export function captureSeed(doc: Document = document): void {
  seed = null;
  const el = doc.querySelector("script[data-shell-data]");
  if (!el) return;
  try {
    const d = JSON.parse(el.textContent ?? "") as { key?: unknown; value?: unknown };
    if (typeof d.key === "string" && d.value !== undefined && d.value !== null) seed = { key: d.key, value: d.value };
  } catch {
    // a seed that does not parse: the page loads its data as without one
  }
}

/** The first HTML's answer for key, until that key's first call has answered. */
export function seedOf<T>(key: string | null): T | undefined {
  return seed !== null && key !== null && seed.key === key ? (seed.value as T) : undefined;
}

/** Forgets the seed of key (its call answered: a later visit loads afresh). */
export function dropSeed(key: string): void {
  if (seed?.key === key) seed = null;
}
