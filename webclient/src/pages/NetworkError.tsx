import { useTranslation } from "react-i18next";
import { ErrorPanel } from "../components/ErrorPanel";

/** 'Network problem' page with a retry that reloads what failed (spec §2). */
export default function NetworkError({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  const retry = onRetry ?? (() => window.location.reload());
  return (
    <ErrorPanel
      code="⚠"
      title={t("errors.network")}
      hint={t("errors.networkHint")}
      action={<button type="button" data-testid="retry" onClick={retry}>{t("common.retry")}</button>}
    />
  );
}
