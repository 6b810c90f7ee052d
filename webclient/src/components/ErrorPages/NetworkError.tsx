import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ErrorPanel } from "../ErrorPanel";
import { useSelfTestT } from "../../i18n/selftest";
import { useSupportT } from "../../i18n/support";

/** 'Network problem' page with a retry that reloads what failed (spec §2). */
export default function NetworkError({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  const { t: st } = useSelfTestT();
  const { t: sp } = useSupportT();
  const retry = onRetry ?? (() => window.location.reload());
  return (
    <ErrorPanel
      code="⚠"
      title={t("errors.network")}
      hint={t("errors.networkHint")}
      action={
        <>
          <button type="button" data-testid="retry" onClick={retry}>{t("common.retry")}</button>{" "}
          <Link to="/test" data-testid="network-selftest">{st("link")}</Link>{" "}
          <Link to="/salesmartly" data-testid="network-support">{sp("link")}</Link>
        </>
      }
    />
  );
}
