// A moderator's removal of a paid message from its chat line's menu (also after its pin ran out):
// one button per reason; the reasons that are not the sender's fault refund.
import { useState } from "react";
import { ApiError } from "../../api/client";
import { paidApi } from "../../api/paidmsg";
import { usePaidT } from "../../i18n/paidmsg";
import { showToast } from "../../state/ui";
import { usePaidConfig } from "./paidConfig";

export function PaidRemoval({ room, pin, onDone }: { room: string; pin: string; onDone(): void }) {
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
      showToast(e instanceof ApiError ? e.userMessage : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="paid-removal" role="group" aria-label={t("removeTitle")} data-testid="paid-removal">
      {(cfg?.reasons ?? []).map((r) => (
        <button key={r.key} type="button" className="msg-menu__danger" data-testid={`menu-remove-${r.key}`} disabled={busy} onClick={() => void remove(r.key)}>
          {t(`reason.${r.key}` as "reason.mistake")}
        </button>
      ))}
    </span>
  );
}
