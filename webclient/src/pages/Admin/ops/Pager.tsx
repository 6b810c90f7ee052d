// Previous / next over a server-side paginated list.
import { useOpsT } from "../../../i18n/adminops";
import adminStyles from "../Admin.module.css";

export function Pager({ page, size, total, onPage }: { page: number; size: number; total: number; onPage: (p: number) => void }) {
  const { t } = useOpsT();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <div className={adminStyles.adminPager} data-testid="ops-pager">
      <button type="button" className={adminStyles.adminBtn} disabled={page <= 1} onClick={() => onPage(page - 1)}>{t("common.previous")}</button>
      <span>{t("common.page", { page, pages })}</span>
      <button type="button" className={adminStyles.adminBtn} disabled={page >= pages} onClick={() => onPage(page + 1)}>{t("common.next")}</button>
    </div>
  );
}

/** The reason field every staff action carries to the audit log. */
export function ReasonField({ value, onChange, testId }: { value: string; onChange: (v: string) => void; testId: string }) {
  const { t } = useOpsT();
  return (
    <label>
      {t("common.reason")}
      <input value={value} onChange={(e) => onChange(e.target.value)} placeholder={t("common.reasonHint")} maxLength={200} data-testid={testId} />
    </label>
  );
}
