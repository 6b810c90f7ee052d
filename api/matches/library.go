package matches

import (
	"errors"
	"sort"

	"courtside/actors/match/feed"
	"courtside/api"
	"courtside/storage/postgres"
)

func libErr(err error) error {
	if errors.Is(err, postgres.ErrNotFound) {
		return ErrLibraryNotFound
	}
	return api.Internal(err)
}

// GET /library/leagues?gameId=: the league library's index.
func (m *Module) libraryLeagues(r *api.Request) (any, error) {
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
	if ls == nil {
		ls = []feed.League{}
	}
	return ls, nil
}

// BracketRound is one round of a knockout advancement chart.
type BracketRound struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Matches []Item `json:"matches"`
}

// Advancement is the data of the advancement chart: a bracket for cups and series, the table
// for leagues.
type Advancement struct {
	Kind   string         `json:"kind"` // bracket or table
	Rounds []BracketRound `json:"rounds,omitempty"`
}

// LeaguePage is the league library page.
type LeaguePage struct {
	League      feed.League            `json:"league"`
	Seasons     []feed.Season          `json:"seasons"`
	Stages      []feed.Stage           `json:"stages"`
	Standings   []postgres.StandingRow `json:"standings"`
	Advancement Advancement            `json:"advancement"`
	Results     []Item                 `json:"results"`
	Schedule    []Item                 `json:"schedule"`
	Transfers   []feed.Transfer        `json:"transfers"`
	Honours     []feed.Honour          `json:"honours"`
}

// GET /library/league/{id}: standings, advancement chart, results, schedule, transfers, honours.
func (m *Module) libraryLeague(r *api.Request) (any, error) {
	ctx := r.Context()
	lr, err := m.cfg.Store.League(ctx, r.PathValue("id"))
	if err != nil {
		return nil, libErr(err)
	}
	p := LeaguePage{League: lr.League, Seasons: lr.Seasons, Stages: lr.Stages, Standings: []postgres.StandingRow{},
		Results: []Item{}, Schedule: []Item{}, Transfers: []feed.Transfer{}, Honours: []feed.Honour{}}
	for _, s := range lr.Seasons {
		if s.Current {
			if p.Standings, err = m.cfg.Store.Standings(ctx, s.ID); err != nil {
				return nil, api.Internal(err)
			}
		}
	}
	now := m.cfg.Now()
	rows, err := m.cfg.Store.LeagueMatches(ctx, lr.League.ID, now.Add(-m.cfg.Window), now.Add(m.cfg.Window))
	if err != nil {
		return nil, api.Internal(err)
	}
	for i := range rows {
		if rows[i].Live.Status == feed.StatusFinished {
			p.Results = append(p.Results, item(&rows[i], false))
		} else {
			p.Schedule = append(p.Schedule, item(&rows[i], false))
		}
	}
	sort.Slice(p.Results, func(i, j int) bool { return p.Results[i].StartTime > p.Results[j].StartTime })
	if lr.League.Kind == "league" {
		p.Advancement.Kind = "table"
	} else {
		p.Advancement.Kind = "bracket"
		byRound := map[string]*BracketRound{}
		for _, rd := range lr.Rounds {
			byRound[rd.ID] = &BracketRound{ID: rd.ID, Name: rd.Name, Matches: []Item{}}
		}
		for i := range rows {
			if br := byRound[rows[i].Round]; br != nil {
				br.Matches = append(br.Matches, item(&rows[i], false))
			}
		}
		for _, rd := range lr.Rounds {
			if br := byRound[rd.ID]; len(br.Matches) > 0 {
				p.Advancement.Rounds = append(p.Advancement.Rounds, *br)
			}
		}
	}
	for _, s := range p.Standings {
		ts, err := m.cfg.Store.Transfers(ctx, s.Team, "", 3)
		if err != nil {
			return nil, api.Internal(err)
		}
		p.Transfers = append(p.Transfers, ts...)
	}
	sort.Slice(p.Transfers, func(i, j int) bool { return p.Transfers[i].Date.After(p.Transfers[j].Date) })
	if hs, err := m.cfg.Store.LeagueHonours(ctx, lr.League.ID, 50); err != nil {
		return nil, api.Internal(err)
	} else if hs != nil {
		p.Honours = hs
	}
	return p, nil
}

type pageQuery struct {
	game        int
	size, index int
}

func (m *Module) pageOf(r *api.Request) (pageQuery, error) {
	q, err := m.parse(r)
	if err != nil {
		return pageQuery{}, err
	}
	pq := pageQuery{game: -1}
	if q.GameID.set {
		pq.game = q.GameID.v
	}
	pq.index, pq.size = q.page(&m.cfg)
	return pq, nil
}

// GET /library/teams?gameId=&pageIndex=&pageSize=: the team library's index.
func (m *Module) libraryTeams(r *api.Request) (any, error) {
	pq, err := m.pageOf(r)
	if err != nil {
		return nil, err
	}
	ts, err := m.cfg.Store.Teams(r.Context(), pq.game, pq.size, (pq.index-1)*pq.size)
	if err != nil {
		return nil, api.Internal(err)
	}
	if ts == nil {
		ts = []feed.Team{}
	}
	return ts, nil
}

// TeamPage is the team library page.
type TeamPage struct {
	Team      feed.Team       `json:"team"`
	Squad     []feed.Player   `json:"squad"`
	Form      TeamForm        `json:"form"`
	Upcoming  []Item          `json:"upcoming"`
	Transfers []feed.Transfer `json:"transfers"`
	Honours   []feed.Honour   `json:"honours"`
}

// GET /library/team/{id}: the team, its squad, recent form (5/7/10/15/30), fixtures, transfers, honours.
func (m *Module) libraryTeam(r *api.Request) (any, error) {
	ctx := r.Context()
	id := r.PathValue("id")
	t, squad, err := m.cfg.Store.Team(ctx, id)
	if err != nil {
		return nil, libErr(err)
	}
	now := m.cfg.Now()
	recent, err := m.cfg.Store.TeamResults(ctx, id, now, FormWindows[len(FormWindows)-1])
	if err != nil {
		return nil, api.Internal(err)
	}
	next, err := m.cfg.Store.TeamFixtures(ctx, id, now, 10)
	if err != nil {
		return nil, api.Internal(err)
	}
	p := TeamPage{Team: t, Squad: squad, Form: teamForm(id, recent), Upcoming: []Item{}}
	if p.Squad == nil {
		p.Squad = []feed.Player{}
	}
	for i := range next {
		p.Upcoming = append(p.Upcoming, item(&next[i], false))
	}
	if p.Transfers, err = m.cfg.Store.Transfers(ctx, id, "", 50); err != nil {
		return nil, api.Internal(err)
	}
	if p.Honours, err = m.cfg.Store.Honours(ctx, "team", id); err != nil {
		return nil, api.Internal(err)
	}
	if p.Transfers == nil {
		p.Transfers = []feed.Transfer{}
	}
	if p.Honours == nil {
		p.Honours = []feed.Honour{}
	}
	return p, nil
}

// GET /library/players?gameId=&pageIndex=&pageSize=: the player library's index.
func (m *Module) libraryPlayers(r *api.Request) (any, error) {
	pq, err := m.pageOf(r)
	if err != nil {
		return nil, err
	}
	ps, err := m.cfg.Store.Players(r.Context(), pq.game, pq.size, (pq.index-1)*pq.size)
	if err != nil {
		return nil, api.Internal(err)
	}
	if ps == nil {
		ps = []feed.Player{}
	}
	return ps, nil
}

// PlayerPage is the player library page.
type PlayerPage struct {
	Player    feed.Player              `json:"player"`
	Team      *feed.Team               `json:"team,omitempty"`
	Recent    []postgres.PlayerStatRow `json:"recent"`   // last 20 matches, newest first
	Averages  map[string]float64       `json:"averages"` // over those matches
	Window    int                      `json:"window"`
	Transfers []feed.Transfer          `json:"transfers"`
	Honours   []feed.Honour            `json:"honours"`
}

// GET /library/player/{id}: the player, their team, the last 20 matches with averages,
// transfers and honours.
func (m *Module) libraryPlayer(r *api.Request) (any, error) {
	ctx := r.Context()
	id := r.PathValue("id")
	pl, err := m.cfg.Store.Player(ctx, id)
	if err != nil {
		return nil, libErr(err)
	}
	p := PlayerPage{Player: pl, Window: PlayerWindow, Averages: map[string]float64{}}
	if pl.Team != "" {
		if t, _, err := m.cfg.Store.Team(ctx, pl.Team); err == nil {
			p.Team = &t
		}
	}
	if p.Recent, err = m.cfg.Store.PlayerRecentStats(ctx, id, PlayerWindow); err != nil {
		return nil, api.Internal(err)
	}
	for _, x := range p.Recent {
		for k, v := range x.Values {
			p.Averages[k] += v / float64(len(p.Recent))
		}
	}
	if p.Recent == nil {
		p.Recent = []postgres.PlayerStatRow{}
	}
	if p.Transfers, err = m.cfg.Store.Transfers(ctx, "", id, 50); err != nil {
		return nil, api.Internal(err)
	}
	if p.Honours, err = m.cfg.Store.Honours(ctx, "player", id); err != nil {
		return nil, api.Internal(err)
	}
	if p.Transfers == nil {
		p.Transfers = []feed.Transfer{}
	}
	if p.Honours == nil {
		p.Honours = []feed.Honour{}
	}
	return p, nil
}
