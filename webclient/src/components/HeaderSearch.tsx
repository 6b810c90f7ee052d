// The header's search box (issue 22): submits to /search/<text>; while typing, the best few results
// of any kind are suggested under it (GET /search/suggest), and a suggestion opens its page.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { searchApi, type SearchHit } from "../api/search";
import { useResource } from "../data/resource";
import { useSearchT } from "../i18n/search";
import headerSearchStyles from "./HeaderSearch.module.css";
import styles from "./Header.module.css";

/** Wait after the last key before asking for suggestions. */
const SUGGEST_DELAY_MS = 180;

const NO_HITS: SearchHit[] = [];

/** The text worth asking suggestions for, or null: one Latin letter matches too much to be worth a
 *  request; one Chinese character does not. */
function suggestable(text: string): string | null {
  const q = text.trim();
  return !q || ([...q].length < 2 && q.codePointAt(0)! <= 0x24f) ? null : q;
}

export function HeaderSearch({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const { t: st } = useSearchT();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const box = useRef<HTMLFormElement>(null);

  // The text the suggestions are for: it follows the box SUGGEST_DELAY_MS after the last key.
  const [asked, setAsked] = useState<string | null>(null);
  const wanted = suggestable(text);
  useEffect(() => {
    if (wanted === null) {
      setAsked(null);
      return;
    }
    const timer = setTimeout(() => setAsked(wanted), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  const suggestions = useResource(asked === null ? null : `suggest:${asked}`, (signal) => searchApi.suggest(asked!, { signal }).then((r) => r.list));

  // The list on screen stays while the next text's suggestions are on their way (no blink between
  // keys); a failed ask, or a text too short to ask for, shows none. A new list starts unselected.
  const [hits, setHits] = useState<SearchHit[]>(NO_HITS);
  const next = wanted === null ? NO_HITS : suggestions.status === "loading" ? hits : (suggestions.value ?? NO_HITS);
  if (next !== hits) {
    setHits(next);
    setActive(-1);
  }

  // A click outside closes the list.
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open]);

  const done = (to: string) => {
    navigate(to);
    setText("");
    setOpen(false);
    onDone?.();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    if (active >= 0 && hits[active]) done(hits[active].target);
    else done(`/search/${encodeURIComponent(q)}`);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" && hits.length) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % hits.length);
    } else if (e.key === "ArrowUp" && hits.length) {
      e.preventDefault();
      setActive((a) => (a <= 0 ? hits.length - 1 : a - 1));
    } else if (e.key === "Escape") {
      setOpen(false);
    }
  };
  const shown = open && text.trim() !== "" && hits.length > 0;

  return (
    <form className={`${styles.headerSearch} ${headerSearchStyles.hsearch}`} role="search" onSubmit={submit} ref={box}>
      <input
        type="search"
        value={text}
        maxLength={100}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKey}
        placeholder={st("placeholder")}
        aria-label={t("discover.nav.search")}
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        role="combobox"
        data-testid="header-search"
      />
      <button type="submit" aria-label={t("discover.nav.search")} title={t("discover.nav.search")}>
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M11 11l3.5 3.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      {shown && (
        <ul className={headerSearchStyles.hsearchList} id={listId} role="listbox" aria-label={st("suggestions")} data-testid="search-suggestions">
          {hits.map((h, i) => (
            <li
              key={`${h.kind}:${h.id}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? "is-active" : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                done(h.target);
              }}
              data-testid="search-suggestion"
              data-kind={h.kind}
            >
              <span className={headerSearchStyles.hsearchTitle}>{h.title}</span>
              <span className={headerSearchStyles.hsearchKind}>{st(`kinds.${h.kind}`)}</span>
            </li>
          ))}
          <li
            role="option"
            aria-selected={false}
            className={headerSearchStyles.hsearchAll}
            onMouseDown={(e) => {
              e.preventDefault();
              done(`/search/${encodeURIComponent(text.trim())}`);
            }}
          >
            {st("allResults", { text: text.trim() })}
          </li>
        </ul>
      )}
    </form>
  );
}
