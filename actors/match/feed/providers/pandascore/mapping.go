package pandascore

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"courtside/actors/match/feed"
	"courtside/actors/match/feed/providers"
)

// Source is the source name stored with everything this adapter delivers.
const Source = "pandascore"

func matchID(id int64) string  { return fmt.Sprintf("ps-m%d", id) }
func teamID(id int64) string   { return fmt.Sprintf("ps-t%d", id) }
func playerID(id int64) string { return fmt.Sprintf("ps-p%d", id) }
func leagueID(id int64) string { return fmt.Sprintf("ps-l%d", id) }
func serieID(id int64) string  { return fmt.Sprintf("ps-s%d", id) }

// Games maps PandaScore's videogame slugs to the catalogue ids of spec §3.
var Games = map[string]int{
	"league-of-legends": feed.GameLoL, "lol": feed.GameLoL, "cs-go": feed.GameCS, "csgo": feed.GameCS, "cs-2": feed.GameCS, "cs2": feed.GameCS,
	"dota-2": feed.GameDota2, "dota2": feed.GameDota2, "valorant": feed.GameValorant, "kog": feed.GameKoG, "king-of-glory": feed.GameKoG,
	"r6-siege": 20, "ow": 17, "overwatch": 17, "rl": 19, "rocket-league": 19, "pubg": 5, "fifa": 9, "ea-sports-fc": 9,
	"cod-mw": 8, "starcraft-2": 18, "lol-wild-rift": 7, "mlbb": 25, "mobile-legends": 25, "pubg-mobile": 6, "hearthstone": 21,
}

func gameOf(slug string) int {
	if g, ok := Games[strings.ToLower(slug)]; ok {
		return g
	}
	return feed.GameEsportsOther
}

const maxName = 120

func clip(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > maxName {
		return s[:maxName]
	}
	return s
}

// clipKey bounds a short label (a position or role).
func clipKey(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 40 {
		return s[:40]
	}
	return s
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// matchSnapshot maps one PandaScore match to a snapshot and its reference data. It refuses a
// match that cannot be right (no ids, not two different opponents, times out of range) with the
// reason.
func matchSnapshot(m *psMatch, now time.Time) (providers.Snapshot, providers.Reference, error) {
	var ref providers.Reference
	if m.ID <= 0 {
		return providers.Snapshot{}, ref, fmt.Errorf("match without id")
	}
	if len(m.Opponents) != 2 {
		return providers.Snapshot{}, ref, fmt.Errorf("match %d: %d opponents (not yet decided?)", m.ID, len(m.Opponents))
	}
	home, away := m.Opponents[0].Opponent, m.Opponents[1].Opponent
	if home.ID <= 0 || away.ID <= 0 || home.ID == away.ID {
		return providers.Snapshot{}, ref, fmt.Errorf("match %d: opponents %d and %d", m.ID, home.ID, away.ID)
	}
	start, ok := parseTime(m.ScheduledAt)
	if !ok {
		if start, ok = parseTime(m.BeginAt); !ok {
			return providers.Snapshot{}, ref, fmt.Errorf("match %d: no start time", m.ID)
		}
	}
	if m.NumberOfGames < 0 || m.NumberOfGames > 35 {
		return providers.Snapshot{}, ref, fmt.Errorf("match %d: %d games", m.ID, m.NumberOfGames)
	}
	game := gameOf(m.Videogame.Slug)
	s := providers.Snapshot{Match: matchID(m.ID)}
	if t, ok := parseTime(&m.ModifiedAt); ok {
		s.Updated = t
	}
	lg, season := leagueID(m.League.ID), serieID(m.Serie.ID)
	if m.League.ID > 0 {
		ref.Leagues = append(ref.Leagues, feed.League{ID: lg, Game: game, Name: clip(m.League.Name), ShortName: clip(m.League.Name),
			Logo: clip(deref(m.League.ImageURL)), Country: "International", Region: "International", Kind: "series", Tier: 1, Source: Source})
	} else {
		lg = ""
	}
	stage := ""
	if m.Serie.ID > 0 && lg != "" {
		name := m.Serie.FullName
		if name == "" && m.Serie.Year != nil {
			name = strconv.Itoa(*m.Serie.Year)
		}
		ref.Seasons = append(ref.Seasons, feed.Season{ID: season, League: lg, Name: clip(name), Current: true})
		if m.Tournament.ID > 0 {
			stage = fmt.Sprintf("ps-tn%d", m.Tournament.ID)
			kind := "league"
			if n := strings.ToLower(m.Tournament.Name); strings.Contains(n, "playoff") || strings.Contains(n, "final") || strings.Contains(n, "knockout") {
				kind = "knockout"
			}
			ref.Stages = append(ref.Stages, feed.Stage{ID: stage, Season: season, Name: clip(m.Tournament.Name), Kind: kind})
		}
	} else {
		season = ""
	}
	for _, o := range m.Opponents {
		t := o.Opponent
		ref.Teams = append(ref.Teams, feed.Team{ID: teamID(t.ID), Game: game, Name: clip(t.Name), FullName: clip(t.Name),
			ShortName: clip(deref(t.Acronym)), Logo: clip(deref(t.ImageURL)), CountryCode: clip(strings.ToUpper(deref(t.Location))), Source: Source})
	}
	bo := m.NumberOfGames
	if m.MatchType != "best_of" && m.MatchType != "" {
		bo = 0
	}
	s.Fixture = &feed.Fixture{ID: s.Match, Game: game, League: lg, Season: season, Stage: stage, Home: teamID(home.ID), Away: teamID(away.ID),
		Start: start, BestOf: bo, Source: Source}
	side := func(id *int64) int {
		switch {
		case id == nil:
			return -1
		case *id == home.ID:
			return 0
		case *id == away.ID:
			return 1
		}
		return -1
	}
	// status
	switch m.Status {
	case "not_started":
		s.Status = feed.StatusNotStarted
	case "running":
		s.Status = feed.StatusLive
	case "finished":
		s.Status = feed.StatusFinished
	case "canceled", "cancelled":
		s.Status = feed.StatusCancelled
	case "postponed":
		s.Status = feed.StatusPostponed
	default:
		return providers.Snapshot{}, ref, fmt.Errorf("match %d: unknown status %q", m.ID, m.Status)
	}
	s.HasStatus = true
	// games: periods, the current map, its clock, map wins
	sc := &feed.Score{}
	var current *psGame
	lastFinished, started := 0, 0
	for i := range m.Games {
		g := &m.Games[i]
		if g.Position < 1 || g.Position > 35 {
			continue
		}
		switch g.Status {
		case "finished":
			lastFinished = max(lastFinished, g.Position)
			started = max(started, g.Position)
		case "running":
			current = g
			started = max(started, g.Position)
		}
	}
	sc.Periods = make([]feed.Pair, started) // one per map started: 1 for the side that won it
	for i := range m.Games {
		g := &m.Games[i]
		if g.Status != "finished" || g.Position < 1 || g.Position > started {
			continue
		}
		if w := side(g.Winner.ID); w >= 0 {
			sc.Periods[g.Position-1][w] = 1
			s.Incidents = append(s.Incidents, providers.Incident{Ref: fmt.Sprintf("game:%d", g.ID), Incident: feed.Incident{
				Type: "mapWin", Team: w, Period: g.Position, Key: true,
				Text: fmt.Sprintf("%s wins map %d", clip([]string{home.Name, away.Name}[w]), g.Position)}})
		}
	}
	for _, r := range m.Results {
		switch side(r.TeamID) {
		case 0:
			sc.Home = max(r.Score, 0)
		case 1:
			sc.Away = max(r.Score, 0)
		}
	}
	if s.Status != feed.StatusNotStarted || sc.Home+sc.Away > 0 {
		s.Score = sc
	}
	if s.Status == feed.StatusLive {
		switch {
		case current != nil:
			s.Period = &feed.Period{Index: current.Position, Name: fmt.Sprintf("M%d", current.Position)}
			if b, ok := parseTime(current.BeginAt); ok && !b.After(now) && now.Sub(b) < 4*time.Hour {
				s.Clock = &feed.Clock{Secs: int(now.Sub(b) / time.Second), Running: true, At: now.UnixMilli()}
				s.Period.Clock = feed.Clock{Running: true, At: b.UnixMilli()}
			}
			s.Detail = map[string]any{"map": current.Position}
			if current.Map != nil && current.Map.Name != "" {
				s.Detail["mapName"] = clip(current.Map.Name)
			}
		case lastFinished > 0:
			s.Status = feed.StatusHalftime // between two maps
			s.Detail = map[string]any{"map": lastFinished + 1}
		}
	}
	if s.Status == feed.StatusFinished {
		text := fmt.Sprintf("Series over: %s %d-%d %s", clip(home.Name), sc.Home, sc.Away, clip(away.Name))
		if m.Forfeit {
			text += " (forfeit)"
		}
		s.Incidents = append(s.Incidents, providers.Incident{Ref: "end", Incident: feed.Incident{Type: "fullTime", Team: -1, Key: true, Text: text}})
	}
	return s, ref, nil
}

// lineups maps the opponents of a match to line-ups and players.
func lineups(o *psOpponents, game int) ([]feed.Lineup, []feed.Player) {
	var lus []feed.Lineup
	var players []feed.Player
	for _, t := range o.Opponents {
		if t.ID <= 0 {
			continue
		}
		lu := feed.Lineup{Team: teamID(t.ID)}
		for i, p := range t.Players {
			if p.ID <= 0 {
				continue
			}
			full := strings.TrimSpace(deref(p.FirstName) + " " + deref(p.LastName))
			if full == "" {
				full = p.Name
			}
			pl := feed.Player{ID: playerID(p.ID), Game: game, Team: lu.Team, Name: clip(p.Name), FullName: clip(full),
				Nationality: clip(deref(p.Nationality)), NationalityCode: clip(strings.ToUpper(deref(p.Nationality))),
				Position: clipKey(deref(p.Role)), Photo: clip(deref(p.ImageURL)), Source: Source}
			if b, err := time.Parse("2006-01-02", deref(p.Birthday)); err == nil && b.Year() > 1950 {
				pl.Birth = b
			}
			players = append(players, pl)
			lu.Players = append(lu.Players, feed.LineupPlayer{Player: pl.ID, Name: pl.Name, Position: pl.Position, Starter: i < 5})
		}
		if len(lu.Players) > 0 {
			lus = append(lus, lu)
		}
	}
	return lus, players
}

// odds maps PandaScore's betting markets: the winner (two or three ways), the main handicap, the
// total of maps, and the per-map totals of kills, rounds and duration (the esports lines of spec
// §3). Selections name their team by participant id; totals name their side over or under.
func odds(markets []psMarket, home, away int64) *feed.Odds {
	o := &feed.Odds{Company: "PandaScore"}
	seen := map[string]bool{}
	any := false
	for _, mk := range markets {
		tpl := strings.ToLower(mk.Template + " " + mk.Name)
		active := mk.Status == "" || strings.EqualFold(mk.Status, "active")
		sideOf := func(s psSelection) int {
			switch {
			case s.ParticipantID != nil && *s.ParticipantID == home:
				return 0
			case s.ParticipantID != nil && *s.ParticipantID == away:
				return 1
			case strings.Contains(strings.ToLower(s.Name+" "+s.Template), "draw"):
				return 2
			}
			return -1
		}
		price := func(s psSelection) float64 {
			p := s.OddsDecimalWithOverround
			if p == nil {
				p = s.OddsDecimal
			}
			if p == nil || math.IsNaN(*p) || *p < 1 || *p > 1000 {
				return 0
			}
			return math.Round(*p*100) / 100
		}
		switch {
		case strings.Contains(tpl, "winner") && !seen["winner"] && !strings.Contains(tpl, "map-") && !strings.Contains(tpl, "game"):
			seen["winner"] = true
			for _, s := range mk.Selections {
				switch sideOf(s) {
				case 0:
					o.Home = price(s)
				case 1:
					o.Away = price(s)
				case 2:
					o.Draw = price(s)
				}
			}
			any = any || o.Home > 0
			if !active {
				o.Suspended = true
			}
		case strings.Contains(tpl, "handicap") && !seen["handicap"]:
			line, ok := lineOf(mk.Line)
			var h, a float64
			for _, s := range mk.Selections {
				switch sideOf(s) {
				case 0:
					h = price(s)
					if s.Handicap != nil && !math.IsNaN(*s.Handicap) {
						line, ok = *s.Handicap, true
					}
				case 1:
					a = price(s)
				}
			}
			if ok && h > 0 && a > 0 && math.Abs(line) < 50 {
				seen["handicap"] = true
				o.HcLine, o.HcHome, o.HcAway = line, h, a
				any = true
			}
		case strings.Contains(tpl, "over") || strings.Contains(tpl, "under") || strings.Contains(tpl, "total"):
			line, ok := lineOf(mk.Line)
			var over, under float64
			for _, s := range mk.Selections {
				n := strings.ToLower(s.Name + " " + s.Template)
				if !ok {
					line, ok = lineOf(s.Line)
				}
				switch {
				case strings.Contains(n, "over"):
					over = price(s)
				case strings.Contains(n, "under"):
					under = price(s)
				}
			}
			if !ok || over == 0 || under == 0 || line < 0 || line > 10000 {
				continue
			}
			market := ""
			switch {
			case strings.Contains(tpl, "kill"):
				market = feed.LineKills
			case strings.Contains(tpl, "round"):
				market = feed.LineRounds
			case strings.Contains(tpl, "duration") || strings.Contains(tpl, "length") || strings.Contains(tpl, "time"):
				market = feed.LineDuration
				if line > 300 { // given in seconds
					line = math.Round(line/60*10) / 10
				}
			case strings.Contains(tpl, "map") || strings.Contains(tpl, "game"):
				if !seen["maps"] {
					seen["maps"] = true
					o.OULine, o.OUOver, o.OUUnder = line, over, under
					any = true
				}
				continue
			default:
				continue
			}
			key := market + strconv.FormatFloat(line, 'f', 2, 64)
			if seen[key] || len(o.Lines) >= 10 {
				continue
			}
			seen[key] = true
			o.Lines = append(o.Lines, feed.OddsLine{Market: market, Line: line, Over: over, Under: under})
			any = true
		}
	}
	if !any {
		return nil
	}
	return o
}

// lineOf reads a market line: a number or a numeric string.
func lineOf(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, !math.IsNaN(x) && !math.IsInf(x, 0)
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f, err == nil && !math.IsNaN(f) && !math.IsInf(f, 0)
	}
	return 0, false
}
