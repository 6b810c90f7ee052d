package matches

import (
	"context"
	"errors"
	"sort"
	"strings"

	"courtside/actors/match/feed"
	"courtside/storage/postgres"
)

// Recent-form windows of spec §9: teams over their last 5, 7, 10, 15 and 30 matches, players
// over their last 20.
var (
	FormWindows  = []int{5, 7, 10, 15, 30}
	PlayerWindow = 20
)

// Tabs of the match detail page (spec §2), in the order they appear.
var Tabs = []string{"overview", "data", "recent", "headToHead", "lineups", "gameLog", "technicalStats", "playerStats", "odds", "trends", "textLive"}

// Form sums a team's results over one window.
type Form struct {
	Window  int     `json:"window"`
	Played  int     `json:"played"`
	Won     int     `json:"won"`
	Drawn   int     `json:"drawn"`
	Lost    int     `json:"lost"`
	For     int     `json:"for"`
	Against int     `json:"against"`
	WinRate float64 `json:"winRate"` // 0..1
	AvgFor  float64 `json:"avgFor"`
	AvgAg   float64 `json:"avgAgainst"`
	Results string  `json:"results"` // newest first: W, D, L
}

// TeamForm is a team's recent form in every window with the matches it is built from.
type TeamForm struct {
	TeamID  string `json:"teamId"`
	Windows []Form `json:"windows"`
	Matches []Item `json:"matches"`
}

func teamForm(team string, rows []postgres.MatchRow) TeamForm {
	tf := TeamForm{TeamID: team, Matches: []Item{}}
	for i := range rows {
		tf.Matches = append(tf.Matches, item(&rows[i], false))
	}
	for _, w := range FormWindows {
		f := Form{Window: w}
		var res strings.Builder
		for i := 0; i < len(rows) && i < w; i++ {
			r := &rows[i]
			gf, ga := r.Live.Home, r.Live.Away
			if r.Away == team {
				gf, ga = ga, gf
			}
			f.Played++
			f.For += gf
			f.Against += ga
			switch {
			case gf > ga:
				f.Won++
				res.WriteByte('W')
			case gf < ga:
				f.Lost++
				res.WriteByte('L')
			default:
				f.Drawn++
				res.WriteByte('D')
			}
		}
		if f.Played > 0 {
			f.WinRate = float64(f.Won) / float64(f.Played)
			f.AvgFor = float64(f.For) / float64(f.Played)
			f.AvgAg = float64(f.Against) / float64(f.Played)
		}
		f.Results = res.String()
		tf.Windows = append(tf.Windows, f)
	}
	return tf
}

// StatRow is one technical statistic.
type StatRow struct {
	Key  string  `json:"key"`
	Home float64 `json:"home"`
	Away float64 `json:"away"`
}

// TextLine is one line of text live. The animation tab draws the lines with a place (X, Y in the
// frame of the game's family, feed/place.go) on the pitch or map and the momentum graph from the
// game time (Secs).
type TextLine struct {
	Seq    uint64 `json:"seq"`
	At     int64  `json:"at"`
	Minute string `json:"minute"`
	Type   string `json:"type"`
	Team   int    `json:"team"`
	Text   string `json:"text"`
	Name   string `json:"name,omitempty"`
	// Assist is the second player's name (the assist, the player off, the victim) and Score the
	// score the incident leaves (feed.Incident): the client writes the line from them.
	Assist string     `json:"assist,omitempty"`
	Score  *feed.Pair `json:"score,omitempty"`
	Period int        `json:"period,omitempty"`
	Secs   int        `json:"secs,omitempty"`
	X      float64    `json:"x,omitempty"`
	Y      float64    `json:"y,omitempty"`
}

// LogEntry is one entry of the game log.
type LogEntry struct {
	Seq      uint64         `json:"seq"`
	At       int64          `json:"at"`
	Kind     feed.Kind      `json:"kind"`
	Status   string         `json:"status,omitempty"`
	Period   *feed.Period   `json:"period,omitempty"`
	Score    *feed.Score    `json:"score,omitempty"`
	Incident *feed.Incident `json:"incident,omitempty"`
}

// PlayerLine is a player's statistics in this match with their last-20 averages.
type PlayerLine struct {
	postgres.PlayerStatRow
	Recent    int                `json:"recentMatches"`
	RecentAvg map[string]float64 `json:"recentAverages"`
}

// TrendPoint is one point of the trends charts: one bookmaker's prices at one time.
type TrendPoint struct {
	At      int64   `json:"at"`
	Company string  `json:"company,omitempty"`
	Home    float64 `json:"home"`
	Draw    float64 `json:"draw,omitempty"`
	Away    float64 `json:"away"`
	HcLine  float64 `json:"hcLine"`
	OULine  float64 `json:"ouLine"`
}

// ScorePoint is the score after an event.
type ScorePoint struct {
	At   int64 `json:"at"`
	Home int   `json:"home"`
	Away int   `json:"away"`
}

// Detail is the match page: the match and every tab (or only the one asked for with ?tab=).
type Detail struct {
	Match          Item           `json:"match"`
	Overview       *Overview      `json:"overview,omitempty"`
	Data           *DataTab       `json:"data,omitempty"`
	Recent         *Recent        `json:"recent,omitempty"`
	HeadToHead     *TeamForm      `json:"headToHead,omitempty"`
	Lineups        *Lineups       `json:"lineups,omitempty"`
	GameLog        []LogEntry     `json:"gameLog,omitempty"`
	TechnicalStats []StatRow      `json:"technicalStats,omitempty"`
	PlayerStats    []PlayerLine   `json:"playerStats,omitempty"`
	Odds           *OddsTab       `json:"odds,omitempty"`
	Trends         *Trends        `json:"trends,omitempty"`
	TextLive       []TextLine     `json:"textLive,omitempty"`
	Windows        map[string]any `json:"windows"`
}

// Overview is the first tab: key events, the headline statistics and the current odds.
type Overview struct {
	Key   []TextLine `json:"keyEvents"`
	Stats []StatRow  `json:"stats"`
	Odds  *feed.Odds `json:"odds,omitempty"`
}

// DataTab is the league context: the table of the match's season.
type DataTab struct {
	SeasonID  string                 `json:"seasonId"`
	Standings []postgres.StandingRow `json:"standings"`
}

// Recent is both teams' recent form.
type Recent struct {
	Home TeamForm `json:"home"`
	Away TeamForm `json:"away"`
}

// Lineups is both line-ups with the injuries and suspensions.
type Lineups struct {
	Home     *feed.Lineup  `json:"home"`
	Away     *feed.Lineup  `json:"away"`
	Injuries []feed.Injury `json:"injuries"`
}

// OddsTab is the current odds of the three markets and their history.
type OddsTab struct {
	Current *feed.Odds           `json:"current"`
	History []postgres.OddsPoint `json:"history"`
}

// Trends are the series behind the trend charts.
type Trends struct {
	Odds  []TrendPoint `json:"odds"`
	Score []ScorePoint `json:"score"`
	Form  [2]string    `json:"form"` // home, away: last 10 results, newest first
}

// keyIncidents are the incident types shown on the overview.
var keyIncidents = map[string]bool{"goal": true, "redCard": true, "yellowCard": true, "penaltyMissed": true, "penaltyScored": true,
	"homeRun": true, "setWon": true, "break": true, "mapWin": true, "firstBlood": true, "firstTower": true, "firstDragon": true,
	"firstBaron": true, "firstRoshan": true, "postponed": true, "cancelled": true, "fullTime": true, "pistolRound": true}

// findGame resolves the {game} path segment: a catalogue id or abbreviation.

// Detail is the match page of match id of game (a catalogue id or abbreviation) with every tab, or
// only tab (one of Tabs) when given; viewer's reservation is marked. ErrGameNotFound for an unknown
// game, ErrMatchNotFound for a match that does not exist or is of another game, ErrInvalidQuery for
// an unknown tab.
func (m *Service) Detail(ctx context.Context, game, id, tab string, viewer int64) (Detail, error) {
	g, ok := feed.FindGame(game)
	if !ok {
		return Detail{}, ErrGameNotFound
	}
	row, err := m.store.Match(ctx, id)
	if errors.Is(err, postgres.ErrMatchNotFound) || (err == nil && row.Game != g.ID) {
		return Detail{}, ErrMatchNotFound
	}
	if err != nil {
		return Detail{}, err
	}
	want := map[string]bool{}
	if t := tab; t != "" {
		found := false
		for _, x := range Tabs {
			found = found || x == t
		}
		if !found {
			return Detail{}, ErrInvalidQuery
		}
		want[t] = true
	} else {
		for _, t := range Tabs {
			want[t] = true
		}
	}
	d := Detail{Match: item(&row, true), Windows: map[string]any{"teams": FormWindows, "players": PlayerWindow}}
	items := []Item{d.Match}
	if err := m.markReservations(ctx, viewer, items); err != nil {
		return Detail{}, err
	}
	d.Match = items[0]
	st := &row.Live
	stats := statRows(st.Stats)

	var timeline []feed.Event
	if want["overview"] || want["gameLog"] || want["textLive"] || want["trends"] {
		if timeline, err = m.store.Timeline(ctx, id, feed.KIncident, feed.KStatus, feed.KPeriod, feed.KScore); err != nil {
			return Detail{}, err
		}
	}
	text := textLines(timeline)
	if want["overview"] {
		ov := &Overview{Key: []TextLine{}, Stats: stats, Odds: st.Odds}
		for _, l := range text {
			if keyIncidents[l.Type] {
				ov.Key = append(ov.Key, l)
			}
		}
		d.Overview = ov
	}
	if want["data"] {
		d.Data = &DataTab{SeasonID: row.Season, Standings: []postgres.StandingRow{}}
		if row.Season != "" {
			if d.Data.Standings, err = m.store.Standings(ctx, row.Season); err != nil {
				return Detail{}, err
			}
		}
	}
	var homeRows, awayRows []postgres.MatchRow
	if want["recent"] || want["trends"] {
		last := FormWindows[len(FormWindows)-1]
		if homeRows, err = m.store.TeamResults(ctx, row.Home, row.Start, last); err != nil {
			return Detail{}, err
		}
		if awayRows, err = m.store.TeamResults(ctx, row.Away, row.Start, last); err != nil {
			return Detail{}, err
		}
	}
	if want["recent"] {
		d.Recent = &Recent{Home: teamForm(row.Home, homeRows), Away: teamForm(row.Away, awayRows)}
	}
	if want["headToHead"] {
		h2h, err := m.store.HeadToHead(ctx, row.Home, row.Away, row.Start, FormWindows[len(FormWindows)-1])
		if err != nil {
			return Detail{}, err
		}
		tf := teamForm(row.Home, h2h)
		d.HeadToHead = &tf
	}
	if want["lineups"] {
		lus, inj, err := m.store.Lineups(ctx, id)
		if err != nil {
			return Detail{}, err
		}
		l := &Lineups{Injuries: inj}
		if l.Injuries == nil {
			l.Injuries = []feed.Injury{}
		}
		for i := range lus {
			if lus[i].Team == row.Home {
				l.Home = &lus[i]
			} else if lus[i].Team == row.Away {
				l.Away = &lus[i]
			}
		}
		d.Lineups = l
	}
	if want["gameLog"] {
		d.GameLog = []LogEntry{}
		for i := range timeline {
			e := &timeline[i]
			le := LogEntry{Seq: e.Seq, At: e.At, Kind: e.Kind, Period: e.Period, Score: e.Score, Incident: e.Incident}
			if e.Kind == feed.KStatus {
				le.Status = e.Status.String()
			}
			d.GameLog = append(d.GameLog, le)
		}
	}
	if want["technicalStats"] {
		d.TechnicalStats = stats
	}
	if want["playerStats"] {
		if d.PlayerStats, err = m.playerLines(ctx, id); err != nil {
			return Detail{}, err
		}
	}
	var odds []postgres.OddsPoint
	if want["odds"] || want["trends"] {
		if odds, err = m.store.OddsHistory(ctx, id); err != nil {
			return Detail{}, err
		}
		if odds == nil {
			odds = []postgres.OddsPoint{}
		}
	}
	if want["odds"] {
		d.Odds = &OddsTab{Current: st.Odds, History: odds}
	}
	if want["trends"] {
		tr := &Trends{Odds: []TrendPoint{}, Score: []ScorePoint{}}
		for _, p := range odds {
			tr.Odds = append(tr.Odds, TrendPoint{At: p.At.UnixMilli(), Company: p.Odds.Company, Home: p.Odds.Home, Draw: p.Odds.Draw, Away: p.Odds.Away, HcLine: p.Odds.HcLine, OULine: p.Odds.OULine})
		}
		for i := range timeline {
			if s := timeline[i].Score; s != nil && timeline[i].Kind == feed.KScore {
				if n := len(tr.Score); n > 0 && tr.Score[n-1].Home == s.Home && tr.Score[n-1].Away == s.Away {
					continue
				}
				tr.Score = append(tr.Score, ScorePoint{At: timeline[i].At, Home: s.Home, Away: s.Away})
			}
		}
		tr.Form = [2]string{formString(row.Home, homeRows, 10), formString(row.Away, awayRows, 10)}
		d.Trends = tr
	}
	if want["textLive"] {
		d.TextLive = make([]TextLine, 0, len(text))
		for i := len(text) - 1; i >= 0; i-- {
			d.TextLive = append(d.TextLive, text[i])
		}
	}
	return d, nil
}

func formString(team string, rows []postgres.MatchRow, n int) string {
	tf := teamForm(team, rows[:min(n, len(rows))])
	return tf.Windows[len(tf.Windows)-1].Results
}

// statRows lists statistics in a stable order (by key).
func statRows(stats map[string]feed.Stat) []StatRow {
	out := make([]StatRow, 0, len(stats))
	for k, v := range stats {
		out = append(out, StatRow{Key: k, Home: v[0], Away: v[1]})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// textLines turns the incidents of a timeline into text live, oldest first.
func textLines(evs []feed.Event) []TextLine {
	out := []TextLine{}
	for i := range evs {
		in := evs[i].Incident
		if evs[i].Kind != feed.KIncident || in == nil {
			continue
		}
		out = append(out, TextLine{Seq: evs[i].Seq, At: evs[i].At, Minute: in.Minute, Type: in.Type, Team: in.Team, Text: in.Text,
			Name: in.Name, Assist: in.Assist, Score: in.Score, Period: in.Period, Secs: in.Secs, X: in.X, Y: in.Y})
	}
	return out
}

// playerLines are the match's player statistics with each player's last-20 averages.
func (m *Service) playerLines(ctx context.Context, match string) ([]PlayerLine, error) {
	rows, err := m.store.MatchPlayerStats(ctx, match)
	if err != nil {
		return nil, err
	}
	out := make([]PlayerLine, 0, len(rows))
	for _, row := range rows {
		pl := PlayerLine{PlayerStatRow: row, RecentAvg: map[string]float64{}}
		recent, err := m.store.PlayerRecentStats(ctx, row.Player, PlayerWindow)
		if err != nil {
			return nil, err
		}
		pl.Recent = len(recent)
		for _, x := range recent {
			for k, v := range x.Values {
				pl.RecentAvg[k] += v / float64(len(recent))
			}
		}
		out = append(out, pl)
	}
	return out, nil
}

// Exists says whether id is a match of game (slug or catalogue id), for the site's 404 of a
// made-up match page (api.Server.PageLookup).
func (m *Service) Exists(ctx context.Context, game, id string) (bool, error) {
	g, ok := feed.FindGame(game)
	if !ok {
		return false, nil
	}
	row, err := m.store.Match(ctx, id)
	if errors.Is(err, postgres.ErrMatchNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return row.Game == g.ID, nil
}
