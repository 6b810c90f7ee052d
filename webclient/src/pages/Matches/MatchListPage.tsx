// /match/:list? — the match list (spec §2): Matches (today and the next six days), Results
// (the six days before and today), Favourites (the signed-in user's reservations with their
// spec §4 state), a weekday calendar and "back to today". :list is a home group (soccer,
// esports, ...) or one game's abbr (lol, csgo, ...); absent means every game. The route table
// (public/routes.json params.list) lists both, so the server answers 200 for each.
import { useMemo } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { matchesApi, type Booking, type MatchQuery } from "../../api/matches";
import { GAME_GROUPS } from "../../components/Header";
import { tokenAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { NoData } from "../../components/NoData";
import NotFound from "../../components/ErrorPages/NotFound";
import { Loadable, useResource } from "../../data";
import { catalogueIndex, gameLabel, gameSlug, useCatalogue, useMatchRows } from "../../features/matches/hooks";
import { LIST_MIN_HEIGHT, LiveMatchList, LoadError, Loading } from "../../features/matches/MatchList";
import { MatchRow } from "../../features/matches/MatchRow";
import { WeekStrip } from "../../features/matches/WeekStrip";
import { dayFrom, isoDay, tzOffsetMinutes } from "../../features/matches/format";
import { Virtuoso } from "react-virtuoso";
import styles from "../../features/matches/Matches.module.css";
import frame from "../../components/Layout.module.css";
import { TabList } from "../../components/TabList/TabList";

const LIST_TABS = ["matches", "results", "favourites"] as const;
type ListTab = (typeof LIST_TABS)[number];

function Favourites() {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const setModal = useSetAtom(loginModalAtom);
  // Signed out: nothing to load (a null key), the invitation to log in instead.
  const bookings = useResource(token ? `fav|${token}` : null, (signal) => matchesApi.bookings(1, 100, signal));
  if (!token) {
    return (
      <div className={styles.mlistLogin}>
        <NoData label={t("matches.list.loginForFavourites")} />
        <button type="button" className={styles.mlistLoginButton} onClick={() => setModal({ open: true, mode: LoginMode.Password })}>
          {t("header.login")}
        </button>
      </div>
    );
  }
  return (
    <Loadable resource={bookings} minHeight={LIST_MIN_HEIGHT}>
      {(list) => <BookingList bookings={list} />}
    </Loadable>
  );
}

function BookingList({ bookings }: { bookings: Booking[] }) {
  const { t } = useTranslation();
  const items = useMemo(() => bookings.map((b) => b.match), [bookings]);
  const stateOf = useMemo(() => new Map(bookings.map((b) => [b.match.id, b.state])), [bookings]);
  const { live, rowProps } = useMatchRows(items);
  if (live.length === 0) return <NoData />;
  return (
    <Virtuoso
      useWindowScroll
      data={live}
      computeItemKey={(_, m) => m.id}
      itemContent={(_, m) => (
        <div data-testid="booking" data-state={stateOf.get(m.id)}>
          <div className={styles.bookingState}>{t(`matches.booking.${stateOf.get(m.id) ?? "booked"}`)}</div>
          <MatchRow {...rowProps(m)} showDate />
        </div>
      )}
    />
  );
}

function DayList({ tab, query }: { tab: "matches" | "results"; query: MatchQuery }) {
  const [params, setParams] = useSearchParams();
  const today = useMemo(() => dayFrom(new Date(), 0), []);
  const first = tab === "results" ? -6 : 0;
  const raw = Number(params.get("day") ?? 0);
  const offset = Number.isInteger(raw) && raw >= first && raw <= first + 6 ? raw : 0;
  const date = isoDay(dayFrom(today, offset));
  const day = useResource(
    `${tab}|${JSON.stringify(query)}|${date}`,
    (signal) => {
      const q = { ...query, date, tzOffset: tzOffsetMinutes(), pageSize: 100 };
      return tab === "results" ? matchesApi.sevenDayResults(q, signal) : matchesApi.sevenDayMatches(q, signal);
    },
    { refreshMs: 60_000 },
  );
  const select = (o: number) => {
    const p = new URLSearchParams(params);
    if (o === 0) p.delete("day");
    else p.set("day", String(o));
    setParams(p, { replace: true });
  };
  return (
    <>
      <WeekStrip today={today} first={first} selected={offset} counts={day.value?.days} onSelect={select} />
      <Loadable resource={day} minHeight={LIST_MIN_HEIGHT}>
        {(v) => <LiveMatchList items={v.list} />}
      </Loadable>
    </>
  );
}

export default function MatchListPage() {
  const { t } = useTranslation();
  const { list = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const cat = useCatalogue();
  const { byAbbr, byId, groups } = catalogueIndex(cat.status === "ready" ? cat.value : undefined);
  const isGroup = (GAME_GROUPS as readonly string[]).includes(list);
  // A group wins over a game of the same name (soccer is both): the group is what the header links.
  const one = isGroup ? undefined : (byAbbr.get(list.toLowerCase()) ?? (/^\d+$/.test(list) ? byId.get(Number(list)) : undefined));
  const tabParam = params.get("tab");
  const tab: ListTab = (LIST_TABS as readonly string[]).includes(tabParam ?? "") ? (tabParam as ListTab) : "matches";

  if (list && !isGroup && !one) {
    // Unknown until the catalogue answers; a failed catalogue shows its error below.
    if (cat.status === "loading" || cat.status === "idle") return <Loading />;
    if (cat.status === "ready") return <NotFound />;
    return <LoadError message={cat.message} />;
  }
  const query: MatchQuery = one ? { gameId: one.id } : isGroup ? { group: list } : {};
  const groupId = one ? one.group : isGroup ? list : "";
  const groupGames = groups.find((g) => g.id === groupId)?.games ?? [];

  const selectTab = (next: ListTab) => {
    const p = new URLSearchParams();
    if (next !== "matches") p.set("tab", next);
    setParams(p);
  };

  return (
    <section data-testid="match-list-page">
      {/* The head's classes are the frame's (Layout.module.css): the first HTML's static shell draws it (api/siteshell.go). */}
      <div className={frame.mlistHead}>
        <h1 className={frame.mlistTitle}>
          {t("matches.list.title")}
          {list && <span className={frame.mlistTitleGroup}> · {one ? gameLabel(t, one) : t(`nav.${list}` as "nav.soccer")}</span>}
        </h1>
        <TabList
          items={LIST_TABS.map((k) => ({ key: k, label: t(`matches.list.${k}`), testId: `list-tab-${k}` }))}
          selected={tab}
          onSelect={selectTab}
          className={frame.mlistTabs}
          tabClassName={frame.mlistTab}
          selectedClassName={frame.mlistTabOn}
        />
      </div>
      {groupGames.length > 1 && (
        <nav className={styles.mlistGames} aria-label={t("matches.library.game")}>
          <Link to={`/match/${groupId}`} className={`${styles.mlistGame}${isGroup ? ` ${styles.mlistGameOn}` : ""}`}>
            {t("matches.all")}
          </Link>
          {groupGames.map((id) => (
            <Link key={id} to={`/match/${gameSlug(id, byId)}`} className={`${styles.mlistGame}${one?.id === id ? ` ${styles.mlistGameOn}` : ""}`}>
              {gameLabel(t, byId.get(id), String(id))}
            </Link>
          ))}
        </nav>
      )}
      <div className={styles.mlistPanel} data-testid="match-list">
        {tab === "favourites" ? (
          <Favourites />
        ) : (
          <DayList key={tab} tab={tab} query={query} />
        )}
      </div>
    </section>
  );
}
