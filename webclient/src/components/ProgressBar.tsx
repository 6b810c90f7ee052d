import { useEffect, useState } from "react";
import { useAtomValue } from "../state/hooks";
import { useTranslation } from "react-i18next";
import { pendingRequestsAtom } from "../state/ui";
import { PROGRESS_DURATION_MS, PROGRESS_THROTTLE_MS } from "../config";
import styles from "./ProgressBar.module.css";

type Phase = "hidden" | "running" | "done";

/**
 * Top loading bar (spec §9): shown only when requests last longer than the throttle,
 * creeping toward the end over the duration, completing when the last request ends.
 */
export function ProgressBar() {
  const { t } = useTranslation();
  const pending = useAtomValue(pendingRequestsAtom);
  const [phase, setPhase] = useState<Phase>("hidden");

  useEffect(() => {
    if (pending > 0) {
      if (phase === "running") return;
      const t = setTimeout(() => setPhase("running"), PROGRESS_THROTTLE_MS);
      return () => clearTimeout(t);
    }
    if (phase === "running") {
      setPhase("done");
      const t = setTimeout(() => setPhase("hidden"), 300);
      return () => clearTimeout(t);
    }
    return undefined;
  }, [pending, phase]);

  if (phase === "hidden") return null;
  return (
    <div className={styles.progressBar} role="progressbar" aria-label={t("common.loading")} aria-busy={phase === "running"} data-testid="progress-bar">
      <div
        className={`${styles.progressBarFill} ${styles[`progress-bar__fill--${phase}`]}`}
        style={{ animationDuration: `${PROGRESS_DURATION_MS}ms` }}
      />
    </div>
  );
}
