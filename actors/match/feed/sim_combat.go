package feed

import (
	"fmt"
	"math"
	"time"
)

// combat plays a mixed martial arts bout: three rounds of five minutes (five in a main event,
// BestOf 5) with one-minute breaks, minute by minute: strikes landed, significant strikes,
// takedowns, knockdowns and submission attempts, control time. A knockout or a submission may
// end it in any round; otherwise three judges score each round 10-9 (10-8 for a dominant one)
// and the decision is unanimous, majority or split (or a draw). Home and Away are 1-0 or 0-1 once
// the bout is won (0-0 until then and for a draw); Periods hold one judge's score of each round.
func (b *builder) combat() {
	rounds := b.bestOf(3, 5)
	t := b.f.Start
	b.status(t, StatusLive)
	s := b.strength()
	f := [2]Player{b.roster(0)[0], b.roster(1)[0]}
	cards := [3][2]int{}
	elapsed := 0
	finished := false
	for rd := 1; rd <= rounds && !finished; rd++ {
		if rd > 1 {
			b.status(t, StatusHalftime)
			t = t.Add(time.Minute)
			b.status(t, StatusLive)
		}
		b.period(t, rd, fmt.Sprintf("R%d", rd), Clock{Running: true})
		landed := [2]float64{}
		kd := [2]int{}
		for m := 0; m < 5 && !finished; m++ {
			for sec := 0; sec < 60 && !finished; sec += 20 {
				at := t.Add(time.Duration(m*60+sec) * time.Second)
				for side := 0; side < 2; side++ {
					edge := 1 + s
					if side == 1 {
						edge = 1 - s
					}
					sig := float64(b.poisson(1.5 * edge))
					b.stat("significantStrikes", side, sig)
					b.stat("totalStrikes", side, sig+float64(b.poisson(0.8)))
					b.pstatAdd(f[side], side, "significantStrikes", sig)
					landed[side] += sig
					if b.chance(0.03 * edge) {
						b.stat("takedownAttempts", side, 1)
						b.pstatAdd(f[side], side, "takedownAttempts", 1)
						if b.chance(0.45) {
							b.stat("takedowns", side, 1)
							b.pstatAdd(f[side], side, "takedowns", 1)
							b.stat("controlSecs", side, float64(10+b.r.IntN(15)))
						}
					}
					if b.chance(0.006 * edge) {
						kd[side]++
						b.stat("knockdowns", side, 1)
						b.pstatAdd(f[side], side, "knockdowns", 1)
						clk := fmt.Sprintf("R%d %d:%02d", rd, m, sec)
						b.incident(at, Incident{Type: "knockdown", Team: side, Player: f[side].ID, Name: f[side].Name, Minute: clk, Period: rd,
							Secs: elapsed + m*60 + sec, Key: true, Text: fmt.Sprintf("%s %s drops %s", clk, f[side].Name, f[1-side].Name)})
					}
					method := ""
					if kd[side] > 0 && b.chance(0.18) {
						method = "KO/TKO"
					} else if b.chance(0.004 * edge) {
						b.stat("submissionAttempts", side, 1)
						b.pstatAdd(f[side], side, "submissionAttempts", 1)
						if b.chance(0.35) {
							method = "Submission (" + []string{"rear-naked choke", "guillotine", "armbar", "triangle choke"}[b.r.IntN(4)] + ")"
						}
					}
					if method != "" {
						finished = true
						if side == 0 {
							b.home++
						} else {
							b.away++
						}
						clk := fmt.Sprintf("%d:%02d", m, sec+b.r.IntN(20))
						b.score(at)
						b.detail(at, map[string]any{"method": method, "finishRound": rd, "finishTime": clk})
						b.incident(at, Incident{Type: "finish", Team: side, Player: f[side].ID, Name: f[side].Name, Minute: "R" + fmt.Sprint(rd) + " " + clk,
							Period: rd, Secs: elapsed + m*60 + sec, Key: true, Text: fmt.Sprintf("%s wins by %s in round %d at %s", f[side].Name, method, rd, clk)})
						t = at
						break
					}
				}
				if !finished {
					b.clock(at, Clock{Secs: m*60 + sec, Running: true})
				}
			}
			if !finished {
				b.flushStats(t.Add(time.Duration(m+1) * time.Minute))
			}
		}
		if finished {
			break
		}
		t = t.Add(5 * time.Minute)
		elapsed += 300
		b.clock(t, Clock{Secs: 300})
		// each judge scores the round from the strikes landed, knockdowns and a little taste
		rw, votes := 0, 0
		for j := 0; j < 3; j++ {
			sc := landed[0] - landed[1] + 8*float64(kd[0]-kd[1]) + b.r.NormFloat64()*4
			w := 0
			if sc < 0 {
				w = 1
			}
			if w == 0 {
				votes++
			}
			loser := 9
			if math.Abs(sc) > 25 {
				loser = 8
			}
			cards[j][w] += 10
			cards[j][1-w] += loser
			if j == 0 {
				p := Pair{10, loser}
				if w == 1 {
					p = Pair{loser, 10}
				}
				b.pers = append(b.pers, p)
			}
		}
		if votes < 2 {
			rw = 1
		}
		b.score(t)
		b.flushStats(t)
		b.incident(t, Incident{Type: "roundEnd", Team: rw, Period: rd, Text: fmt.Sprintf("End of round %d", rd)})
	}
	if !finished {
		votes := [2]int{}
		texts := []string{}
		for j := 0; j < 3; j++ {
			switch {
			case cards[j][0] > cards[j][1]:
				votes[0]++
			case cards[j][1] > cards[j][0]:
				votes[1]++
			}
			texts = append(texts, fmt.Sprintf("%d-%d", max(cards[j][0], cards[j][1]), min(cards[j][0], cards[j][1])))
		}
		winner, method := -1, "Draw"
		for side := 0; side < 2; side++ {
			if votes[side] >= 2 {
				winner, method = side, "Decision (split)"
				if votes[side] == 3 {
					method = "Decision (unanimous)"
				} else if votes[1-side] == 0 {
					method = "Decision (majority)"
				}
			}
		}
		b.detail(t, map[string]any{"method": method, "finishRound": rounds, "finishTime": "5:00", "cards": texts})
		if winner >= 0 {
			if winner == 0 {
				b.home++
			} else {
				b.away++
			}
			b.score(t)
			b.incident(t, Incident{Type: "finish", Team: winner, Player: f[winner].ID, Name: f[winner].Name, Period: rounds, Key: true,
				Text: fmt.Sprintf("%s wins by %s (%s, %s, %s)", f[winner].Name, method, texts[0], texts[1], texts[2])})
		} else {
			b.incident(t, Incident{Type: "finish", Team: -1, Period: rounds, Key: true,
				Text: fmt.Sprintf("The bout is a draw (%s, %s, %s)", texts[0], texts[1], texts[2])})
		}
	}
	b.status(t, StatusFinished)
	b.flushPlayers(t)
	b.incident(t, Incident{Type: "fullTime", Team: -1, Key: true, Text: fmt.Sprintf("Bout over: %s vs %s", f[0].Name, f[1].Name)})
}
