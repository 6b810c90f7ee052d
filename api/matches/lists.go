package matches

import (
	"time"

	"courtside/actors/match/feed"
	"courtside/api"
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
func (q *listQuery) base() func(*postgres.MatchRow) bool {
	games := q.games()
	league := q.LeagueID
	return func(r *postgres.MatchRow) bool {
		return (games == nil || games[r.Game]) && (league == "" || r.League == league)
	}
}

func isResult(s feed.Status) bool {
	return s == feed.StatusFinished || s == feed.StatusPostponed || s == feed.StatusCancelled
}

// respond pages rows and marks the caller's reservations.
func (m *Module) respond(r *api.Request, q listQuery, rows []*postgres.MatchRow) (Page, error) {
	idx, size := q.page(&m.cfg)
	p := Page{Total: len(rows), PageIndex: idx, PageSize: size, List: []Item{}}
	from := (idx - 1) * size
	if from >= len(rows) {
		return p, nil
	}
	to := min(from+size, len(rows))
	for i := from; i < to; i++ {
		p.List = append(p.List, item(rows[i], false))
	}
	return p, m.markReservations(r, p.List)
}

func (m *Module) markReservations(r *api.Request, items []Item) error {
	user, err := m.user(r)
	if err != nil || user == "" || len(items) == 0 {
		return err
	}
	ids := make([]string, len(items))
	for i := range items {
		ids[i] = items[i].ID
	}
	booked, err := m.cfg.Store.BookedMatches(r.Context(), user, ids)
	if err != nil {
		return api.Internal(err)
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

// user is the caller's id, "" for a guest.
func (m *Module) user(r *api.Request) (string, error) {
	if m.cfg.Auth == nil {
		return "", nil
	}
	return m.cfg.Auth.UserID(r)
}

// list runs a filtered, sorted, cached query and answers one page of it.
func (m *Module) list(r *api.Request, name string, keep func(q *listQuery, now time.Time) (func(*postgres.MatchRow) bool, error), less func(a, b *postgres.MatchRow) bool) (any, error) {
	q, err := m.parse(r)
	if err != nil {
		return nil, err
	}
	return m.listQ(r, q, name, keep, less)
}

// listQ is list with the query already parsed (a body can be read once).
func (m *Module) listQ(r *api.Request, q listQuery, name string, keep func(q *listQuery, now time.Time) (func(*postgres.MatchRow) bool, error), less func(a, b *postgres.MatchRow) bool) (any, error) {
	now := m.cfg.Now()
	k, err := keep(&q, now)
	if err != nil {
		return nil, err
	}
	base := q.base()
	rows := m.ix.query(name+q.key()+now.Format("2006010215"), now, m.cfg.MaxStale,
		func(r *postgres.MatchRow) bool { return base(r) && k(r) }, less)
	return m.respond(r, q, rows)
}

// dayFilter keeps matches of the query's day, when it names one.
func dayFilter(q *listQuery, now time.Time, defaultToday bool) (func(*postgres.MatchRow) bool, error) {
	from, to, ok, err := q.day(now, defaultToday)
	if err != nil {
		return nil, err
	}
	if !ok {
		return func(*postgres.MatchRow) bool { return true }, nil
	}
	return func(r *postgres.MatchRow) bool { return !r.Start.Before(from) && r.Start.Before(to) }, nil
}

// GET /v2/match/getPCLiveGameMatch: matches in play.
func (m *Module) liveList(r *api.Request) (any, error) {
	return m.list(r, "live", func(*listQuery, time.Time) (func(*postgres.MatchRow) bool, error) {
		return func(r *postgres.MatchRow) bool { return r.Live.Status.InPlay() }, nil
	}, byStart)
}

// POST /v2/match/getPCPastGameMatch: results (finished, postponed, cancelled), newest first.
func (m *Module) pastList(r *api.Request) (any, error) {
	return m.list(r, "past", func(q *listQuery, now time.Time) (func(*postgres.MatchRow) bool, error) {
		day, err := dayFilter(q, now, false)
		if err != nil {
			return nil, err
		}
		return func(r *postgres.MatchRow) bool { return isResult(r.Live.Status) && r.Start.Before(now) && day(r) }, nil
	}, byStartDesc)
}

// POST /v2/match/getPCUpcomingGameMatch: matches still to start, soonest first.
func (m *Module) upcomingList(r *api.Request) (any, error) {
	return m.list(r, "upcoming", func(q *listQuery, now time.Time) (func(*postgres.MatchRow) bool, error) {
		day, err := dayFilter(q, now, false)
		if err != nil {
			return nil, err
		}
		return func(r *postgres.MatchRow) bool { return r.Live.Status.Upcoming() && day(r) }, nil
	}, byStart)
}

// POST /v2/match/getPCGameMatchByCondition: the home tabs (hot, live, time, today, yesterday,
// tomorrow), a status set, a day, a league.
func (m *Module) conditionList(r *api.Request) (any, error) {
	q, err := m.parse(r)
	if err != nil {
		return nil, err
	}
	less := byStart
	if q.Tab == "hot" {
		less = hotOrder
	} else if q.Tab == "yesterday" {
		less = byStartDesc
	}
	return m.listQ(r, q, "cond", func(q *listQuery, now time.Time) (func(*postgres.MatchRow) bool, error) {
		statuses := map[feed.Status]bool{}
		for _, s := range q.Status {
			statuses[feed.Status(s.v)] = true
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
			return nil, api.BadRequest("format.error")
		}
		return func(r *postgres.MatchRow) bool {
			return tab(r) && (len(statuses) == 0 || statuses[r.Live.Status])
		}, nil
	}, less)
}

// POST /match/pcMatches: every match of a day (default today).
func (m *Module) dayMatches(r *api.Request) (any, error) {
	return m.list(r, "day", func(q *listQuery, now time.Time) (func(*postgres.MatchRow) bool, error) {
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
func (m *Module) sevenDays(r *api.Request, name string, first int, keep func(*postgres.MatchRow) bool, less func(a, b *postgres.MatchRow) bool) (any, error) {
	q, err := m.parse(r)
	if err != nil {
		return nil, err
	}
	now := m.cfg.Now()
	base := q.base()
	all := m.ix.query(name+q.key(), now, m.cfg.MaxStale, func(r *postgres.MatchRow) bool { return base(r) && keep(r) }, less)
	loc := time.FixedZone("caller", q.TZOffset.v*60)
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
		return nil, err
	}
	var rows []*postgres.MatchRow
	for i := range all {
		if !all[i].Start.Before(from) && all[i].Start.Before(to) {
			rows = append(rows, all[i])
		}
	}
	out.Page, err = m.respond(r, q, rows)
	return out, err
}

// POST /match/getSevenDayMatch: today and the next six days.
func (m *Module) sevenDayMatches(r *api.Request) (any, error) {
	return m.sevenDays(r, "7m", 0, func(*postgres.MatchRow) bool { return true }, byStart)
}

// POST /match/getSevenDayResults: today and the six days before, results only.
func (m *Module) sevenDayResults(r *api.Request) (any, error) {
	return m.sevenDays(r, "7r", -6, func(r *postgres.MatchRow) bool { return isResult(r.Live.Status) }, byStartDesc)
}

// SeriesCount is the number of matches of a game by state, for the game tabs.
type SeriesCount struct {
	GameID   int `json:"gameId"`
	Live     int `json:"live"`
	Today    int `json:"today"`
	Upcoming int `json:"upcoming"`
	Results  int `json:"results"` // finished in the last 7 days
}

// GET /match/getSeriesCount: counts per game (gameId or group narrows it).
func (m *Module) seriesCount(r *api.Request) (any, error) {
	q, err := m.parse(r)
	if err != nil {
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

// GET /match/gameLivingFuture: matches in play and the next ones to start (limit each, default 10).
func (m *Module) livingFuture(r *api.Request) (any, error) {
	q, err := m.parse(r)
	if err != nil {
		return nil, err
	}
	limit := q.Limit.v
	if limit <= 0 || limit > m.cfg.MaxPageSize {
		limit = 10
	}
	now := m.cfg.Now()
	base := q.base()
	live := m.ix.query("lf-l"+q.key(), now, m.cfg.MaxStale, func(r *postgres.MatchRow) bool { return base(r) && r.Live.Status.InPlay() }, byStart)
	future := m.ix.query("lf-f"+q.key(), now, m.cfg.MaxStale, func(r *postgres.MatchRow) bool { return base(r) && r.Live.Status.Upcoming() }, byStart)
	out := struct {
		Living []Item `json:"living"`
		Future []Item `json:"future"`
	}{Living: []Item{}, Future: []Item{}}
	for i := 0; i < len(live) && i < limit; i++ {
		out.Living = append(out.Living, item(live[i], false))
	}
	for i := 0; i < len(future) && i < limit; i++ {
		out.Future = append(out.Future, item(future[i], false))
	}
	if err := m.markReservations(r, out.Future); err != nil {
		return nil, err
	}
	return out, nil
}

// GET /match/gameMatchLive: every match of a game in play (at most MaxPageSize).
func (m *Module) gameMatchLive(r *api.Request) (any, error) {
	q, err := m.parse(r)
	if err != nil {
		return nil, err
	}
	now := m.cfg.Now()
	base := q.base()
	rows := m.ix.query("gml"+q.key(), now, m.cfg.MaxStale, func(r *postgres.MatchRow) bool { return base(r) && r.Live.Status.InPlay() }, byStart)
	out := []Item{}
	for i := 0; i < len(rows) && i < m.cfg.MaxPageSize; i++ {
		out = append(out, item(rows[i], false))
	}
	return out, nil
}

// GET /sport_match/sportsLiving: sports (not esports) in play, paged.
func (m *Module) sportsLiving(r *api.Request) (any, error) {
	return m.list(r, "sl", func(*listQuery, time.Time) (func(*postgres.MatchRow) bool, error) {
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

func (m *Module) leagues(r *api.Request, esports bool) (any, error) {
	q, err := m.parse(r)
	if err != nil {
		return nil, err
	}
	game := -1
	if q.GameID.set {
		game = q.GameID.v
	}
	ls, err := m.cfg.Store.Leagues(r.Context(), game)
	if err != nil {
		return nil, api.Internal(err)
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

// GET /league/match_leagues: esports leagues and series with their counts.
func (m *Module) esportsLeagues(r *api.Request) (any, error) { return m.leagues(r, true) }

// GET /sprots_league/match_leagues (sic, spec §7): sports leagues with their counts.
func (m *Module) sportsLeagues(r *api.Request) (any, error) { return m.leagues(r, false) }

// GET /game/v3/getPCGameSource and /game/getPCGameSource: the game catalogue and home groups.
func (m *Module) gameSource(*api.Request) (any, error) {
	return struct {
		Games  []feed.Game      `json:"games"`
		Groups []feed.GroupInfo `json:"groups"`
	}{feed.Games(), feed.Groups()}, nil
}
