// In-room predictions (issue 25): the widget under the player and the chat line of each change.
// The widget loads the room's latest prediction once (GET /java/live/predictions) and then follows
// the room's broadcast: every change arrives as a system event (keys prediction.*) carrying the
// prediction's view, so every viewer's widget updates at once without polling. Viewers stake
// channel points on one outcome; the streamer and moderators open, lock, resolve and cancel.
import { useEffect, useMemo, useState } from "react";
import { useResource } from "../../data";
import { errorText } from "../../api/client";
import { newer, predictionsApi, type Market, type Offer, type Prediction } from "../../api/predictions";
import type { ChatLine } from "../../realtime/roomLog";
import { usePredictionsT } from "../../i18n/predictions";
import { formatTime } from "./format";
import { lineView, outcomeOf, questionOf } from "./PredictionLine";
import styles from "./Predictions.module.css";

interface PanelProps {
  room: string;
  lines: readonly ChatLine[];
  signedIn: boolean;
  /** The streamer, a moderator or an administrator: may open, lock, resolve and cancel. */
  canRun: boolean;
}

type Own = { outcome: number; stake: number; payout?: number };
type Loaded = { list: Prediction[]; points: number; canRun?: boolean; streamer?: boolean };

/** The prediction widget of a live room. */
export function PredictionsPanel({ room, lines, signedIn, canRun }: PanelProps) {
  const { t } = usePredictionsT();
  // The room's latest predictions and our points, read once per room (and again for a payout); a
  // failed read shows no prediction, the room's broadcast still brings the next one.
  const list = useResource<Loaded>(`predictions:${room}:${signedIn}`, () => predictionsApi.list(room).catch((): Loaded => ({ list: [], points: 0 })));
  const loaded = list.value;
  const points = signedIn && loaded ? loaded.points : null;
  const mine = useMemo(() => {
    const m: Record<number, Own> = {};
    for (const p of loaded?.list ?? []) {
      if (!p.mine) continue;
      const over = p.state === "resolved" || p.state === "cancelled";
      m[p.id] = { outcome: p.mine.outcome, stake: p.mine.stake, payout: over ? (p.mine.payout ?? 0) : undefined };
    }
    return m;
  }, [loaded]);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The newest prediction, from the REST answer and the room's broadcast (whichever is newer).
  const current = useMemo(() => {
    let best: Prediction | null = loaded?.list[0] ?? null;
    for (const l of lines) {
      if (l.kind !== "event") continue;
      const v = lineView(l.ev);
      if (!v) continue;
      const p = v.prediction;
      if (!best || p.id > best.id) best = p;
      else if (p.id === best.id) best = newer(best, p);
    }
    return best;
  }, [loaded, lines]);

  const own = current ? mine[current.id] : undefined;
  // A settled prediction we had an entry on: read our payout once.
  const settled = current && (current.state === "resolved" || current.state === "cancelled");
  const needPayout = !!settled && !!own && own.payout === undefined;
  const { refresh } = list;
  useEffect(() => {
    if (needPayout) refresh();
  }, [needPayout, refresh]);

  const act = async (f: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await f();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  // The room's join tells moderators apart when the server says so; the list always does.
  const runs = canRun || !!loaded?.canRun;
  const active = current && (current.state === "open" || current.state === "locked") ? current : null;
  const shown = current && (active || !creating) ? current : null;

  return (
    <section className={styles.predictions} data-testid="predictions" aria-label={t("title")}>
      <header className={styles.predictionsHead}>
        <h2 className={styles.predictionsTitle}>{t("title")}</h2>
        {signedIn && points !== null && !(runs && points === 0) && (
          <span className={styles.predictionsPoints} data-testid="prediction-points" data-points={points}>
            {t("points", { points })}
          </span>
        )}
      </header>
      {creating && !active ? (
        <OpenForm room={room} onDone={() => setCreating(false)} />
      ) : shown ? (
        <Card
          p={shown}
          own={own}
          signedIn={signedIn}
          mayEnter={!loaded?.streamer}
          busy={busy}
          onEnter={(outcome, stake) =>
            act(async () => {
              const r = await predictionsApi.enter(shown.id, outcome, stake);
              // The entry joins the loaded answer (the prediction may have come over the broadcast only).
              list.set((cur) => {
                const base = cur ?? { list: [], points: 0 };
                const entered = { ...shown, mine: { ...shown.mine, outcome: r.outcome, stake: r.stake, payout: undefined } };
                return { ...base, points: r.points ?? base.points, list: [entered, ...base.list.filter((x) => x.id !== shown.id)] };
              });
            })
          }
        />
      ) : (
        <p className={styles.predictionsNone} data-testid="prediction-none">
          {t("none")}
        </p>
      )}
      {runs && !creating && (
        <div className={styles.predictionsTools} data-testid="prediction-tools">
          {!active && (
            <button type="button" data-testid="prediction-new" onClick={() => setCreating(true)}>
              {t("new")}
            </button>
          )}
          {active?.state === "open" && (
            <button type="button" data-testid="prediction-lock" disabled={busy} onClick={() => act(() => predictionsApi.lock(active.id))}>
              {t("lock")}
            </button>
          )}
          {active && active.market === "free" && (
            <ResolveBox p={active} busy={busy} onResolve={(i) => act(() => predictionsApi.resolve(active.id, i))} />
          )}
          {active && (
            <button
              type="button"
              className={styles.predictionsCancel}
              data-testid="prediction-cancel"
              disabled={busy}
              onClick={() => act(() => predictionsApi.cancel(active.id))}
            >
              {t("cancel")}
            </button>
          )}
        </div>
      )}
      {error && (
        <p className={styles.predictionsError} role="alert" data-testid="prediction-error">
          {error}
        </p>
      )}
      <p className={styles.predictionsRules} data-testid="prediction-rules">
        {t("rules")}
      </p>
    </section>
  );
}

function Card({
  p,
  own,
  signedIn,
  mayEnter,
  busy,
  onEnter,
}: {
  p: Prediction;
  own?: { outcome: number; stake: number; payout?: number };
  signedIn: boolean;
  /** False for the room's streamer, who does not stake in their own predictions. */
  mayEnter: boolean;
  busy: boolean;
  onEnter: (outcome: number, stake: number) => void;
}) {
  const { t } = usePredictionsT();
  const [pick, setPick] = useState<number | null>(null);
  const [stake, setStake] = useState("100");
  const chosen = own ? own.outcome : pick;
  const open = p.state === "open";
  const entering = open && signedIn && mayEnter;
  return (
    <div data-testid="prediction-card" data-state={p.state} data-id={p.id}>
      <p className={styles.predictionsQuestion} data-testid="prediction-question">
        <bdi>{questionOf(t, p)}</bdi> <span className={`${styles.predictionsState} ${styles[`predictions__state--${p.state}`] ?? ""}`}>{t(`state.${p.state}`)}</span>
      </p>
      <ol className={styles.predictionsOutcomes}>
        {p.outcomes.map((o, i) => {
          const share = p.pool > 0 ? Math.round((o.points * 100) / p.pool) : 0;
          const won = p.state === "resolved" && p.winner === i;
          return (
            <li key={i} className={`${styles.predictionsOutcome}${won ? ` ${styles.predictionsOutcomeWon}` : ""}${chosen === i ? ` ${styles.predictionsOutcomeChosen}` : ""}`} data-testid="prediction-outcome">
              <label>
                {entering && (
                  <input type="radio" name={`pred-${p.id}`} checked={chosen === i} disabled={!!own} onChange={() => setPick(i)} />
                )}
                <span className={styles.predictionsLabel}>
                  <bdi>{outcomeOf(t, p, i)}</bdi>
                </span>
                <span className={styles.predictionsShare}>{share}%</span>
              </label>
              <span className={styles.predictionsBar} style={{ inlineSize: `${share}%` }} aria-hidden="true" />
              <small className={styles.predictionsMeta} data-testid="prediction-outcome-points" data-points={o.points}>
                {t("stat", { points: o.points, entries: o.entries })}
              </small>
            </li>
          );
        })}
      </ol>
      <p className={styles.predictionsPool} data-testid="prediction-pool" data-pool={p.pool}>
        {t("pool", { points: p.pool, entries: p.entries })}
      </p>
      {open && p.lockAt ? <p className={styles.predictionsLock}>{t("locksAt", { time: formatTime(p.lockAt) })}</p> : null}
      {open && p.lockOn === "kickoff" && <p className={styles.predictionsLock}>{t("locksAtKickoff")}</p>}
      {p.state === "locked" && <p className={styles.predictionsLock}>{t("lockedNote")}</p>}
      {p.market !== "free" && (p.state === "open" || p.state === "locked") && <p className={styles.predictionsAuto}>{t("auto")}</p>}
      {own && (
        <p className={styles.predictionsMine} data-testid="prediction-mine">
          {p.state === "resolved" && own.payout !== undefined
            ? own.outcome === p.winner
              ? t("won", { points: own.payout })
              : own.payout > 0
                ? t("refunded", { points: own.payout })
                : t("lost")
            : p.state === "cancelled"
              ? t("refunded", { points: own.stake })
              : t("mine", { points: own.stake, outcome: outcomeOf(t, p, own.outcome) })}
        </p>
      )}
      {open && !signedIn && <p className={styles.predictionsLogin}>{t("login")}</p>}
      {entering && (
        <form
          className={styles.predictionsEnter}
          onSubmit={(e) => {
            e.preventDefault();
            const n = Number(stake);
            if (chosen !== null) onEnter(chosen, n);
          }}
        >
          <label>
            {t("stake")}
            <input
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              value={stake}
              data-testid="prediction-stake"
              onChange={(e) => setStake(e.target.value)}
            />
          </label>
          <button type="submit" data-testid="prediction-enter" disabled={busy || chosen === null}>
            {t("predict")}
          </button>
        </form>
      )}
    </div>
  );
}

function ResolveBox({ p, busy, onResolve }: { p: Prediction; busy: boolean; onResolve: (i: number) => void }) {
  const { t } = usePredictionsT();
  const [w, setW] = useState(0);
  return (
    <span className={styles.predictionsResolve}>
      <select aria-label={t("resolve")} data-testid="prediction-winner" value={w} onChange={(e) => setW(Number(e.target.value))}>
        {p.outcomes.map((_, i) => (
          <option key={i} value={i}>
            {outcomeOf(t, p, i)}
          </option>
        ))}
      </select>
      <button type="button" data-testid="prediction-resolve" disabled={busy} onClick={() => onResolve(w)}>
        {t("resolve")}
      </button>
    </span>
  );
}

const LOCK_MINUTES = [1, 2, 5, 10];

function OpenForm({ room, onDone }: { room: string; onDone: () => void }) {
  const { t } = usePredictionsT();
  // The markets the room's match offers; none (a free question only) when the read fails.
  const markets = useResource(`prediction-markets:${room}`, () =>
    predictionsApi.markets(room).catch(() => ({ markets: [] as Offer[], home: "", away: "" })),
  );
  const offers = markets.value?.markets ?? null;
  const teams = { home: markets.value?.home ?? "", away: markets.value?.away ?? "" };
  const [picked, setMarket] = useState<Market | null>(null);
  const market: Market = picked ?? offers?.[0]?.market ?? "free";
  const [question, setQuestion] = useState("");
  const [outcomes, setOutcomes] = useState(["", ""]);
  const [lock, setLock] = useState("manual");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const offer = offers?.find((o) => o.market === market);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await predictionsApi.open({
        roomId: room,
        market,
        question: market === "free" ? question : undefined,
        outcomes: market === "free" ? outcomes : undefined,
        lockAt: lock.startsWith("in") ? Date.now() + Number(lock.slice(2)) * 60_000 : undefined,
        lockOn: lock === "kickoff" ? "kickoff" : undefined,
      });
      onDone();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.predictionsForm}
      data-testid="prediction-form"
      data-loaded={offers !== null}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label>
        {t("form.market")}
        <select data-testid="prediction-market" value={market} onChange={(e) => setMarket(e.target.value as Market)}>
          {(offers ?? []).map((o) => (
            <option key={o.market} value={o.market}>
              {t(`marketName.${o.market}`)}
            </option>
          ))}
          <option value="free">{t("marketName.free")}</option>
        </select>
      </label>
      {offers && offers.length === 0 && <p className={styles.predictionsHint}>{t("form.noMatch")}</p>}
      {market === "free" ? (
        <>
          <label>
            {t("form.question")}
            <input data-testid="prediction-question-input" maxLength={120} value={question} onChange={(e) => setQuestion(e.target.value)} />
          </label>
          {outcomes.map((o, i) => (
            <label key={i}>
              {t("form.outcome", { n: i + 1 })}
              <input
                data-testid="prediction-outcome-input"
                maxLength={40}
                value={o}
                onChange={(e) => setOutcomes((xs) => xs.map((x, j) => (j === i ? e.target.value : x)))}
              />
            </label>
          ))}
          {outcomes.length < 10 && (
            <button type="button" className={styles.predictionsLink} onClick={() => setOutcomes((xs) => [...xs, ""])}>
              {t("form.addOutcome")}
            </button>
          )}
        </>
      ) : (
        offer && (
          <p className={styles.predictionsHint} data-testid="prediction-offer">
            {t(`market.${offer.market as Exclude<Market, "free">}`, { home: teams.home, away: teams.away, line: offer.line ?? 0 })}
          </p>
        )
      )}
      <label>
        {t("form.lock")}
        <select data-testid="prediction-lock-select" value={lock} onChange={(e) => setLock(e.target.value)}>
          <option value="manual">{t("form.lockManual")}</option>
          {LOCK_MINUTES.map((m) => (
            <option key={m} value={`in${m}`}>
              {t("form.lockIn", { min: m })}
            </option>
          ))}
          {market !== "free" && <option value="kickoff">{t("form.lockKickoff")}</option>}
        </select>
      </label>
      <div className={styles.predictionsFormActions}>
        <button type="button" onClick={onDone}>
          {t("form.back")}
        </button>
        <button type="submit" className={styles.predictionsGo} data-testid="prediction-open" disabled={busy}>
          {t("form.open")}
        </button>
      </div>
      {error && (
        <p className={styles.predictionsError} role="alert" data-testid="prediction-error">
          {error}
        </p>
      )}
    </form>
  );
}

