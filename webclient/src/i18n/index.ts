// i18next set-up. en_US is bundled (it is the fallback and the source of the typed key
// set); every other locale is a separate chunk loaded on demand by changeLocale.
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { FALLBACK_LOCALE, HTML_LANG, isRtl, type Locale } from "./locales";
import { appStore } from "../state/store";
import { localeAtom } from "../state/locale";
import { LANG_COOKIE, setCookie } from "../session/cookies";

// Keys are split into files so that features can be translated side by side: the shell's keys in
// locales/<locale>.json, and each feature's in locales/<feature>/<locale>.json, which appear under
// the top-level key <feature> (t("wallet.recharge.title")). All of them form one namespace.
type Resources = Record<string, unknown>;

const featureOf = (path: string): string | null => {
  const m = /^\.\/locales\/([^/]+)\/[^/]+\.json$/.exec(path);
  return m?.[1] ?? null;
};

/** Merges a locale's shell file and feature files into one resource tree. */
function assemble(files: Record<string, Resources>, locale: string): Resources {
  const out: Resources = {};
  for (const [path, content] of Object.entries(files)) {
    if (!path.endsWith(`/${locale}.json`)) continue;
    const feature = featureOf(path);
    if (feature) out[feature] = content;
    else Object.assign(out, content);
  }
  return out;
}

const bundledEnglish = import.meta.glob<Resources>("./locales/**/en_US.json", { eager: true, import: "default" });
const en_US = assemble(bundledEnglish, "en_US");

const lazyLocales = import.meta.glob<Resources>(["./locales/**/*.json", "!./locales/**/en_US.json"], {
  import: "default",
});

async function loadResources(locale: Locale): Promise<void> {
  if (i18next.hasResourceBundle(locale, "translation")) return;
  const paths = Object.keys(lazyLocales).filter((p) => p.endsWith(`/${locale}.json`));
  if (paths.length === 0) throw new Error(`no resources for locale ${locale}`);
  const files: Record<string, Resources> = {};
  await Promise.all(paths.map(async (p) => (files[p] = await lazyLocales[p]!())));
  i18next.addResourceBundle(locale, "translation", assemble(files, locale), true, true);
}

function applyDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = HTML_LANG[locale];
  document.documentElement.dir = isRtl(locale) ? "rtl" : "ltr";
}

/** Initialises i18next with the given first language, loading its resources first. */
export async function initI18n(initial: Locale): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: { [FALLBACK_LOCALE]: { translation: en_US } },
    lng: FALLBACK_LOCALE,
    fallbackLng: FALLBACK_LOCALE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  try {
    await switchTo(initial);
  } catch {
    // The locale's chunk failed to load: English is bundled, carry on with it.
    await switchTo(FALLBACK_LOCALE);
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
