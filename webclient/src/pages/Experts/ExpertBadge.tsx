// The verified badge on an approved expert's chat lines (the room actor sets `badge: "expert"` from
// the sender's role). Opening it shows the expert's record over 30 days, read when asked so that a
// busy chat costs nothing, and links to the expert's page.
import { useState } from "react";
import { Link } from "react-router";
import { useExpertsT } from "../../i18n/experts";
import { expertsApi, type ExpertStats } from "../../api/experts";
import { errorText, percent } from "./parts";

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
    <span className="expert-badge">
      <button type="button" className="expert-badge__button" onClick={toggle} aria-expanded={open} data-testid="expert-badge" title={t("experts.badge.label")}>
        ✓ {t("experts.badge.short")}
      </button>
      {open && (
        <span className="expert-badge__card" role="dialog" data-testid="expert-badge-card">
          <strong>{t("experts.badge.label")}</strong>
          {record && <span>{t("experts.badge.record", { hitRate: percent(record.hitRate), count: record.settled })}</span>}
          {error && <span>{error}</span>}
          <Link to={`/expert/${encodeURIComponent(uid)}`}>{t("experts.badge.profile")}</Link>
        </span>
      )}
    </span>
  );
}
