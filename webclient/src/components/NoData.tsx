import { useTranslation } from "react-i18next";
import styles from "./NoData.module.css";

/** The empty-list picture (spec §2: no-data image on empty lists), drawn inline. */
export function NoData({ label }: { label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t("common.noData");
  return (
    <div className={styles.noData} data-testid="no-data">
      <svg width="120" height="96" viewBox="0 0 120 96" role="img" aria-label={text}>
        <ellipse cx="60" cy="86" rx="44" ry="6" fill="#e3e7ee" />
        <rect x="22" y="18" width="76" height="58" rx="8" fill="#f7f9fc" stroke="#c9d0dc" strokeWidth="2" />
        <path d="M22 34h76" stroke="#c9d0dc" strokeWidth="2" />
        <circle cx="32" cy="26" r="3" fill="#c9d0dc" />
        <circle cx="42" cy="26" r="3" fill="#c9d0dc" />
        <circle cx="60" cy="56" r="13" fill="none" stroke="#aab4c3" strokeWidth="3" />
        <path d="M69 65l9 9" stroke="#aab4c3" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <p>{text}</p>
    </div>
  );
}
