// A two-legged tie's score over both legs, shown on its second leg: "agg 3-2" under the score of a
// match row and on the match page. Once the tie is decided the match page says who goes through;
// a row says it only when the aggregate alone does not (level over both legs: decided on penalties).
// A second leg whose first leg was called off has no aggregate: it says "1st leg postponed" (or
// cancelled, abandoned) instead, the title saying what that means for the tie.
import { useTranslation } from "react-i18next";
import type { MatchItem } from "../../api/matches";
import styles from "./Aggregate.module.css";

type Tie = Pick<MatchItem, "aggregate" | "through" | "homeName" | "awayName" | "firstLeg">;

const CALLED_OFF = {
  postponed: "matches.aggregate.legPostponed",
  cancelled: "matches.aggregate.legCancelled",
  abandoned: "matches.aggregate.legAbandoned",
} as const;

/** The sentence saying who goes through a decided tie, or null while it is open. */
export function useThrough(m: Tie): string | null {
  const { t } = useTranslation();
  if (!m.aggregate || m.through === undefined) return null;
  const team = m.through === 0 ? m.homeName : m.awayName;
  return m.aggregate[0] === m.aggregate[1] ? t("matches.aggregate.throughOnPens", { team }) : t("matches.aggregate.through", { team });
}

export function Aggregate({ m, full = false, className }: { m: Tie; full?: boolean; className?: string }) {
  const { t } = useTranslation();
  const through = useThrough(m);
  if (!m.aggregate && m.firstLeg && m.firstLeg in CALLED_OFF) {
    // Postponed or abandoned: the tie waits for the first leg; cancelled: this match decides it.
    const title = t(m.firstLeg === "cancelled" ? "matches.aggregate.legSingle" : "matches.aggregate.legOpen");
    return (
      <span className={`${styles.agg}${className ? ` ${className}` : ""}`} data-testid="first-leg-off" data-first-leg={m.firstLeg} title={title}>
        {t(CALLED_OFF[m.firstLeg])}
        {full && <span className={styles.through}>{title}</span>}
      </span>
    );
  }
  if (!m.aggregate) return null;
  const [home, away] = m.aggregate;
  const label = t("matches.aggregate.label", { home, away });
  const showThrough = through && (full || home === away);
  return (
    <span className={`${styles.agg}${full ? ` ${styles["agg--full"]}` : ""}${className ? ` ${className}` : ""}`} data-testid="aggregate">
      <abbr className={styles.score} title={label}>
        {t("matches.aggregate.short", { home, away })}
      </abbr>
      {showThrough && (
        <span className={styles.through} data-testid="aggregate-through" data-side={m.through} title={through}>
          {through}
        </span>
      )}
    </span>
  );
}
