package apisports

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"courtside/actors/match/feed"
	"courtside/actors/match/feed/providers"
)

// Source is the source name stored with everything this adapter delivers.
const Source = "api-sports"

// Our ids for API-Sports objects: the provider's numbers, prefixed by sport.
func matchID(sport string, id int64) string  { return fmt.Sprintf("as-%s-%d", sport, id) }
func teamID(sport string, id int64) string   { return fmt.Sprintf("as-%s-t%d", sport, id) }
func playerID(sport string, id int64) string { return fmt.Sprintf("as-%s-p%d", sport, id) }
func leagueID(sport string, id int64) string { return fmt.Sprintf("as-%s-l%d", sport, id) }
func seasonID(sport string, league int64, season string) string {
	return fmt.Sprintf("as-%s-l%d-%s", sport, league, season)
}

var nonWord = regexp.MustCompile(`[^a-z0-9]+`)

func slug(s string) string {
	return strings.Trim(nonWord.ReplaceAllString(strings.ToLower(s), "-"), "-")
}

// limits on what one answer may claim (beyond what feed.State.Apply refuses).
const (
	maxName   = 120
	maxMinute = 200
)

func clip(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > maxName {
		return s[:maxName]
	}
	return s
}

// footballStatus maps API-Football's short statuses to ours.
func footballStatus(short string) (feed.Status, bool) {
	switch short {
	case "TBD", "NS":
		return feed.StatusNotStarted, true
	case "1H", "2H", "LIVE", "INT":
		return feed.StatusLive, true
	case "HT", "BT":
		return feed.StatusHalftime, true
	case "ET":
		return feed.StatusOvertime, true
	case "P":
		return feed.StatusPenalties, true
	case "FT", "AET", "PEN", "AWD", "WO":
		return feed.StatusFinished, true
	case "PST", "SUSP":
		return feed.StatusPostponed, true
	case "CANC":
		return feed.StatusCancelled, true
	case "ABD":
		return feed.StatusAbandoned, true
	}
	return 0, false
}

// footballSnapshot maps one fixture of API-Football to a snapshot and its reference data. It
// refuses a fixture that cannot be right (no ids, a team against itself, a start out of range,
// an absurd minute) with the reason.
func footballSnapshot(fx *fbFixture, now time.Time) (providers.Snapshot, providers.Reference, error) {
	var ref providers.Reference
	f := fx.Fixture
	if f.ID <= 0 || fx.Teams.Home.ID <= 0 || fx.Teams.Away.ID <= 0 || fx.League.ID <= 0 {
		return providers.Snapshot{}, ref, fmt.Errorf("fixture %d: missing ids", f.ID)
	}
	if fx.Teams.Home.ID == fx.Teams.Away.ID {
		return providers.Snapshot{}, ref, fmt.Errorf("fixture %d: team %d plays itself", f.ID, fx.Teams.Home.ID)
	}
	start := time.Unix(f.Timestamp, 0).UTC()
	if f.Timestamp <= 0 || start.Year() > 2200 {
		return providers.Snapshot{}, ref, fmt.Errorf("fixture %d: start %d out of range", f.ID, f.Timestamp)
	}
	el, ex := intOr(f.Status.Elapsed, 0), intOr(f.Status.Extra, 0)
	if el < 0 || el > maxMinute || ex < 0 || ex > 60 {
		return providers.Snapshot{}, ref, fmt.Errorf("fixture %d: minute %d+%d", f.ID, el, ex)
	}
	const sp = "fb"
	season := strconv.Itoa(fx.League.Season)
	lg, sid := leagueID(sp, fx.League.ID), seasonID(sp, fx.League.ID, season)
	stage, round := sid+"-main", ""
	if fx.League.Round != "" {
		round = sid + "-" + slug(fx.League.Round)
		ref.Rounds = append(ref.Rounds, feed.Round{ID: round, Stage: stage, Name: clip(fx.League.Round)})
	}
	ref.Leagues = append(ref.Leagues, feed.League{ID: lg, Game: feed.GameSoccer, Name: clip(fx.League.Name), ShortName: clip(fx.League.Name),
		Logo: clip(fx.League.Logo), Country: clip(fx.League.Country), Region: clip(fx.League.Country), Kind: "league", Tier: 1, Source: Source})
	ref.Seasons = append(ref.Seasons, feed.Season{ID: sid, League: lg, Name: season, Current: true})
	ref.Stages = append(ref.Stages, feed.Stage{ID: stage, Season: sid, Name: "Main", Kind: "league"})
	home, away := teamID(sp, fx.Teams.Home.ID), teamID(sp, fx.Teams.Away.ID)
	for _, t := range []fbTeam{fx.Teams.Home, fx.Teams.Away} {
		ref.Teams = append(ref.Teams, feed.Team{ID: teamID(sp, t.ID), Game: feed.GameSoccer, Name: clip(t.Name), FullName: clip(t.Name),
			ShortName: clip(t.Name), Logo: clip(t.Logo), Country: clip(fx.League.Country), Source: Source})
	}
	venue := clip(strings.TrimSpace(strOr(f.Venue.Name) + ", " + strOr(f.Venue.City)))
	venue = strings.Trim(venue, ", ")
	referee := strOr(f.Referee)
	if i := strings.Index(referee, ","); i > 0 {
		referee = referee[:i] // "Anthony Taylor, England"
	}
	s := providers.Snapshot{Match: matchID(sp, f.ID), Updated: now}
	s.Fixture = &feed.Fixture{ID: s.Match, Game: feed.GameSoccer, League: lg, Season: sid, Stage: stage, Round: round, Home: home, Away: away,
		Start: start, Venue: venue, Referee: clip(referee), Source: Source}
	st, ok := footballStatus(f.Status.Short)
	if !ok {
		return providers.Snapshot{}, ref, fmt.Errorf("fixture %d: unknown status %q", f.ID, f.Status.Short)
	}
	s.Status, s.HasStatus = st, true
	// period and clock
	running := st == feed.StatusLive || st == feed.StatusOvertime
	switch f.Status.Short {
	case "1H":
		s.Period = &feed.Period{Index: 1, Name: "1H"}
	case "2H":
		s.Period = &feed.Period{Index: 2, Name: "2H"}
	case "ET":
		s.Period = &feed.Period{Index: 3, Name: "ET1"}
		if el > 105 {
			s.Period = &feed.Period{Index: 4, Name: "ET2"}
		}
	case "P":
		s.Period = &feed.Period{Index: 5, Name: "PEN"}
		running = false
	case "INT":
		running = false
	}
	if f.Status.Elapsed != nil && (st.InPlay() || st == feed.StatusFinished) {
		s.Clock = &feed.Clock{Secs: (el + ex) * 60, Running: running, At: now.UnixMilli()}
		if s.Period != nil {
			s.Period.Clock = *s.Clock
		}
	}
	s.Detail = map[string]any{}
	if ex > 0 && running {
		s.Detail["addedTime"] = ex
	}
	if f.Status.Short == "INT" {
		s.Detail["interrupted"] = true
	} else if st.InPlay() {
		s.Detail["interrupted"] = false
	}
	if p := fx.Score.Penalty; p.Home != nil && p.Away != nil && *p.Home >= 0 && *p.Away >= 0 {
		s.Detail["pen"] = []int{*p.Home, *p.Away}
	}
	// score and periods
	if g := fx.Goals; g.Home != nil && g.Away != nil {
		sc := &feed.Score{Home: *g.Home, Away: *g.Away}
		ht := fx.Score.Halftime
		if ht.Home != nil && ht.Away != nil {
			sc.Periods = []feed.Pair{{*ht.Home, *ht.Away}}
			reg := fx.Score.Fulltime
			h2, a2 := 0, 0
			switch {
			case reg.Home != nil && reg.Away != nil:
				h2, a2 = *reg.Home-*ht.Home, *reg.Away-*ht.Away
			case f.Status.Short == "2H" || f.Status.Short == "FT":
				h2, a2 = *g.Home-*ht.Home, *g.Away-*ht.Away
			}
			if f.Status.Short != "HT" {
				sc.Periods = append(sc.Periods, feed.Pair{h2, a2})
			}
			if et := fx.Score.Extratime; et.Home != nil && et.Away != nil {
				sc.Periods = append(sc.Periods, feed.Pair{*et.Home, *et.Away})
			}
			for _, p := range sc.Periods {
				if p[0] < 0 || p[1] < 0 {
					sc.Periods = nil // the provider's halves disagree with its goals: keep the goals only
					break
				}
			}
		}
		for _, ev := range fx.Events {
			if ev.Type == "Var" && strings.Contains(strings.ToLower(ev.Detail), "cancel") {
				sc.Correction = true // a goal ruled out: the score may go down
			}
		}
		s.Score = sc
	}
	// incidents
	side := func(id int64) int {
		switch id {
		case fx.Teams.Home.ID:
			return 0
		case fx.Teams.Away.ID:
			return 1
		}
		return -1
	}
	// The provider's events carry no score: the running score is counted along them (they come in
	// match order), so a goal's line can say what it made the score.
	var tally feed.Pair
	for _, ev := range fx.Events {
		in, ok := footballIncident(&ev, side(ev.Team.ID))
		if !ok {
			continue
		}
		switch in.Type {
		case "goal", "ownGoal":
			tally[in.Team]++
			in.Score = &feed.Pair{tally[0], tally[1]}
		case "goalDisallowed":
			tally[in.Team] = max(tally[in.Team]-1, 0)
			in.Score = &feed.Pair{tally[0], tally[1]}
		}
		s.Incidents = append(s.Incidents, in)
	}
	// line-ups
	for _, lu := range fx.Lineups {
		if side(lu.Team.ID) < 0 {
			continue
		}
		tid := teamID(sp, lu.Team.ID)
		l := feed.Lineup{Team: tid, Formation: clip(strOr(lu.Formation)), Coach: clip(strOr(lu.Coach.Name))}
		add := func(p fbLineupPlayer, starter bool) {
			if p.ID == nil || *p.ID <= 0 {
				return
			}
			pid := playerID(sp, *p.ID)
			pos := footballPosition(strOr(p.Pos))
			l.Players = append(l.Players, feed.LineupPlayer{Player: pid, Name: clip(p.Name), Shirt: max(intOr(p.Number, 0), 0), Position: pos, Starter: starter})
			ref.Players = append(ref.Players, feed.Player{ID: pid, Game: feed.GameSoccer, Team: tid, Name: clip(p.Name), FullName: clip(p.Name),
				Position: pos, Shirt: max(intOr(p.Number, 0), 0), Source: Source})
		}
		for _, p := range lu.StartXI {
			add(p.Player, true)
		}
		for _, p := range lu.Substitutes {
			add(p.Player, false)
		}
		if len(l.Players) > 0 {
			s.Lineups = append(s.Lineups, l)
		}
	}
	// team statistics
	for _, ts := range fx.Statistics {
		team := side(ts.Team.ID)
		if team < 0 {
			continue
		}
		if s.Stats == nil {
			s.Stats = map[string]feed.Stat{}
		}
		for _, x := range ts.Statistics {
			key := footballStats[x.Type]
			v, ok := number(x.Value)
			if key == "" || !ok {
				continue
			}
			st := s.Stats[key]
			st[team] = v
			s.Stats[key] = st
		}
	}
	if g := fx.Goals; g.Home != nil && g.Away != nil && s.Stats != nil {
		s.Stats["goals"] = feed.Stat{float64(*g.Home), float64(*g.Away)}
	}
	// player statistics
	for _, tp := range fx.Players {
		team := side(tp.Team.ID)
		if team < 0 {
			continue
		}
		for _, p := range tp.Players {
			if p.Player.ID <= 0 || len(p.Statistics) == 0 {
				continue
			}
			s.Players = append(s.Players, footballPlayer(playerID(sp, p.Player.ID), clip(p.Player.Name), team, &p.Statistics[0]))
		}
	}
	return s, ref, nil
}

var footballStats = map[string]string{
	"Shots on Goal": "shotsOnTarget", "Total Shots": "shots", "Fouls": "fouls", "Corner Kicks": "corners", "Offsides": "offsides",
	"Ball Possession": "possession", "Yellow Cards": "yellowCards", "Red Cards": "redCards", "Goalkeeper Saves": "saves",
	"Total passes": "passes",
}

func footballPosition(p string) string {
	switch strings.ToUpper(p) {
	case "G":
		return "GK"
	case "D":
		return "DF"
	case "M":
		return "MF"
	case "F":
		return "FW"
	}
	if p = strings.TrimSpace(p); len(p) > 40 {
		return p[:40]
	}
	return p
}

func footballIncident(ev *fbEvent, team int) (providers.Incident, bool) {
	el, ex := intOr(ev.Time.Elapsed, 0), intOr(ev.Time.Extra, 0)
	if el < 0 || el > maxMinute || ex < 0 || ex > 60 || team < 0 {
		return providers.Incident{}, false
	}
	minute := fmt.Sprintf("%d'", el)
	if ex > 0 {
		minute = fmt.Sprintf("%d+%d'", el, ex)
	}
	name, assist := clip(strOr(ev.Player.Name)), clip(strOr(ev.Assist.Name))
	var pid string
	if ev.Player.ID != nil && *ev.Player.ID > 0 {
		pid = playerID("fb", *ev.Player.ID)
	}
	in := feed.Incident{Team: team, Player: pid, Name: name, Assist: assist, Minute: minute, Secs: max((el+ex)*60-30, 0), Key: true}
	period := 1
	switch {
	case el > 105:
		period = 4
	case el > 90:
		period = 3
	case el > 45:
		period = 2
	}
	in.Period = period
	detail := strings.ToLower(ev.Detail)
	switch strings.ToLower(ev.Type) {
	case "goal":
		switch {
		case strings.Contains(detail, "own"):
			in.Type, in.Text = "ownGoal", minute+" Own goal by "+name
		case strings.Contains(detail, "missed"):
			in.Type, in.Text = "penaltyMissed", minute+" "+name+" misses a penalty"
		case strings.Contains(detail, "penalty"):
			in.Type, in.Text = "goal", minute+" GOAL! "+name+" (penalty)"
		default:
			in.Type, in.Text = "goal", minute+" GOAL! "+name
		}
	case "card":
		switch {
		case strings.Contains(detail, "second"):
			in.Type, in.Text = "secondYellow", minute+" Second yellow: "+name+" is sent off"
		case strings.Contains(detail, "red"):
			in.Type, in.Text = "redCard", minute+" Red card for "+name
		default:
			in.Type, in.Text = "yellowCard", minute+" Yellow card for "+name
		}
	case "subst":
		in.Type, in.Key = "substitution", false
		in.Text = strings.TrimSpace(minute + " Substitution: " + name + " / " + assist)
	case "var":
		in.Type = "var"
		if strings.Contains(detail, "cancel") {
			in.Type = "goalDisallowed"
		}
		in.Text = minute + " Video review: " + clip(ev.Detail)
	default:
		return providers.Incident{}, false
	}
	ref := fmt.Sprintf("%s|%d|%d|%d|%s|%s", strings.ToLower(ev.Type), el, ex, team, detail, name)
	return providers.Incident{Ref: clip(ref), Incident: in}, true
}

func footballPlayer(id, name string, team int, ps *fbPlayerStat) feed.PlayerStats {
	pos := footballPosition(strOr(ps.Games.Position))
	v := map[string]float64{"minutes": float64(max(intOr(ps.Games.Minutes, 0), 0))}
	if r, err := strconv.ParseFloat(strOr(ps.Games.Rating), 64); err == nil && r >= 0 && r <= 10 {
		v["rating"] = r
	}
	put := func(k string, p *int) {
		if p != nil && *p >= 0 {
			v[k] = float64(*p)
		}
	}
	if pos == "GK" {
		put("saves", ps.Goals.Saves)
		put("goalsConceded", ps.Goals.Conceded)
		if _, ok := v["saves"]; !ok {
			v["saves"] = 0
		}
	} else {
		put("shots", ps.Shots.Total)
		put("shotsOnTarget", ps.Shots.On)
		put("goals", ps.Goals.Total)
		put("tackles", ps.Tackles.Total)
		put("fouls", ps.Fouls.Committed)
	}
	put("assists", ps.Goals.Assists)
	put("passes", ps.Passes.Total)
	put("yellowCards", ps.Cards.Yellow)
	put("redCards", ps.Cards.Red)
	return feed.PlayerStats{Player: id, Team: team, Name: name, Position: pos, Values: v}
}

// ---- odds ----

// mapOdds turns a bookmaker's bets into our markets: the match winner (1X2 or home/away), the
// main Asian handicap and the main over/under line. Bets are named as API-Sports names them
// ("Match Winner", "Home/Away", "Asian Handicap", "Goals Over/Under", "Over/Under"; in play
// "Fulltime Result", "Asian Handicap", "Over/Under Line").
func mapOdds(company string, bets []oddsBet, suspended bool) *feed.Odds {
	o := &feed.Odds{Company: clip(company), Suspended: suspended}
	type line struct {
		at       float64
		one, two float64
	}
	var hcs, ous []line
	hc := map[string]*line{}
	ou := map[string]*line{}
	for _, b := range bets {
		name := strings.ToLower(b.Name)
		for _, v := range b.Values {
			val, _ := v.Value.(string)
			price := odd(v.Odd)
			if price == 0 {
				continue
			}
			lv := strings.ToLower(strings.TrimSpace(val))
			switch {
			case name == "match winner" || name == "fulltime result" || name == "home/away" || name == "3way result":
				switch lv {
				case "home", "1":
					o.Home = price
				case "draw", "x":
					o.Draw = price
				case "away", "2":
					o.Away = price
				}
			case strings.Contains(name, "asian handicap") && !strings.Contains(name, "first") && !strings.Contains(name, "1st"):
				// both sides quote the same number, the line seen from the home side
				// ("Home -0.25" and "Away -0.25" are the two prices of home -0.25)
				sideName, at := splitLine(lv, v.Handicap)
				if math.IsNaN(at) {
					continue
				}
				key := strconv.FormatFloat(at, 'f', 2, 64)
				l := hc[key]
				if l == nil {
					l = &line{at: at}
					hc[key] = l
				}
				if sideName == "home" {
					l.one = price
				} else if sideName == "away" {
					l.two = price
				}
			case (strings.Contains(name, "over/under") || strings.Contains(name, "total")) && !strings.Contains(name, "first") &&
				!strings.Contains(name, "1st") && !strings.Contains(name, "home") && !strings.Contains(name, "away"):
				sideName, at := splitLine(lv, v.Handicap)
				if math.IsNaN(at) || at < 0 {
					continue
				}
				key := strconv.FormatFloat(at, 'f', 2, 64)
				l := ou[key]
				if l == nil {
					l = &line{at: at}
					ou[key] = l
				}
				if sideName == "over" {
					l.one = price
				} else if sideName == "under" {
					l.two = price
				}
			}
		}
	}
	for _, l := range hc {
		if l.one > 0 && l.two > 0 {
			hcs = append(hcs, *l)
		}
	}
	for _, l := range ou {
		if l.one > 0 && l.two > 0 {
			ous = append(ous, *l)
		}
	}
	// the main line is the most balanced one
	balanced := func(ls []line) (line, bool) {
		if len(ls) == 0 {
			return line{}, false
		}
		sort.Slice(ls, func(i, j int) bool {
			di, dj := math.Abs(ls[i].one-ls[i].two), math.Abs(ls[j].one-ls[j].two)
			if di != dj {
				return di < dj
			}
			return ls[i].at < ls[j].at
		})
		return ls[0], true
	}
	if l, ok := balanced(hcs); ok {
		o.HcLine, o.HcHome, o.HcAway = l.at, l.one, l.two
	}
	if l, ok := balanced(ous); ok {
		o.OULine, o.OUOver, o.OUUnder = l.at, l.one, l.two
	}
	if o.Home == 0 && o.Away == 0 && o.HcHome == 0 && o.OUOver == 0 {
		return nil
	}
	return o
}

// splitLine reads "Home -1.5", "Over 2.5", or a side with the line given apart ("Over", "2.5").
func splitLine(v string, handicap *string) (string, float64) {
	parts := strings.Fields(v)
	if len(parts) == 0 {
		return "", math.NaN()
	}
	side := parts[0]
	num := ""
	if len(parts) > 1 {
		num = parts[1]
	} else if handicap != nil {
		num = strings.TrimSpace(*handicap)
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || math.Abs(f) > 500 {
		return side, math.NaN()
	}
	return side, f
}

// ---- basketball ----

func basketballStatus(short string) (feed.Status, bool) {
	switch short {
	case "NS":
		return feed.StatusNotStarted, true
	case "Q1", "Q2", "Q3", "Q4":
		return feed.StatusLive, true
	case "OT":
		return feed.StatusOvertime, true
	case "BT", "HT":
		return feed.StatusHalftime, true
	case "FT", "AOT", "AWD":
		return feed.StatusFinished, true
	case "POST", "SUSP":
		return feed.StatusPostponed, true
	case "CANC":
		return feed.StatusCancelled, true
	case "ABD":
		return feed.StatusAbandoned, true
	}
	return 0, false
}

func basketballSnapshot(g *bbGame, now time.Time) (providers.Snapshot, providers.Reference, error) {
	var ref providers.Reference
	if g.ID <= 0 || g.Teams.Home.ID <= 0 || g.Teams.Away.ID <= 0 || g.League.ID <= 0 {
		return providers.Snapshot{}, ref, fmt.Errorf("game %d: missing ids", g.ID)
	}
	if g.Teams.Home.ID == g.Teams.Away.ID {
		return providers.Snapshot{}, ref, fmt.Errorf("game %d: team %d plays itself", g.ID, g.Teams.Home.ID)
	}
	start := time.Unix(g.Timestamp, 0).UTC()
	if g.Timestamp <= 0 || start.Year() > 2200 {
		return providers.Snapshot{}, ref, fmt.Errorf("game %d: start %d out of range", g.ID, g.Timestamp)
	}
	st, ok := basketballStatus(g.Status.Short)
	if !ok {
		return providers.Snapshot{}, ref, fmt.Errorf("game %d: unknown status %q", g.ID, g.Status.Short)
	}
	const sp = "bb"
	season := slug(fmt.Sprint(g.League.Season))
	if season == "" || len(season) > 20 {
		season = strconv.Itoa(start.Year())
	}
	lg, sid := leagueID(sp, g.League.ID), seasonID(sp, g.League.ID, season)
	kind := "league"
	if strings.EqualFold(g.League.Type, "cup") {
		kind = "cup"
	}
	ref.Leagues = append(ref.Leagues, feed.League{ID: lg, Game: feed.GameBasketball, Name: clip(g.League.Name), ShortName: clip(g.League.Name),
		Logo: clip(g.League.Logo), Country: clip(g.Country.Name), CountryCode: clip(strings.ToUpper(g.Country.Code)), Region: clip(g.Country.Name),
		Kind: kind, Tier: 1, Source: Source})
	ref.Seasons = append(ref.Seasons, feed.Season{ID: sid, League: lg, Name: clip(fmt.Sprint(g.League.Season)), Current: true})
	ref.Stages = append(ref.Stages, feed.Stage{ID: sid + "-main", Season: sid, Name: "Main", Kind: "league"})
	for _, t := range []fbTeam{g.Teams.Home, g.Teams.Away} {
		ref.Teams = append(ref.Teams, feed.Team{ID: teamID(sp, t.ID), Game: feed.GameBasketball, Name: clip(t.Name), FullName: clip(t.Name),
			ShortName: clip(t.Name), Logo: clip(t.Logo), Country: clip(g.Country.Name), Source: Source})
	}
	s := providers.Snapshot{Match: matchID(sp, g.ID), Updated: now, Status: st, HasStatus: true}
	s.Fixture = &feed.Fixture{ID: s.Match, Game: feed.GameBasketball, League: lg, Season: sid, Stage: sid + "-main",
		Home: teamID(sp, g.Teams.Home.ID), Away: teamID(sp, g.Teams.Away.ID), Start: start, Venue: clip(strOr(g.Venue)), Source: Source}
	q := map[string]int{"Q1": 1, "Q2": 2, "Q3": 3, "Q4": 4, "OT": 5}[g.Status.Short]
	if q > 0 {
		name := g.Status.Short
		if q == 5 {
			name = "OT1"
		}
		s.Period = &feed.Period{Index: q, Name: name}
		if m, ok := number(g.Status.Timer); ok && m >= 0 && m <= 12 {
			length := 720
			if q == 5 {
				length = 300
			}
			s.Clock = &feed.Clock{Secs: max(length-int(m*60), 0), Running: true, Down: true, At: now.UnixMilli()}
			s.Period.Clock = *s.Clock
		}
	}
	h, a := g.Scores.Home, g.Scores.Away
	if h.Total != nil && a.Total != nil {
		sc := &feed.Score{Home: *h.Total, Away: *a.Total}
		quarters := []struct{ h, a *int }{{h.Q1, a.Q1}, {h.Q2, a.Q2}, {h.Q3, a.Q3}, {h.Q4, a.Q4}, {h.OT, a.OT}}
		for _, x := range quarters {
			if x.h == nil || x.a == nil {
				break
			}
			sc.Periods = append(sc.Periods, feed.Pair{*x.h, *x.a})
		}
		s.Score = sc
		if s.Stats == nil && st != feed.StatusNotStarted {
			s.Stats = map[string]feed.Stat{"points": {float64(sc.Home), float64(sc.Away)}}
		}
	}
	return s, ref, nil
}
