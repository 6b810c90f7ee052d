// /jiami (加密, "encryption"; decision 0016): how the site protects what a user sends. It explains
// the two layers (HTTPS, and the sealed payloads of decision 0013 for passwords and payments) and
// what is stored, then runs a live check of this session: the connection is secure, the browser
// has AES-GCM, this session's payload key is fetched, a random challenge sealed with the same code
// that seals a password (src/api/seal.ts) is opened by the server (POST /system/sealCheck answers
// the challenge it read), and the same seal with one byte changed is refused (6652).
import { useCallback, useEffect, useState } from "react";
import { useJiamiT } from "../../i18n/jiami";
import { systemApi } from "../../api/system";
import { ApiError, errorText } from "../../api/client";
import { canSeal, sealForCheck } from "../../api/seal";
import styles from "./Jiami.module.css";

type StepId = "connection" | "crypto" | "key" | "open" | "tamper";
const STEPS: StepId[] = ["connection", "crypto", "key", "open", "tamper"];
type State = "running" | "ok" | "fail";
interface Step {
  state: State;
  detail: string;
}

/** Changes one character of a sealed payload's ciphertext, keeping it valid base64url. */
function tamper(sealed: string): string {
  const at = sealed.length - 5;
  const c = sealed[at];
  return sealed.slice(0, at) + (c === "A" ? "B" : "A") + sealed.slice(at + 1);
}

function randomChallenge(): string {
  const b = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

const LOCAL = new Set(["localhost", "127.0.0.1", "[::1]"]);

export default function Jiami() {
  const { t, language } = useJiamiT();
  const [steps, setSteps] = useState<Partial<Record<StepId, Step>>>({});
  const [run, setRun] = useState(0);
  const nf = new Intl.NumberFormat(language.replace("_", "-"), { maximumFractionDigits: 0 });

  const check = useCallback(async (isLive: () => boolean) => {
    const set = (id: StepId, s: Step) => isLive() && setSteps((prev) => ({ ...prev, [id]: s }));
    const failRest = (from: StepId, detail: string) => STEPS.slice(STEPS.indexOf(from)).forEach((id) => set(id, { state: "fail", detail }));
    setSteps({});
    const { protocol, hostname, host } = window.location;
    set(
      "connection",
      protocol === "https:"
        ? { state: "ok", detail: t("check.detail.https") }
        : LOCAL.has(hostname) && window.isSecureContext
          ? { state: "ok", detail: t("check.detail.localhost", { host }) }
          : { state: "fail", detail: t("check.detail.insecure") },
    );
    if (!canSeal()) {
      set("crypto", { state: "fail", detail: t("check.detail.noCrypto") });
      failRest("key", t("check.detail.noCrypto"));
      return;
    }
    set("crypto", { state: "ok", detail: t("check.detail.crypto") });
    set("key", { state: "running", detail: "" });
    const challenge = randomChallenge();
    let body: { sealed: string };
    try {
      const s = await sealForCheck({ challenge });
      body = s.body;
      const min = Math.max(0, Math.floor((s.key.expiresAt - Date.now()) / 60_000));
      set("key", { state: "ok", detail: t("check.detail.key", { id: s.key.keyId.slice(0, 8), alg: s.key.alg, min }) });
    } catch (err) {
      failRest("key", err instanceof ApiError ? `${t("check.detail.noKey")} (${err.userMessage})` : t("check.detail.noKey"));
      return;
    }
    set("open", { state: "running", detail: "" });
    try {
      const t0 = performance.now();
      const r = await systemApi.sealCheck(body);
      const ms = performance.now() - t0;
      set("open", r.ok && r.challenge === challenge ? { state: "ok", detail: t("check.detail.opened", { ms: nf.format(ms) }) } : { state: "fail", detail: t("check.detail.mismatch") });
    } catch (err) {
      set("open", { state: "fail", detail: errorText(err) });
    }
    set("tamper", { state: "running", detail: "" });
    try {
      await systemApi.sealCheck({ sealed: tamper(body.sealed) });
      set("tamper", { state: "fail", detail: t("check.detail.accepted") });
    } catch (err) {
      set(
        "tamper",
        err instanceof ApiError && err.kind === "refused" ? { state: "ok", detail: t("check.detail.refused") } : { state: "fail", detail: errorText(err) },
      );
    }
    // The translations are read when each step ends; the check runs on demand (run).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    let live = true;
    void check(() => live);
    return () => {
      live = false;
    };
  }, [check, run]);

  const finished = STEPS.every((id) => steps[id] && steps[id]!.state !== "running");
  const allOk = finished && STEPS.every((id) => steps[id]?.state === "ok");

  return (
    <article className={styles.jiami} data-testid="jiami">
      <h1>{t("title")}</h1>
      <p className={styles.jiamiIntro}>{t("intro")}</p>
      <div className={styles.jiamiLayers}>
        {(["https", "sealed", "stored"] as const).map((k) => (
          <section key={k} className={styles.jiamiLayer} data-testid={`jiami-${k}`}>
            <h2>{t(`${k}.title`)}</h2>
            <p>{t(`${k}.body`)}</p>
          </section>
        ))}
      </div>
      <section className={styles.jiamiCheck} data-testid="jiami-check" data-state={finished ? (allOk ? "ok" : "fail") : "running"}>
        <h2>{t("check.title")}</h2>
        <p className={styles.jiamiIntro}>{t("check.intro")}</p>
        <ol className={styles.jiamiSteps}>
          {STEPS.map((id) => {
            const s = steps[id];
            const state = s?.state ?? "running";
            return (
              <li key={id} className={`${styles.jiamiStep} ${styles[`jiami__step--${state}`] ?? ""}`} data-testid={`jiami-step-${id}`} data-state={state}>
                <span className={styles.jiamiMark} aria-hidden="true">{state === "ok" ? "✓" : state === "fail" ? "✕" : "…"}</span>
                <div>
                  <strong>{t(`check.steps.${id}`)}</strong>
                  <span className={styles.jiamiVerdict}>{t(`check.${state}`)}</span>
                  {s?.detail && <p className={styles.jiamiDetail}>{s.detail}</p>}
                </div>
              </li>
            );
          })}
        </ol>
        {finished && (
          <p className={allOk ? `${styles.jiamiResult} ${styles.jiamiResultOk}` : `${styles.jiamiResult} ${styles.jiamiResultFail}`} role="status" data-testid="jiami-result">
            {allOk ? t("check.passed") : t("check.failed")}
          </p>
        )}
        <button type="button" className={styles.jiamiAgain} disabled={!finished} onClick={() => setRun((n) => n + 1)} data-testid="jiami-again">
          {t("check.run")}
        </button>
      </section>
    </article>
  );
}
