// /anchorCenter — the streamer centre (spec §2, §3, §4): users who are not streamers see the
// application (and its state); approved streamers get the broadcast page (start / end live, state,
// OBS guide with the ingest address of GET /getAnchorIP, copy buttons, key rotation and the source
// allow-list), /anchorCenter/live (live settings), /anchorCenter/liveLinkDetails (the linked match
// and the stream's health), /anchorCenter/revenueDetails (earnings) and /anchorCenter/rules. The layout loads GET /anchor/whether and
// GET /anchor/liveInfo once and hands them to the tab pages through the outlet context.
import { useCallback, useState } from "react";
import { Link, NavLink, Outlet, useOutletContext } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/client";
import { anchorApi, type AnchorBroadcastState, type AnchorLiveInfo, type AnchorWhether, type ObsGuide } from "../../api/anchor";
import { Loadable, useResource } from "../../data";
import { anchorWhetherAtom } from "../../state/anchor";
import { tokenAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { streamCentreApi, type AnchorIngest } from "../../api/streamcentre";
import { useCentreT } from "../../i18n/streamcentre";
import { HTML_LANG, isLocale } from "../../i18n/locales";
import { Announce } from "./Announce";
import { SourceAllowList } from "./SourceAllowList";
import { Apply } from "./Apply";
import { LiveRecords } from "./LiveRecords";
import styles from "./Anchor.module.css";

export interface CenterContext {
  info: AnchorLiveInfo;
  setInfo: (i: AnchorLiveInfo) => void;
  /** Loads the status and live info again, keeping the page on screen (after a change). */
  reload: () => void;
}

export const useCenter = () => useOutletContext<CenterContext>();

/** How often the broadcast page asks for the live state. */
export const STATE_POLL_MS = 5_000;

/** What the layout loads: the streamer status, and the live info once the user is a streamer. */
interface CenterAnswer {
  whether: AnchorWhether;
  info: AnchorLiveInfo | null;
}

const isStreamer = (w: AnchorWhether) => w.status === "approved" || w.status === "banned";

export default function AnchorCenter() {
  const { t } = useTranslation();
  const { t: ct } = useCentreT();
  const token = useAtomValue(tokenAtom);
  const setWhether = useSetAtom(anchorWhetherAtom);
  const openLogin = useSetAtom(loginModalAtom);

  // One answer per signed-in session: a new token loads again from scratch.
  const res = useResource<CenterAnswer>(token ? `anchor-center|${token}` : null, async (signal) => {
    const whether = await anchorApi.whether({ toast: false, signal });
    setWhether(whether);
    const info = isStreamer(whether) ? await anchorApi.liveInfo({ toast: false, signal }) : null;
    return { whether, info };
  });
  const { set, refresh } = res;
  const setInfo = useCallback((info: AnchorLiveInfo) => set((cur) => ({ whether: cur!.whether, info })), [set]);

  const body = !token ? (
    <div className={`${styles.anchorPanel} ${styles.anchorSignin}`} data-testid="anchor-signin">
      <p>{t("anchor.center.signInFirst")}</p>
      <button type="button" className={styles.anchorButton} onClick={() => openLogin({ open: true, mode: LoginMode.Password })}>
        {t("anchor.center.signIn")}
      </button>
    </div>
  ) : (
    <Loadable resource={res} minHeight={320}>
      {({ whether, info }) =>
        !isStreamer(whether) || !info ? (
          <Apply status={whether.status} onSubmitted={refresh} />
        ) : (
          <>
            {info.status === "banned" && (
              <p className={`${styles.anchorBanner} ${styles.anchorBannerBad}`} data-testid="anchor-banned">
                {t("anchor.center.banned")}
              </p>
            )}
            <nav className={styles.anchorTabs} aria-label={t("anchor.center.title")}>
              <NavLink end to="/anchorCenter" className={({ isActive }) => `${styles.anchorTab}${isActive ? ` ${styles.anchorTabOn}` : ""}`}>
                {t("anchor.center.tabBroadcast")}
              </NavLink>
              <NavLink to="/anchorCenter/live" className={({ isActive }) => `${styles.anchorTab}${isActive ? ` ${styles.anchorTabOn}` : ""}`}>
                {t("anchor.center.tabSettings")}
              </NavLink>
              <NavLink to="/anchorCenter/liveLinkDetails" data-testid="tab-link-details" className={({ isActive }) => `${styles.anchorTab}${isActive ? ` ${styles.anchorTabOn}` : ""}`}>
                {ct("nav.details")}
              </NavLink>
              <NavLink to="/anchorCenter/revenueDetails" className={({ isActive }) => `${styles.anchorTab}${isActive ? ` ${styles.anchorTabOn}` : ""}`}>
                {t("anchor.center.tabEarnings")}
              </NavLink>
              <NavLink to="/anchorCenter/rules" data-testid="tab-rules" className={({ isActive }) => `${styles.anchorTab}${isActive ? ` ${styles.anchorTabOn}` : ""}`}>
                {ct("nav.rules")}
              </NavLink>
            </nav>
            <Outlet context={{ info, setInfo, reload: refresh } satisfies CenterContext} />
          </>
        )
      }
    </Loadable>
  );

  return (
    <main className={styles.anchor} data-testid="anchor-center">
      <h1 className={styles.anchorTitle}>{t("anchor.center.title")}</h1>
      {body}
    </main>
  );
}

/** /anchorCenter: start and end live, the live state, the OBS guide. */
export function Broadcast() {
  const { t } = useTranslation();
  const { info, setInfo } = useCenter();
  // The live state polled every STATE_POLL_MS; until the first answer (or if polling fails) the
  // layout's live info stands in for it.
  const polled = useResource(`anchor-broadcast|${info.roomId}`, () => anchorApi.isBroadcast(), { refreshMs: STATE_POLL_MS });
  const fromInfo: AnchorBroadcastState = { roomId: info.roomId, broadcasting: info.broadcasting, live: info.live, stalled: info.stalled, viewers: info.viewers };
  const state = polled.value ?? fromInfo;
  const setState = (fn: (s: AnchorBroadcastState) => AnchorBroadcastState) => polled.set((cur) => fn(cur ?? fromInfo));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  const start = () => {
    setBusy(true);
    setError("");
    anchorApi.startLive().then(
      () => {
        setBusy(false);
        setState((s) => ({ ...s, broadcasting: true }));
        setInfo({ ...info, broadcasting: true });
      },
      (e) => {
        setBusy(false);
        setError(errorText(e));
      },
    );
  };
  const end = () => {
    setBusy(true);
    setError("");
    anchorApi.endLive().then(
      () => {
        setBusy(false);
        setState((s) => ({ ...s, broadcasting: false, live: false, stalled: false, viewers: 0 }));
        setInfo({ ...info, broadcasting: false, live: false });
      },
      (e) => {
        setBusy(false);
        setError(errorText(e));
      },
    );
  };

  const phase = !state.broadcasting ? "off" : !state.live ? "waiting" : state.stalled ? "stalled" : "live";
  return (
    <>
    <div className={styles.anchorGrid}>
      <section className={styles.anchorPanel} data-testid="broadcast">
        <h2 className={styles.anchorSub}>{t("anchor.broadcast.title")}</h2>
        <p className={`${styles.anchorState} ${styles[`anchor-state--${phase}`] ?? ""}`} data-testid="broadcast-state" data-phase={phase}>
          {t(`anchor.broadcast.phase.${phase}`)}
          {state.live && <span className={styles.anchorMuted}> · {t("anchor.player.viewers", { count: state.viewers })}</span>}
        </p>
        <p className={styles.anchorMuted}>{info.settings.title || t("anchor.broadcast.noTitle")}</p>
        <div className={styles.anchorActions}>
          {!state.broadcasting ? (
            <button type="button" className={`${styles.anchorButton} ${styles.anchorButtonBig}`} data-testid="start-live" disabled={busy || info.status === "banned"} onClick={start}>
              {t("anchor.broadcast.start")}
            </button>
          ) : (
            <button type="button" className={`${styles.anchorButton} ${styles.anchorButtonBig} ${styles.anchorButtonBad}`} data-testid="end-live" disabled={busy} onClick={end}>
              {t("anchor.broadcast.end")}
            </button>
          )}
          <Link to={`/live/${encodeURIComponent(info.roomId)}`} data-testid="my-room">
            {t("anchor.broadcast.openRoom")}
          </Link>
        </div>
        {error && (
          <p className={styles.anchorError} role="alert" data-testid="broadcast-error">
            {error}
          </p>
        )}
        {!state.broadcasting && <p className={styles.anchorMuted}>{t("anchor.broadcast.startHint")}</p>}
      </section>
      <ObsGuidePanel guide={info.guide} hasKey={info.hasStreamKey} banned={info.status === "banned"} />
      {/* the upcoming broadcast viewers can reserve (issue 17) */}
      {info.status !== "banned" && <Announce />}
    </div>
    {/* past broadcasts and their recordings (issue 22) */}
    <LiveRecords />
    </>
  );
}

/** Copies text to the clipboard, with the old textarea way where the API is missing. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = document.createElement("textarea");
    ta.value = text;
    ta.setAttribute("readonly", "");
    ta.style.position = "fixed";
    ta.style.opacity = "0";
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand?.("copy") ?? false;
    ta.remove();
    return ok;
  }
}

function CopyField({ label, value, testId, secret }: { label: string; value: string; testId: string; secret?: boolean }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [shown, setShown] = useState(!secret);
  return (
    <div className={styles.anchorCopy}>
      <span className={styles.anchorCopyLabel}>{label}</span>
      <code className={styles.anchorCopyValue} data-testid={testId} data-value={value}>
        {shown ? value : "•".repeat(Math.min(value.length, 24))}
      </code>
      {secret && (
        <button type="button" className={styles.anchorLink} onClick={() => setShown(!shown)}>
          {shown ? t("anchor.obs.hide") : t("anchor.obs.show")}
        </button>
      )}
      <button
        type="button"
        className={`${styles.anchorButton} ${styles.anchorButtonSmall}`}
        data-testid={`${testId}-copy`}
        onClick={() => void copyText(value).then((ok) => ok && (setCopied(true), setTimeout(() => setCopied(false), 2000)))}
      >
        {copied ? t("anchor.obs.copied") : t("anchor.obs.copy")}
      </button>
    </div>
  );
}

/** The push-stream guide: server address, stream key (shown once after a rotation), OBS settings. */
export function ObsGuidePanel({ guide: initial, hasKey, banned }: { guide: ObsGuide; hasKey: boolean; banned?: boolean }) {
  const { t } = useTranslation();
  const { t: ct, language } = useCentreT();
  const [guide, setGuide] = useState(initial);
  const [keyExists, setKeyExists] = useState(hasKey);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  // Where to push comes from GET /getAnchorIP: the ingest actually configured (issue 17).
  const ingestRes = useResource<AnchorIngest>("anchor-ingest", () => streamCentreApi.ingest());
  const ingest = ingestRes.value;

  const rotate = () => {
    setBusy(true);
    setError("");
    anchorApi.rotateKey().then(
      (g) => {
        setBusy(false);
        setConfirming(false);
        setGuide(g);
        setKeyExists(true);
        ingestRes.refresh(); // the new key's hint
      },
      (e) => {
        setBusy(false);
        setError(errorText(e));
      },
    );
  };

  return (
    <section className={styles.anchorPanel} data-testid="obs-guide">
      <h2 className={styles.anchorSub}>{t("anchor.obs.title")}</h2>
      <ol className={styles.anchorSteps}>
        <li>{t("anchor.obs.step1")}</li>
        <li>{t("anchor.obs.step2")}</li>
        <li>{t("anchor.obs.step3")}</li>
      </ol>
      <Loadable resource={ingestRes} minHeight={64}>
        {(ig) => (
          <>
            <CopyField label={t("anchor.obs.server")} value={ig.server} testId="obs-server" />
            <p className={styles.anchorMuted} data-testid="obs-server-origin" data-configured={ig.configured}>
              {ig.configured ? ct("ingest.configured") : ct("ingest.derived")} {ct("ingest.host")}: <bdi>{ig.host}</bdi> · {ct("ingest.port")}: {ig.port}
            </p>
          </>
        )}
      </Loadable>
      {guide.streamKey ? (
        <>
          <CopyField label={t("anchor.obs.streamKey")} value={guide.streamKey} testId="obs-key" secret />
          <p className={styles.anchorBanner} data-testid="obs-key-once">
            {t("anchor.obs.keyShownOnce")}
          </p>
        </>
      ) : (
        <>
          <p className={styles.anchorMuted} data-testid="obs-key-hidden">
            {keyExists ? t("anchor.obs.keyHidden") : t("anchor.obs.noKey")}
          </p>
          {keyExists && ingest?.streamKeyHint && (
            <p className={styles.anchorMuted} data-testid="obs-key-hint">
              {ct("ingest.keyInForce")}:{" "}
              {ct("ingest.keyHint", {
                hint: `\u2066${ingest.streamKeyHint}\u2069`, // isolated left to right: a key reads the same in Arabic
                time: new Intl.DateTimeFormat(isLocale(language) ? HTML_LANG[language] : undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(ingest.keyRotatedAt)),
              })}
            </p>
          )}
        </>
      )}
      <dl className={styles.anchorFacts}>
        <dt>{t("anchor.obs.encoder")}</dt>
        <dd>
          {guide.videoCodec} · {guide.audioCodec}
        </dd>
        <dt>{t("anchor.obs.keyframe")}</dt>
        <dd>{t("anchor.obs.seconds", { count: guide.keyframeIntervalSec || 2 })}</dd>
      </dl>
      {confirming ? (
        <div className={styles.anchorConfirm} role="alertdialog">
          <p>{t("anchor.obs.rotateConfirm")}</p>
          <button type="button" className={`${styles.anchorButton} ${styles.anchorButtonBad}`} data-testid="obs-rotate-confirm" disabled={busy} onClick={rotate}>
            {t("anchor.obs.rotate")}
          </button>
          <button type="button" className={styles.anchorLink} onClick={() => setConfirming(false)}>
            {t("anchor.obs.cancel")}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={styles.anchorButton}
          data-testid="obs-rotate"
          disabled={banned}
          onClick={() => (keyExists ? setConfirming(true) : rotate())}
        >
          {keyExists ? t("anchor.obs.rotate") : t("anchor.obs.create")}
        </button>
      )}
      {error && (
        <p className={styles.anchorError} role="alert">
          {error}
        </p>
      )}
      {ingest && <SourceAllowList initial={ingest.sources} />}
    </section>
  );
}
