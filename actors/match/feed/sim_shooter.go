package feed

import (
	"fmt"
	"math"
	"time"
)

// tacticalRules are the round rules of a round-based shooter.
type tacticalRules struct {
	win, half      int     // rounds to win a map; rounds per half
	otBlock        int     // CS2: overtime halves of otBlock rounds (first to otBlock+1); 0: win by two
	otCap          int     // highest score overtime can reach (0: none)
	pistol         bool    // first round of each half is a pistol round
	econMax        int     // a player's money cap (0: no economy)
	plant, defuse  string  // statistics of the objective planted and defused
	explode        string  // statistic of a successful detonation ("" none)
	plantP         float64 // share of rounds with a plant
	sides          [2]string
	heroes         []string // agents or operators, one per player and map (nil: none)
	weapons        []string
	maps           []string
	plantIncident  string
	defuseIncident string
	plantText      string
}

var tacticalGames = map[int]tacticalRules{
	GameCS: {13, 12, 3, 0, true, 16000, "bombPlants", "bombDefuses", "bombExplosions", 0.55, [2]string{"T", "CT"}, nil, weaponsFull,
		tacticalMaps[GameCS], "bombPlant", "bombDefuse", "bomb planted"},
	GameValorant: {13, 12, 0, 0, true, 9000, "spikePlants", "spikeDefuses", "spikeDetonations", 0.55, [2]string{"ATK", "DEF"}, shooterAgents, weaponsFull,
		tacticalMaps[GameValorant], "spikePlant", "spikeDefuse", "spike planted"},
	20: {7, 6, 0, 9, false, 0, "defuserPlants", "defuserDisables", "", 0.45, [2]string{"ATK", "DEF"}, siegeOperators, weaponsSMG,
		tacticalMaps[20], "defuserPlant", "defuserDisable", "defuser planted"},
	16: {11, 10, 0, 13, true, 0, "bombPlants", "bombDefuses", "bombExplosions", 0.5, [2]string{"ATK", "DEF"}, nil, weaponsFull,
		tacticalMaps[16], "bombPlant", "bombDefuse", "bomb planted"},
}

// tactical plays round-based shooters (CS2, Valorant, Rainbow Six, CrossFire) round by round:
// kills and deaths of five players a side, plants, defuses and detonations, pistol rounds, the
// economy (CS2 and Valorant), sides swapping at half-time and overtime by each game's rules.
// Periods hold each map's rounds.
func (b *builder) tactical() {
	rules, ok := tacticalGames[b.f.Game]
	if !ok {
		rules = tacticalGames[GameCS]
	}
	s := b.strength()
	b.series(b.bestOf(3, 1, 5), 8*time.Minute, func(m int, t time.Time) (int, time.Time) {
		mapName := rules.maps[(m+b.r.IntN(len(rules.maps)))%len(rules.maps)]
		b.period(t, m, fmt.Sprintf("M%d", m), Clock{Running: true})
		r := [2]int{}
		econ := [2]int{800, 800}
		if rules.econMax == 9000 {
			econ = [2]int{800, 800}
		}
		attacker := b.r.IntN(2)
		for _, k := range b.p.Stats {
			b.setStat(k, 0, 0)
		}
		if rules.heroes != nil {
			perm := b.r.Perm(len(rules.heroes))
			for team := 0; team < 2; team++ {
				for i, p := range b.starters(team) {
					b.hero(p, team, rules.heroes[perm[(i+team*2)%len(perm)]])
				}
			}
		}
		weaponUse := map[string]map[string]int{}
		start := t
		for round := 1; ; round++ {
			if round == rules.half+1 || (round > 2*rules.half && rules.otBlock > 0 && (round-2*rules.half-1)%rules.otBlock == 0) ||
				(round > 2*rules.half && rules.otBlock == 0) {
				attacker = 1 - attacker
			}
			t = t.Add(time.Duration(80+b.r.IntN(50)) * time.Second)
			p := 0.5 + s/2
			if rules.econMax > 0 {
				p += float64(econ[0]-econ[1]) / float64(rules.econMax) / 4
			}
			if attacker == 0 {
				p -= 0.03
			} else {
				p += 0.03
			}
			w := 0
			if b.r.Float64() > p {
				w = 1
			}
			label := fmt.Sprintf("R%d", round)
			secs := int(t.Sub(start) / time.Second)
			site := "A"
			if b.chance(rules.plantP) {
				b.stat(rules.plant, attacker, 1)
				pl := b.pick(attacker, false)
				b.pstatAdd(pl, attacker, "plants", 1)
				var sx, sy float64
				site, sx, sy = b.sitePlace()
				b.incident(t, Incident{Type: rules.plantIncident, Team: attacker, Player: pl.ID, Name: pl.Name, Period: m, Minute: label, Secs: secs,
					X: sx, Y: sy, Text: fmt.Sprintf("Round %d: %s on site %s (%s)", round, rules.plantText, site, pl.Name)})
				if w == attacker {
					if rules.explode != "" {
						b.stat(rules.explode, attacker, 1)
					}
				} else if b.chance(0.6) {
					df := b.pick(1-attacker, false)
					b.stat(rules.defuse, 1-attacker, 1)
					b.pstatAdd(df, 1-attacker, "defuses", 1)
					b.incident(t, Incident{Type: rules.defuseIncident, Team: 1 - attacker, Player: df.ID, Name: df.Name, Period: m, Minute: label, Secs: secs,
						X: sx, Y: sy, Text: fmt.Sprintf("Round %d: defused on site %s by %s", round, site, df.Name)})
				}
			} else if b.r.IntN(2) == 1 {
				site = "B" // the round was fought at a site without a plant
			}
			if killer, victim := b.roundKills(w, rules.weapons, weaponUse); killer.ID != "" {
				kx, ky := b.killNearSite(site, w == attacker)
				b.incident(t, Incident{Type: "kill", Team: w, Player: killer.ID, Name: killer.Name, Assist: victim.Name, Period: m, Minute: label, Secs: secs,
					X: kx, Y: ky, Text: fmt.Sprintf("Round %d: %s wins the last duel on site %s against %s", round, killer.Name, site, victim.Name)})
			}
			r[w]++
			b.pers[m-1][w]++
			b.stat("rounds", w, 1)
			if rules.pistol && (round == 1 || round == rules.half+1) {
				b.stat("pistolRoundsWon", w, 1)
				b.incident(t, Incident{Type: "pistolRound", Team: w, Period: m, Minute: label, Secs: secs, Key: true,
					Text: fmt.Sprintf("Pistol round %d won by %s", round, b.sideName(w))})
			}
			if rules.econMax > 0 {
				if round == rules.half {
					econ = [2]int{800, 800}
				} else {
					econ[w] = min(econ[w]+3250+b.r.IntN(1500)*rules.econMax/16000, rules.econMax)
					econ[1-w] = min(econ[1-w]+1400+b.r.IntN(1500)*rules.econMax/16000, rules.econMax)
					for team := 0; team < 2; team++ {
						if b.chance(0.6) {
							econ[team] = max(econ[team]-(2500+b.r.IntN(2000))*rules.econMax/16000, 0)
						}
					}
				}
				b.setStat("econ", float64(econ[0]), float64(econ[1]))
			}
			side := [2]string{rules.sides[0], rules.sides[1]}
			if attacker == 1 {
				side = [2]string{rules.sides[1], rules.sides[0]}
			}
			d := map[string]any{"map": m, "mapName": mapName, "round": round + 1, "side": []string{side[0], side[1]}}
			if rules.econMax > 0 {
				d["econ"] = []int{econ[0], econ[1]}
			}
			b.detail(t, d)
			b.clock(t, Clock{Secs: secs, Running: true})
			b.score(t)
			if round%4 == 0 {
				b.flushStats(t)
			}
			if won := rules.mapOver(r); won >= 0 {
				b.shooterPlayers(round, weaponUse)
				return won, t
			}
		}
	})
}

// mapOver returns the winner of a map with round score r under the rules, or -1.
func (rules tacticalRules) mapOver(r [2]int) int {
	hi, lo, w := r[0], r[1], 0
	if r[1] > r[0] {
		hi, lo, w = r[1], r[0], 1
	}
	if hi == rules.win && lo <= rules.win-2 {
		return w
	}
	if hi < rules.win {
		return -1
	}
	if rules.otBlock > 0 {
		// overtime blocks of 2*otBlock rounds, first to otBlock+1 within a block: 16, 19, 22, ...
		if (hi-rules.win)%rules.otBlock == 0 && hi-lo >= 2 {
			return w
		}
		return -1
	}
	if hi-lo >= 2 || (rules.otCap > 0 && hi >= rules.otCap) {
		return w
	}
	return -1
}

// roundKills plays the duels of one round: the winner kills three to five, the loser one to
// four; nobody dies twice. It returns the winner's last kill (the one that decides the round):
// the killer and the victim.
func (b *builder) roundKills(w int, weapons []string, use map[string]map[string]int) (killer, victim Player) {
	for team := 0; team < 2; team++ {
		k := 1 + b.r.IntN(4)
		if team == w {
			k = 3 + b.r.IntN(3)
		}
		victims := b.starters(1 - team)
		perm := b.r.Perm(len(victims))
		k = min(k, len(victims))
		for i := 0; i < k; i++ {
			pl := b.pick(team, false)
			b.pstatAdd(pl, team, "kills", 1)
			b.pstatAdd(pl, team, "damage", float64(100+b.r.IntN(30)))
			if b.chance(0.45) {
				b.pstatAdd(pl, team, "headshots", 1)
			}
			if use != nil && weapons != nil {
				if use[pl.ID] == nil {
					use[pl.ID] = map[string]int{}
				}
				use[pl.ID][weapons[b.r.IntN(len(weapons))]]++
			}
			b.pstatAdd(victims[perm[i]], 1-team, "deaths", 1)
			if team == w {
				killer, victim = pl, victims[perm[i]]
			}
			if a := b.pick(team, false); a.ID != pl.ID && b.chance(0.4) {
				b.pstatAdd(a, team, "assists", 1)
			}
			b.stat("kills", team, 1)
		}
		for _, p := range b.starters(team) {
			b.pstatAdd(p, team, "damage", float64(b.r.IntN(40)))
		}
	}
	return killer, victim
}

// shooterPlayers fills the per-round figures (average damage per round, headshot share, a
// rating) and each player's most used weapon after a map of rounds rounds.
func (b *builder) shooterPlayers(rounds int, use map[string]map[string]int) {
	for team := 0; team < 2; team++ {
		for _, p := range b.starters(team) {
			ps := b.ps(p, team)
			v := ps.Values
			v["roundsPlayed"] += float64(rounds)
			rp := math.Max(v["roundsPlayed"], 1)
			v["adr"] = math.Round(v["damage"]/rp*10) / 10
			if v["kills"] > 0 {
				v["headshotPct"] = math.Round(v["headshots"] / v["kills"] * 100)
			}
			v["rating"] = math.Round((0.4+0.75*v["kills"]/rp+0.35*v["assists"]/rp-0.5*v["deaths"]/rp+0.004*v["adr"])*100) / 100
			best, n := "", 0
			for wpn, c := range use[p.ID] {
				if c > n || (c == n && wpn < best) {
					best, n = wpn, c
				}
			}
			if best != "" {
				ps.Weapon = best
			}
		}
	}
}

// modes plays a best-of-five series of mode maps (Call of Duty style): Hardpoint (first to 250
// points, one a second holding the hill), Search and Destroy (first to six rounds) and Control
// (first to three rounds), in that rotation. Periods hold each map's points or rounds.
func (b *builder) modes() {
	s := b.strength()
	rotation := []string{"Hardpoint", "Search and Destroy", "Control"}
	b.series(b.bestOf(5, 3), 6*time.Minute, func(m int, t time.Time) (int, time.Time) {
		mode := rotation[(m-1)%3]
		mapName := modeMaps[(m*3+b.r.IntN(3))%len(modeMaps)]
		b.period(t, m, fmt.Sprintf("M%d", m), Clock{Running: true})
		for _, k := range b.p.Stats {
			b.setStat(k, 0, 0)
		}
		edge := func(team int) float64 {
			if team == 0 {
				return 0.5 + s/2
			}
			return 0.5 - s/2
		}
		start := t
		kills := func(mean float64) {
			var n [2]int
			var last [2][2]Player // each side's last kill: killer, victim
			for team := 0; team < 2; team++ {
				for k := b.poisson(mean); k > 0; k-- {
					p, v := b.pick(team, false), b.pick(1-team, false)
					b.pstatAdd(p, team, "kills", 1)
					b.pstatAdd(v, 1-team, "deaths", 1)
					b.pstatAdd(p, team, "damage", float64(100+b.r.IntN(60)))
					b.stat("kills", team, 1)
					n[team]++
					last[team] = [2]Player{p, v}
				}
			}
			// The fight's last kill by the side that won it, placed on the objective.
			team := 0
			if n[1] > n[0] {
				team = 1
			}
			if n[team] > 0 {
				b.objectiveKillIncident(t, start, m, team, last[team][0], last[team][1])
			}
		}
		pts := &b.pers[m-1]
		var w int
		switch mode {
		case "Hardpoint":
			for tick := 1; pts[0] < 250 && pts[1] < 250 && tick <= 40; tick++ {
				t = t.Add(20 * time.Second)
				if b.chance(0.7) {
					team := 0
					if b.r.Float64() > edge(0) {
						team = 1
					}
					held := min(10+b.r.IntN(11), 250-pts[team])
					pts[team] += held
					b.stat("hillSecs", team, float64(held))
					b.pstatAdd(b.pick(team, false), team, "hillSecs", float64(held))
				}
				kills(2.8)
				b.afterTick(t, start, m, mode, mapName)
			}
			w = leader(*pts)
			if pts[0] == pts[1] {
				pts[w]++
			}
		case "Search and Destroy":
			for round := 1; pts[0] < 6 && pts[1] < 6; round++ {
				t = t.Add(time.Duration(60+b.r.IntN(60)) * time.Second)
				team := 0
				if b.r.Float64() > edge(0) {
					team = 1
				}
				if b.chance(0.45) {
					att := (round + m) % 2
					b.stat("bombPlants", att, 1)
					b.pstatAdd(b.pick(att, false), att, "plants", 1)
				}
				for side := 0; side < 2; side++ {
					k := b.r.IntN(4)
					if side == team {
						k = 2 + b.r.IntN(3)
					}
					perm := b.r.Perm(len(b.starters(1 - side)))
					for i := 0; i < min(k, len(perm)); i++ {
						p, v := b.pick(side, false), b.starters(1 - side)[perm[i]]
						b.pstatAdd(p, side, "kills", 1)
						b.pstatAdd(v, 1-side, "deaths", 1)
						b.stat("kills", side, 1)
						if side == team && i == min(k, len(perm))-1 {
							// The kill that wins the round, at the bomb site (the mode's objective).
							b.objectiveKillIncident(t, start, m, side, p, v)
						}
					}
				}
				pts[team]++
				b.stat("rounds", team, 1)
				b.afterTick(t, start, m, mode, mapName)
			}
			w = leader(*pts)
		default:
			for round := 1; pts[0] < 3 && pts[1] < 3; round++ {
				t = t.Add(time.Duration(90+b.r.IntN(90)) * time.Second)
				team := 0
				if b.r.Float64() > edge(0) {
					team = 1
				}
				b.stat("captures", team, float64(1+b.r.IntN(2)))
				kills(18)
				pts[team]++
				b.stat("rounds", team, 1)
				b.afterTick(t, start, m, mode, mapName)
			}
			w = leader(*pts)
		}
		for team := 0; team < 2; team++ {
			for _, p := range b.starters(team) {
				ps := b.ps(p, team)
				if ps.Weapon == "" {
					ps.Weapon = weaponsSMG[b.r.IntN(3)]
				}
				v := ps.Values
				v["kd"] = math.Round(v["kills"]/math.Max(v["deaths"], 1)*100) / 100
			}
		}
		return w, t
	})
}

// objectiveKillIncident records a kill of team on the objective of map m (killer and victim).
func (b *builder) objectiveKillIncident(t, start time.Time, m, team int, killer, victim Player) {
	secs := int(t.Sub(start) / time.Second)
	x, y := b.objectiveKill(team)
	b.incident(t, Incident{Type: "kill", Team: team, Player: killer.ID, Name: killer.Name, Assist: victim.Name, Period: m,
		Minute: fmt.Sprintf("M%d %02d:%02d", m, secs/60, secs%60), Secs: secs, X: x, Y: y,
		Text: fmt.Sprintf("%s eliminates %s on the objective", killer.Name, victim.Name)})
}

func (b *builder) afterTick(t, start time.Time, m int, mode, mapName string) {
	b.detail(t, map[string]any{"map": m, "mode": mode, "mapName": mapName})
	b.clock(t, Clock{Secs: int(t.Sub(start) / time.Second), Running: true})
	b.score(t)
	b.flushStats(t)
}

// heroShooter plays a best-of-five hero shooter series (Overwatch style), five players a side
// (one tank, two damage, two support) each on a hero of their role; maps alternate control
// (best of three rounds), escort and hybrid (checkpoints 0-3 each way, a tiebreak round when
// level) and push. Periods hold each map's score.
func (b *builder) heroShooter() {
	s := b.strength()
	modes := []string{"control", "hybrid", "escort", "push"}
	b.series(b.bestOf(5, 3, 7), 8*time.Minute, func(m int, t time.Time) (int, time.Time) {
		mode := modes[(m-1)%len(modes)]
		mapName := heroMaps[mode][b.r.IntN(len(heroMaps[mode]))]
		b.period(t, m, fmt.Sprintf("M%d", m), Clock{Running: true})
		for _, k := range b.p.Stats {
			b.setStat(k, 0, 0)
		}
		for team := 0; team < 2; team++ {
			for _, p := range b.starters(team) {
				role := p.Position
				if role != "Tank" && role != "Support" {
					role = "Damage"
				}
				pool := heroRoster[role]
				b.hero(p, team, pool[b.r.IntN(len(pool))])
			}
		}
		pWin := 0.5 + s/2
		pts := &b.pers[m-1]
		start := t
		fight := func(minutes int) {
			for i := 0; i < minutes; i++ {
				t = t.Add(time.Minute)
				var n [2]int
				var last [2][2]Player // each side's last elimination: killer, victim
				for team := 0; team < 2; team++ {
					k := b.poisson(3.6)
					n[team] = k
					b.stat("eliminations", team, float64(k))
					b.stat("deaths", 1-team, float64(k))
					for ; k > 0; k-- {
						p, v := b.pick(team, false), b.pick(1-team, false)
						b.pstatAdd(p, team, "eliminations", 1)
						b.pstatAdd(v, 1-team, "deaths", 1)
						last[team] = [2]Player{p, v}
					}
					b.stat("damage", team, float64(4500+b.r.IntN(2500)))
					b.stat("healing", team, float64(3000+b.r.IntN(2000)))
					if b.chance(0.35) {
						b.stat("ultimates", team, 1)
					}
				}
				// The minute's last elimination by the side that won the fight, on the objective.
				if w := leader(Pair{n[0], n[1]}); n[w] > 0 {
					b.objectiveKillIncident(t, start, m, w, last[w][0], last[w][1])
				}
				b.afterTick(t, start, m, mode, mapName)
			}
		}
		switch mode {
		case "control":
			for pts[0] < 2 && pts[1] < 2 {
				fight(4 + b.r.IntN(3))
				w := 0
				if b.r.Float64() > pWin {
					w = 1
				}
				pts[w]++
				b.score(t)
			}
		case "push":
			fight(10 + b.r.IntN(4))
			w := 0
			if b.r.Float64() > pWin {
				w = 1
			}
			pts[w] = 1
		default:
			for team := 0; team < 2; team++ {
				fight(6 + b.r.IntN(4))
				c := b.r.IntN(4)
				if (team == 0) == (b.r.Float64() < pWin) {
					c = max(c, 1+b.r.IntN(3))
				}
				pts[team] = c
				b.score(t)
			}
			for pts[0] == pts[1] {
				fight(3)
				w := 0
				if b.r.Float64() > pWin {
					w = 1
				}
				pts[w]++
			}
		}
		for team := 0; team < 2; team++ {
			dmg, heal := b.stats["damage"][team], b.stats["healing"][team]
			for i, p := range b.starters(team) {
				share := []float64{0.22, 0.27, 0.27, 0.12, 0.12}[i%5]
				b.pstatAdd(p, team, "damage", math.Round(dmg*share))
				if p.Position == "Support" {
					b.pstatAdd(p, team, "healing", math.Round(heal*0.45))
				}
			}
		}
		return leader(*pts), t
	})
}

// arena plays any other esport as maps of rounds (first to nine), five players a side.
func (b *builder) arena() {
	s := b.strength()
	b.series(b.bestOf(3, 1, 5), 6*time.Minute, func(m int, t time.Time) (int, time.Time) {
		b.period(t, m, fmt.Sprintf("M%d", m), Clock{Running: true})
		for _, k := range b.p.Stats {
			b.setStat(k, 0, 0)
		}
		use := map[string]map[string]int{}
		start := t
		pts := &b.pers[m-1]
		round := 0
		for pts[0] < 9 && pts[1] < 9 {
			round++
			t = t.Add(time.Duration(60+b.r.IntN(40)) * time.Second)
			w := 0
			if b.r.Float64() > 0.5+s/2 {
				w = 1
			}
			b.roundKills(w, weaponsArena, use)
			pts[w]++
			b.stat("rounds", w, 1)
			b.afterTick(t, start, m, "rounds", arenaNames[m%len(arenaNames)])
		}
		b.shooterPlayers(round, use)
		return leader(*pts), t
	})
}
