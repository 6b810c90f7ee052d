// The header's language switcher: a button with the current language's name, and the 22 languages,
// each in its own name, in a list that exists only while it is open (choosing one sets the `lang`
// cookie and loads that language's strings).
//
// It was a <select> of the 22 names. A closed select is as wide as its widest option, so the page's
// first layout shaped every name, in nine scripts (Chinese twice, Japanese, Korean, Thai, Arabic,
// Greek, Cyrillic, Vietnamese), and the browser looked up a fallback font for each: 70–150 ms of a
// fresh browser's first layout here, before anything painted (issue 19, docs/BENCHMARKS.md). The
// node's first-HTML shell draws the same button (api/siteshell.go, header).
import { lazy, Suspense, useRef, useState } from "react";
import { useAtomValue } from "../state/hooks";
import { useTranslation } from "react-i18next";
import { localeAtom } from "../state/locale";
import { HTML_LANG, LOCALE_NAMES, type Locale } from "../i18n/locales";
import { changeLocale } from "../i18n";
import { showToast } from "../state/ui";
import { MENU_ID } from "./languageMenuId";
import styles from "./LanguageSwitcher.module.css";

// The list is a chunk of its own, fetched when a pointer comes near the button or it takes focus
// (and at the latest on the press): the first JavaScript of every page stays within its budget
// (perf/initial-js.mjs), and the list is drawn only when asked for.
const loadMenu = () => import("./LanguageMenu");
const LanguageMenu = lazy(loadMenu);

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const locale = useAtomValue(localeAtom);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  // Escape and a choice put focus back on the button; a press elsewhere or Tab leaves it where it went.
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (code: Locale) => {
    close(true);
    // A locale chunk that fails to load leaves the current language in place.
    if (code !== locale) changeLocale(code).catch(() => showToast(t("errors.network")));
  };

  return (
    <div className={styles.langSwitch}>
      <button
        ref={button}
        type="button"
        className={styles.langSwitchButton}
        aria-expanded={open}
        aria-controls={MENU_ID}
        data-testid="lang-select"
        data-locale={locale}
        onPointerEnter={loadMenu}
        onFocus={loadMenu}
        onClick={() => setOpen((o) => !o)}
      >
        <GlobeIcon />
        <span className="visually-hidden">{t("header.language")}: </span>
        <span className={styles.langSwitchName} lang={HTML_LANG[locale]}>
          {LOCALE_NAMES[locale]}
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <LanguageMenu current={locale} label={t("header.language")} opener={button} onChoose={choose} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}

function GlobeIcon() {
  return (
    <svg className={styles.langSwitchIcon} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
      <path d="M1.5 8h13M8 1.5c-2.2 2-2.2 11 0 13M8 1.5c2.2 2 2.2 11 0 13" fill="none" stroke="currentColor" strokeWidth="1.2" />
    </svg>
  );
}
