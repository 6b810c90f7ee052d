package feed

import (
	"fmt"
	"math"
	"time"
)

func (b *builder) quarterSecs() int {
	if b.f.Game == 22 {
		return 360 // esports basketball plays six-minute quarters
	}
	return 720
}

// court is one side's players during a basketball game.
type court struct {
	players []Player // the rotation: starters first
	weight  []int    // share of the play each gets
	fouls   map[string]int
}

func (b *builder) newCourt(team int) *court {
	ps := b.roster(team)
	n := min(len(ps), 9)
	c := &court{players: ps[:n], fouls: map[string]int{}}
	for i := range c.players {
		w := 1
		if i < b.p.Starters {
			w = 3
		}
		c.weight = append(c.weight, w)
	}
	return c
}

// pickCourt draws a player, favouring positions in prefer, skipping players with six fouls.
func (b *builder) pickCourt(c *court, prefer ...string) Player {
	total := 0
	ws := make([]int, len(c.players))
	for i, p := range c.players {
		if c.fouls[p.ID] >= 6 {
			continue
		}
		w := c.weight[i]
		for _, x := range prefer {
			if p.Position == x {
				w *= 3
			}
		}
		ws[i] = w
		total += w
	}
	if total == 0 {
		return c.players[0]
	}
	k := b.r.IntN(total)
	for i, w := range ws {
		if k < w {
			return c.players[i]
		}
		k -= w
	}
	return c.players[0]
}

// basketball plays four quarters possession by possession (about 100 possessions a side in 48
// minutes): turnovers and steals, shooting fouls and free throws, two- and three-point attempts
// with realistic percentages, blocks, offensive and defensive rebounds, assists, team fouls and
// the bonus. A quarter of 12 minutes takes about 20 real minutes (the clock stops at whistles),
// a 2-minute break between quarters and 15 at half-time; 5-minute overtimes while level.
func (b *builder) basketball() {
	qs, ots := b.quarterSecs(), 300
	if b.f.Game == 22 {
		ots = 180
	}
	speed := 0.6
	t := b.f.Start
	b.status(t, StatusLive)
	s := b.strength()
	eff := [2]float64{1 + 0.06*s, 1 - 0.06*s}
	cs := [2]*court{b.newCourt(0), b.newCourt(1)}
	for team := 0; team < 2; team++ {
		for _, p := range cs[team].players {
			b.pstatAdd(p, team, "points", 0)
		}
	}
	o := b.r.IntN(2) // the side in possession
	elapsed := 0
	quarter := func(i int, name string, secs int) {
		b.pers = append(b.pers, Pair{0, 0})
		b.period(t, i, name, Clock{Secs: secs, Running: true, Down: true, Speed: speed})
		left := secs
		tf := [2]int{}
		for left > 0 {
			d := 1 - o
			length := min(8+b.r.IntN(15), left)
			left -= length
			at := t.Add(time.Duration(float64(secs-left)/speed) * time.Second)
			clock := fmt.Sprintf("%s %02d:%02d", name, left/60, left%60)
			pts := 0
			ft := func(n int, shooter Player) {
				for k := 0; k < n; k++ {
					b.stat("freeThrows", o, 1)
					b.pstatAdd(shooter, o, "freeThrowsAttempted", 1)
					if b.chance(0.77) {
						pts++
						b.stat("freeThrowsMade", o, 1)
						b.pstatAdd(shooter, o, "freeThrowsMade", 1)
					}
				}
			}
			foul := func(p Player) {
				b.stat("fouls", d, 1)
				b.pstatAdd(p, d, "fouls", 1)
				cs[d].fouls[p.ID]++
				tf[d]++
			}
			switch r := b.r.Float64(); {
			case r < 0.13:
				p := b.pickCourt(cs[o], "PG", "SG")
				b.stat("turnovers", o, 1)
				b.pstatAdd(p, o, "turnovers", 1)
				if b.chance(0.55) {
					st := b.pickCourt(cs[d], "PG", "SG", "SF")
					b.stat("steals", d, 1)
					b.pstatAdd(st, d, "steals", 1)
				}
			case r < 0.195:
				shooter := b.pickCourt(cs[o], "SG", "SF", "PF")
				foul(b.pickCourt(cs[d], "PF", "C"))
				ft(2, shooter)
			default:
				for tries := 0; tries < 3; tries++ {
					shooter := b.pickCourt(cs[o], "SG", "SF", "PG")
					b.pstatAdd(shooter, o, "fieldGoalsAttempted", 1)
					if b.chance(0.39) {
						b.stat("threePointsAttempted", o, 1)
						b.pstatAdd(shooter, o, "threePointsAttempted", 1)
						if b.chance(0.36 * eff[o]) {
							pts += 3
							b.stat("threePoints", o, 1)
							b.pstatAdd(shooter, o, "threePoints", 1)
							b.pstatAdd(shooter, o, "fieldGoalsMade", 1)
							b.assist(cs[o], o, shooter)
							// Every three is on the timeline with the place it was shot from (the match page draws
							// them on the court); about one in five is a key event, so the overview lists some
							// while the game is on, not only period ends.
							key := b.chance(0.22)
							x, y := b.threePlace(o)
							b.incident(at, Incident{Type: "threePointer", Team: o, Player: shooter.ID, Name: shooter.Name, Minute: clock, Period: i,
								Secs: elapsed + secs - left, Key: key, X: x, Y: y, Text: fmt.Sprintf("%s %s hits a three", clock, shooter.Name)})
							break
						}
					} else {
						b.stat("twoPointsAttempted", o, 1)
						if b.chance(0.53 * eff[o]) {
							pts += 2
							b.stat("twoPoints", o, 1)
							b.pstatAdd(shooter, o, "fieldGoalsMade", 1)
							b.assist(cs[o], o, shooter)
							if b.chance(0.03) {
								foul(b.pickCourt(cs[d], "PF", "C"))
								ft(1, shooter)
							}
							break
						}
						if b.chance(0.15) {
							bl := b.pickCourt(cs[d], "C", "PF")
							b.stat("blocks", d, 1)
							b.pstatAdd(bl, d, "blocks", 1)
						}
					}
					if b.chance(0.22) {
						rb := b.pickCourt(cs[o], "C", "PF")
						b.stat("rebounds", o, 1)
						b.stat("offensiveRebounds", o, 1)
						b.pstatAdd(rb, o, "rebounds", 1)
						continue
					}
					rb := b.pickCourt(cs[d], "C", "PF", "SF")
					b.stat("rebounds", d, 1)
					b.pstatAdd(rb, d, "rebounds", 1)
					break
				}
			}
			if b.chance(0.09) { // a defensive foul away from the ball; in the bonus it means two shots
				foul(b.pickCourt(cs[d]))
				if tf[d] > 4 {
					ft(2, b.pickCourt(cs[o], "PG", "SG"))
				}
			}
			if pts > 0 {
				if o == 0 {
					b.home += pts
				} else {
					b.away += pts
				}
				b.pers[i-1][o] += pts
				b.stat("points", o, float64(pts))
				b.score(at)
				b.flushStats(at) // the statistics tab never disagrees with the scoreboard
			}
			b.clock(at, Clock{Secs: left, Running: left > 0, Down: true, Speed: speed})
			if b.chance(0.15) {
				b.detail(at, map[string]any{"fouls": []int{tf[0], tf[1]}})
				b.flushStats(at)
			}
			if b.chance(0.03) {
				b.odds(at, b.inplay(math.Max(1-float64(elapsed+secs-left)/float64(4*qs), 0.01)))
			}
			o = d
		}
		elapsed += secs
		t = t.Add(time.Duration(float64(secs)/speed) * time.Second)
		b.detail(t, map[string]any{"fouls": []int{tf[0], tf[1]}})
		b.flushStats(t)
		b.incident(t, Incident{Type: "periodEnd", Team: -1, Period: i, Secs: elapsed, Key: true, Score: b.scoreNow(),
			Text: fmt.Sprintf("End of %s: %d-%d", name, b.home, b.away)})
	}
	for q := 1; q <= 4; q++ {
		quarter(q, fmt.Sprintf("Q%d", q), qs)
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
	for ot := 1; b.home == b.away && len(b.pers) < b.p.MaxPeriods; ot++ {
		if ot == 1 {
			b.status(t, StatusOvertime)
		}
		quarter(4+ot, fmt.Sprintf("OT%d", ot), ots)
		t = t.Add(2 * time.Minute)
	}
	b.basketballMinutes(cs, elapsed)
	b.status(t, StatusFinished)
	b.flushPlayers(t)
	b.incident(t, Incident{Type: "fullTime", Team: -1, Key: true, Text: fmt.Sprintf("Final: %s %d-%d %s", b.sideName(0), b.home, b.away, b.sideName(1))})
}

func (b *builder) assist(c *court, team int, shooter Player) {
	if !b.chance(0.6) {
		return
	}
	for range 4 {
		if a := b.pickCourt(c, "PG"); a.ID != shooter.ID {
			b.stat("assists", team, 1)
			b.pstatAdd(a, team, "assists", 1)
			return
		}
	}
}

// basketballMinutes shares the game's minutes (five on the floor) between the rotation: starters
// about 34, the bench the rest.
func (b *builder) basketballMinutes(cs [2]*court, elapsed int) {
	total := 5 * elapsed / 60
	for team := 0; team < 2; team++ {
		c := cs[team]
		left := total
		nStart := min(b.p.Starters, len(c.players))
		for i := 0; i < nStart; i++ {
			m := min(elapsed/60*34/48+b.r.IntN(7)-3, left)
			if len(c.players) == nStart && i == nStart-1 {
				m = left
			}
			b.pstatSet(c.players[i], team, "minutes", float64(m))
			left -= m
		}
		bench := c.players[nStart:]
		for i, p := range bench {
			m := left / (len(bench) - i)
			b.pstatSet(p, team, "minutes", float64(m))
			left -= m
		}
	}
}
