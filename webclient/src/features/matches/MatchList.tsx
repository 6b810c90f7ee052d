// A virtualised list of matches with live scores (the page scrolls; react-virtuoso renders
// only the rows in view), and a paged list's panel drawn through src/data's <Loadable>.
// react-virtuoso is a lazy chunk (LazyVirtuoso), fetched while the list's data loads.
import { preloadVirtuoso, Virtuoso } from "../../components/LazyVirtuoso";
import { useTranslation } from "react-i18next";
import type { MatchItem } from "../../api/matches";
import { NoData } from "../../components/NoData";
import { Loadable, type PagedResource } from "../../data";
import { useMatchRows } from "./hooks";
import { MatchRow } from "./MatchRow";
import styles from "./MatchList.module.css";

/**
 * The height a match list takes while it loads: a day's list fills the screen, so reserving it
 * keeps the footer below the fold until the rows arrive (issue 19: the footer jumping out of
 * view was the match list's layout shift under Lighthouse).
 */
export const LIST_MIN_HEIGHT = "100vh";

/**
 * Rows a list draws in its first render, before react-virtuoso has measured anything: more than a
 * screen's worth. Without them its first render is empty (no height) and what is under the list (the
 * home page's videos) jumped up into view and back down when the rows came (issue 19, layout shift);
 * virtuoso then keeps the rows in view and 400 px around.
 */
export const FIRST_ROWS = 24;

/** The shortest match row: two lines on a phone (the teams under the time), one on a wide screen. */
const ROW_MIN_HEIGHT_NARROW = 80;
const ROW_MIN_HEIGHT_WIDE = 56;
/** What react-virtuoso keeps drawn beyond the viewport (increaseViewportBy below). */
const OVERSCAN_PX = 400;

/**
 * The first render's rows for this screen: enough of the shortest rows to fill the viewport and
 * virtuoso's margin, at most FIRST_ROWS. A phone draws 16 instead of 24 (issue 19: the first render
 * and virtuoso's measuring pass over it are the home page's longest tasks); the footer still stays
 * out of view.
 */
export function firstRows(viewportHeight = window.innerHeight, viewportWidth = window.innerWidth): number {
  const row = viewportWidth < 640 ? ROW_MIN_HEIGHT_NARROW : ROW_MIN_HEIGHT_WIDE;
  return Math.min(FIRST_ROWS, Math.ceil((viewportHeight + OVERSCAN_PX) / row));
}

/** The error / not-served state of a panel, with a retry (Live's pages still draw it themselves). */
export function LoadError({ message, notServed, onRetry }: { message: string; notServed?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.loadError} data-testid={notServed ? "not-served" : "load-error"} role="alert">
      <NoData label={notServed ? t("matches.notServed") : t("matches.loadFailed")} />
      {!notServed && <p className={styles.loadErrorMsg}>{message}</p>}
      {onRetry && (
        <button type="button" className={styles.loadErrorRetry} onClick={onRetry}>
          {t("common.retry")}
        </button>
      )}
    </div>
  );
}

void preloadVirtuoso();

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className={styles.panelLoading} aria-busy="true" data-testid="loading">
      {t("common.loading")}
    </div>
  );
}

export function LiveMatchList({
  items,
  showDate,
  onEndReached,
  narrow,
}: {
  items: MatchItem[];
  showDate?: boolean;
  onEndReached?: () => void;
  /** MatchRow's narrower columns (beside the home page's live rooms). */
  narrow?: boolean;
}) {
  const { live, rowProps } = useMatchRows(items);
  if (live.length === 0) return <NoData />;
  return (
    <Virtuoso
      fallback={<div style={{ minHeight: LIST_MIN_HEIGHT }} aria-busy="true" />}
      useWindowScroll
      data={live}
      increaseViewportBy={OVERSCAN_PX}
      initialItemCount={Math.min(live.length, firstRows())}
      computeItemKey={(_, m) => m.id}
      endReached={onEndReached}
      itemContent={(_, m) => <MatchRow {...rowProps(m)} showDate={showDate} narrow={narrow} />}
    />
  );
}

/** A paged list's panel: loading, error, no data, or the live list (the next page at its end). */
export function PagedPanel({ paged, items, showDate, narrow }: { paged: PagedResource<MatchItem>; items?: MatchItem[]; showDate?: boolean; narrow?: boolean }) {
  return (
    <Loadable resource={{ ...paged, value: items ?? paged.items }} minHeight={LIST_MIN_HEIGHT}>
      {(list) => <LiveMatchList items={list} showDate={showDate} onEndReached={paged.more} narrow={narrow} />}
    </Loadable>
  );
}
