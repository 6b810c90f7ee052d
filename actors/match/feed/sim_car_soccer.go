package feed

import (
	"fmt"
	"math"
	"time"
)

// carSoccer plays car football (Rocket League style): best of five or seven games of five
// minutes (300 s of game clock, about 400 real seconds with the replays), three players a side;
// a level game goes to sudden-death overtime. Home and Away are games won; Periods the goals of
// each game.
func (b *builder) carSoccer() {
	const speed = 0.75
	s := b.strength()
	rate := [2]float64{math.Max(1.6+1.2*s, 0.4), math.Max(1.6-1.2*s, 0.4)}
	arena := arenaNames[b.r.IntN(len(arenaNames))]
	b.series(b.bestOf(5, 7, 3), 3*time.Minute, func(m int, t time.Time) (int, time.Time) {
		b.period(t, m, fmt.Sprintf("G%d", m), Clock{Secs: 300, Running: true, Down: true, Speed: speed})
		g := &b.pers[m-1]
		step := func(at time.Time, secs int, sudden bool) bool {
			for team := 0; team < 2; team++ {
				if b.chance(0.08) {
					b.stat("demolitions", team, 1)
					b.pstatAdd(b.pick(team, false), team, "demolitions", 1)
				}
				if !b.chance(rate[team] * 5.2 / 30) {
					continue
				}
				p := b.pick(team, false)
				b.stat("shots", team, 1)
				b.pstatAdd(p, team, "shots", 1)
				b.pstatAdd(p, team, "score", 10)
				if b.chance(0.28) {
					g[team]++
					b.stat("goals", team, 1)
					b.pstatAdd(p, team, "goals", 1)
					b.pstatAdd(p, team, "score", 100)
					in := Incident{Type: "goal", Team: team, Player: p.ID, Name: p.Name, Period: m, Secs: secs, Key: true,
						Minute: fmt.Sprintf("G%d %d:%02d", m, (300-secs%300)/60, (300-secs%300)%60)}
					if a := b.pick(team, false); a.ID != p.ID && b.chance(0.65) {
						b.stat("assists", team, 1)
						b.pstatAdd(a, team, "assists", 1)
						b.pstatAdd(a, team, "score", 50)
						in.Assist = a.Name
					}
					in.Text = fmt.Sprintf("Goal by %s, game %d %d-%d", p.Name, m, g[0], g[1])
					in.Score = &Pair{g[0], g[1]}
					b.incident(at, in)
					b.score(at)
					if sudden {
						return true
					}
				} else if b.chance(0.55) {
					k := b.pick(1-team, false)
					b.stat("saves", 1-team, 1)
					b.pstatAdd(k, 1-team, "saves", 1)
					b.pstatAdd(k, 1-team, "score", 50)
				}
			}
			return false
		}
		for sec := 10; sec <= 300; sec += 10 {
			at := t.Add(time.Duration(float64(sec)/speed) * time.Second)
			step(at, sec, false)
			b.clock(at, Clock{Secs: 300 - sec, Running: sec < 300, Down: true, Speed: speed})
			if sec%60 == 0 {
				b.detail(at, map[string]any{"game": m, "arena": arena})
				b.flushStats(at)
			}
		}
		end := t.Add(time.Duration(300/speed) * time.Second)
		if g[0] == g[1] {
			b.period(end, m, fmt.Sprintf("G%d OT", m), Clock{Running: true})
			for sec := 10; ; sec += 10 {
				at := end.Add(time.Duration(sec) * time.Second)
				if step(at, 300+sec, true) || sec > 600 && g[0] != g[1] {
					end = at
					break
				}
				if sec > 900 { // never in practice: a goal comes first
					g[b.r.IntN(2)]++
					b.score(at)
					end = at
					break
				}
			}
		}
		return leader(*g), end
	})
}
