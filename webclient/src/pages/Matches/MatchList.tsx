// A virtualised list of matches with live scores (the page scrolls; react-virtuoso renders
// only the rows in view), plus the loading, error and no-data states shared by the pages.
// react-virtuoso is a lazy chunk (LazyVirtuoso), fetched while the list's data loads.
import { preloadVirtuoso, Virtuoso } from "../../components/LazyVirtuoso";
import { useTranslation } from "react-i18next";
import type { MatchItem } from "../../api/matches";
import { NoData } from "../../components/NoData";
import { useMatchRows, usePagedMatches } from "./hooks";
import { MatchRow } from "./MatchRow";

/** The error / not-served state of a panel, with a retry. */
export function LoadError({ message, notServed, onRetry }: { message: string; notServed?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="load-error" data-testid={notServed ? "not-served" : "load-error"} role="alert">
      <NoData label={notServed ? t("matches.notServed") : t("matches.loadFailed")} />
      {!notServed && <p className="load-error__msg">{message}</p>}
      {onRetry && (
        <button type="button" className="load-error__retry" onClick={onRetry}>
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
    <div className="panel-loading" aria-busy="true" data-testid="loading">
      {t("common.loading")}
    </div>
  );
}

export function LiveMatchList({
  items,
  showDate,
  onEndReached,
}: {
  items: MatchItem[];
  showDate?: boolean;
  onEndReached?: () => void;
}) {
  const { live, rowProps } = useMatchRows(items);
  if (live.length === 0) return <NoData />;
  return (
    <Virtuoso
      fallback={<Loading />}
      useWindowScroll
      data={live}
      increaseViewportBy={400}
      computeItemKey={(_, m) => m.id}
      endReached={onEndReached}
      itemContent={(_, m) => <MatchRow {...rowProps(m)} showDate={showDate} />}
    />
  );
}

/** A paged list's panel: loading, error (or not served), no data, or the live list. */
export function PagedPanel({ paged, showDate }: { paged: ReturnType<typeof usePagedMatches>; showDate?: boolean }) {
  const { state, loadMore, reload } = paged;
  if (state.status === "loading") return <Loading />;
  if (state.status === "error") return <LoadError message={state.message} notServed={state.notServed} onRetry={reload} />;
  return <LiveMatchList items={state.items} showDate={showDate} onEndReached={loadMore} />;
}
