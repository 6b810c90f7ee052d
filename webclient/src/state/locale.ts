import { atom } from "jotai";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales";

/** The interface language currently shown (after its resources have loaded). */
export const localeAtom = atom<Locale>(DEFAULT_LOCALE);
