// The chat line of a prediction's change (issue 25) and the helpers it shares with the widget
// (Predictions.tsx). Kept apart from the widget so that the chat, which is part of the live room's
// first render, does not pull in the widget: the room loads the widget on demand (LiveRoom.tsx).
import { fromEvent, type Market, type Prediction } from "../../api/predictions";
import type { RoomEvent } from "../../realtime/protocol";
import { usePredictionsT, type PredictionsT } from "../../i18n/predictions";
import styles from "./PredictionLine.module.css";

/** The question of a prediction in the reader's language. */
export function questionOf(t: PredictionsT, p: Prediction): string {
  if (p.market === "free") return p.question;
  return t(`market.${p.market as Exclude<Market, "free">}`, { home: p.home ?? "", away: p.away ?? "", line: p.line ?? 0 });
}

/** The label of outcome i: a free question's own text, team names, or the localized code. */
export function outcomeOf(t: PredictionsT, p: Prediction, i: number): string {
  const label = p.outcomes[i]?.label ?? "";
  if (p.market === "free") return label;
  switch (label) {
    case "home":
      return p.home || label;
    case "away":
      return p.away || label;
    case "draw":
    case "none":
      return t(`outcome.${label}`);
    case "over":
    case "under":
      return t(`outcome.${label}`, { line: p.line ?? 0 });
  }
  return label;
}

const parsed = new WeakMap<RoomEvent, ReturnType<typeof fromEvent>>();

/** The prediction carried by a chat line's event (memoised per event). */
export function lineView(ev: RoomEvent): ReturnType<typeof fromEvent> {
  if (ev.k !== "sys" || !ev.key?.startsWith("prediction.")) return null;
  let v = parsed.get(ev);
  if (v === undefined) {
    v = fromEvent(ev.key, ev.text);
    parsed.set(ev, v);
  }
  return v;
}


/** Wraps text in Unicode first-strong isolates (FSI … PDI): its direction does not leak around it. */
const isolate = (s: string) => `\u2068${s}\u2069`;

/** The chat line of a prediction's change: opened, closed, the result with the leaderboard. className: the chat's line look (ChatList). */
export function PredictionLine({ ev, seq, className = "" }: { ev: RoomEvent; seq: number; className?: string }) {
  const { t } = usePredictionsT();
  const v = lineView(ev);
  if (!v || ev.key === "prediction.update") return null;
  const p = v.prediction;
  // User text (the question, outcomes, names) is isolated so a right-to-left page keeps its order.
  const q = isolate(questionOf(t, p));
  let text: string;
  let extra: string | null = null;
  if (ev.key === "prediction.opened") text = t("chat.opened", { question: q });
  else if (ev.key === "prediction.locked") text = t("chat.locked", { question: q });
  else if (ev.key === "prediction.result" && p.state === "cancelled") text = t("chat.cancelled", { question: q });
  else if (ev.key === "prediction.result") {
    text = t("chat.resolved", { question: q, outcome: isolate(outcomeOf(t, p, p.winner)) });
    const r = v.result;
    const leaders = r?.leaders ?? [];
    extra =
      r && r.winners > 0
        ? t("chat.winners", { count: r.winners, list: leaders.map((l) => isolate(`${l.name} +${l.payout}`)).join(", ") })
        : t("chat.noWinners");
  } else return null;
  return (
    <div className={`${className} ${styles.chatLinePrediction}`} data-testid="prediction-line" data-key={ev.key} data-seq={seq}>
      <span className={styles.chatLinePredictionIcon} aria-hidden="true">◆</span> {text}
      {extra && (
        <span className={styles.chatLinePredictionLeaders} data-testid="prediction-leaders">
          {extra}
        </span>
      )}
    </div>
  );
}
