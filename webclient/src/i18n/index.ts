// i18next set-up. Every locale, en_US included, is a chunk of its own (one per language: see
// build/localeBundles.ts) loaded on demand: the first page waits only for the reader's language. en_US is
// the fallback and the source of the typed key set; every locale has all of its keys
// (locales.test.ts), so it is loaded only when it is the language or another one failed to load.
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { FALLBACK_LOCALE, HTML_LANG, isRtl, type Locale } from "./locales";
import { appStore } from "../state/store";
import { localeAtom } from "../state/locale";
import { LANG_COOKIE, setCookie } from "../session/cookies";
import bundles from "virtual:locale-bundles";

// Keys are split into files so that features can be translated side by side: the shell's keys in
// locales/<locale>.json, and each feature's in locales/<feature>/<locale>.json, which appear under
// the top-level key <feature> (t("wallet.recharge.title")). All of them form one namespace; the
// build merges a language's files into one module (build/localeBundles.ts).
async function loadResources(locale: Locale): Promise<void> {
  if (i18next.hasResourceBundle(locale, "translation")) return;
  const load = bundles[locale];
  if (!load) throw new Error(`no resources for locale ${locale}`);
  i18next.addResourceBundle(locale, "translation", await load(), true, true);
}

function applyDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = HTML_LANG[locale];
  document.documentElement.dir = isRtl(locale) ? "rtl" : "ltr";
}

/** Initialises i18next with the given first language, loading its resources first. */
export async function initI18n(initial: Locale): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: {},
    lng: FALLBACK_LOCALE,
    fallbackLng: FALLBACK_LOCALE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  try {
    await switchTo(initial);
  } catch {
    // The locale's chunk failed to load: carry on in English, whose chunk is tried next
    // (should that fail too, the page still renders, showing keys).
    await switchTo(FALLBACK_LOCALE).catch(() => undefined);
  }
}

async function switchTo(locale: Locale): Promise<void> {
  await loadResources(locale);
  await i18next.changeLanguage(locale);
  applyDocumentLanguage(locale);
  appStore.set(localeAtom, locale);
}

/** Switches the interface language and remembers it in the `lang` cookie (spec §1). */
export async function changeLocale(locale: Locale): Promise<void> {
  setCookie(LANG_COOKIE, locale);
  await switchTo(locale);
}

export { i18next };
