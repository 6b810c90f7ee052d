// The live player (spec §2, §4, issue 9): asks GET /live/playback for the room's signed sources,
// plays the chosen one (Pro = HTTP-FLV through mpegts.js for SVIP members, the standard HLS
// stream, or the room's external m3u8), lets the viewer switch sources and toggle theatre mode,
// counts a non-member's trial down to the 'activate membership' prompt, asks for fresh URLs
// before they expire, and shows loading / playing / stalled / ended / not-live / refused states.
//
// Usage: <Player roomId={id} /> (data-testid="live-player", data-state = the status, data-source = the
// kind playing).
import { lazy, Suspense, useEffect, useReducer, useRef, useState } from "react";
import { Link } from "react-router";
import { useAtom, useAtomValue, useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { anchorApi, AnchorErrorCode, type Playback, type PlaybackKind } from "../../api/anchor";
import { useResource } from "../../data/resource";
import { preferredSourceAtom } from "../../state/anchor";
import { roomAtom, theatreModeAtom } from "../../state/realtime";
import { tokenAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { attachSource, detectEnv, playableKinds, type PlaybackEnv } from "./engine";
import {
  formatCountdown,
  initialPlayerState,
  playerReducer,
  TERMINAL,
  trialSecondsLeft,
  type PlayerStatus,
  type Refusal,
} from "./playerState";
import styles from "./Player.module.css";

// Unlocking a paid room (its confirmation and the balance) loads when a paid room refuses playback:
// the live room's first render does without it (issue 19).
const PlayerUnlock = lazy(() => import("./PlayerUnlock"));

export interface PlayerProps {
  roomId: string;
  /** Show the player's own theatre-mode button (the live room has its own: pass false there). */
  theatreToggle?: boolean;
  /** Test seam: what the browser can play (detected from a <video> element otherwise). */
  env?: PlaybackEnv;
  /** Controlled sound (multi-view, where exactly one tile is heard): the player follows it, and a
   *  viewer's unmute asks onSoundRequest instead of unmuting this player alone. */
  muted?: boolean;
  onSoundRequest?: () => void;
  /** A small tile (multi-view): square corners, a slimmer bar, always 16:9 even in theatre mode. */
  compact?: boolean;
  /** Placement by the parent (margins, size); the player's own look stays its own. */
  className?: string;
  /** The room's live viewer count where the page has it (the live room's presence): shown instead of
   *  the count the playback answer carried when it was loaded, so the page shows one number. */
  viewers?: number;
}

/** How often an offline room is asked again, so the player starts when the streamer does. */
export const OFFLINE_POLL_MS = 15_000;
/** A fresh signed URL is fetched this long before the current one expires. */
export const URL_REFRESH_LEAD_MS = 20_000;
/** No progress of currentTime for this long while "playing" counts as stalled. */
export const STALL_AFTER_MS = 6_000;

const LOGIN_REQUIRED = 1002;

/** What one ask for the playback answered: the sources, "not live", or a refusal. */
type PlaybackAnswer = { kind: "playback"; playback: Playback } | { kind: "notLive" } | { kind: "refused"; refusal: Refusal };

/** Asks GET /live/playback and sorts the failures the player tells apart (it never rejects). */
function askPlayback(roomId: string, signal: AbortSignal): Promise<PlaybackAnswer> {
  return anchorApi.playback(roomId, { signal }).then(
    (playback): PlaybackAnswer => ({ kind: "playback", playback }),
    (err: unknown): PlaybackAnswer => {
      if (err instanceof ApiError && (err.errorCode === AnchorErrorCode.NotLive || err.httpStatus === 404)) return { kind: "notLive" };
      if (err instanceof ApiError && err.kind !== "network") {
        return { kind: "refused", refusal: { message: err.userMessage, errorCode: err.errorCode, login: err.errorCode === LOGIN_REQUIRED } };
      }
      // The network failed after the client's retries: treat as offline and keep polling.
      return { kind: "notLive" };
    },
  );
}

export function Player({ roomId, theatreToggle = true, env: envProp, muted: mutedProp, onSoundRequest, compact = false, className, viewers: liveViewers }: PlayerProps) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(playerReducer, initialPlayerState);
  const [preferred, setPreferred] = useAtom(preferredSourceAtom);
  const [theatre, setTheatre] = useAtom(theatreModeAtom);
  const token = useAtomValue(tokenAtom);
  // The room's access changed (member-only, paid): ask for the playback again, so a viewer who lost
  // access sees the unlock or membership prompt without reloading the page.
  const accessVersion = useAtomValue(roomAtom(roomId)).accessVersion;
  const openLogin = useSetAtom(loginModalAtom);
  const videoRef = useRef<HTMLVideoElement>(null);
  const envRef = useRef<PlaybackEnv | null>(envProp ?? null);
  const preferredRef = useRef(preferred);
  preferredRef.current = preferred;
  // Every playback answer (and every switch) bumps the generation: the engine reattaches.
  const [generation, setGeneration] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [ownMuted, setOwnMuted] = useState(true);
  const controlled = mutedProp !== undefined;
  const muted = mutedProp ?? ownMuted;
  const setMuted = (m: boolean) => (controlled ? !m && onSoundRequest?.() : setOwnMuted(m));

  const env = () => (envRef.current ??= detectEnv(videoRef.current ?? undefined));

  // The playback of this room for this session and this access (a new session changes the
  // entitlements; a change of the room's access may refuse or allow the viewer): a new key starts
  // over and drops the answers still on their way. Every later ask (fresh URLs, the stream ended,
  // an offline room asked again, Retry) is a refresh of the same key.
  const playbackKey = `playback:${roomId}:${token ?? ""}:${accessVersion}`;
  const asked = useResource(playbackKey, (signal) => askPlayback(roomId, signal));
  const load = asked.refresh;
  const answer = asked.value;

  useEffect(() => {
    dispatch({ type: "reset" });
  }, [playbackKey]);

  // Each answer (a new object, even when it says the same) moves the player's state machine on.
  useEffect(() => {
    if (!answer) return;
    if (answer.kind === "playback") {
      dispatch({ type: "playback", playback: answer.playback, playable: playableKinds(answer.playback.sources, env()), preferred: preferredRef.current, now: Date.now() });
      setGeneration((g) => g + 1); // the engine reattaches
    } else if (answer.kind === "notLive") {
      dispatch({ type: "notLive" });
    } else {
      dispatch({ type: "refused", refusal: answer.refusal });
    }
  }, [answer]);

  const source = state.playback?.sources.find((s) => s.kind === state.selected) ?? null;
  const terminal = TERMINAL.has(state.status);

  // React does not always carry `muted` to the element once it has played: set the property.
  useEffect(() => {
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted]);

  // Attach the selected source to the video element; detach on change or in a terminal state.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !source || terminal) return;
    let detach: (() => void) | null = null;
    let cancelled = false;
    attachSource(video, source, {
      onEnded: () => {
        dispatch({ type: "mediaEnded" });
        load();
      },
      onRefused: () => {
        dispatch({ type: "mediaRefused" });
        load();
      },
    }).then(
      (d) => (cancelled ? d() : (detach = d)),
      () => !cancelled && dispatch({ type: "mediaEnded" }),
    );
    return () => {
      cancelled = true;
      detach?.();
    };
    // The generation, not the source object, decides when to reattach.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation, source?.kind, terminal]);

  // Video element events drive playing / stalled.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const playing = () => dispatch({ type: "mediaPlaying" });
    const waiting = () => dispatch({ type: "mediaWaiting" });
    const ended = () => {
      dispatch({ type: "mediaEnded" });
      load();
    };
    video.addEventListener("playing", playing);
    video.addEventListener("waiting", waiting);
    video.addEventListener("ended", ended);
    return () => {
      video.removeEventListener("playing", playing);
      video.removeEventListener("waiting", waiting);
      video.removeEventListener("ended", ended);
    };
  }, [load]);

  // A clock for the trial countdown and the stall watchdog.
  const trialRunning = state.trialEndsAt !== null && !terminal;
  const watching = state.status === "playing" || state.status === "stalled";
  useEffect(() => {
    if (!trialRunning && !watching) return;
    let lastTime = -1;
    let lastMove = Date.now();
    const id = setInterval(() => {
      const n = Date.now();
      setNow(n);
      dispatch({ type: "tick", now: n });
      const v = videoRef.current;
      if (!v || !watching) return;
      if (v.currentTime !== lastTime) {
        if (lastTime >= 0 && state.status === "stalled") dispatch({ type: "mediaPlaying" });
        lastTime = v.currentTime;
        lastMove = n;
      } else if (n - lastMove >= STALL_AFTER_MS) {
        dispatch({ type: "mediaWaiting" });
      }
    }, 1000);
    return () => clearInterval(id);
  }, [trialRunning, watching, state.status]);

  // Fresh URLs before they expire (a trial's end is final: no refresh past it).
  useEffect(() => {
    if (!source?.expiresAt || terminal) return;
    if (state.trialEndsAt !== null && source.expiresAt >= state.trialEndsAt) return;
    const wait = Math.max(1000, source.expiresAt - Date.now() - URL_REFRESH_LEAD_MS);
    const id = setTimeout(load, wait);
    return () => clearTimeout(id);
  }, [source?.expiresAt, terminal, state.trialEndsAt, load]);

  // Offline rooms are asked again now and then.
  useEffect(() => {
    if (state.status !== "notLive" && state.status !== "ended") return;
    const id = setInterval(load, OFFLINE_POLL_MS);
    return () => clearInterval(id);
  }, [state.status, load]);

  // A refusal may be a paid room: learn its price to offer the unlock (a failed ask offers none).
  const mayUnlock = state.status === "refused" && !state.refusal?.urlRefused;
  const room = useResource(mayUnlock ? `player-room:${roomId}:${token ?? ""}:${accessVersion}` : null, () => anchorApi.info({ roomId })).value;

  const select = (kind: PlaybackKind) => {
    setPreferred(kind);
    dispatch({ type: "select", kind });
    setGeneration((g) => g + 1);
  };

  const unlocked = () => {
    dispatch({ type: "reset" });
    load();
  };

  const retry = () => {
    dispatch({ type: "reset" });
    load();
  };

  const p = state.playback;
  const kinds: PlaybackKind[] = p ? p.sources.map((s) => s.kind) : [];
  const showSwitch = kinds.length > 1 || !!p?.proLocked;
  const secondsLeft = trialSecondsLeft(state.trialEndsAt, now);
  const viewers = p ? (liveViewers ?? p.viewers) : 0;

  return (
    <div className={[styles.player, theatre && styles.playerTheatre, compact && styles.playerCompact, className].filter(Boolean).join(" ")} data-testid="live-player" data-theatre={theatre} data-state={state.status} data-source={state.selected ?? ""}>
      <div className={styles.playerStage}>
        <video
          ref={videoRef}
          className={styles.playerVideo}
          data-testid="player-video"
          muted={muted}
          playsInline
          autoPlay
          controls={state.status === "playing" || state.status === "stalled"}
          onVolumeChange={(e) => e.currentTarget.muted !== muted && setMuted(e.currentTarget.muted)}
        />
        <Overlay status={state.status} />
        {state.status === "trialEnded" && (
          <div className={styles.playerPanel} data-testid="player-trial-ended" role="alert">
            <p className={styles.playerPanelTitle}>{t("anchor.player.trialEnded")}</p>
            <p>{t("anchor.player.trialEndedHint")}</p>
            <Link className={styles.playerButton} to="/userInfo/vip" data-testid="player-vip-link">
              {t("anchor.player.activateMembership")}
            </Link>
          </div>
        )}
        {state.status === "refused" && (
          <div className={styles.playerPanel} data-testid="player-refused" role="alert">
            <p className={styles.playerPanelTitle}>
              {state.refusal?.urlRefused ? t("anchor.player.urlRefused") : state.refusal?.message || t("anchor.player.refused")}
            </p>
            <div className={styles.playerPanelActions}>
              {state.refusal?.login && !token && (
                <button type="button" className={styles.playerButton} onClick={() => openLogin({ open: true, mode: LoginMode.Password })}>
                  {t("anchor.player.signIn")}
                </button>
              )}
              {room?.paid && token && (
                <Suspense fallback={null}>
                  <PlayerUnlock roomId={roomId} price={room.price} onUnlocked={unlocked} />
                </Suspense>
              )}
              {!state.refusal?.urlRefused && !room?.paid && (
                <Link className={styles.playerButton} to="/userInfo/vip" data-testid="player-vip-link">
                  {t("anchor.player.activateMembership")}
                </Link>
              )}
              <button type="button" className={`${styles.playerButton} ${styles.playerButtonGhost}`} data-testid="player-retry" onClick={retry}>
                {t("anchor.player.retry")}
              </button>
            </div>
          </div>
        )}
        {state.status === "unsupported" && (
          <div className={styles.playerPanel} data-testid="player-unsupported" role="alert">
            <p className={styles.playerPanelTitle}>{t("anchor.player.unsupported")}</p>
            {p?.proLocked && (
              <Link className={styles.playerButton} to="/userInfo/vip" data-testid="player-vip-link">
                {t("anchor.player.upgradeSvip")}
              </Link>
            )}
          </div>
        )}
      </div>
      <div className={styles.playerBar}>
        {showSwitch && (
          <div className={styles.playerSources} role="group" aria-label={t("anchor.player.source")}>
            {p?.proLocked && (
              <Link className={`${styles.playerSource} ${styles.playerSourceLocked}`} to="/userInfo/vip" data-testid="player-source-pro-locked" title={t("anchor.player.proLocked")}>
                {t("anchor.player.kind.pro")} 🔒
              </Link>
            )}
            {kinds.map((k) => {
              const ok = state.playable.includes(k);
              return (
                <button
                  key={k}
                  type="button"
                  className={k === state.selected ? `${styles.playerSource} ${styles.playerSourceOn}` : styles.playerSource}
                  data-testid={`player-source-${k}`}
                  aria-pressed={k === state.selected}
                  disabled={!ok}
                  title={ok ? undefined : t("anchor.player.sourceUnsupported")}
                  onClick={() => select(k)}
                >
                  {t(`anchor.player.kind.${k}`)}
                </button>
              );
            })}
          </div>
        )}
        {state.trialEndsAt !== null && !terminal && (
          <span className={styles.playerTrial} data-testid="player-trial" data-seconds={secondsLeft}>
            {t("anchor.player.trialLeft", { time: formatCountdown(secondsLeft) })}{" "}
            <Link to="/userInfo/vip">{t("anchor.player.activateMembership")}</Link>
          </span>
        )}
        <span className={styles.playerSpacer} />
        {viewers > 0 && (
          <span data-testid="player-viewers">{t("anchor.player.viewers", { count: viewers })}</span>
        )}
        {muted && watchingStatus(state.status) && (
          <button type="button" className={styles.playerTool} data-testid="player-unmute" onClick={() => setMuted(false)}>
            {t("anchor.player.unmute")}
          </button>
        )}
        {theatreToggle && (
          <button type="button" className={styles.playerTool} data-testid="player-theatre" aria-pressed={theatre} onClick={() => setTheatre(!theatre)}>
            {theatre ? t("anchor.player.theatreOff") : t("anchor.player.theatreOn")}
          </button>
        )}
      </div>
    </div>
  );
}

const watchingStatus = (s: PlayerStatus) => s === "playing" || s === "stalled" || s === "loading";

function Overlay({ status }: { status: PlayerStatus }) {
  const { t } = useTranslation();
  const text: Partial<Record<PlayerStatus, string>> = {
    loading: t("anchor.player.loading"),
    stalled: t("anchor.player.stalled"),
    ended: t("anchor.player.ended"),
    notLive: t("anchor.player.notLive"),
  };
  const msg = text[status];
  if (!msg) return null;
  return (
    <div className={`${styles.playerOverlay} ${styles[`player__overlay--${status}`] ?? ""}`} data-testid="player-message" aria-live="polite">
      {(status === "loading" || status === "stalled") && <span className={styles.playerSpinner} aria-hidden="true" />}
      <span>{msg}</span>
    </div>
  );
}

export default Player;
