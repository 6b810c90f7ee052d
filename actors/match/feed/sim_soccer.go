package feed

import (
	"fmt"
	"math"
	"sort"
	"time"
)

// pitch is one side's players on the pitch during a football match.
type pitch struct {
	on       []Player        // players on the pitch
	bench    []Player        // substitutes not used yet
	since    map[string]int  // minute each player came on
	played   map[string]int  // minutes played by players who left
	booked   map[string]bool // players on a yellow card
	subs     int             // substitutions made
	gk       Player          // the goalkeeper on the pitch ("" ID when none)
	conceded map[string]int  // goals conceded by each goalkeeper
	rating   map[string]float64
}

func (b *builder) newPitch(team int) *pitch {
	ps := b.roster(team)
	n := min(b.p.Starters, len(ps))
	pt := &pitch{on: append([]Player(nil), ps[:n]...), bench: append([]Player(nil), ps[n:]...), since: map[string]int{},
		played: map[string]int{}, booked: map[string]bool{}, conceded: map[string]int{}, rating: map[string]float64{}}
	for _, p := range pt.on {
		pt.since[p.ID] = 0
		if isKeeper(p.Position) && pt.gk.ID == "" {
			pt.gk = p
		}
	}
	return pt
}

// outfield returns a random outfield player on the pitch, weighted towards forwards when
// attacking (shots) or defenders when defending (tackles).
func (b *builder) outfield(pt *pitch, prefer ...string) Player {
	var cands []Player
	for _, p := range pt.on {
		if isKeeper(p.Position) {
			continue
		}
		w := 1
		for _, x := range prefer {
			if p.Position == x {
				w = 3
			}
		}
		for range w {
			cands = append(cands, p)
		}
	}
	if len(cands) == 0 {
		return pt.on[0]
	}
	return cands[b.r.IntN(len(cands))]
}

func (pt *pitch) remove(id string, minute int) {
	for i, p := range pt.on {
		if p.ID == id {
			pt.played[id] += minute - pt.since[id]
			pt.on = append(pt.on[:i], pt.on[i+1:]...)
			return
		}
	}
}

// soccer plays two halves of 45 minutes (one real minute per match minute; an esports football
// game plays each half in six real minutes) with stoppage time, a break, extra time and penalties
// in knockout ties. Shots (each an incident placed on the pitch: shot, shotSaved), saves, cards (a second yellow is a red), substitutions and video
// reviews follow the run of play; player statistics fit each position.
func (b *builder) soccer() {
	efoot := b.f.Game == 9
	perMin, speed, brk := time.Minute, 0.0, 15*time.Minute
	if efoot {
		perMin, speed, brk = 8*time.Second, 7.5, 2*time.Minute
	}
	start := b.f.Start
	b.status(start, StatusLive)
	b.pers = []Pair{{0, 0}}
	s := b.strength()
	rate := [2]float64{math.Max(1.40+0.9*s, 0.3), math.Max(1.15-0.9*s, 0.25)}
	shotP := 0.13
	if efoot {
		rate[0], rate[1] = rate[0]*2.1, rate[1]*2.1
		shotP = 0.2
	}
	poss := 50 + 15*s
	momentum := 0.0 // who is pressing: -100 (away) .. 100 (home), a moving average of threat
	pt := [2]*pitch{b.newPitch(0), b.newPitch(1)}
	for team := 0; team < 2; team++ {
		for _, p := range pt[team].on {
			b.pstatAdd(p, team, "minutes", 0)
		}
		if gk := pt[team].gk; gk.ID != "" {
			b.pstatAdd(gk, team, "saves", 0)
			b.pstatAdd(gk, team, "goalsConceded", 0)
		}
	}
	t := start
	minuteNow := 0
	play := func(period int, name string, fromMin, length int, added int) {
		b.period(t, period, name, Clock{Secs: fromMin * 60, Running: true, Speed: speed})
		if len(b.pers) < period {
			b.pers = append(b.pers, Pair{0, 0})
		}
		for m := 0; m < length+added; m++ {
			at := t.Add(time.Duration(m)*perMin + time.Duration(b.r.Int64N(int64(perMin*4/5))))
			minuteNow = fromMin + m + 1
			minute := fmt.Sprintf("%d'", fromMin+m+1)
			if m >= length {
				minute = fmt.Sprintf("%d+%d'", fromMin+length, m-length+1)
			}
			secs := (fromMin+m)*60 + b.r.IntN(60)
			if m == length-1 && added > 0 {
				b.detail(at, map[string]any{"addedTime": added})
			}
			poss += (b.r.Float64() - 0.5) * 3
			poss = math.Min(math.Max(poss, 28), 72)
			share := [2]float64{poss / 100, 1 - poss/100}
			threat := [2]float64{}
			for team := 0; team < 2; team++ {
				opp := 1 - team
				dir := func(lo, hi float64) float64 { // x towards the goal a side attacks
					x := lo + b.r.Float64()*(hi-lo)
					if team == 1 {
						x = 100 - x
					}
					return math.Round(x*10) / 10
				}
				y := func() float64 { return math.Round((15+b.r.Float64()*70)*10) / 10 }
				shotY := func() float64 { return math.Round((22+b.r.Float64()*56)*10) / 10 } // shots come from the middle
				passes := math.Round(share[team] * (9 + b.r.Float64()*3))
				b.stat("passes", team, passes)
				for k := 0; k < int(passes); k += 3 {
					b.pstatAdd(b.outfield(pt[team], "MF"), team, "passes", 3)
				}
				b.stat("attacks", team, math.Round(share[team]*2+b.r.Float64()))
				if b.chance(0.35 * share[team] * 2) {
					b.stat("dangerousAttacks", team, 1)
					threat[team]++
				}
				if b.chance(shotP * (0.6 + 0.8*share[team])) {
					threat[team] += 2
					p := b.outfield(pt[team], "FW", "MF")
					b.stat("shots", team, 1)
					b.pstatAdd(p, team, "shots", 1)
					if b.chance(0.36) {
						b.stat("shotsOnTarget", team, 1)
						b.pstatAdd(p, team, "shotsOnTarget", 1)
						if b.chance(math.Min(rate[team]/90/(shotP*0.36), 0.6)) {
							b.goal(at, team, p, pt, minute, period, secs, dir(88, 99), y())
						} else {
							b.save(opp, pt)
							b.incident(at, Incident{Type: "shotSaved", Team: team, Player: p.ID, Name: p.Name, Minute: minute, Period: period, Secs: secs,
								X: dir(70, 95), Y: shotY(), Text: fmt.Sprintf("%s %s's shot is saved", minute, p.Name)})
						}
					} else {
						b.incident(at, Incident{Type: "shot", Team: team, Player: p.ID, Name: p.Name, Minute: minute, Period: period, Secs: secs,
							X: dir(66, 92), Y: shotY(), Text: fmt.Sprintf("%s %s shoots wide", minute, p.Name)})
					}
				}
				if b.chance(0.055) {
					b.stat("corners", team, 1)
				}
				if b.chance(0.02) {
					b.stat("offsides", team, 1)
				}
				if b.chance(0.06) {
					b.pstatAdd(b.outfield(pt[team], "DF", "MF"), team, "tackles", 1)
				}
				if b.chance(0.12) {
					b.stat("fouls", team, 1)
					p := b.outfield(pt[team])
					b.pstatAdd(p, team, "fouls", 1)
					if b.chance(0.16) {
						b.card(at, team, p, pt[team], minute, period, secs, dir(5, 95), y())
					}
				}
				if !efoot && b.chance(0.0035) {
					b.stat("penalties", team, 1)
					p := b.outfield(pt[team], "FW")
					b.incident(at, Incident{Type: "penaltyAwarded", Team: team, Player: p.ID, Name: p.Name, Minute: minute, Period: period, Secs: secs,
						Key: true, X: dir(88, 89), Y: 50, Text: minute + " Penalty to " + b.sideName(team)})
					b.stat("shots", team, 1)
					b.pstatAdd(p, team, "shots", 1)
					switch r := b.r.Float64(); {
					case r < 0.76:
						b.stat("shotsOnTarget", team, 1)
						b.pstatAdd(p, team, "shotsOnTarget", 1)
						b.goal(at, team, p, pt, minute, period, secs, dir(88, 89), 50)
					case r < 0.9:
						b.stat("shotsOnTarget", team, 1)
						b.pstatAdd(p, team, "shotsOnTarget", 1)
						b.save(opp, pt)
						b.incident(at, Incident{Type: "penaltyMissed", Team: team, Player: p.ID, Name: p.Name, Minute: minute, Period: period, Secs: secs,
							Key: true, X: dir(88, 89), Y: 50, Text: minute + " " + p.Name + "'s penalty is saved"})
					default:
						b.incident(at, Incident{Type: "penaltyMissed", Team: team, Player: p.ID, Name: p.Name, Minute: minute, Period: period, Secs: secs,
							Key: true, X: dir(88, 89), Y: 50, Text: minute + " " + p.Name + " puts the penalty wide"})
					}
				}
			}
			if !efoot && period == 2 && (m == 15 || m == 25 || m == 33) {
				for team := 0; team < 2; team++ {
					b.substitute(at, team, pt[team], minuteNow, minute, period, secs)
				}
			}
			momentum = 0.7*momentum + 0.3*(100*(threat[0]-threat[1])/3+(share[0]-0.5)*60)
			momentum = math.Max(-100, math.Min(100, momentum))
			if m%2 == 1 {
				b.detail(at, map[string]any{"momentum": int(math.Round(momentum))})
			}
			if m%5 == 4 {
				b.setStat("possession", math.Round(poss), 100-math.Round(poss))
				b.flushStats(at)
			}
			if m%10 == 9 {
				left := 1 - float64(fromMin+m)/90
				b.odds(at, b.inplay(math.Max(left, 0.01)))
			}
		}
		t = t.Add(time.Duration(length+added) * perMin)
		b.setStat("possession", math.Round(poss), 100-math.Round(poss))
		b.flushStats(t)
	}
	play(1, "1H", 0, 45, 1+b.r.IntN(4))
	b.clock(t, Clock{Secs: 45 * 60, Speed: speed})
	b.status(t, StatusHalftime)
	b.flushPlayers(t)
	t = t.Add(brk)
	b.status(t, StatusLive)
	play(2, "2H", 45, 45, 2+b.r.IntN(5))
	full := 90
	// A knockout match level after 90 minutes (a second leg: level on aggregate; away goals do not
	// count double) goes to extra time, and level after it to penalties.
	through := -1
	if b.f.Knockout && b.level() {
		b.status(t, StatusOvertime)
		play(3, "ET1", 90, 15, b.r.IntN(2))
		play(4, "ET2", 105, 15, 1+b.r.IntN(2))
		full = 120
		if b.level() {
			through = b.shootout(&t, pt)
		}
	}
	b.clock(t, Clock{Secs: full * 60, Running: false, Speed: speed})
	b.status(t, StatusFinished)
	b.soccerRatings(pt, full)
	b.flushPlayers(t)
	text := fmt.Sprintf("Full time: %s %d-%d %s", b.sideName(0), b.home, b.away, b.sideName(1))
	if b.leg1 != nil {
		agg := Pair{b.leg1[0] + b.home, b.leg1[1] + b.away}
		if through < 0 {
			through = 0
			if agg[1] > agg[0] {
				through = 1
			}
		}
		b.detail(t, map[string]any{"through": through})
		how := ""
		if agg[0] == agg[1] {
			how = " on penalties"
		}
		text += fmt.Sprintf(" (aggregate %d-%d, %s go through%s)", agg[0], agg[1], b.sideName(through), how)
	}
	b.incident(t, Incident{Type: "fullTime", Team: -1, Key: true, Text: text})
}

// save credits the goalkeeper of side team with a save.
func (b *builder) save(team int, pt [2]*pitch) {
	b.stat("saves", team, 1)
	if gk := pt[team].gk; gk.ID != "" {
		b.pstatAdd(gk, team, "saves", 1)
	}
}

func (b *builder) goal(at time.Time, team int, p Player, pt [2]*pitch, minute string, period, secs int, x, y float64) {
	own := b.chance(0.04)
	scorer, typ := p, "goal"
	if own {
		scorer, typ = b.outfield(pt[1-team], "DF"), "ownGoal"
	}
	if team == 0 {
		b.home++
	} else {
		b.away++
	}
	b.pers[len(b.pers)-1][team]++
	b.stat("goals", team, 1)
	if gk := pt[1-team].gk; gk.ID != "" {
		b.pstatAdd(gk, 1-team, "goalsConceded", 1)
	}
	in := Incident{Type: typ, Team: team, Player: scorer.ID, Name: scorer.Name, Minute: minute, Period: period, Secs: secs, Key: true, X: x, Y: y, Score: b.scoreNow()}
	if own {
		in.Text = fmt.Sprintf("%s Own goal by %s (%d-%d)", minute, scorer.Name, b.home, b.away)
	} else {
		b.pstatAdd(p, team, "goals", 1)
		if b.chance(0.7) {
			if a := b.outfield(pt[team], "MF", "FW"); a.ID != p.ID {
				b.pstatAdd(a, team, "assists", 1)
				in.Assist = a.Name
			}
		}
		in.Text = fmt.Sprintf("%s GOAL! %s scores for %s (%d-%d)", minute, p.Name, b.sideName(team), b.home, b.away)
	}
	b.incident(at, in)
	b.score(at)
	if b.f.Game != 9 && b.chance(0.03) { // the video review rules it out
		at = at.Add(90 * time.Second)
		if team == 0 {
			b.home--
		} else {
			b.away--
		}
		b.pers[len(b.pers)-1][team]--
		b.stat("goals", team, -1)
		if gk := pt[1-team].gk; gk.ID != "" {
			b.pstatAdd(gk, 1-team, "goalsConceded", -1)
		}
		if !own {
			b.pstatAdd(p, team, "goals", -1)
		}
		b.incident(at, Incident{Type: "goalDisallowed", Team: team, Player: scorer.ID, Name: scorer.Name, Minute: minute, Period: period, Secs: secs,
			Key: true, X: x, Y: y, Score: b.scoreNow(), Text: fmt.Sprintf("%s Goal disallowed after a video review (%d-%d)", minute, b.home, b.away)})
		b.add(at, Event{Kind: KScore, Score: &Score{Home: b.home, Away: b.away, Periods: append([]Pair(nil), b.pers...), Correction: true}})
		if b.leg1 != nil {
			b.aggregate(at)
		}
	}
}

func (b *builder) card(at time.Time, team int, p Player, pt *pitch, minute string, period, secs int, x, y float64) {
	typ := "yellowCard"
	switch {
	case b.chance(0.04):
		typ = "redCard"
	case pt.booked[p.ID] && b.p.Starters >= 11:
		typ = "secondYellow"
	}
	in := Incident{Type: typ, Team: team, Player: p.ID, Name: p.Name, Minute: minute, Period: period, Secs: secs, Key: true, X: x, Y: y}
	switch typ {
	case "yellowCard":
		pt.booked[p.ID] = true
		b.stat("yellowCards", team, 1)
		b.pstatAdd(p, team, "yellowCards", 1)
		in.Text = fmt.Sprintf("%s Yellow card for %s", minute, p.Name)
	case "secondYellow":
		b.stat("yellowCards", team, 1)
		b.stat("redCards", team, 1)
		b.pstatAdd(p, team, "yellowCards", 1)
		b.pstatAdd(p, team, "redCards", 1)
		in.Text = fmt.Sprintf("%s Second yellow: %s is sent off", minute, p.Name)
	default:
		b.stat("redCards", team, 1)
		b.pstatAdd(p, team, "redCards", 1)
		in.Text = fmt.Sprintf("%s Straight red card for %s", minute, p.Name)
	}
	if b.p.Starters < 11 { // esports football: the card goes to an in-game footballer, not the gamer
		in.Player, in.Name = "", ""
		b.ps(p, team).Values[typ+"s"] = 0
		delete(b.ps(p, team).Values, typ+"s")
		if typ == "secondYellow" {
			typ = "redCard"
		}
		in.Text = fmt.Sprintf("%s %s card for %s", minute, map[bool]string{true: "Yellow", false: "Red"}[typ == "yellowCard"], b.sideName(team))
	}
	if typ != "yellowCard" && b.p.Starters >= 11 && len(pt.on) > 7 {
		m := 0
		fmt.Sscanf(minute, "%d", &m)
		pt.remove(p.ID, m)
	}
	b.incident(at, in)
}

// substitute brings a substitute on for a tired outfield player (at most five changes).
func (b *builder) substitute(at time.Time, team int, pt *pitch, minuteNow int, minute string, period, secs int) {
	if pt.subs >= 5 || len(pt.bench) == 0 || len(pt.on) < 8 {
		return
	}
	for k := 0; k < 1+b.r.IntN(2) && pt.subs < 5; k++ {
		var in Player
		found := -1
		for i, p := range pt.bench {
			if !isKeeper(p.Position) {
				in, found = p, i
				break
			}
		}
		if found < 0 {
			return
		}
		out := b.outfield(pt)
		pt.remove(out.ID, minuteNow)
		pt.bench = append(pt.bench[:found], pt.bench[found+1:]...)
		pt.on = append(pt.on, in)
		pt.since[in.ID] = minuteNow
		pt.subs++
		b.pstatAdd(in, team, "minutes", 0)
		b.incident(at, Incident{Type: "substitution", Team: team, Player: in.ID, Name: in.Name, Assist: out.Name, Minute: minute, Period: period, Secs: secs,
			Text: fmt.Sprintf("%s Substitution %s: %s on for %s", minute, b.sideName(team), in.Name, out.Name)})
	}
}

// shootout plays penalties after a level extra time: five each, then sudden death. It returns
// the side that won it.
func (b *builder) shootout(t *time.Time, pt [2]*pitch) int {
	b.status(*t, StatusPenalties)
	b.period(*t, 5, "PEN", Clock{})
	var pen [2]int
	var taken [2]int
	for k := 0; ; k++ {
		*t = t.Add(time.Minute)
		team := k % 2
		var p Player
		if n := len(pt[team].on); n > 0 {
			p = pt[team].on[(n-1-taken[team]%n+n)%n]
		}
		taken[team]++
		if b.chance(0.75) {
			pen[team]++
			b.incident(*t, Incident{Type: "penaltyScored", Team: team, Player: p.ID, Name: p.Name, Period: 5, Key: true, X: 89, Y: 50, Score: &Pair{pen[0], pen[1]},
				Text: fmt.Sprintf("Shoot-out: %s scores (%d-%d)", p.Name, pen[0], pen[1])})
		} else {
			b.incident(*t, Incident{Type: "penaltyMissed", Team: team, Player: p.ID, Name: p.Name, Period: 5, Key: true, X: 89, Y: 50, Score: &Pair{pen[0], pen[1]},
				Text: fmt.Sprintf("Shoot-out: %s misses (%d-%d)", p.Name, pen[0], pen[1])})
		}
		b.detail(*t, map[string]any{"pen": []int{pen[0], pen[1]}})
		round := k/2 + 1
		left := [2]int{max(5-taken[0], 0), max(5-taken[1], 0)}
		if round <= 5 && (pen[0] > pen[1]+left[1] || pen[1] > pen[0]+left[0]) {
			break
		}
		if team == 1 && round >= 5 && pen[0] != pen[1] {
			break
		}
	}
	if pen[1] > pen[0] {
		return 1
	}
	return 0
}

// soccerRatings fills minutes played and a match rating (3.0 to 10.0) for everyone who played.
func (b *builder) soccerRatings(pt [2]*pitch, full int) {
	for team := 0; team < 2; team++ {
		for _, p := range pt[team].on {
			pt[team].played[p.ID] += full - pt[team].since[p.ID]
		}
		ids := make([]string, 0, len(b.pstat))
		for id := range b.pstat {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			ps := b.pstat[id]
			if ps.Team != team {
				continue
			}
			mins, ok := pt[team].played[id]
			if !ok {
				continue
			}
			ps.Values["minutes"] = float64(mins)
			v := ps.Values
			r := 6.2 + 1.1*v["goals"] + 0.7*v["assists"] + 0.08*v["shotsOnTarget"] + 0.05*v["tackles"] - 1.5*v["redCards"] - 0.2*v["yellowCards"]
			if isKeeper(ps.Position) {
				r = 6.4 + 0.25*v["saves"] - 0.35*v["goalsConceded"]
				delete(v, "shots")
			}
			r += (b.r.Float64() - 0.5) * 0.8
			ps.Values["rating"] = math.Round(math.Min(math.Max(r, 3), 10)*10) / 10
		}
	}
}
