package feed

import (
	"fmt"
	"time"
)

// soccer plays two halves of 45 minutes (one real minute per match minute) with stoppage time,
// a 15-minute break, extra time and penalties in knockout ties.
func (b *builder) soccer() {
	start := b.f.Start
	b.status(start, StatusLive)
	b.pers = []Pair{{0, 0}}
	s := b.strength()
	lam := [2]float64{(1.35 + 0.9*s) / 90, (1.15 - 0.9*s) / 90}
	poss := 50 + 15*s
	t := start
	play := func(period int, name string, fromMin, length int, added int) {
		b.period(t, period, name, Clock{Secs: fromMin * 60, Running: true})
		if len(b.pers) < period {
			b.pers = append(b.pers, Pair{0, 0})
		}
		for m := 0; m < length+added; m++ {
			at := t.Add(time.Duration(m)*time.Minute + time.Duration(b.r.IntN(50))*time.Second)
			minute := fmt.Sprintf("%d'", fromMin+m+1)
			if m >= length {
				minute = fmt.Sprintf("%d+%d'", fromMin+length, m-length+1)
			}
			if m == length-1 && added > 0 {
				b.detail(at, map[string]any{"addedTime": added})
			}
			poss += (b.r.Float64() - 0.5) * 3
			if poss < 30 {
				poss = 30
			} else if poss > 70 {
				poss = 70
			}
			for team := 0; team < 2; team++ {
				if b.r.Float64() < 0.13 {
					b.stat("shots", team, 1)
					p := b.pick(team, true)
					b.pstatAdd(p, team, "shots", 1)
					if b.r.Float64() < 0.38 {
						b.stat("shotsOnTarget", team, 1)
						if b.r.Float64() < lam[team]/(0.13*0.38) {
							b.goal(at, team, p, minute, period)
						}
					}
				}
				if b.r.Float64() < 0.055 {
					b.stat("corners", team, 1)
				}
				if b.r.Float64() < 0.02 {
					b.stat("offsides", team, 1)
				}
				b.stat("attacks", team, float64(1+b.r.IntN(2)))
				if b.r.Float64() < 0.5 {
					b.stat("dangerousAttacks", team, 1)
				}
				if b.r.Float64() < 0.12 {
					b.stat("fouls", team, 1)
					if b.r.Float64() < 0.16 {
						p := b.pick(team, false)
						card := "yellowCard"
						if b.r.Float64() < 0.05 {
							card = "redCard"
						}
						b.stat(card+"s", team, 1)
						b.pstatAdd(p, team, card+"s", 1)
						b.incident(at, Incident{Type: card, Team: team, Player: p.ID, Name: p.Name, Minute: minute, Period: period,
							Text: fmt.Sprintf("%s %s booked", minute, p.Name)})
					}
				}
				if b.r.Float64() < 0.004 {
					b.stat("penalties", team, 1)
					p := b.pick(team, true)
					b.incident(at, Incident{Type: "penaltyAwarded", Team: team, Player: p.ID, Name: p.Name, Minute: minute, Period: period,
						Text: minute + " Penalty!"})
					if b.r.Float64() < 0.76 {
						b.goal(at, team, p, minute, period)
					} else {
						b.incident(at, Incident{Type: "penaltyMissed", Team: team, Player: p.ID, Name: p.Name, Minute: minute, Period: period,
							Text: minute + " " + p.Name + " misses the penalty"})
					}
				}
			}
			if period == 2 && (m == 15 || m == 25) {
				for team := 0; team < 2; team++ {
					ps := b.roster(team)
					if len(ps) > 11 {
						in := ps[11+b.r.IntN(len(ps)-11)]
						out := b.pick(team, true)
						b.incident(at, Incident{Type: "substitution", Team: team, Player: in.ID, Name: in.Name, Minute: minute, Period: period,
							Text: fmt.Sprintf("%s %s on for %s", minute, in.Name, out.Name)})
					}
				}
			}
			if m%5 == 4 {
				b.setStat("possession", float64(int(poss)), float64(100-int(poss)))
				b.flushStats(at)
			}
			if m%10 == 9 {
				left := 1 - float64(fromMin+m)/90
				b.odds(at, b.inplay(max(left, 0.01)))
			}
		}
		t = t.Add(time.Duration(length+added) * time.Minute)
		b.setStat("possession", float64(int(poss)), float64(100-int(poss)))
		b.flushStats(t)
	}
	play(1, "1H", 0, 45, 1+b.r.IntN(4))
	b.status(t, StatusHalftime)
	b.flushPlayers(t)
	t = t.Add(15 * time.Minute)
	b.status(t, StatusLive)
	play(2, "2H", 45, 45, 2+b.r.IntN(5))
	if b.f.Knockout && b.home == b.away {
		b.status(t, StatusOvertime)
		play(3, "ET1", 90, 15, b.r.IntN(2))
		play(4, "ET2", 105, 15, 1+b.r.IntN(2))
		if b.home == b.away {
			b.status(t, StatusPenalties)
			b.period(t, 5, "PEN", Clock{})
			var pen [2]int
			for k := 0; ; k++ {
				t = t.Add(time.Minute)
				team := k % 2
				p := b.pick(team, true)
				if b.r.Float64() < 0.75 {
					pen[team]++
					b.incident(t, Incident{Type: "penaltyScored", Team: team, Player: p.ID, Name: p.Name, Period: 5, Text: p.Name + " scores"})
				} else {
					b.incident(t, Incident{Type: "penaltyMissed", Team: team, Player: p.ID, Name: p.Name, Period: 5, Text: p.Name + " misses"})
				}
				b.detail(t, map[string]any{"pen": []int{pen[0], pen[1]}})
				round := k/2 + 1
				if team == 1 && ((round >= 5 && pen[0] != pen[1]) || (round < 5 && (pen[0] > pen[1]+5-round || pen[1] > pen[0]+5-round))) {
					break
				}
			}
		}
	}
	b.clock(t, Clock{Secs: 90 * 60, Running: false})
	b.status(t, StatusFinished)
	b.flushPlayers(t)
	b.incident(t, Incident{Type: "fullTime", Team: -1, Text: fmt.Sprintf("Full time %d-%d", b.home, b.away)})
}

func (b *builder) goal(at time.Time, team int, p Player, minute string, period int) {
	if team == 0 {
		b.home++
	} else {
		b.away++
	}
	b.pers[len(b.pers)-1][team]++
	b.stat("goals", team, 1)
	b.pstatAdd(p, team, "goals", 1)
	b.incident(at, Incident{Type: "goal", Team: team, Player: p.ID, Name: p.Name, Minute: minute, Period: period,
		Text: fmt.Sprintf("%s GOAL! %s (%d-%d)", minute, p.Name, b.home, b.away)})
	if b.r.Float64() < 0.7 {
		a := b.pick(team, false)
		if a.ID != p.ID {
			b.pstatAdd(a, team, "assists", 1)
		}
	}
	b.score(at)
}
