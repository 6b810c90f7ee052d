// Parts shared by the experts pages: plan cards, record badges, the outcome badge and formatters.
import { Link } from "react-router";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { useExpertsT } from "../../i18n/experts";
import type { Expert, ExpertStats, Outcome, Pick, Plan, PlayType } from "../../api/experts";
import styles from "./Experts.module.css";

/** Coins, with the viewer's digit grouping. */
export function formatCoins(n: number, lang?: string): string {
  // i18next's codes are not all BCP 47 tags ("thai", "jp"): map them, or Intl throws.
  return new Intl.NumberFormat(lang ? (HTML_LANG[lang as Locale] ?? lang.replace("_", "-")) : undefined).format(n);
}

export const percent = (x: number) => `${Math.round(x * 1000) / 10}%`;

/** A yield or the luck-adjusted score: a signed percentage of the stake. */
export const signedPercent = (x: number) => `${x > 0 ? "+" : ""}${percent(x)}`;

export function formatWhen(ms: number): string {
  if (!ms) return "";
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The line as the market shows it: +0.75 / −0.25 / 2.5. */
export function formatLine(playType: PlayType, line: number): string {
  if (playType === "ou") return String(line);
  if (playType === "handicap") return line > 0 ? `+${line}` : String(line);
  return "";
}

interface PickLike {
  playType: PlayType;
  pick?: Pick;
  line: number;
  home: string;
  away: string;
}

export function PickText({ plan }: { plan: PickLike }) {
  const { t } = useExpertsT();
  const p = plan;
  if (!p.pick) return <span className={styles.expertsLocked}>{t("experts.plan.pickHidden")}</span>;
  let who: string = p.pick === "home" ? p.home : p.pick === "away" ? p.away : t(`experts.pick.${p.pick}`);
  if (p.playType === "handicap") {
    const l = p.pick === "home" ? p.line : -p.line;
    who = `${who} ${l > 0 ? "+" : ""}${l}`;
  } else if (p.playType === "ou") who = `${who} ${p.line}`;
  return <strong data-testid="plan-pick">{who}</strong>;
}

export function OutcomeBadge({ outcome, result }: { outcome: Outcome; result?: string }) {
  const { t } = useExpertsT();
  if (!outcome) return <span className={styles.expertsBadge}>{t("experts.outcome.open")}</span>;
  return (
    <span className={`${styles.expertsBadge} ${styles[`experts-badge--${outcome}`] ?? ""}`} data-testid="plan-outcome" data-outcome={outcome}>
      {t(`experts.outcome.${outcome}`)}
      {result ? ` · ${result}` : ""}
    </span>
  );
}

export function StatsLine({ stats }: { stats?: ExpertStats }) {
  const { t } = useExpertsT();
  if (!stats || stats.settled === 0) return <span className={styles.expertsMuted}>{t("experts.stats.none")}</span>;
  return (
    <span className={styles.expertsStats}>
      <span>
        <b>{percent(stats.hitRate)}</b> {t("experts.stats.hitRate")}
      </span>
      <span>
        <b>{stats.streak}</b> {t("experts.stats.streak")}
      </span>
      <span>
        <b>{stats.settled}</b> {t("experts.stats.settled")}
      </span>
    </span>
  );
}

export function Avatar({ name, url }: { name: string; url?: string }) {
  if (url) return <img className={styles.expertsAvatar} src={url} alt="" loading="lazy" decoding="async" />;
  return (
    <span className={`${styles.expertsAvatar} ${styles.expertsAvatarLetter}`} aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

export function ExpertCard({ expert }: { expert: Expert }) {
  return (
    <li className={styles.expertsCard} data-testid="expert-card">
      <Link to={`/expert/${encodeURIComponent(expert.id)}`} className={styles.expertsCardLink}>
        <Avatar name={expert.nickname} url={expert.avatar} />
        <div>
          <p className={styles.expertsCardName}>{expert.nickname}</p>
          <StatsLine stats={expert.stats} />
          <p className={`${styles.expertsMuted} ${styles.expertsClamp}`}>{expert.intro}</p>
        </div>
      </Link>
    </li>
  );
}

export function PlanCard({ plan, showExpert = true }: { plan: Plan; showExpert?: boolean }) {
  const { t, i18n } = useExpertsT();
  return (
    <li className={styles.expertsPlan} data-testid="plan-card">
      <Link to={`/expert/plan/${plan.id}`} className={styles.expertsPlanLink}>
        <div className={styles.expertsRow}>
          <span className={styles.expertsMuted}>
            {plan.league} · {formatWhen(plan.matchTime)}
          </span>
          {plan.started || plan.outcome ? (
            <OutcomeBadge outcome={plan.outcome} result={plan.result} />
          ) : (
            <span className={styles.expertsPrice}>{plan.price === 0 ? t("experts.plan.free") : t("experts.plan.coins", { n: formatCoins(plan.price, i18n.language) })}</span>
          )}
        </div>
        <p className={styles.expertsPlanMatch}>
          {plan.home} <span className={styles.expertsMuted}>{t("experts.plan.vs")}</span> {plan.away}
        </p>
        <p className={styles.expertsPlanTitle}>
          {plan.label && <span className={styles.expertsLabel}>{plan.label}</span>}
          {plan.title}
        </p>
        <p className={styles.expertsMuted}>
          {showExpert && `${plan.expertName} · `}
          {t(`experts.playType.${plan.playType}`)} · {"★".repeat(plan.playLevel)}
          {plan.refundIfLost && ` · ${t("experts.plan.refundBadge")}`}
          {plan.sales > 0 && ` · ${t("experts.plan.sales", { count: plan.sales })}`}
        </p>
      </Link>
    </li>
  );
}
