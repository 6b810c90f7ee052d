// Stream engines: how one playback source gets into the <video> element.
//
// * pro (HTTP-FLV) → mpegts.js over Media Source Extensions, low-latency settings;
// * an m3u8 source (hls, external) → the browser's own HLS player where it has one (Safari, and
//   Chromium since it ships native HLS); mpegts.js cannot read playlists, so a browser with
//   neither is "unsupported" for that source and the switch shows it disabled;
// * a raw MPEG-TS or FLV address (an external source that is not a playlist) → mpegts.js.
//
// mpegts.js is imported on first use so pages without a player do not load it.
import type { PlaybackKind, PlaybackSource } from "../../api/anchor";

export interface PlaybackEnv {
  /** Media Source Extensions with H.264/AAC: mpegts.js can play FLV and MPEG-TS. */
  mse: boolean;
  /** The <video> element plays application/vnd.apple.mpegurl itself. */
  nativeHls: boolean;
}

export function detectEnv(video?: HTMLVideoElement): PlaybackEnv {
  const ms = (globalThis as { MediaSource?: { isTypeSupported?: (t: string) => boolean } }).MediaSource;
  const mse = !!ms?.isTypeSupported?.('video/mp4; codecs="avc1.42E01E,mp4a.40.2"');
  const v = video ?? (typeof document !== "undefined" ? document.createElement("video") : null);
  const nativeHls = !!v && v.canPlayType("application/vnd.apple.mpegurl") !== "";
  return { mse, nativeHls };
}

type Container = "flv" | "mpegts" | "m3u8";

/** What a source carries, from its kind and address. */
export function containerOf(src: Pick<PlaybackSource, "kind" | "url">): Container {
  if (src.kind === "pro") return "flv";
  const path = src.url.split(/[?#]/)[0]!.toLowerCase();
  if (path.endsWith(".flv")) return "flv";
  if (path.endsWith(".ts")) return "mpegts";
  return "m3u8";
}

export function canPlay(src: Pick<PlaybackSource, "kind" | "url">, env: PlaybackEnv): boolean {
  return containerOf(src) === "m3u8" ? env.nativeHls : env.mse;
}

/** Kinds of the offered sources this browser can play, in the offered order. */
export function playableKinds(sources: PlaybackSource[], env: PlaybackEnv): PlaybackKind[] {
  return sources.filter((s) => canPlay(s, env)).map((s) => s.kind);
}

export interface EngineEvents {
  /** The source finished or its connection closed (the room may have gone offline). */
  onEnded(): void;
  /** The media endpoint refused the signed URL (401/403). */
  onRefused(): void;
}

/** Detaches the source and frees the engine. */
export type Detach = () => void;

const absolute = (url: string) => new URL(url, globalThis.location?.href ?? "http://localhost/").href;

/** Starts playing src in video. Errors the engine reports arrive through events. */
export async function attachSource(video: HTMLVideoElement, src: PlaybackSource, events: EngineEvents): Promise<Detach> {
  const url = absolute(src.url);
  const container = containerOf(src);
  if (container === "m3u8") return attachNative(video, url, events);
  const { default: mpegts } = await import("mpegts.js");
  const player = mpegts.createPlayer(
    { type: container, isLive: true, url, hasAudio: undefined, hasVideo: true },
    {
      enableWorker: false,
      enableStashBuffer: false,
      stashInitialSize: 128 * 1024,
      lazyLoad: false,
      liveBufferLatencyChasing: true,
      liveBufferLatencyMaxLatency: 3,
      liveBufferLatencyMinRemain: 0.5,
      autoCleanupSourceBuffer: true,
    },
  );
  let done = false;
  player.on(mpegts.Events.ERROR, (type: string, detail: string, info?: { code?: number }) => {
    if (done) return;
    const code = info?.code ?? 0;
    if (type === mpegts.ErrorTypes.NETWORK_ERROR && (code === 401 || code === 403)) events.onRefused();
    else events.onEnded();
    void detail;
  });
  player.on(mpegts.Events.LOADING_COMPLETE, () => !done && events.onEnded());
  player.attachMediaElement(video);
  player.load();
  play(video);
  return () => {
    done = true;
    try {
      player.pause();
      player.unload();
      player.detachMediaElement();
    } finally {
      player.destroy();
    }
  };
}

function attachNative(video: HTMLVideoElement, url: string, events: EngineEvents): Detach {
  let done = false;
  const onError = () => {
    if (done) return;
    // The element does not say why; ask the playlist's status to tell a refused URL from a
    // stream that went away.
    void fetch(url, { method: "GET", cache: "no-store" }).then(
      (res) => !done && (res.status === 401 || res.status === 403 ? events.onRefused() : events.onEnded()),
      () => !done && events.onEnded(),
    );
  };
  video.addEventListener("error", onError);
  video.src = url;
  play(video);
  return () => {
    done = true;
    video.removeEventListener("error", onError);
    video.removeAttribute("src");
    video.load();
  };
}

/** Autoplay: the element starts muted (browsers allow that); the viewer unmutes. */
function play(video: HTMLVideoElement) {
  const p = video.play();
  if (p && typeof p.catch === "function") p.catch(() => undefined);
}
