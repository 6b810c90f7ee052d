package feed

import (
	"fmt"
	"time"
)

// baseball plays nine innings, top (away bats) and bottom (home bats), extra innings up to the
// 12th, about 3 real minutes per plate appearance. A tie after 12 innings stands.
func (b *builder) baseball() {
	t := b.f.Start
	b.status(t, StatusLive)
	s := b.strength()
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
				p := b.pick(team, false)
				runs := 0
				r := b.r.Float64() - edge
				switch {
				case r < 0.22:
					outs++
					b.stat("strikeouts", 1-team, 1)
				case r < 0.66:
					outs++
				case r < 0.74:
					b.stat("walks", team, 1)
					runs = advance(&bases, 1, true)
				case r < 0.89:
					b.stat("hits", team, 1)
					runs = advance(&bases, 1, false)
				case r < 0.945:
					b.stat("hits", team, 1)
					runs = advance(&bases, 2, false)
				case r < 0.95:
					b.stat("hits", team, 1)
					runs = advance(&bases, 3, false)
				default:
					b.stat("hits", team, 1)
					b.stat("homeRuns", team, 1)
					runs = advance(&bases, 4, false)
					b.pstatAdd(p, team, "homeRuns", 1)
					b.incident(t, Incident{Type: "homeRun", Team: team, Player: p.ID, Name: p.Name, Minute: name, Period: inning,
						Text: fmt.Sprintf("%s home run by %s (%d run(s))", name, p.Name, runs)})
				}
				if b.r.Float64() < 0.02 {
					b.stat("errors", 1-team, 1)
				}
				if runs > 0 {
					if team == 0 {
						b.home += runs
					} else {
						b.away += runs
					}
					b.pers[inning-1][team] += runs
					b.pstatAdd(p, team, "rbi", float64(runs))
					b.score(t)
					if half == 1 && inning >= 9 && b.home > b.away {
						break // walk-off
					}
				}
				b.detail(t, map[string]any{"inning": inning, "half": hname, "outs": outs % 3, "bases": []int{bases[0], bases[1], bases[2]}})
			}
			b.flushStats(t)
		}
		b.odds(t, b.inplay(max(float64(9-inning)/9, 0.02)))
	}
	b.status(t, StatusFinished)
	b.flushPlayers(t)
	b.incident(t, Incident{Type: "fullTime", Team: -1, Text: fmt.Sprintf("Final %d-%d", b.home, b.away)})
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
