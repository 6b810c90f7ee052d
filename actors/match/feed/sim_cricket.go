package feed

import (
	"fmt"
	"time"
)

// cricket plays a Twenty20 match ball by ball: each side bats one innings of at most 20 overs
// (six legal balls each) and 10 wickets; the side batting second chases the target and stops
// when it passes it. Wides and no-balls add a run and are bowled again; a bowler bowls at most
// four overs, never two in a row. About 40 real seconds a ball, a 15-minute innings break.
// Home and Away are runs; Detail carries wickets, overs ("14.3"), the innings and the target.
func (b *builder) cricket() {
	t := b.f.Start
	b.status(t, StatusLive)
	s := b.strength()
	first := b.r.IntN(2) // the side that won the toss and bats first
	b.incident(t, Incident{Type: "toss", Team: first, Text: fmt.Sprintf("%s won the toss and will bat first", b.sideName(first))})
	runs := [2]int{}
	wkts := [2]int{}
	overs := [2]string{"0.0", "0.0"}
	b.pers = []Pair{{0, 0}}
	for inn := 0; inn < 2; inn++ {
		bat := first
		if inn == 1 {
			bat = 1 - first
			b.status(t, StatusHalftime)
			t = t.Add(15 * time.Minute)
			b.status(t, StatusLive)
		}
		bowl := 1 - bat
		b.period(t, inn+1, fmt.Sprintf("I%d", inn+1), Clock{})
		order := b.starters(bat)
		var bowlers []Player
		for _, p := range b.starters(bowl) {
			if p.Position == "Bowler" || p.Position == "All-rounder" {
				bowlers = append(bowlers, p)
			}
		}
		for len(bowlers) < 5 {
			bowlers = append(bowlers, b.starters(bowl)[len(bowlers)])
		}
		bowled := map[string]int{}
		striker, other, nextIn := 0, 1, 2
		edge := 0.05 * s
		if bat == 1 {
			edge = -edge
		}
		target := runs[first] + 1
		var last Player
		balls := 0
		for over := 0; over < 20 && wkts[bat] < 10; over++ {
			var bw Player
			for {
				bw = bowlers[b.r.IntN(len(bowlers))]
				if bowled[bw.ID] < 4 && bw.ID != last.ID {
					break
				}
			}
			bowled[bw.ID]++
			last = bw
			b.pstatAdd(bw, bowl, "oversBowled", 1)
			legal := 0
			overRuns := 0
			for legal < 6 && wkts[bat] < 10 && !(inn == 1 && runs[bat] >= target) {
				t = t.Add(time.Duration(30+b.r.IntN(25)) * time.Second)
				p := order[striker]
				r := b.r.Float64() - edge
				scored, out, extra := 0, false, false
				switch {
				case r < 0.03:
					extra = true
					scored = 1
					b.stat("extras", bat, 1)
				case r < 0.075:
					out = true
				case r < 0.42:
					b.stat("dotBalls", bat, 1)
				case r < 0.79:
					scored = 1
				case r < 0.87:
					scored = 2
				case r < 0.88:
					scored = 3
				case r < 0.95:
					scored = 4
				default:
					scored = 6
				}
				if !extra {
					legal++
					balls++
					b.stat("ballsFaced", bat, 1)
					b.pstatAdd(p, bat, "balls", 1)
					b.pstatAdd(p, bat, "runs", float64(scored))
					if scored == 4 {
						b.stat("fours", bat, 1)
						b.pstatAdd(p, bat, "fours", 1)
					}
					if scored == 6 {
						b.stat("sixes", bat, 1)
						b.pstatAdd(p, bat, "sixes", 1)
					}
				}
				runs[bat] += scored
				overRuns += scored
				b.pstatAdd(bw, bowl, "runsConceded", float64(scored))
				b.stat("runs", bat, float64(scored))
				ov := fmt.Sprintf("%d.%d", over, legal)
				if legal == 6 {
					ov = fmt.Sprintf("%d.0", over+1)
				}
				overs[bat] = ov
				if out {
					wkts[bat]++
					b.stat("wicketsLost", bat, 1)
					b.pstatAdd(bw, bowl, "wickets", 1)
					how := []string{"bowled", "caught", "caught", "lbw", "run out", "stumped"}[b.r.IntN(6)]
					pr := b.ps(p, bat).Values
					b.incident(t, Incident{Type: "wicket", Team: bowl, Player: bw.ID, Name: bw.Name, Assist: p.Name, Minute: ov + " ov", Period: inn + 1, Key: true,
						Text: fmt.Sprintf("%s ov WICKET! %s %s for %.0f (%.0f balls), %d/%d", ov, p.Name, how, pr["runs"], pr["balls"], runs[bat], wkts[bat])})
					if nextIn < len(order) {
						striker = nextIn
						nextIn++
					}
				} else if scored > 0 {
					before := b.ps(p, bat).Values["runs"] - float64(scored)
					after := before + float64(scored)
					for _, m := range []float64{50, 100} {
						if !extra && before < m && after >= m {
							typ := "fifty"
							if m == 100 {
								typ = "hundred"
							}
							b.incident(t, Incident{Type: typ, Team: bat, Player: p.ID, Name: p.Name, Minute: ov + " ov", Period: inn + 1, Key: true,
								Text: fmt.Sprintf("%s ov %s reaches %.0f", ov, p.Name, m)})
						}
					}
					if scored%2 == 1 && !extra {
						striker, other = other, striker
					}
				}
				if bat == 0 {
					b.home = runs[0]
				} else {
					b.away = runs[1]
				}
				b.pers[0] = Pair{runs[0], runs[1]}
				if scored > 0 {
					b.score(t)
				}
				d := map[string]any{"innings": inn + 1, "batting": bat, "wickets": []int{wkts[0], wkts[1]}, "overs": []string{overs[0], overs[1]}}
				if inn == 1 {
					d["target"] = target
				}
				b.detail(t, d)
			}
			striker, other = other, striker
			if overRuns == 0 && legal == 6 {
				b.pstatAdd(bw, bowl, "maidens", 1)
			}
			b.flushStats(t)
			if over%5 == 4 {
				b.odds(t, b.inplay(max(1-float64(inn*120+balls)/240, 0.02)))
			}
		}
	}
	text := "Match tied"
	chase := 1 - first
	switch {
	case runs[chase] > runs[first]:
		text = fmt.Sprintf("%s won by %d wickets", b.sideName(chase), 10-wkts[chase])
	case runs[first] > runs[chase]:
		text = fmt.Sprintf("%s won by %d runs", b.sideName(first), runs[first]-runs[chase])
	}
	b.status(t, StatusFinished)
	b.flushPlayers(t)
	b.incident(t, Incident{Type: "fullTime", Team: -1, Key: true, Text: text})
}
