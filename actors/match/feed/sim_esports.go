package feed

import (
	"fmt"
	"time"
)

var (
	csMaps   = []string{"Mirage", "Inferno", "Nuke", "Ancient", "Anubis", "Dust2", "Train"}
	valMaps  = []string{"Ascent", "Bind", "Haven", "Lotus", "Split", "Sunset", "Icebox"}
	lolHero  = []string{"Azir", "Jinx", "Lee Sin", "Nautilus", "Orianna", "Kai'Sa", "Rell", "Viego", "Ahri", "Renekton"}
	dotaHero = []string{"Pudge", "Invoker", "Crystal Maiden", "Juggernaut", "Lion", "Mars", "Tidehunter", "Storm Spirit", "Shadow Fiend", "Faceless Void"}
	csGuns   = []string{"AK-47", "M4A1-S", "AWP", "Desert Eagle", "Galil AR", "FAMAS"}
	valGuns  = []string{"Vandal", "Phantom", "Operator", "Sheriff", "Spectre", "Classic"}
)

// series plays maps until one side wins a majority of BestOf (default 3); playMap plays one map
// starting at t and returns the winner (0 home, 1 away) and the map's end. Between maps the
// match is in a break (StatusHalftime) for 8 minutes.
func (b *builder) series(playMap func(m int, t time.Time) (int, time.Time)) {
	bo := b.f.BestOf
	if bo != 1 && bo != 5 {
		bo = 3
	}
	need := bo/2 + 1
	t := b.f.Start
	b.status(t, StatusLive)
	for m := 1; b.home < need && b.away < need; m++ {
		if m > 1 {
			b.status(t, StatusHalftime)
			t = t.Add(8 * time.Minute)
			b.status(t, StatusLive)
		}
		b.pers = append(b.pers, Pair{0, 0})
		b.period(t, m, fmt.Sprintf("M%d", m), Clock{Running: true})
		w, end := playMap(m, t)
		t = end
		if w == 0 {
			b.home++
		} else {
			b.away++
		}
		b.score(t)
		b.incident(t, Incident{Type: "mapWin", Team: w, Period: m, Text: fmt.Sprintf("Map %d won (%d-%d)", m, b.pers[m-1][0], b.pers[m-1][1])})
		b.flushStats(t)
		b.flushPlayers(t)
		b.odds(t, b.inplay(0.5))
	}
	b.status(t, StatusFinished)
	b.incident(t, Incident{Type: "fullTime", Team: -1, Text: fmt.Sprintf("Series over %d-%d", b.home, b.away)})
}

// moba plays League of Legends or Dota 2 maps minute by minute: kills, gold or net worth,
// towers, dragons, heralds and barons (LoL), Roshan and barracks (Dota 2), and the firsts.
func (b *builder) moba() {
	lol := b.f.Game == GameLoL
	heroes := dotaHero
	econ := "networth"
	if lol {
		heroes, econ = lolHero, "gold"
	}
	s := b.strength()
	b.series(func(m int, t time.Time) (int, time.Time) {
		length := 26 + b.r.IntN(16)
		if !lol {
			length += 6
		}
		gold := [2]float64{}
		kills := [2]int{}
		towers := [2]int{}
		objs := [2]int{}
		first := map[string]bool{}
		for _, k := range []string{"kills", "towers", "dragons", "barons", "heralds", "roshans", "barracks"} {
			b.setStat(k, 0, 0)
		}
		for team := 0; team < 2; team++ {
			for i := 0; i < 5; i++ {
				p := b.pick(team, false)
				b.pstatAdd(p, team, "hero:"+heroes[b.r.IntN(len(heroes))], 1)
			}
		}
		firstOf := func(at time.Time, key string, team int, text string) {
			if !first[key] {
				first[key] = true
				f := Stat{}
				f[team] = 1
				b.stats[key] = f
				b.incident(at, Incident{Type: key, Team: team, Period: m, Minute: fmt.Sprintf("M%d %02d:00", m, int(at.Sub(t).Minutes())), Text: text})
			}
		}
		for min := 1; min <= length; min++ {
			at := t.Add(time.Duration(min) * time.Minute)
			lead := (gold[0] - gold[1]) / 10000
			for team := 0; team < 2; team++ {
				edge := s + lead
				if team == 1 {
					edge = -edge
				}
				gold[team] += 1800 + 250*edge + float64(b.r.IntN(300))
				k := b.poisson(max(0.35*(1+edge), 0.05))
				for ; k > 0; k-- {
					kills[team]++
					b.pers[m-1][team]++
					killer, victim := b.pick(team, false), b.pick(1-team, false)
					b.pstatAdd(killer, team, "kills", 1)
					b.pstatAdd(victim, 1-team, "deaths", 1)
					b.pstatAdd(b.pick(team, false), team, "assists", 1)
					gold[team] += 300
					b.stat("kills", team, 1)
					firstOf(at, "firstBlood", team, fmt.Sprintf("First blood: %s kills %s", killer.Name, victim.Name))
				}
				if min > 12 && towers[team] < 11 && b.r.Float64() < 0.18*(1+edge) {
					towers[team]++
					b.stat("towers", team, 1)
					firstOf(at, "firstTower", team, "First tower destroyed")
					if !lol && towers[team] > 6 && b.r.Float64() < 0.4 {
						b.stat("barracks", team, 1)
					}
				}
			}
			obj := func(key, text string) {
				team := 0
				if b.r.Float64() > 0.5+(gold[0]-gold[1])/20000+s/4 {
					team = 1
				}
				objs[team]++
				b.stat(key, team, 1)
				b.incident(at, Incident{Type: key[:len(key)-1], Team: team, Period: m, Minute: fmt.Sprintf("M%d %02d:00", m, min), Text: text})
				if lol && key == "dragons" {
					firstOf(at, "firstDragon", team, "First dragon")
				}
				if lol && key == "barons" {
					firstOf(at, "firstBaron", team, "First Baron Nashor")
				}
				if !lol && key == "roshans" {
					firstOf(at, "firstRoshan", team, "First Roshan")
				}
				gold[team] += 1500
			}
			if lol {
				if min >= 5 && min%6 == 5 {
					obj("dragons", "Dragon slain")
				}
				if min == 8 || min == 14 {
					obj("heralds", "Rift Herald taken")
				}
				if min >= 20 && min%8 == 4 {
					obj("barons", "Baron Nashor slain")
				}
			} else if min >= 15 && min%11 == 4 {
				obj("roshans", "Roshan slain")
			}
			b.setStat(econ, float64(int(gold[0])), float64(int(gold[1])))
			if !lol {
				b.setStat("experience", float64(int(gold[0]*1.1)), float64(int(gold[1]*1.1)))
			}
			b.clock(at, Clock{Secs: min * 60, Running: true})
			b.detail(at, map[string]any{"map": m, econ: []int{int(gold[0]), int(gold[1])}, "kills": []int{kills[0], kills[1]}})
			b.score(at)
			if min%3 == 0 {
				b.flushStats(at)
			}
		}
		end := t.Add(time.Duration(length)*time.Minute + 30*time.Second)
		w := 0
		if gold[1]+float64(b.r.IntN(4000)) > gold[0]+2000 {
			w = 1
		}
		b.stat("towers", w, 1)
		b.clock(end, Clock{Secs: length*60 + 30, Running: false})
		return w, end
	})
}

// tactical plays CS2 (bomb) or Valorant (spike) maps round by round: first to 13 (MR12); at
// 12-12 CS2 plays overtimes of six rounds (first to 4) and Valorant plays on until a two-round
// lead. Pistol rounds are rounds 1 and 13.
func (b *builder) tactical() {
	cs := b.f.Game == GameCS
	pool, guns := valMaps, valGuns
	plant, defuse, boom := "spikePlants", "spikeDefuses", "spikeDetonations"
	sides := [2]string{"ATK", "DEF"}
	if cs {
		pool, guns = csMaps, csGuns
		plant, defuse, boom = "bombPlants", "bombDefuses", "bombExplosions"
		sides = [2]string{"T", "CT"}
	}
	s := b.strength()
	b.series(func(m int, t time.Time) (int, time.Time) {
		mapName := pool[(m+b.r.IntN(len(pool)))%len(pool)]
		r := [2]int{}
		econ := [2]int{4000, 4000}
		attacker := b.r.IntN(2) // the team attacking (planting) this half
		for _, k := range []string{"rounds", plant, defuse, boom, "kills"} {
			b.setStat(k, 0, 0)
		}
		for round := 1; ; round++ {
			if round == 13 || (round > 24 && (round-25)%3 == 0) {
				attacker = 1 - attacker
			}
			t = t.Add(time.Duration(80+b.r.IntN(50)) * time.Second)
			p := 0.5 + s/2 + float64(econ[0]-econ[1])/40000
			if attacker == 0 {
				p -= 0.04
			} else {
				p += 0.04
			}
			w := 0
			if b.r.Float64() > p {
				w = 1
			}
			planted := b.r.Float64() < 0.55
			if planted {
				b.stat(plant, attacker, 1)
				b.incident(t, Incident{Type: plant[:len(plant)-1], Team: attacker, Period: m, Minute: fmt.Sprintf("R%d", round), Text: fmt.Sprintf("Round %d: planted", round)})
				if w == attacker {
					b.stat(boom, attacker, 1)
				} else if b.r.Float64() < 0.6 {
					b.stat(defuse, 1-attacker, 1)
					b.incident(t, Incident{Type: defuse[:len(defuse)-1], Team: 1 - attacker, Period: m, Minute: fmt.Sprintf("R%d", round), Text: fmt.Sprintf("Round %d: defused", round)})
				}
			}
			for team := 0; team < 2; team++ {
				k := 1 + b.r.IntN(4)
				if team == w {
					k = 3 + b.r.IntN(3)
				}
				for ; k > 0; k-- {
					pl := b.pick(team, false)
					b.pstatAdd(pl, team, "kills", 1)
					b.pstatAdd(pl, team, "weapon:"+guns[b.r.IntN(len(guns))], 1)
					b.pstatAdd(b.pick(1-team, false), 1-team, "deaths", 1)
					b.stat("kills", team, 1)
				}
			}
			r[w]++
			b.pers[m-1][w]++
			b.stat("rounds", w, 1)
			if round == 1 || round == 13 {
				b.stat("pistolRoundsWon", w, 1)
				b.incident(t, Incident{Type: "pistolRound", Team: w, Period: m, Minute: fmt.Sprintf("R%d", round), Text: fmt.Sprintf("Pistol round %d won", round)})
			}
			econ[w] = min(econ[w]+3250+b.r.IntN(1500), 16000)
			econ[1-w] = min(econ[1-w]+1400+b.r.IntN(1500), 16000)
			if b.r.Float64() < 0.6 {
				econ[0] = max(econ[0]-3000-b.r.IntN(2000), 800)
			}
			if b.r.Float64() < 0.6 {
				econ[1] = max(econ[1]-3000-b.r.IntN(2000), 800)
			}
			b.setStat("econ", float64(econ[0]), float64(econ[1]))
			side := [2]string{sides[0], sides[1]}
			if attacker == 1 {
				side = [2]string{sides[1], sides[0]}
			}
			b.detail(t, map[string]any{"map": m, "mapName": mapName, "round": round + 1, "econ": []int{econ[0], econ[1]}, "side": []string{side[0], side[1]}})
			b.score(t)
			if round%4 == 0 {
				b.flushStats(t)
			}
			if won := b.mapOver(cs, r); won >= 0 {
				return won, t
			}
		}
	})
}

// mapOver returns the winner of a tactical map with round score r, or -1.
func (b *builder) mapOver(cs bool, r [2]int) int {
	hi, lo, w := r[0], r[1], 0
	if r[1] > r[0] {
		hi, lo, w = r[1], r[0], 1
	}
	if hi == 13 && lo <= 11 {
		return w
	}
	if hi < 13 {
		return -1
	}
	if cs {
		// overtime blocks of six rounds, first to four: 16, 19, 22, ...
		if (hi-13)%3 == 0 && hi-lo >= 2 {
			return w
		}
		return -1
	}
	if hi-lo >= 2 {
		return w
	}
	return -1
}

// generic plays any other game as a best-of series of short maps with a score per map.
func (b *builder) generic() {
	b.series(func(m int, t time.Time) (int, time.Time) {
		for k := 1; k <= 10; k++ {
			t = t.Add(2 * time.Minute)
			w := b.r.IntN(2)
			b.pers[m-1][w]++
			b.score(t)
		}
		if b.pers[m-1][0] >= b.pers[m-1][1] {
			return 0, t
		}
		return 1, t
	})
}
