import { useEffect, useState } from "react";
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { connErrorAtom, connStatusAtom, realtimeCommandsAtom } from "../../state/realtime";
import styles from "./ConnectionBar.module.css";

/** Connection state (spec §4) with the time to the next attempt and a manual reconnect. */
export function ConnectionBar() {
  const { t } = useTranslation();
  const status = useAtomValue(connStatusAtom);
  const commands = useAtomValue(realtimeCommandsAtom);
  const connError = useAtomValue(connErrorAtom);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (status.state !== "disconnected") return;
    const iv = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(iv);
  }, [status.state]);
  const secs = status.retryAt ? Math.max(0, Math.ceil((status.retryAt - now) / 1000)) : 0;

  return (
    <div className={`${styles.conn} ${styles[`conn--${status.state}`]}`} data-testid="conn-bar">
      <span className={styles.connDot} aria-hidden="true" />
      <span role="status" data-testid="conn-state" data-state={status.state}>{t(`live.state.${status.state}`)}</span>
      {status.state === "disconnected" && status.retryAt && <span>{t("live.retryIn", { s: secs })}</span>}
      {connError && <span className={styles.connError} role="alert">{connError.msg || connError.key}</span>}
      {(status.state === "disconnected" || status.state === "reconnecting") && (
        <button type="button" className={styles.connReconnect} data-testid="reconnect" onClick={() => commands?.reconnect()}>
          {t("live.reconnect")}
        </button>
      )}
    </div>
  );
}
