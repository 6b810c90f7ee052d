package matches

import (
	"context"
	"time"

	"courtside/actors/match/feed"
	"courtside/storage/postgres"
)

func byStart(a, b *postgres.MatchRow) bool {
	if !a.Start.Equal(b.Start) {
		return a.Start.Before(b.Start)
	}
	return a.ID < b.ID
}

func byStartDesc(a, b *postgres.MatchRow) bool { return byStart(b, a) }

// hotOrder puts matches in play first, then the next to start, then the latest results.
func hotOrder(a, b *postgres.MatchRow) bool {
	ra, rb := hotRank(a), hotRank(b)
	if ra != rb {
		return ra < rb
	}
	if ra == 2 {
		return byStartDesc(a, b)
	}
	return byStart(a, b)
}

func hotRank(r *postgres.MatchRow) int {
	switch {
	case r.Live.Status.InPlay():
		return 0
	case r.Live.Status.Upcoming():
		return 1
	}
	return 2
}

// base filters by game and league.
func (q *Query) base() func(*postgres.MatchRow) bool {
	games := q.games()
	league := q.LeagueID
	return func(r *postgres.MatchRow) bool {
		return (games == nil || games[r.Game]) && (league == "" || r.League == league)
	}
}

func isResult(s feed.Status) bool {
	return s == feed.StatusFinished || s == feed.StatusPostponed || s == feed.StatusCancelled
}

// respond pages rows and marks the viewer's reservations.
func (m *Service) respond(ctx context.Context, q Query, viewer int64, rows []*postgres.MatchRow) (Page, error) {
	idx, size, err := q.page()
	if err != nil {
		return Page{}, err
	}
	p := Page{Total: len(rows), PageIndex: idx, PageSize: size, List: []Item{}}
	from := (idx - 1) * size
	if from >= len(rows) || from < 0 {
		return p, nil
	}
	to := min(from+size, len(rows))
	for i := from; i < to; i++ {
		p.List = append(p.List, item(rows[i], false))
	}
	return p, m.markReservations(ctx, viewer, p.List)
}

// markReservations sets Reservation on items for a signed-in viewer: booked, or bookable while
// the match may still be booked.
func (m *Service) markReservations(ctx context.Context, viewer int64, items []Item) error {
	if viewer <= 0 || len(items) == 0 {
		return nil
	}
	ids := make([]string, len(items))
	for i := range items {
		ids[i] = items[i].ID
	}
	booked, err := m.store.BookedMatches(ctx, user(viewer), ids)
	if err != nil {
		return err
	}
	for i := range items {
		switch {
		case booked[items[i].ID]:
			items[i].Reservation = "booked"
		case items[i].Status.Upcoming() || items[i].Status == feed.StatusPostponed:
			items[i].Reservation = "bookable"
		}
	}
	return nil
}

// filter picks the rows of a list kind for a query at now.
type filter func(q *Query, now time.Time) (func(*postgres.MatchRow) bool, error)

// list runs a filtered, sorted, cached query and answers one page of it.
func (m *Service) list(ctx context.Context, q Query, viewer int64, name string, keep filter, less func(a, b *postgres.MatchRow) bool) (Page, error) {
	if err := q.validate(); err != nil {
		return Page{}, err
	}
	now := m.cfg.Now()
	k, err := keep(&q, now)
	if err != nil {
		return Page{}, err
	}
	base := q.base()
	rows := m.ix.query(name+q.key()+now.Format("2006010215"), now, m.cfg.MaxStale,
		func(r *postgres.MatchRow) bool { return base(r) && k(r) }, less)
	return m.respond(ctx, q, viewer, rows)
}

// dayFilter keeps matches of the query's day, when it names one.
func dayFilter(q *Query, now time.Time, defaultToday bool) (func(*postgres.MatchRow) bool, error) {
	from, to, ok, err := q.day(now, defaultToday)
	if err != nil {
		return nil, err
	}
	if !ok {
		return func(*postgres.MatchRow) bool { return true }, nil
	}
	return func(r *postgres.MatchRow) bool { return !r.Start.Before(from) && r.Start.Before(to) }, nil
}

// Live lists the matches in play (getPCLiveGameMatch).
func (m *Service) Live(ctx context.Context, q Query, viewer int64) (Page, error) {
	return m.list(ctx, q, viewer, "live", func(*Query, time.Time) (func(*postgres.MatchRow) bool, error) {
		return func(r *postgres.MatchRow) bool { return r.Live.Status.InPlay() }, nil
	}, byStart)
}

// Past lists results (finished, postponed, cancelled), newest first (getPCPastGameMatch).
func (m *Service) Past(ctx context.Context, q Query, viewer int64) (Page, error) {
	return m.list(ctx, q, viewer, "past", func(q *Query, now time.Time) (func(*postgres.MatchRow) bool, error) {
		day, err := dayFilter(q, now, false)
		if err != nil {
			return nil, err
		}
		return func(r *postgres.MatchRow) bool { return isResult(r.Live.Status) && r.Start.Before(now) && day(r) }, nil
	}, byStartDesc)
}

// Upcoming lists matches still to start, soonest first (getPCUpcomingGameMatch).
func (m *Service) Upcoming(ctx context.Context, q Query, viewer int64) (Page, error) {
	return m.list(ctx, q, viewer, "upcoming", func(q *Query, now time.Time) (func(*postgres.MatchRow) bool, error) {
		day, err := dayFilter(q, now, false)
		if err != nil {
			return nil, err
		}
		return func(r *postgres.MatchRow) bool { return r.Live.Status.Upcoming() && day(r) }, nil
	}, byStart)
}

// ByCondition lists the home tabs (hot, live, time, today, yesterday, tomorrow), a status set, a
// day, a league (getPCGameMatchByCondition).
func (m *Service) ByCondition(ctx context.Context, q Query, viewer int64) (Page, error) {
	less := byStart
	if q.Tab == "hot" {
		less = hotOrder
	} else if q.Tab == "yesterday" {
		less = byStartDesc
	}
	return m.list(ctx, q, viewer, "cond", func(q *Query, now time.Time) (func(*postgres.MatchRow) bool, error) {
		statuses := map[feed.Status]bool{}
		for _, s := range q.Status {
			statuses[feed.Status(s)] = true
		}
		day, err := dayFilter(q, now, false)
		if err != nil {
			return nil, err
		}
		var tab func(*postgres.MatchRow) bool
		switch q.Tab {
		case "", "time", "today", "yesterday", "tomorrow":
			tab = day
		case "live":
			tab = func(r *postgres.MatchRow) bool { return r.Live.Status.InPlay() && day(r) }
		case "hot":
			tab = func(r *postgres.MatchRow) bool {
				s := r.Live.Status
				return s.InPlay() || (s.Upcoming() && r.Start.Before(now.Add(24*time.Hour))) ||
					(s == feed.StatusFinished && r.Start.After(now.Add(-6*time.Hour)))
			}
		default:
			return nil, ErrInvalidQuery
		}
		return func(r *postgres.MatchRow) bool {
			return tab(r) && (len(statuses) == 0 || statuses[r.Live.Status])
		}, nil
	}, less)
}

// Day lists every match of a day, default today (pcMatches).
func (m *Service) Day(ctx context.Context, q Query, viewer int64) (Page, error) {
	return m.list(ctx, q, viewer, "day", func(q *Query, now time.Time) (func(*postgres.MatchRow) bool, error) {
		return dayFilter(q, now, true)
	}, byStart)
}

// DayCount is one day of the weekday calendar.
type DayCount struct {
	Date    string `json:"date"`
	Weekday int    `json:"weekday"` // 0 Sunday
	Count   int    `json:"count"`
}

// SevenDays is the seven-day calendar with the selected day's page.
type SevenDays struct {
	Days []DayCount `json:"days"`
	Page
}

// sevenDays answers the calendar of seven days starting at offset first (0 today, -6 a week
// ago) with the chosen day's list.
func (m *Service) sevenDays(ctx context.Context, q Query, viewer int64, name string, first int, keep func(*postgres.MatchRow) bool, less func(a, b *postgres.MatchRow) bool) (SevenDays, error) {
	if err := q.validate(); err != nil {
		return SevenDays{}, err
	}
	now := m.cfg.Now()
	base := q.base()
	all := m.ix.query(name+q.key(), now, m.cfg.MaxStale, func(r *postgres.MatchRow) bool { return base(r) && keep(r) }, less)
	loc := time.FixedZone("caller", q.TZOffset*60)
	local := now.In(loc)
	today := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, loc)
	out := SevenDays{}
	for d := first; d < first+7; d++ {
		day := today.AddDate(0, 0, d)
		c := DayCount{Date: day.Format("2006-01-02"), Weekday: int(day.Weekday())}
		for i := range all {
			if !all[i].Start.Before(day) && all[i].Start.Before(day.AddDate(0, 0, 1)) {
				c.Count++
			}
		}
		out.Days = append(out.Days, c)
	}
	from, to, _, err := q.day(now, true)
	if err != nil {
		return SevenDays{}, err
	}
	var rows []*postgres.MatchRow
	for i := range all {
		if !all[i].Start.Before(from) && all[i].Start.Before(to) {
			rows = append(rows, all[i])
		}
	}
	out.Page, err = m.respond(ctx, q, viewer, rows)
	return out, err
}

// SevenDayMatches is today and the next six days, with the chosen day's page (getSevenDayMatch).
func (m *Service) SevenDayMatches(ctx context.Context, q Query, viewer int64) (SevenDays, error) {
	return m.sevenDays(ctx, q, viewer, "7m", 0, func(*postgres.MatchRow) bool { return true }, byStart)
}

// SevenDayResults is today and the six days before, results only (getSevenDayResults).
func (m *Service) SevenDayResults(ctx context.Context, q Query, viewer int64) (SevenDays, error) {
	return m.sevenDays(ctx, q, viewer, "7r", -6, func(r *postgres.MatchRow) bool { return isResult(r.Live.Status) }, byStartDesc)
}

// SeriesCount is the number of matches of a game by state, for the game tabs.
type SeriesCount struct {
	GameID   int `json:"gameId"`
	Live     int `json:"live"`
	Today    int `json:"today"`
	Upcoming int `json:"upcoming"`
	Results  int `json:"results"` // finished in the last 7 days
}

// SeriesCounts counts matches per game: live, today, upcoming, results of the last 7 days (gameId
// or group narrows it; getSeriesCount).
func (m *Service) SeriesCounts(q Query) ([]SeriesCount, error) {
	if err := q.validate(); err != nil {
		return nil, err
	}
	now := m.cfg.Now()
	from, to, _, _ := q.day(now, true)
	games := q.games()
	counts := map[int]*SeriesCount{}
	var order []int
	for _, g := range feed.Games() {
		if games == nil || games[g.ID] {
			counts[g.ID] = &SeriesCount{GameID: g.ID}
			order = append(order, g.ID)
		}
	}
	base := q.base()
	rows := m.ix.query("count"+q.key(), now, m.cfg.MaxStale, base, byStart)
	for i := range rows {
		row := rows[i]
		c := counts[row.Game]
		if c == nil {
			continue
		}
		s := row.Live.Status
		if s.InPlay() {
			c.Live++
		}
		if !row.Start.Before(from) && row.Start.Before(to) {
			c.Today++
		}
		if s.Upcoming() {
			c.Upcoming++
		}
		if s == feed.StatusFinished && row.Start.After(now.AddDate(0, 0, -7)) {
			c.Results++
		}
	}
	out := make([]SeriesCount, 0, len(order))
	for _, id := range order {
		out = append(out, *counts[id])
	}
	return out, nil
}

// LivingFuture is the feeds of matches in play and of the next ones to start (limit each, default 10;
// gameLivingFuture).
type LivingFuture struct {
	Living []Item `json:"living"`
	Future []Item `json:"future"`
}

// LivingFuture lists matches in play and the next ones to start, Limit each (default 10).
func (m *Service) LivingFuture(ctx context.Context, q Query, viewer int64) (LivingFuture, error) {
	if err := q.validate(); err != nil {
		return LivingFuture{}, err
	}
	limit := q.Limit
	if limit <= 0 || limit > MaxList {
		limit = 10
	}
	now := m.cfg.Now()
	base := q.base()
	live := m.ix.query("lf-l"+q.key(), now, m.cfg.MaxStale, func(r *postgres.MatchRow) bool { return base(r) && r.Live.Status.InPlay() }, byStart)
	future := m.ix.query("lf-f"+q.key(), now, m.cfg.MaxStale, func(r *postgres.MatchRow) bool { return base(r) && r.Live.Status.Upcoming() }, byStart)
	out := LivingFuture{Living: []Item{}, Future: []Item{}}
	for i := 0; i < len(live) && i < limit; i++ {
		out.Living = append(out.Living, item(live[i], false))
	}
	for i := 0; i < len(future) && i < limit; i++ {
		out.Future = append(out.Future, item(future[i], false))
	}
	if err := m.markReservations(ctx, viewer, out.Future); err != nil {
		return LivingFuture{}, err
	}
	return out, nil
}

// GameLive lists every match of a game in play, at most MaxList (gameMatchLive).
func (m *Service) GameLive(q Query) ([]Item, error) {
	if err := q.validate(); err != nil {
		return nil, err
	}
	now := m.cfg.Now()
	base := q.base()
	rows := m.ix.query("gml"+q.key(), now, m.cfg.MaxStale, func(r *postgres.MatchRow) bool { return base(r) && r.Live.Status.InPlay() }, byStart)
	out := []Item{}
	for i := 0; i < len(rows) && i < MaxList; i++ {
		out = append(out, item(rows[i], false))
	}
	return out, nil
}

// SportsLiving lists sports (not esports) in play, paged (sportsLiving).
func (m *Service) SportsLiving(ctx context.Context, q Query, viewer int64) (Page, error) {
	return m.list(ctx, q, viewer, "sl", func(*Query, time.Time) (func(*postgres.MatchRow) bool, error) {
		return func(r *postgres.MatchRow) bool { return r.Live.Status.InPlay() && !feed.IsEsport(r.Game) }, nil
	}, byStart)
}

// LeagueCount is a league with its number of matches live and upcoming in the window.
type LeagueCount struct {
	feed.League
	Live     int `json:"live"`
	Upcoming int `json:"upcoming"`
	Total    int `json:"total"`
}

// Leagues lists the esports (esports true) or sports leagues and series of a game (or all) with
// their numbers of matches live and upcoming in the window (match_leagues).
func (m *Service) Leagues(ctx context.Context, q Query, esports bool) ([]LeagueCount, error) {
	if err := q.validate(); err != nil {
		return nil, err
	}
	ls, err := m.store.Leagues(ctx, q.game())
	if err != nil {
		return nil, err
	}
	now := m.cfg.Now()
	rows := m.ix.query("leagues", now, m.cfg.MaxStale, func(*postgres.MatchRow) bool { return true }, byStart)
	counts := map[string]*LeagueCount{}
	out := []LeagueCount{}
	for _, l := range ls {
		if feed.IsEsport(l.Game) != esports {
			continue
		}
		out = append(out, LeagueCount{League: l})
	}
	for i := range out {
		counts[out[i].ID] = &out[i]
	}
	for i := range rows {
		if c := counts[rows[i].League]; c != nil {
			c.Total++
			if rows[i].Live.Status.InPlay() {
				c.Live++
			} else if rows[i].Live.Status.Upcoming() {
				c.Upcoming++
			}
		}
	}
	return out, nil
}

// GameSource is the game catalogue and the home tab groups (getPCGameSource).
type GameSource struct {
	Games  []feed.Game      `json:"games"`
	Groups []feed.GroupInfo `json:"groups"`
}

// Games is the game catalogue and the home tab groups.
func (m *Service) Games() GameSource { return GameSource{feed.Games(), feed.Groups()} }
