// The streamer rules of spec §6 in full: on the application form (before the applicant agrees to
// them) and at /anchorCenter/rules, linked from the streamer centre's navigation.
import { useCentreT, type CentreKey } from "../../i18n/streamcentre";
import styles from "./Anchor.module.css";

const RULES: CentreKey[] = ["rules.r1", "rules.r2", "rules.r3", "rules.r4", "rules.r5", "rules.r6", "rules.r7", "rules.r8", "rules.r9", "rules.r10"];

/** The rules as a list, with the consequence of breaking them. */
export function StreamerRulesList({ compact }: { compact?: boolean }) {
  const { t } = useCentreT();
  return (
    <div className={compact ? styles.anchorRulesCompact : undefined} data-testid="streamer-rules">
      <p className={styles.anchorMuted}>{t("rules.intro")}</p>
      <ol className={styles.anchorRulesList}>
        {RULES.map((k) => (
          <li key={k}>{t(k)}</li>
        ))}
      </ol>
      <p className={styles.anchorRulesBan}>{t("rules.ban")}</p>
    </div>
  );
}

/** /anchorCenter/rules */
export default function StreamerRulesPage() {
  const { t } = useCentreT();
  return (
    <section className={styles.anchorPanel} data-testid="streamer-rules-page">
      <h2 className={styles.anchorSub}>{t("rules.title")}</h2>
      <StreamerRulesList />
    </section>
  );
}
