package feed

import (
	"fmt"
	"math"
	"time"
)

// series plays maps until one side wins a majority of BestOf; playMap plays map m starting at t
// and returns the winner (0 home, 1 away) and the map's end. Between maps the match is in a
// break (StatusHalftime) for breakLen. Home and Away count maps won.
func (b *builder) series(bo int, breakLen time.Duration, playMap func(m int, t time.Time) (int, time.Time)) {
	need := bo/2 + 1
	t := b.f.Start
	b.status(t, StatusLive)
	for m := 1; b.home < need && b.away < need; m++ {
		if m > 1 {
			b.status(t, StatusHalftime)
			t = t.Add(breakLen)
			b.status(t, StatusLive)
		}
		b.pers = append(b.pers, Pair{0, 0})
		w, end := playMap(m, t)
		t = end
		if w == 0 {
			b.home++
		} else {
			b.away++
		}
		b.score(t)
		b.incident(t, Incident{Type: "mapWin", Team: w, Period: m, Key: true, Score: b.scoreNow(),
			Text: fmt.Sprintf("%s wins map %d (%d-%d); series %d-%d", b.sideName(w), m, b.pers[m-1][w], b.pers[m-1][1-w], b.home, b.away)})
		b.flushStats(t)
		b.flushPlayers(t)
		b.odds(t, b.inplay(math.Max(float64(need-max(b.home, b.away))/float64(need), 0.05)))
	}
	b.status(t, StatusFinished)
	b.incident(t, Incident{Type: "fullTime", Team: -1, Key: true, Text: fmt.Sprintf("Series over: %s %d-%d %s", b.sideName(0), b.home, b.away, b.sideName(1))})
}

// mobaObjective is an epic monster of a MOBA: the team statistic, the incident type, the "first"
// statistic (if the game counts it), when it first spawns, how often, and until when (0: always).
type mobaObjective struct {
	stat, typ, first  string
	from, every, till int
	text              string
}

type mobaRules struct {
	minLen, spread int
	econ           string
	goldPerMin     float64
	killRate       float64 // kills a side per minute
	towers         int
	structure      string // inhibitors (LoL), barracks (Dota 2), "" none
	structureMax   int
	objectives     []mobaObjective
}

var mobaGames = map[int]mobaRules{
	GameLoL: {26, 16, "gold", 1600, 0.42, 11, "inhibitors", 6, []mobaObjective{
		{"dragons", "dragon", "firstDragon", 5, 5, 0, "Dragon slain"},
		{"heralds", "herald", "", 8, 6, 14, "Rift Herald taken"},
		{"barons", "baron", "firstBaron", 20, 7, 0, "Baron Nashor slain"}}},
	7: {14, 9, "gold", 2200, 0.7, 9, "", 0, []mobaObjective{
		{"dragons", "dragon", "firstDragon", 5, 4, 0, "Dragon slain"},
		{"heralds", "herald", "", 8, 20, 12, "Rift Herald taken"},
		{"barons", "baron", "firstBaron", 12, 5, 0, "Baron Nashor slain"}}},
	GameKoG: {12, 9, "gold", 3300, 0.8, 9, "", 0, []mobaObjective{
		{"tyrants", "tyrant", "firstTyrant", 2, 3, 10, "Tyrant slain"},
		{"overlords", "overlord", "firstOverlord", 8, 4, 0, "Overlord slain"}}},
	24: {13, 9, "gold", 3000, 0.75, 9, "", 0, []mobaObjective{
		{"abyssalDragons", "abyssalDragon", "", 2, 3, 10, "Abyssal Dragon slain"},
		{"darkSlayers", "darkSlayer", "", 10, 4, 0, "Dark Slayer slain"}}},
	25: {12, 9, "gold", 3200, 0.8, 9, "", 0, []mobaObjective{
		{"turtles", "turtle", "", 2, 3, 8, "Turtle slain"},
		{"lords", "lord", "", 8, 4, 0, "Lord slain"}}},
	GameDota2: {32, 21, "networth", 2050, 0.55, 11, "barracks", 6, []mobaObjective{
		{"roshans", "roshan", "firstRoshan", 18, 10, 0, "Roshan slain"}}},
}

// objectivePlace is where an epic monster lives on the map (X from the home base, 0..100; Y from
// the top): the lower river pit, the upper river pit, or Dota's Roshan pit.
var objectivePlace = map[string][2]float64{
	"dragon": {66, 70}, "tyrant": {66, 70}, "turtle": {66, 70}, "abyssalDragon": {66, 70},
	"herald": {34, 30}, "baron": {34, 30}, "overlord": {34, 30}, "lord": {34, 30}, "darkSlayer": {34, 30},
	"roshan": {40, 42},
}

// moba plays maps of a MOBA minute by minute: kills (each an incident placed on the map, with
// first blood), gold or net worth,
// towers (with the first tower), inhibitors or barracks, and the game's epic monsters (dragons,
// heralds and barons in League of Legends and its mobile version, Roshan in Dota 2, tyrants and
// overlords in Honor of Kings, abyssal dragons and dark slayers, turtles and lords), each side
// picking five different heroes a map. Periods hold each map's kills.
func (b *builder) moba() {
	rules, ok := mobaGames[b.f.Game]
	if !ok {
		rules = mobaGames[GameLoL]
	}
	pool := mobaPool(b.f.Game)
	s := b.strength()
	b.series(b.bestOf(3, 1, 5), 8*time.Minute, func(m int, t time.Time) (int, time.Time) {
		b.period(t, m, fmt.Sprintf("M%d", m), Clock{Running: true})
		length := rules.minLen + b.r.IntN(rules.spread)
		gold := [2]float64{2500, 2500}
		kills, towers, structs := [2]int{}, [2]int{}, [2]int{}
		first := map[string]bool{}
		for _, k := range b.p.Stats {
			if k != rules.econ {
				b.setStat(k, 0, 0)
			}
		}
		picks := b.r.Perm(len(pool))
		for team := 0; team < 2; team++ {
			for i, p := range b.starters(team) {
				b.hero(p, team, pool[picks[team*5+i%5]])
				b.pstatAdd(p, team, "kills", 0)
			}
		}
		firstOf := func(at time.Time, min int, key string, team int, text string, x, y float64) {
			if key == "" || first[key] {
				return
			}
			first[key] = true
			f := Stat{}
			f[team] = 1
			b.stats[key] = f
			b.incident(at, Incident{Type: key, Team: team, Period: m, Secs: min * 60, Key: true, Minute: fmt.Sprintf("M%d %02d:00", m, min), Text: text, X: x, Y: y})
		}
		for min := 1; min <= length; min++ {
			at := t.Add(time.Duration(min) * time.Minute)
			lead := (gold[0] - gold[1]) / 10000
			for team := 0; team < 2; team++ {
				edge := s + lead
				if team == 1 {
					edge = -edge
				}
				edge = math.Max(math.Min(edge, 0.8), -0.8)
				gold[team] += rules.goldPerMin*(1+0.12*edge) + float64(b.r.IntN(300))
				for k := b.poisson(math.Max(rules.killRate*(1+0.5*edge), 0.05)); k > 0; k-- {
					kills[team]++
					b.pers[m-1][team]++
					killer, victim := b.pick(team, false), b.pick(1-team, false)
					b.pstatAdd(killer, team, "kills", 1)
					b.pstatAdd(victim, 1-team, "deaths", 1)
					if a := b.pick(team, false); a.ID != killer.ID {
						b.pstatAdd(a, team, "assists", 1)
					}
					gold[team] += 300
					b.stat("kills", team, 1)
					kx, ky := b.mobaSpot(team, edge)
					b.incident(at, Incident{Type: "kill", Team: team, Player: killer.ID, Name: killer.Name, Assist: victim.Name, Period: m, Secs: min * 60,
						Minute: fmt.Sprintf("M%d %02d:00", m, min), X: kx, Y: ky, Text: fmt.Sprintf("%s takes down %s", killer.Name, victim.Name)})
					firstOf(at, min, "firstBlood", team, fmt.Sprintf("First blood: %s takes down %s", killer.Name, victim.Name), kx, ky)
				}
				if min > length/3 && towers[team] < rules.towers && b.chance(0.22*math.Max(1+1.5*edge, 0.35)) {
					towers[team]++
					b.stat("towers", team, 1)
					tx, ty := b.towerSpot(team)
					firstOf(at, min, "firstTower", team, "First tower destroyed by "+b.sideName(team), tx, ty)
					if rules.structure != "" && towers[team] > 6 && structs[team] < rules.structureMax && b.chance(0.35) {
						structs[team]++
						b.stat(rules.structure, team, 1)
					}
				}
			}
			for _, o := range rules.objectives {
				if min < o.from || (o.till > 0 && min > o.till) || (min-o.from)%o.every != 0 {
					continue
				}
				team := 0
				if b.r.Float64() > 0.5+(gold[0]-gold[1])/20000+s/4 {
					team = 1
				}
				b.stat(o.stat, team, 1)
				gold[team] += 1200
				pos := objectivePlace[o.typ]
				b.incident(at, Incident{Type: o.typ, Team: team, Period: m, Secs: min * 60, Key: o.first == "", Minute: fmt.Sprintf("M%d %02d:00", m, min),
					Text: fmt.Sprintf("%s: %s", o.text, b.sideName(team)), X: pos[0], Y: pos[1]})
				firstOf(at, min, o.first, team, fmt.Sprintf("First %s: %s", o.typ, b.sideName(team)), pos[0], pos[1])
			}
			b.setStat(rules.econ, math.Round(gold[0]), math.Round(gold[1]))
			if rules.econ == "networth" {
				b.setStat("experience", math.Round(gold[0]*1.1), math.Round(gold[1]*1.1))
			}
			b.clock(at, Clock{Secs: min * 60, Running: true})
			b.detail(at, map[string]any{"map": m, rules.econ: []int{int(gold[0]), int(gold[1])}, "kills": []int{kills[0], kills[1]}})
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
		// the winner breaks into the base: at least one lane's towers and the base towers
		for need := rules.towers/2 + 1; towers[w] < need; towers[w]++ {
			b.stat("towers", w, 1)
		}
		if rules.structure != "" && structs[w] == 0 {
			structs[w]++
			b.stat(rules.structure, w, 1)
		}
		b.mobaPlayers(m, length, gold)
		b.clock(end, Clock{Secs: length*60 + 30, Running: false})
		return w, end
	})
}

// mobaPlayers fills each player's KDA, gold share and creep score for the series so far.
func (b *builder) mobaPlayers(m, length int, gold [2]float64) {
	for team := 0; team < 2; team++ {
		for i, p := range b.starters(team) {
			v := b.ps(p, team).Values
			v["kda"] = math.Round((v["kills"]+v["assists"])/math.Max(v["deaths"], 1)*100) / 100
			share := []float64{0.22, 0.19, 0.23, 0.24, 0.12}[i%5]
			v["gold"] += math.Round(gold[team] * share)
			cs := []float64{7, 5.5, 8, 8.5, 1.2}[i%5]
			v["creepScore"] += math.Round(cs * float64(length) * (0.85 + 0.3*b.r.Float64()))
			v["maps"] = float64(m)
		}
	}
}
