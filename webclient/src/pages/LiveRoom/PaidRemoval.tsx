// A moderator's removal of a paid message from its chat line's menu (also after its pin ran out):
// one button per reason; the reasons that are not the sender's fault refund.
import { useState } from "react";
import { errorText } from "../../api/client";
import { paidApi } from "../../api/paidmsg";
import { usePaidT } from "../../i18n/paidmsg";
import { showToast } from "../../state/ui";
import { usePaidConfig } from "./paidConfig";
import styles from "./PaidRemoval.module.css";

/** buttonClassName: the look of the menu that shows the reasons (MessageMenu's danger buttons). */
export function PaidRemoval({ room, pin, onDone, buttonClassName }: { room: string; pin: string; onDone(): void; buttonClassName?: string }) {
  const { t } = usePaidT();
  const cfg = usePaidConfig();
  const [busy, setBusy] = useState(false);
  const remove = async (reason: string) => {
    setBusy(true);
    try {
      const r = await paidApi.remove({ room, id: pin, reason });
      showToast(r.refunded ? t("removedRefund") : t("removed"), "info");
      onDone();
    } catch (e) {
      showToast(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className={styles.paidRemoval} role="group" aria-label={t("removeTitle")} data-testid="paid-removal">
      {(cfg?.reasons ?? []).map((r) => (
        <button key={r.key} type="button" className={buttonClassName} data-testid={`menu-remove-${r.key}`} disabled={busy} onClick={() => void remove(r.key)}>
          {t(`reason.${r.key}` as "reason.mistake")}
        </button>
      ))}
    </span>
  );
}
