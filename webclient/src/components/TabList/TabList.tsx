// One row of tabs, the WAI-ARIA tabs pattern with automatic activation (issues 14 and 19).
//
// The row is role="tablist" with a label; each tab is a role="tab" button, or a real <a href> (a router
// Link) when the tab is a route, so crawlers still follow it. aria-selected marks the selected tab and
// only that tab is in the Tab order (roving tabIndex): Tab enters the row on the selected tab and leaves
// it on the next control. Inside the row, Left/Right move to the previous/next tab (mirrored when the
// row is right-to-left) and wrap; Home/End go to the first/last. Moving focus also selects (automatic
// activation): onSelect runs, and a link tab navigates. Disabled tabs are skipped.
//
// The row keeps each page's look: className is the row's class, tabClassName/selectedClassName the
// tab's and the selected tab's, countClassName the count's; each tab's testId becomes its data-testid.
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { Link } from "react-router";
import styles from "./TabList.module.css";

/** One tab: its key, what it shows, and optionally a count, a route and ids for tests and ARIA. */
export interface Tab<K extends string | number> {
  key: K;
  label: ReactNode;
  /** Shown after the label in its own span (countClassName), e.g. a number of matches. */
  count?: ReactNode;
  /** The tab is a route: rendered as a link to it. */
  href?: string;
  testId?: string;
  id?: string;
  /** The id of the panel the tab controls (aria-controls). */
  controls?: string;
  disabled?: boolean;
}

export interface TabListProps<K extends string | number> {
  items: readonly Tab<K>[];
  /** The selected tab's key; none selected (or unknown): the first enabled tab is the Tab stop. */
  selected: K | undefined;
  onSelect?: (key: K) => void;
  /** The row's accessible name; or labelledBy, the id of an element that names it. */
  label?: string;
  labelledBy?: string;
  className?: string;
  tabClassName?: string;
  selectedClassName?: string;
  countClassName?: string;
  testId?: string;
}

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

/** Whether el is laid out right-to-left: the nearest dir attribute, else the computed direction. */
function isRtl(el: HTMLElement): boolean {
  const dir = el.closest("[dir]")?.getAttribute("dir");
  if (dir === "rtl" || dir === "ltr") return dir === "rtl";
  return getComputedStyle(el).direction === "rtl";
}

export function TabList<K extends string | number>({
  items, selected, onSelect, label, labelledBy, className, tabClassName, selectedClassName, countClassName, testId,
}: TabListProps<K>) {
  const refs = useRef<(HTMLElement | null)[]>([]);
  const enabled = items.map((it, i) => (it.disabled ? -1 : i)).filter((i) => i >= 0);
  // The tab in the Tab order: the selected one, else the first enabled one.
  const current = items.findIndex((it) => it.key === selected);
  const stop = current >= 0 ? current : (enabled[0] ?? -1);

  // Focus the tab and select it as a click would: a button runs onSelect, a link also navigates.
  const activate = (i: number) => {
    const el = refs.current[i];
    el?.focus();
    if (items[i]!.key !== selected) el?.click();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (enabled.length === 0) return;
    const from = refs.current.findIndex((el) => el === document.activeElement);
    const at = enabled.indexOf(from >= 0 ? from : stop);
    const rtl = isRtl(e.currentTarget);
    let next: number;
    switch (e.key) {
      case "ArrowRight":
      case "ArrowLeft": {
        const step = (e.key === "ArrowRight") !== rtl ? 1 : -1;
        next = enabled[(Math.max(at, 0) + step + enabled.length) % enabled.length]!;
        break;
      }
      case "Home":
        next = enabled[0]!;
        break;
      case "End":
        next = enabled[enabled.length - 1]!;
        break;
      default:
        return;
    }
    e.preventDefault();
    activate(next);
  };

  return (
    <div className={className} role="tablist" aria-label={label} aria-labelledby={labelledBy} data-testid={testId} onKeyDown={onKeyDown}>
      {items.map((it, i) => {
        const on = it.key === selected;
        const common = {
          ref: (el: HTMLElement | null) => {
            refs.current[i] = el;
          },
          role: "tab",
          id: it.id,
          "aria-selected": on,
          "aria-controls": it.controls,
          tabIndex: i === stop ? 0 : -1,
          className: join(styles.tab, tabClassName, on && selectedClassName),
          "data-testid": it.testId,
        } as const;
        const body = (
          <>
            {it.label}
            {it.count != null && <span className={countClassName}>{it.count}</span>}
          </>
        );
        return it.href && !it.disabled ? (
          <Link key={it.key} {...common} to={it.href} onClick={() => onSelect?.(it.key)}>
            {body}
          </Link>
        ) : (
          <button key={it.key} {...common} type="button" disabled={it.disabled} onClick={() => onSelect?.(it.key)}>
            {body}
          </button>
        );
      })}
    </div>
  );
}
