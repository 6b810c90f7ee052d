package feed

import (
	"fmt"
	"time"
)

// baseball plays nine innings, top (away bats) and bottom (home bats), extra innings up to the
// 12th, plate appearance by plate appearance (about 3 real minutes each). The nine starters bat
// in order; each side's starting pitcher hands over to a reliever after about six innings. A tie
// after 12 innings stands (as some leagues allow). Periods hold the runs of each inning.
func (b *builder) baseball() {
	t := b.f.Start
	b.status(t, StatusLive)
	s := b.strength()
	var order [2][]Player
	var pitcher [2]Player
	var relievers [2][]Player
	next := [2]int{}
	for team := 0; team < 2; team++ {
		for _, p := range b.starters(team) {
			if p.Position == "P" && pitcher[team].ID == "" {
				pitcher[team] = p
				continue
			}
			order[team] = append(order[team], p)
		}
		if pitcher[team].ID == "" {
			pitcher[team] = b.roster(team)[0]
		}
		for _, p := range b.roster(team)[b.p.Starters:] {
			if p.Position == "P" {
				relievers[team] = append(relievers[team], p)
			}
		}
		b.pstatAdd(pitcher[team], team, "inningsPitched", 0)
	}
	outsBy := map[string]int{}
	for inning := 1; inning <= 12; inning++ {
		if inning > 9 && b.home != b.away {
			break
		}
		if inning == 10 {
			b.status(t, StatusOvertime)
		}
		b.pers = append(b.pers, Pair{0, 0})
		for half := 0; half < 2; half++ {
			if half == 1 && inning >= 9 && b.home > b.away {
				break // the home side leads: no bottom half needed
			}
			team := 1 - half // away bats in the top
			def := 1 - team
			if inning == 7 && len(relievers[def]) > 0 {
				pitcher[def] = relievers[def][b.r.IntN(len(relievers[def]))]
				b.incident(t, Incident{Type: "pitchingChange", Team: def, Player: pitcher[def].ID, Name: pitcher[def].Name, Period: inning,
					Text: fmt.Sprintf("Pitching change: %s comes in for %s", pitcher[def].Name, b.sideName(def))})
			}
			name := fmt.Sprintf("T%d", inning)
			hname := "top"
			if half == 1 {
				name, hname = fmt.Sprintf("B%d", inning), "bottom"
			}
			b.period(t, inning*2-1+half, name, Clock{})
			outs, bases := 0, [3]int{}
			edge := 0.03 * s
			if team == 1 {
				edge = -edge
			}
			for outs < 3 {
				t = t.Add(time.Duration(120+b.r.IntN(120)) * time.Second)
				p := order[team][next[team]%len(order[team])]
				next[team]++
				pi := pitcher[def]
				runs := 0
				b.pstatAdd(p, team, "plateAppearances", 1)
				b.pstatAdd(pi, def, "pitches", float64(3+b.r.IntN(4)))
				r := b.r.Float64() - edge
				switch {
				case r < 0.22:
					outs++
					b.stat("strikeouts", def, 1)
					b.pstatAdd(pi, def, "strikeouts", 1)
					b.pstatAdd(p, team, "strikeouts", 1)
					b.pstatAdd(p, team, "atBats", 1)
				case r < 0.66:
					outs++
					b.pstatAdd(p, team, "atBats", 1)
				case r < 0.74:
					b.stat("walks", team, 1)
					b.pstatAdd(p, team, "walks", 1)
					b.pstatAdd(pi, def, "walksAllowed", 1)
					runs = advance(&bases, 1, true)
				default:
					n := 1
					switch {
					case r < 0.89:
					case r < 0.962:
						n = 2
					case r < 0.968:
						n = 3
					default:
						n = 4
					}
					b.stat("hits", team, 1)
					b.pstatAdd(p, team, "hits", 1)
					b.pstatAdd(p, team, "atBats", 1)
					b.pstatAdd(pi, def, "hitsAllowed", 1)
					runs = advance(&bases, n, false)
					if n == 4 {
						b.stat("homeRuns", team, 1)
						b.pstatAdd(p, team, "homeRuns", 1)
						b.incident(t, Incident{Type: "homeRun", Team: team, Player: p.ID, Name: p.Name, Minute: name, Period: inning, Key: true,
							Text: fmt.Sprintf("%s %s hits a home run, %d run(s) score", name, p.Name, runs)})
					}
				}
				if b.chance(0.02) {
					b.stat("errors", def, 1)
				}
				if runs > 0 {
					if team == 0 {
						b.home += runs
					} else {
						b.away += runs
					}
					b.stat("runs", team, float64(runs))
					b.pers[inning-1][team] += runs
					b.pstatAdd(p, team, "rbi", float64(runs))
					b.pstatAdd(pi, def, "runsAllowed", float64(runs))
					b.score(t)
					if half == 1 && inning >= 9 && b.home > b.away {
						break // walk-off
					}
				}
				b.detail(t, map[string]any{"inning": inning, "half": hname, "outs": outs % 3, "bases": []int{bases[0], bases[1], bases[2]}})
			}
			if outs == 3 {
				b.stat("leftOnBase", team, float64(bases[0]+bases[1]+bases[2]))
			}
			b.score(t) // the line score shows the half-inning, runs or not
			outsBy[pitcher[def].ID] += min(outs, 3)
			b.pstatSet(pitcher[def], def, "inningsPitched", float64(outsBy[pitcher[def].ID]/3)+float64(outsBy[pitcher[def].ID]%3)/10)
			b.flushStats(t)
		}
		b.odds(t, b.inplay(max(float64(9-inning)/9, 0.02)))
	}
	b.status(t, StatusFinished)
	b.flushPlayers(t)
	b.incident(t, Incident{Type: "fullTime", Team: -1, Key: true, Text: fmt.Sprintf("Final: %s %d-%d %s", b.sideName(0), b.home, b.away, b.sideName(1))})
}

// advance moves runners for a hit of n bases (4 = home run) or a walk and returns runs scored.
func advance(bases *[3]int, n int, walk bool) int {
	runs := 0
	if walk {
		if bases[0] == 1 {
			if bases[1] == 1 {
				if bases[2] == 1 {
					runs++
				}
				bases[2] = 1
			}
			bases[1] = 1
		}
		bases[0] = 1
		return runs
	}
	for i := 2; i >= 0; i-- {
		if bases[i] == 1 {
			bases[i] = 0
			if i+n >= 3 {
				runs++
			} else {
				bases[i+n] = 1
			}
		}
	}
	if n >= 4 {
		runs++
	} else {
		bases[n-1] = 1
	}
	return runs
}
