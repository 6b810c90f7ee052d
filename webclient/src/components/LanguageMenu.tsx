// The list of the header's language switcher (LanguageSwitcher.tsx): the 22 languages, each in its
// own name and script, drawn while the switcher is open. A chunk of its own, loaded on demand.
import { useEffect, type FocusEvent, type KeyboardEvent, type RefObject } from "react";
import { HTML_LANG, LOCALES, LOCALE_NAMES, type Locale } from "../i18n/locales";
import { MENU_ID } from "./languageMenuId";
import { useDialog } from "./useDialog";
import styles from "./LanguageSwitcher.module.css";

interface Props {
  current: Locale;
  label: string;
  /** The switcher's button: a press on it toggles the list, it is not a press outside. */
  opener: RefObject<HTMLElement | null>;
  onChoose: (code: Locale) => void;
  /** refocus: whether focus goes back to the button (Escape) or stays where it went (a press outside, Tab). */
  onClose: (refocus: boolean) => void;
}

export default function LanguageMenu({ current, label, opener, onChoose, onClose }: Props) {
  const dialog = useDialog<HTMLUListElement>(() => onClose(true), { modal: false });
  const { ref } = dialog;
  const outside = (n: EventTarget | null) => n instanceof Node && !ref.current?.contains(n) && !opener.current?.contains(n);
  // A press anywhere else closes the list.
  useEffect(() => {
    const onDown = (e: Event) => {
      if (outside(e.target)) onClose(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  });
  // Tabbing out of the list closes it (a press on nothing focusable is the pointerdown's).
  const onBlur = (e: FocusEvent<HTMLUListElement>) => {
    if (outside(e.relatedTarget)) onClose(false);
  };
  // The list opens on the current language, so arrows and Enter start from there.
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus();
  }, [ref]);
  // Up and down (and Home, End) move through the languages; Tab moves out and closes.
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    items[(to + items.length) % items.length]?.focus();
  };
  return (
    <ul id={MENU_ID} className={styles.langMenu} aria-label={label} data-testid="lang-menu" onKeyDown={onKeyDown} onBlur={onBlur} {...dialog}>
      {LOCALES.map((code) => (
        <li key={code}>
          <button
            type="button"
            lang={HTML_LANG[code]}
            aria-current={code === current ? "true" : undefined}
            data-testid={`lang-option-${code}`}
            onClick={() => onChoose(code)}
          >
            {LOCALE_NAMES[code]}
          </button>
        </li>
      ))}
    </ul>
  );
}
