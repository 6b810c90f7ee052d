// The verified badge on an approved expert's chat lines (the room actor sets `badge: "expert"` from
// the sender's role). Opening it shows the expert's record over 30 days, read when asked so that a
// busy chat costs nothing, and links to the expert's page.
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { useExpertsT } from "../../i18n/experts";
import { expertsApi, type ExpertStats } from "../../api/experts";
import { percent } from "./parts";
import styles from "./ExpertBadge.module.css";
import { errorText } from "../../api/client";
import { useDialog } from "../../components/useDialog";

export function ExpertBadge({ uid }: { uid: string }) {
  const { t } = useExpertsT();
  const [open, setOpen] = useState(false);
  const [record, setRecord] = useState<ExpertStats | null>(null);
  const [error, setError] = useState("");
  const toggle = () => {
    setOpen(!open);
    if (!open && !record) expertsApi.accuracy(uid).then((r) => setRecord(r.days30), (e) => setError(errorText(e)));
  };
  return (
    <span className={styles.expertBadge}>
      <button type="button" className={styles.expertBadgeButton} onClick={toggle} aria-expanded={open} data-testid="expert-badge" title={t("experts.badge.label")}>
        ✓ {t("experts.badge.short")}
      </button>
      {open && (
        <BadgeCard label={t("experts.badge.label")} onClose={() => setOpen(false)}>
          <strong>{t("experts.badge.label")}</strong>
          {record && <span>{t("experts.badge.record", { hitRate: percent(record.hitRate), count: record.settled })}</span>}
          {error && <span>{error}</span>}
          <Link to={`/expert/${encodeURIComponent(uid)}`}>{t("experts.badge.profile")}</Link>
        </BadgeCard>
      )}
    </span>
  );
}

/** The record's card: a popover beside the badge (Escape closes it; Tab may move on to the chat). */
function BadgeCard({ label, onClose, children }: { label: string; onClose(): void; children: ReactNode }) {
  const popover = useDialog<HTMLSpanElement>(onClose, { modal: false });
  return (
    <span className={styles.expertBadgeCard} role="dialog" aria-label={label} data-testid="expert-badge-card" {...popover}>
      {children}
    </span>
  );
}
