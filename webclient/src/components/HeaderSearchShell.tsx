// The header's search box while its code loads (HeaderSearch is a chunk of its own, issue 19: it
// is on every page, so its suggestions and calls stay out of every page's first JavaScript). It
// looks and sits exactly like the real box, so nothing moves when that arrives a moment later.
import { useTranslation } from "react-i18next";
import { useSearchT } from "../i18n/search";
import headerSearchStyles from "./HeaderSearch.module.css";
import styles from "./Header.module.css";

export function HeaderSearchShell() {
  const { t } = useTranslation();
  const { t: st } = useSearchT();
  return (
    <form className={`${styles.headerSearch} ${headerSearchStyles.hsearch}`} role="search" aria-busy="true">
      <input type="search" readOnly placeholder={st("placeholder")} aria-label={t("discover.nav.search")} />
      <button type="submit" disabled aria-label={t("discover.nav.search")}>
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M11 11l3.5 3.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
