// The replay of a broadcast recording (issue 25 §2) on its video page: the chat replayed beside the
// player at the moment each line was sent, following the player's current time (seeking forward or
// back shows the chat of the new moment), and the match's timeline under the player: click an
// event and the player jumps a few seconds before it. The highlight clips cut from the recording
// are listed under the timeline. api/videos/README.md "Replay" is the contract.
import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { videosApi, type ReplayLine, type ReplayTimeline as Timeline, type TimelineEvent } from "../../api/videos";
import { formatDuration } from "../../components/Videos";
import { useReplayT, type ReplayKey, type ReplayT } from "../../i18n/replay";
import { useResource } from "../../data";
import { VideoGrid } from "../../features/videos/shared";
import styles from "./Replay.module.css";

/** The chat is loaded a minute at a time, the current minute and the next. */
export const CHUNK_MS = 60_000;
/** The most lines shown at once (the newest). */
const MAX_SHOWN = 150;
/** The timeline is read again this often (highlights are cut after the recording ends). */
const TIMELINE_REFRESH_MS = 30_000;

/** The player's current time in milliseconds, updated while it plays and when it seeks. */
export function usePlayerTime(videoRef: RefObject<HTMLVideoElement | null>): number {
  const [now, setNow] = useState(0);
  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    const on = () => setNow(Math.floor(v.currentTime * 1000));
    const events = ["timeupdate", "seeking", "seeked", "loadedmetadata"] as const;
    for (const e of events) v.addEventListener(e, on);
    on();
    return () => {
      for (const e of events) v.removeEventListener(e, on);
    };
  }, [videoRef]);
  return now;
}

/** The lines sent up to `now` in this minute and the one before it. */
export function shownLines(chunks: ReadonlyMap<number, readonly ReplayLine[]>, now: number, max = MAX_SHOWN): ReplayLine[] {
  const cur = Math.floor(now / CHUNK_MS);
  const lines = [...(chunks.get(cur - 1) ?? []), ...(chunks.get(cur) ?? [])].filter((l) => l.offsetMs <= now);
  return lines.slice(-max);
}

/** The replay's chat loaded so far: its lines by minute, and the minutes whose last load failed. */
export interface ChatMinutes {
  chunks: ReadonlyMap<number, readonly ReplayLine[]>;
  failed: ReadonlySet<number>;
}

const NO_MINUTES: ChatMinutes = { chunks: new Map(), failed: new Set() };

/** The minutes the chat needs at minute `cur` (it and the next) that are neither loaded nor just failed. */
export function wantedMinutes(have: ChatMinutes, cur: number): number[] {
  return [cur, cur + 1].filter((i) => i >= 0 && !have.chunks.has(i) && !have.failed.has(i));
}

/** One minute of chat; a minute cut by the server's cap is loaded on. */
async function loadMinute(videoId: number, i: number, signal: AbortSignal): Promise<ReplayLine[]> {
  const lines: ReplayLine[] = [];
  let from = i * CHUNK_MS;
  const to = (i + 1) * CHUNK_MS;
  while (from < to) {
    const w = await videosApi.replayChat(videoId, from, to, signal);
    lines.push(...w.lines);
    if (w.nextMs < 0 || w.nextMs <= from) break;
    from = w.nextMs;
  }
  return lines;
}

/**
 * `have` with the minutes `cur` and `cur + 1` added (those not loaded yet, a failed one tried again).
 * A minute that fails is marked failed rather than failing the whole load, so the minutes loaded stay.
 */
export async function loadMinutes(videoId: number, cur: number, have: ChatMinutes, signal: AbortSignal): Promise<ChatMinutes> {
  const want = [cur, cur + 1].filter((i) => i >= 0 && !have.chunks.has(i));
  const got = await Promise.allSettled(want.map((i) => loadMinute(videoId, i, signal)));
  const chunks = new Map(have.chunks);
  const failed = new Set<number>();
  got.forEach((r, k) => {
    if (r.status === "fulfilled") chunks.set(want[k]!, r.value);
    else failed.add(want[k]!);
  });
  return { chunks, failed };
}

/**
 * The replay's chat around the player's time, through one resource per video: the first load reads
 * the current minute and the next; when the player reaches (or seeks to) a minute not loaded yet,
 * a refresh adds it, keeping the lines on screen. A failed minute is tried again at the next minute
 * change, a seek, or Retry.
 */
function useReplayChunks(videoId: number, now: number) {
  const cur = Math.floor(now / CHUNK_MS);
  // The minutes on screen, for the next load to add to (the load runs after this render).
  const held = useRef<ChatMinutes>(NO_MINUTES);
  const chat = useResource(`replay-chat|${videoId}`, (signal) => loadMinutes(videoId, cur, held.current, signal));
  const have = chat.value ?? NO_MINUTES;
  held.current = have;
  const wanted = wantedMinutes(have, cur).join(",");
  const { status, refresh } = chat;
  useEffect(() => {
    if (status === "ready" && wanted) refresh();
  }, [status, wanted, refresh]);
  return { chat, chunks: have.chunks, loaded: have.chunks.has(cur), failed: have.failed.has(cur) };
}

export function ReplayChat({ videoId, videoRef }: { videoId: number; videoRef: RefObject<HTMLVideoElement | null> }) {
  const { t } = useReplayT();
  const { t: tc } = useTranslation();
  const now = usePlayerTime(videoRef);
  const { chat, chunks, loaded, failed } = useReplayChunks(videoId, now);
  const lines = useMemo(() => shownLines(chunks, now), [chunks, now]);
  const list = useRef<HTMLOListElement>(null);
  const last = lines.length ? lines[lines.length - 1]!.seq : 0;
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last]);
  return (
    <aside className={styles.rchat} aria-label={t("chat.title")} data-testid="replay-chat">
      <h2 className={styles.rchatTitle}>{t("chat.title")}</h2>
      <ol className={styles.rchatLines} ref={list} aria-live="off" data-testid="replay-lines">
        {lines.map((l) => (
          <li key={l.seq} className={`${styles.rchatLine}${l.kind === "gift" ? ` ${styles.rchatLineGift}` : ""}`} data-testid="replay-line" data-offset={l.offsetMs}>
            <span className={styles.rchatTime}>{formatDuration(l.offsetMs / 1000)}</span>
            <bdi className={styles.rchatName}>{l.name || l.uid}</bdi>{" "}
            <bdi className={styles.rchatText}>{l.kind === "gift" ? t("chat.gift", { gift: l.gift, count: l.count ?? 1 }) : l.text}</bdi>
          </li>
        ))}
      </ol>
      {lines.length === 0 && (
        <p className={styles.rchatEmpty} role={failed ? "alert" : undefined} data-testid="replay-chat-state" data-state={failed ? "error" : loaded ? "empty" : "loading"}>
          {failed ? t("chat.error") : loaded ? t("chat.empty") : t("chat.loading")}
          {failed && (
            <>
              {" "}
              <button type="button" className={styles.rchatRetry} onClick={chat.refresh}>
                {tc("common.retry")}
              </button>
            </>
          )}
        </p>
      )}
      <p className={styles.rchatNote}>{t("chat.note")}</p>
    </aside>
  );
}

/** The label of a match event: its type's name when it has one, else its kind's. */
export function eventLabel(t: ReplayT, ev: TimelineEvent): string {
  const typed: Record<string, ReplayKey> = {
    ownGoal: "type.ownGoal", penaltyScored: "type.penaltyScored", yellowCard: "type.yellowCard", secondYellow: "type.secondYellow",
    redCard: "type.redCard", firstBlood: "type.firstBlood", baron: "type.baron", roshan: "type.roshan", mapWin: "type.mapWin", gameWin: "type.gameWin",
  };
  return t(typed[ev.type] ?? (`category.${ev.category}` as ReplayKey));
}

function EventIcon({ ev }: { ev: TimelineEvent }) {
  const cls = `${styles.rtlIcon} ${styles[`rtl__icon--${ev.category}`] ?? ""}${ev.type === "yellowCard" ? ` ${styles.rtlIconYellow}` : ""}`;
  switch (ev.category) {
    case "goal":
      return (
        <svg className={cls} viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="8" cy="8" r="6.8" />
          <path className={styles.rtlBall} d="M8 4.6l3.2 2.3-1.2 3.8H6L4.8 6.9z" />
          <path d="M8 4.6V1.2M11.2 6.9l3.3-1.1M10 10.7l2 2.8M6 10.7l-2 2.8M4.8 6.9L1.5 5.8" />
        </svg>
      );
    case "card":
      return (
        <svg className={cls} viewBox="0 0 16 16" aria-hidden="true">
          <rect x="4" y="2" width="8" height="12" rx="1.5" />
        </svg>
      );
    case "kill":
      return (
        <svg className={cls} viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="8" cy="8" r="5" />
          <path d="M8 1v4M8 11v4M1 8h4M11 8h4" />
        </svg>
      );
    case "objective":
    case "mapEnd":
      return (
        <svg className={cls} viewBox="0 0 16 16" aria-hidden="true">
          <path d="M3.5 15V1.5M3.5 2h9l-2.2 3.2L12.5 8.5h-9" />
        </svg>
      );
    default:
      return (
        <svg className={cls} viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="8" cy="8" r="3.5" />
        </svg>
      );
  }
}

/** Moves the player a few seconds before ev and plays. */
function seek(videoRef: RefObject<HTMLVideoElement | null>, ev: TimelineEvent) {
  const v = videoRef.current;
  if (!v) return;
  v.currentTime = ev.seekMs / 1000;
  v.play().catch(() => undefined);
}

export function ReplayTimelineView({ timeline, videoRef }: { timeline: Timeline; videoRef: RefObject<HTMLVideoElement | null> }) {
  const { t } = useReplayT();
  const now = usePlayerTime(videoRef);
  const total = Math.max(timeline.durationSec * 1000, 1);
  const describe = (ev: TimelineEvent) => [eventLabel(t, ev), ev.name || ev.teamName, ev.minute].filter(Boolean).join(" · ");
  return (
    <section className={styles.rtl} aria-label={t("timeline.title")} data-testid="replay-timeline">
      <h2 className={styles.rtlTitle}>{t("timeline.title")}</h2>
      {timeline.events.length === 0 ? (
        <p className={styles.rtlEmpty}>{t("timeline.empty")}</p>
      ) : (
        <>
          <div className={styles.rtlBar}>
            <div className={styles.rtlPlayed} style={{ width: `${Math.min(100, (now / total) * 100)}%` }} />
            {timeline.events.map((ev) => (
              <button
                key={ev.seq}
                type="button"
                className={`${styles.rtlMark} ${styles[`rtl__mark--team${ev.team}`] ?? ""}`}
                style={{ insetInlineStart: `${Math.min(100, (ev.offsetMs / total) * 100)}%` }}
                title={describe(ev)}
                aria-label={t("timeline.jump", { event: describe(ev), time: formatDuration(ev.offsetMs / 1000) })}
                onClick={() => seek(videoRef, ev)}
              >
                <EventIcon ev={ev} />
              </button>
            ))}
          </div>
          <ol className={styles.rtlList}>
            {timeline.events.map((ev) => (
              <li key={ev.seq} className={`${styles.rtlItem}${ev.offsetMs <= now ? ` ${styles.rtlItemPast}` : ""}`}>
                <button type="button" className={styles.rtlEvent} data-testid="timeline-event" data-seek={ev.seekMs} data-type={ev.type} onClick={() => seek(videoRef, ev)}>
                  <EventIcon ev={ev} />
                  <span className={styles.rtlTime}>{formatDuration(ev.offsetMs / 1000)}</span>
                  <span className={styles.rtlLabel}>{eventLabel(t, ev)}</span>
                  {ev.minute && (
                    <bdi className={styles.rtlMinute} dir="ltr">
                      {ev.minute}
                    </bdi>
                  )}
                  {(ev.name || ev.teamName) && <bdi>{ev.name || ev.teamName}</bdi>}
                </button>
                {ev.highlightId ? (
                  <Link className={styles.rtlClip} to={`/videos/${ev.highlightId}`} data-testid="timeline-clip">
                    {t("timeline.clip")}
                  </Link>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      )}
      {timeline.highlights.length > 0 && (
        <div className={styles.rtlHighlights} data-testid="replay-highlights">
          <h2 className={styles.rtlTitle}>{t("highlights.title")}</h2>
          <VideoGrid videos={timeline.highlights} showGame={false} />
        </div>
      )}
    </section>
  );
}

/** The timeline of a recording, refreshed while its highlights are being cut. It draws no state of
 *  its own: a recording without a timeline (no match, or not served) shows the player alone. */
export function ReplayTimeline({ videoId, videoRef }: { videoId: number; videoRef: RefObject<HTMLVideoElement | null> }) {
  const tl = useResource(`replay-timeline|${videoId}`, (signal) => videosApi.replayTimeline(videoId, signal), { refreshMs: TIMELINE_REFRESH_MS });
  if (!tl.value) return null;
  return <ReplayTimelineView timeline={tl.value} videoRef={videoRef} />;
}
