import { useTranslation } from "react-i18next";
import { ErrorPanel } from "../ErrorPanel";

/** Shown by pages the user has no permission to visit (spec §6). */
export default function AccessDenied() {
  const { t } = useTranslation();
  return <ErrorPanel code="403" title={t("errors.accessDenied")} hint={t("errors.accessDeniedHint")} />;
}
