package matches

import (
	"context"
	"errors"
	"sort"

	"courtside/actors/match/feed"
	"courtside/storage/postgres"
)

func libErr(err error) error {
	if errors.Is(err, postgres.ErrNotFound) {
		return ErrLibraryNotFound
	}
	return err
}

// game is the query's one game id, -1 for all.
func (q *Query) game() int {
	if q.GameID == nil {
		return -1
	}
	return *q.GameID
}

// LibraryLeagues is the league library's index: the leagues of the query's game (or all).
func (m *Service) LibraryLeagues(ctx context.Context, q Query) ([]feed.League, error) {
	if err := q.validate(); err != nil {
		return nil, err
	}
	ls, err := m.store.Leagues(ctx, q.game())
	if err != nil {
		return nil, err
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

// League is the league library page: standings, advancement chart, results, schedule, transfers,
// honours. ErrLibraryNotFound for an unknown league.
func (m *Service) League(ctx context.Context, id string) (LeaguePage, error) {
	lr, err := m.store.League(ctx, id)
	if err != nil {
		return LeaguePage{}, libErr(err)
	}
	p := LeaguePage{League: lr.League, Seasons: lr.Seasons, Stages: lr.Stages, Standings: []postgres.StandingRow{},
		Results: []Item{}, Schedule: []Item{}, Transfers: []feed.Transfer{}, Honours: []feed.Honour{}}
	for _, s := range lr.Seasons {
		if s.Current {
			if p.Standings, err = m.store.Standings(ctx, s.ID); err != nil {
				return LeaguePage{}, err
			}
		}
	}
	now := m.cfg.Now()
	rows, err := m.store.LeagueMatches(ctx, lr.League.ID, now.Add(-m.cfg.Window), now.Add(m.cfg.Window))
	if err != nil {
		return LeaguePage{}, err
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
		ts, err := m.store.Transfers(ctx, s.Team, "", 3)
		if err != nil {
			return LeaguePage{}, err
		}
		p.Transfers = append(p.Transfers, ts...)
	}
	sort.Slice(p.Transfers, func(i, j int) bool { return p.Transfers[i].Date.After(p.Transfers[j].Date) })
	if hs, err := m.store.LeagueHonours(ctx, lr.League.ID, 50); err != nil {
		return LeaguePage{}, err
	} else if hs != nil {
		p.Honours = hs
	}
	return p, nil
}

// Teams is the team library's index: one page of the teams of the query's game (or all).
func (m *Service) Teams(ctx context.Context, q Query) ([]feed.Team, error) {
	if err := q.validate(); err != nil {
		return nil, err
	}
	idx, size, err := q.page()
	if err != nil {
		return nil, err
	}
	ts, err := m.store.Teams(ctx, q.game(), size, (idx-1)*size)
	if err != nil {
		return nil, err
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

// Team is the team library page: the team, its squad, recent form (5/7/10/15/30), fixtures,
// transfers, honours. ErrLibraryNotFound for an unknown team.
func (m *Service) Team(ctx context.Context, id string) (TeamPage, error) {
	t, squad, err := m.store.Team(ctx, id)
	if err != nil {
		return TeamPage{}, libErr(err)
	}
	now := m.cfg.Now()
	recent, err := m.store.TeamResults(ctx, id, now, FormWindows[len(FormWindows)-1])
	if err != nil {
		return TeamPage{}, err
	}
	next, err := m.store.TeamFixtures(ctx, id, now, 10)
	if err != nil {
		return TeamPage{}, err
	}
	p := TeamPage{Team: t, Squad: squad, Form: teamForm(id, recent), Upcoming: []Item{}}
	if p.Squad == nil {
		p.Squad = []feed.Player{}
	}
	for i := range next {
		p.Upcoming = append(p.Upcoming, item(&next[i], false))
	}
	if p.Transfers, err = m.store.Transfers(ctx, id, "", 50); err != nil {
		return TeamPage{}, err
	}
	if p.Honours, err = m.store.Honours(ctx, "team", id); err != nil {
		return TeamPage{}, err
	}
	if p.Transfers == nil {
		p.Transfers = []feed.Transfer{}
	}
	if p.Honours == nil {
		p.Honours = []feed.Honour{}
	}
	return p, nil
}

// Players is the player library's index: one page of the players of the query's game (or all).
func (m *Service) Players(ctx context.Context, q Query) ([]feed.Player, error) {
	if err := q.validate(); err != nil {
		return nil, err
	}
	idx, size, err := q.page()
	if err != nil {
		return nil, err
	}
	ps, err := m.store.Players(ctx, q.game(), size, (idx-1)*size)
	if err != nil {
		return nil, err
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

// Player is the player library page: the player, their team, the last 20 matches with averages,
// transfers and honours. ErrLibraryNotFound for an unknown player.
func (m *Service) Player(ctx context.Context, id string) (PlayerPage, error) {
	pl, err := m.store.Player(ctx, id)
	if err != nil {
		return PlayerPage{}, libErr(err)
	}
	p := PlayerPage{Player: pl, Window: PlayerWindow, Averages: map[string]float64{}}
	if pl.Team != "" {
		if t, _, err := m.store.Team(ctx, pl.Team); err == nil {
			p.Team = &t
		}
	}
	if p.Recent, err = m.store.PlayerRecentStats(ctx, id, PlayerWindow); err != nil {
		return PlayerPage{}, err
	}
	for _, x := range p.Recent {
		for k, v := range x.Values {
			p.Averages[k] += v / float64(len(p.Recent))
		}
	}
	if p.Recent == nil {
		p.Recent = []postgres.PlayerStatRow{}
	}
	if p.Transfers, err = m.store.Transfers(ctx, "", id, 50); err != nil {
		return PlayerPage{}, err
	}
	if p.Honours, err = m.store.Honours(ctx, "player", id); err != nil {
		return PlayerPage{}, err
	}
	if p.Transfers == nil {
		p.Transfers = []feed.Transfer{}
	}
	if p.Honours == nil {
		p.Honours = []feed.Honour{}
	}
	return p, nil
}
