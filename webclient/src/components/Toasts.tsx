import { useAtomValue } from "../state/hooks";
import { toastsAtom } from "../state/ui";
import "./Toasts.css";

/** Error and info toasts raised with showToast (the API client uses it for failures). */
export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className="toasts" aria-live="assertive">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`} role="alert" data-testid="toast">
          {t.text}
        </div>
      ))}
    </div>
  );
}
