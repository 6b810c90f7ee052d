import { useTranslation } from "react-i18next";
import { ErrorPanel } from "../ErrorPanel";

export default function NotFound() {
  const { t } = useTranslation();
  return <ErrorPanel code="404" title={t("errors.notFound")} />;
}
