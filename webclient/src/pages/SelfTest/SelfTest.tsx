// /test — the connection self-test (decision 0016): what a fan runs when chat lags or the video does
// not start, and what support asks for. It checks the site's API, the device's clock against the
// server's, a real-time connection to a gateway (round trips of pings), and the playback of a live
// room's stream, then offers the results as text to copy into a message to support.
import { useEffect, useRef, useState } from "react";
import { Player } from "../../components/Player";
import { liveApi, type LiveCard } from "../../api/live";
import { useResource } from "../../data/resource";
import { systemApi } from "../../api/system";
import { gatewayUrl, pickGateway } from "../../realtime/protocol";
import { GATEWAY_FALLBACK_PORT } from "../../config";
import { useSelfTestT } from "../../i18n/selftest";
import { clockSkewMs, clockVerdict, latencyVerdict, measureSocket, median, playbackVerdict, type Verdict } from "./checks";
import styles from "./SelfTest.module.css";

type CheckId = "api" | "clock" | "socket" | "video";
interface Result {
  verdict: Verdict | "running";
  detail: string;
}

const PLAYBACK_WAIT_MS = 20_000;

function mostWatched(r: { list: LiveCard[] }): LiveCard | null {
  return r.list.filter((c) => c.live).sort((a, b) => b.viewers - a.viewers)[0] ?? null;
}

export default function SelfTest() {
  const { t, language } = useSelfTestT();
  const [results, setResults] = useState<Partial<Record<CheckId, Result>>>({});
  const [copied, setCopied] = useState(false);
  const videoBox = useRef<HTMLDivElement>(null);
  const nf = new Intl.NumberFormat(language.replace("_", "-"), { maximumFractionDigits: 0 });
  const set = (id: CheckId, r: Result) => setResults((prev) => ({ ...prev, [id]: r }));

  // The API, the clock and the socket, one after another (the socket's address comes from the API).
  useEffect(() => {
    let cancelled = false;
    (async () => {
      set("api", { verdict: "running", detail: "" });
      let gateways: string[] = [];
      try {
        const t0 = performance.now();
        gateways = (await systemApi.gateways({ toast: false }))?.gateways ?? [];
        if (cancelled) return;
        set("api", { verdict: "ok", detail: t("detail.ms", { ms: nf.format(performance.now() - t0) }) });
      } catch {
        set("api", { verdict: "fail", detail: t("detail.unreachable") });
      }
      set("clock", { verdict: "running", detail: "" });
      try {
        const sentAt = Date.now();
        const res = await fetch("/healthz", { cache: "no-store" });
        const skew = clockSkewMs(res.headers.get("Date"), sentAt, Date.now());
        if (cancelled) return;
        set("clock", {
          verdict: clockVerdict(skew),
          detail: skew === null ? t("detail.noServerTime") : t(skew >= 0 ? "detail.behind" : "detail.ahead", { s: (Math.abs(skew) / 1000).toFixed(1) }),
        });
      } catch {
        set("clock", { verdict: "warn", detail: t("detail.noServerTime") });
      }
      set("socket", { verdict: "running", detail: "" });
      const page = { protocol: window.location.protocol, host: window.location.host };
      const entry = pickGateway(gateways, 0) ?? `${window.location.hostname}:${GATEWAY_FALLBACK_PORT}`;
      try {
        const { openMs, rtts } = await measureSocket(gatewayUrl(entry, page));
        if (cancelled) return;
        const m = median(rtts);
        set("socket", { verdict: latencyVerdict(m), detail: t("detail.socket", { open: nf.format(openMs), rtt: nf.format(m ?? 0), n: rtts.length }) });
      } catch {
        if (!cancelled) set("socket", { verdict: "fail", detail: t("detail.socketFailed") });
      }
    })();
    return () => {
      cancelled = true;
    };
    // Runs once per visit; the translations in the details are read at the time each check ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The video: the most watched live room now (null: none, or the list could not be read), played
  // muted; its first frame ends the check.
  const rooms = useResource("selftest-room", () => liveApi.rooms().then(mostWatched, () => null));
  const room = rooms.status === "ready" ? rooms.value : undefined;
  useEffect(() => {
    if (room === undefined) return;
    if (room === null) {
      set("video", { verdict: "warn", detail: t("detail.noLiveRoom") });
      return;
    }
    set("video", { verdict: "running", detail: "" });
    const started = performance.now();
    let done = false;
    const finish = (r: Result) => {
      if (!done) set("video", r);
      done = true;
    };
    const onPlaying = () => finish({ verdict: playbackVerdict(performance.now() - started), detail: t("detail.firstFrame", { s: ((performance.now() - started) / 1000).toFixed(1), room: room.title }) });
    // The player mounts its <video> when it has a source: watch for it.
    const poll = setInterval(() => {
      const video = videoBox.current?.querySelector("video");
      if (!video) return;
      video.muted = true;
      if (!video.paused && video.readyState >= 2) onPlaying();
      else video.addEventListener("playing", onPlaying, { once: true });
    }, 250);
    const giveUp = setTimeout(() => finish({ verdict: "fail", detail: t("detail.noPicture", { s: PLAYBACK_WAIT_MS / 1000 }) }), PLAYBACK_WAIT_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(giveUp);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [room]);

  const order: CheckId[] = ["api", "clock", "socket", "video"];
  const finished = order.every((id) => results[id] && results[id]!.verdict !== "running");
  const report = () =>
    [
      `Courtside self-test ${new Date().toISOString()}`,
      `Browser: ${navigator.userAgent}`,
      ...order.map((id) => `${t(`checks.${id}`)}: ${results[id]?.verdict ?? "-"} ${results[id]?.detail ?? ""}`),
    ].join("\n");
  const copy = () => {
    navigator.clipboard?.writeText(report()).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <article className={styles.selftest} data-testid="selftest">
      <h1>{t("title")}</h1>
      <p className={styles.selftestIntro}>{t("intro")}</p>
      <ul className={styles.selftestChecks}>
        {order.map((id) => {
          const r = results[id];
          const verdict = r?.verdict ?? "running";
          return (
            <li key={id} className={`${styles.selftestCheck} ${styles[`selftest__check--${verdict}`] ?? ""}`} data-testid={`selftest-${id}`} data-verdict={verdict}>
              <span className={styles.selftestMark} aria-hidden="true">{verdict === "ok" ? "✓" : verdict === "warn" ? "!" : verdict === "fail" ? "✕" : "…"}</span>
              <div>
                <strong>{t(`checks.${id}`)}</strong>
                <span className={styles.selftestVerdict}>{t(`verdict.${verdict}`)}</span>
                {r?.detail && <p className={styles.selftestDetail}>{r.detail}</p>}
                {verdict !== "ok" && verdict !== "running" && <p className={styles.selftestAdvice}>{t(`advice.${id}`)}</p>}
              </div>
            </li>
          );
        })}
      </ul>
      {room && (
        <div className={styles.selftestVideo} ref={videoBox} aria-label={t("checks.video")}>
          <Player roomId={room.roomId} theatreToggle={false} />
        </div>
      )}
      <button type="button" className={styles.selftestCopy} disabled={!finished} onClick={copy} data-testid="selftest-copy">
        {copied ? t("copied") : t("copy")}
      </button>
    </article>
  );
}
