package feed

import (
	"fmt"
	"time"
)

// basketball plays four 12-minute quarters (about 20 real minutes each, 2-minute breaks, a
// 15-minute half-time) and 5-minute overtimes while tied. The clock counts down.
func (b *builder) basketball() {
	t := b.f.Start
	b.status(t, StatusLive)
	s := b.strength()
	// About 110 points a team in 48 minutes: 0.92 points per 24-second possession window.
	rate := [2]float64{0.92 * (1 + 0.2*s), 0.92 * (1 - 0.2*s)} // points per 24 game seconds
	quarter := func(i int, name string, gameSecs int, realMin int) {
		if len(b.pers) < i {
			b.pers = append(b.pers, Pair{0, 0})
		}
		b.period(t, i, name, Clock{Secs: gameSecs, Running: true, Down: true})
		steps := gameSecs / 24
		stepReal := time.Duration(realMin) * time.Minute / time.Duration(steps)
		fouls := [2]int{}
		for k := 1; k <= steps; k++ {
			at := t.Add(time.Duration(k) * stepReal)
			left := gameSecs - k*24
			scored := false
			for team := 0; team < 2; team++ {
				pts := b.poisson(rate[team])
				for pts > 0 {
					p := b.pick(team, false)
					var v int
					switch r := b.r.Float64(); {
					case r < 0.36 && pts >= 3:
						v = 3
						b.stat("threePoints", team, 1)
						b.pstatAdd(p, team, "threePoints", 1)
					case r < 0.85 && pts >= 2:
						v = 2
						b.stat("twoPoints", team, 1)
					default:
						v = 1
						b.stat("freeThrowsMade", team, 1)
						b.stat("freeThrows", team, 1)
					}
					pts -= v
					b.pstatAdd(p, team, "points", float64(v))
					if team == 0 {
						b.home += v
					} else {
						b.away += v
					}
					b.pers[i-1][team] += v
					scored = true
					if b.r.Float64() < 0.6 {
						a := b.pick(team, false)
						b.stat("assists", team, 1)
						b.pstatAdd(a, team, "assists", 1)
					}
					if v == 3 && b.r.Float64() < 0.3 {
						b.incident(at, Incident{Type: "threePointer", Team: team, Player: p.ID, Name: p.Name, Period: i,
							Minute: fmt.Sprintf("%s %02d:%02d", name, left/60, left%60), Text: p.Name + " hits a three"})
					}
				}
				reb := b.pick(team, false)
				b.stat("rebounds", team, float64(1+b.r.IntN(2)))
				b.pstatAdd(reb, team, "rebounds", 1)
				if b.r.Float64() < 0.3 {
					b.stat("steals", team, 1)
				}
				if b.r.Float64() < 0.2 {
					b.stat("blocks", team, 1)
				}
				if b.r.Float64() < 0.55 {
					b.stat("turnovers", team, 1)
				}
				if b.r.Float64() < 0.8 {
					b.stat("fouls", team, 1)
					fouls[team]++
					if b.r.Float64() < 0.5 {
						b.stat("freeThrows", team, 1)
					}
				}
			}
			if scored {
				b.score(at)
			}
			b.clock(at, Clock{Secs: max(left, 0), Running: left > 0, Down: true})
			if k%3 == 0 {
				b.detail(at, map[string]any{"fouls": []int{fouls[0], fouls[1]}})
				b.flushStats(at)
			}
			if k%8 == 0 {
				b.odds(at, b.inplay(max(1-float64(b.elapsedBasket(i, gameSecs-left))/2880, 0.01)))
			}
		}
		t = t.Add(time.Duration(realMin) * time.Minute)
		b.flushStats(t)
	}
	for q := 1; q <= 4; q++ {
		quarter(q, fmt.Sprintf("Q%d", q), 720, 20)
		switch q {
		case 2:
			b.status(t, StatusHalftime)
			b.flushPlayers(t)
			t = t.Add(15 * time.Minute)
			b.status(t, StatusLive)
		case 1, 3:
			t = t.Add(2 * time.Minute)
		}
	}
	for ot := 1; b.home == b.away && ot <= 4; ot++ {
		b.status(t, StatusOvertime)
		quarter(4+ot, fmt.Sprintf("OT%d", ot), 300, 9)
		t = t.Add(2 * time.Minute)
	}
	if b.home == b.away { // four overtimes and still level: the simulator settles it with one more basket
		b.home += 2
		b.pers[len(b.pers)-1][0] += 2
		b.score(t)
	}
	b.status(t, StatusFinished)
	b.flushPlayers(t)
	b.incident(t, Incident{Type: "fullTime", Team: -1, Text: fmt.Sprintf("Final %d-%d", b.home, b.away)})
}

func (b *builder) elapsedBasket(q, inQuarter int) int {
	if q > 4 {
		return 2880
	}
	return (q-1)*720 + inQuarter
}
