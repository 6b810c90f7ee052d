import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import "./ErrorPanel.css";

/** The frame shared by the 404, network-problem and access-denied pages. */
export function ErrorPanel({ code, title, hint, action }: { code: string; title: string; hint?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="error-panel" data-testid="error-panel">
      <div className="error-panel__code" aria-hidden="true">{code}</div>
      <h1 className="error-panel__title">{title}</h1>
      {hint && <p className="error-panel__hint">{hint}</p>}
      <div className="error-panel__actions">
        {action}
        <Link to="/" className="error-panel__home" data-testid="back-home">{t("common.backHome")}</Link>
      </div>
    </section>
  );
}
