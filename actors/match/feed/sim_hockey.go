package feed

import (
	"fmt"
	"math"
	"time"
)

// hockey plays ice hockey: three periods of 20 minutes (about 1.6 real minutes a game minute, 17
// minute intermissions), a five-minute sudden-death overtime and a shoot-out whose winner is
// credited one goal. Shots on goal, saves, penalties and power plays, faceoffs, hits and blocked
// shots; skaters get goals, assists, shots, hits and penalty minutes, goalies saves.
func (b *builder) hockey() {
	const speed = 0.625
	perMin := time.Duration(float64(time.Minute) / speed)
	t := b.f.Start
	b.status(t, StatusLive)
	s := b.strength()
	goalRate := [2]float64{math.Max(3.1+1.2*s, 1), math.Max(2.8-1.2*s, 1)} // per 60
	var goalie [2]Player
	for team := 0; team < 2; team++ {
		goalie[team] = b.pickFrom(team, "G")
		b.pstatAdd(goalie[team], team, "saves", 0)
	}
	pp := [2]int{} // power-play minutes left for each side
	played := 0
	minuteOf := func(m int) string { return fmt.Sprintf("%d'", m) }
	play := func(idx int, name string, length int, sudden bool) {
		b.pers = append(b.pers, Pair{0, 0})
		b.period(t, idx, name, Clock{Secs: played * 60, Running: true, Speed: speed})
		for m := 0; m < length; m++ {
			at := t.Add(time.Duration(m)*perMin + time.Duration(b.r.Int64N(int64(perMin*3/4))))
			gm := played + m + 1
			secs := (played+m)*60 + b.r.IntN(60)
			for team := 0; team < 2; team++ {
				opp := 1 - team
				adv := 1.0
				if pp[team] > 0 {
					adv = 2.2
				}
				if b.chance(0.5 * adv * (1 + s*float64(1-2*team)/2)) {
					p := b.pickFrom(team, "C", "LW", "RW", "D")
					b.stat("shots", team, 1)
					b.pstatAdd(p, team, "shots", 1)
					if b.chance(math.Min(goalRate[team]/60/0.5*adv/1.2, 0.45)) {
						if team == 0 {
							b.home++
						} else {
							b.away++
						}
						b.pers[len(b.pers)-1][team]++
						b.stat("goals", team, 1)
						b.pstatAdd(p, team, "goals", 1)
						b.pstatAdd(goalie[opp], opp, "goalsAgainst", 1)
						in := Incident{Type: "goal", Team: team, Player: p.ID, Name: p.Name, Minute: minuteOf(gm), Period: idx, Secs: secs, Key: true,
							X: 89, Y: math.Round(40 + b.r.Float64()*20)}
						if team == 1 {
							in.X = 11
						}
						if a := b.pickFrom(team, "C", "LW", "RW", "D"); a.ID != p.ID && b.chance(0.9) {
							b.pstatAdd(a, team, "assists", 1)
							in.Assist = a.Name
						}
						if pp[team] > 0 {
							b.stat("powerPlayGoals", team, 1)
							pp[team] = 0
							in.Text = fmt.Sprintf("%s Power-play goal! %s (%d-%d)", minuteOf(gm), p.Name, b.home, b.away)
						} else {
							in.Text = fmt.Sprintf("%s GOAL! %s scores for %s (%d-%d)", minuteOf(gm), p.Name, b.sideName(team), b.home, b.away)
						}
						in.Score = b.scoreNow()
						b.incident(at, in)
						b.score(at)
						if sudden {
							b.flushStats(at)
							t = at
							played += m + 1
							return
						}
					} else {
						b.stat("saves", opp, 1)
						b.pstatAdd(goalie[opp], opp, "saves", 1)
					}
				}
				if b.chance(0.45) {
					b.stat("faceoffsWon", team, 1)
				}
				if b.chance(0.36) {
					b.stat("hits", team, 1)
					b.pstatAdd(b.pickFrom(team, "D", "LW", "RW"), team, "hits", 1)
				}
				if b.chance(0.23) {
					b.stat("blockedShots", team, 1)
				}
				if !sudden && pp[0] == 0 && pp[1] == 0 && b.chance(0.058) {
					p := b.pickFrom(team, "D", "C", "LW", "RW")
					b.stat("penaltyMinutes", team, 2)
					b.pstatAdd(p, team, "penaltyMinutes", 2)
					b.stat("powerPlays", opp, 1)
					pp[opp] = 2
					b.incident(at, Incident{Type: "penalty", Team: team, Player: p.ID, Name: p.Name, Minute: minuteOf(gm), Period: idx, Secs: secs,
						Text: fmt.Sprintf("%s Two minutes for %s (%s)", minuteOf(gm), p.Name, []string{"tripping", "hooking", "holding", "slashing", "interference"}[b.r.IntN(5)])})
				}
			}
			for team := range pp {
				if pp[team] > 0 {
					pp[team]--
				}
			}
			if m%4 == 3 {
				b.flushStats(at)
			}
			if m%10 == 9 {
				b.odds(at, b.inplay(math.Max(1-float64(gm)/60, 0.02)))
			}
		}
		t = t.Add(time.Duration(length) * perMin)
		played += length
		b.clock(t, Clock{Secs: played * 60, Speed: speed})
		b.flushStats(t)
	}
	for i := 1; i <= 3; i++ {
		play(i, fmt.Sprintf("P%d", i), 20, false)
		if i < 3 {
			b.status(t, StatusHalftime)
			t = t.Add(17 * time.Minute)
			b.status(t, StatusLive)
		}
	}
	if b.home == b.away {
		b.status(t, StatusOvertime)
		play(4, "OT", 5, true)
	}
	if b.home == b.away {
		b.status(t, StatusPenalties)
		b.period(t, 5, "SO", Clock{})
		var so, taken [2]int
		for k := 0; ; k++ {
			t = t.Add(time.Minute)
			team := k % 2
			p := b.pickFrom(team, "C", "LW", "RW")
			taken[team]++
			if b.chance(0.32) {
				so[team]++
				b.incident(t, Incident{Type: "penaltyScored", Team: team, Player: p.ID, Name: p.Name, Period: 5, Key: true, Score: &Pair{so[0], so[1]},
					Text: fmt.Sprintf("Shoot-out: %s scores (%d-%d)", p.Name, so[0], so[1])})
			} else {
				b.incident(t, Incident{Type: "penaltyMissed", Team: team, Player: p.ID, Name: p.Name, Period: 5, Score: &Pair{so[0], so[1]},
					Text: fmt.Sprintf("Shoot-out: %s is stopped (%d-%d)", p.Name, so[0], so[1])})
			}
			b.detail(t, map[string]any{"shootout": []int{so[0], so[1]}})
			left := [2]int{max(3-taken[0], 0), max(3-taken[1], 0)}
			if taken[1] <= 3 && (so[0] > so[1]+left[1] || so[1] > so[0]+left[0]) {
				break
			}
			if team == 1 && taken[1] >= 3 && so[0] != so[1] {
				break
			}
		}
		if so[0] > so[1] {
			b.home++
		} else {
			b.away++
		}
		b.score(t)
	}
	for team := 0; team < 2; team++ {
		v := b.ps(goalie[team], team).Values
		if faced := v["saves"] + v["goalsAgainst"]; faced > 0 {
			v["savePct"] = math.Round(v["saves"]/faced*1000) / 10
		}
	}
	b.status(t, StatusFinished)
	b.flushPlayers(t)
	b.incident(t, Incident{Type: "fullTime", Team: -1, Key: true, Text: fmt.Sprintf("Final: %s %d-%d %s", b.sideName(0), b.home, b.away, b.sideName(1))})
}
