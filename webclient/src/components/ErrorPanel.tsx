import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import styles from "./ErrorPanel.module.css";

/** The frame shared by the 404, network-problem and access-denied pages. */
export function ErrorPanel({ code, title, hint, action }: { code: string; title: string; hint?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className={styles.errorPanel} data-testid="error-panel">
      <div className={styles.errorPanelCode} aria-hidden="true">{code}</div>
      <h1 className={styles.errorPanelTitle}>{title}</h1>
      {hint && <p className={styles.errorPanelHint}>{hint}</p>}
      <div className={styles.errorPanelActions}>
        {action}
        <Link to="/" className={styles.errorPanelHome} data-testid="back-home">{t("common.backHome")}</Link>
      </div>
    </section>
  );
}
