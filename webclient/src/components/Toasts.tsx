import { useAtomValue } from "../state/hooks";
import { toastsAtom } from "../state/ui";
import styles from "./Toasts.module.css";

/** Error and info toasts raised with showToast (the API client uses it for failures). */
export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className={styles.toasts} aria-live="assertive">
      {toasts.map((t) => (
        <div key={t.id} className={`${styles.toast} ${styles[`toast--${t.kind}`] ?? ""}`} role="alert" data-testid="toast">
          {t.text}
        </div>
      ))}
    </div>
  );
}
