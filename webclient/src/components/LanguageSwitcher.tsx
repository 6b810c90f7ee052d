import { useAtomValue } from "../state/hooks";
import { useTranslation } from "react-i18next";
import { localeAtom } from "../state/locale";
import { HTML_LANG, LOCALES, LOCALE_NAMES, isLocale } from "../i18n/locales";
import { changeLocale } from "../i18n";
import { showToast } from "../state/ui";
import styles from "./LanguageSwitcher.module.css";

/** Lists the 22 locales in their own names; choosing one sets the `lang` cookie. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const locale = useAtomValue(localeAtom);
  return (
    <label className={styles.langSwitch}>
      <span className="visually-hidden">{t("header.language")}</span>
      <svg className={styles.langSwitchIcon} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
        <path d="M1.5 8h13M8 1.5c-2.2 2-2.2 11 0 13M8 1.5c2.2 2 2.2 11 0 13" fill="none" stroke="currentColor" strokeWidth="1.2" />
      </svg>
      <select
        data-testid="lang-select"
        value={locale}
        aria-label={t("header.language")}
        onChange={(e) => {
          const v = e.target.value;
          // A locale chunk that fails to load leaves the current language in place.
          if (isLocale(v)) changeLocale(v).catch(() => showToast(t("errors.network")));
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={HTML_LANG[code]}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
