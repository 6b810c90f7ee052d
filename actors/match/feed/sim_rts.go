package feed

import (
	"fmt"
	"math"
	"time"
)

// rts plays one-on-one real-time strategy maps (StarCraft II and Warcraft III style): each
// player picks a faction a map; economy and army grow, expansions are taken, units are lost
// in fights until one player concedes. Peak supply stays within the game's cap (200, or 100),
// workers within 80 (40). Home and Away are maps won.
func (b *builder) rts() {
	factions := rtsFactions[b.f.Game]
	if factions == nil {
		factions = rtsFactions[18]
	}
	supplyCap, workerCap := 200.0, 80.0
	if b.f.Game == 23 {
		supplyCap, workerCap = 100, 40
	}
	s := b.strength()
	pl := [2]Player{b.roster(0)[0], b.roster(1)[0]}
	fac := [2]string{factions[b.r.IntN(len(factions))], factions[b.r.IntN(len(factions))]}
	b.series(b.bestOf(3, 5, 7), 4*time.Minute, func(m int, t time.Time) (int, time.Time) {
		mapName := rtsMaps[(m+b.r.IntN(len(rtsMaps)))%len(rtsMaps)]
		b.period(t, m, fmt.Sprintf("M%d", m), Clock{Running: true})
		for _, k := range b.p.Stats {
			b.setStat(k, 0, 0)
		}
		for side := 0; side < 2; side++ {
			b.hero(pl[side], side, fac[side])
		}
		length := 8 + b.r.IntN(17)
		supply, workers := [2]float64{12, 12}, [2]float64{12, 12}
		if b.f.Game == 23 {
			supply, workers = [2]float64{5, 5}, [2]float64{5, 5}
		}
		army, bases := [2]float64{}, [2]int{1, 1}
		for min := 1; min <= length; min++ {
			at := t.Add(time.Duration(min) * time.Minute)
			for side := 0; side < 2; side++ {
				edge := 1 + s
				if side == 1 {
					edge = 1 - s
				}
				workers[side] = math.Min(workers[side]+0.11*workerCap*edge*b.r.Float64(), workerCap)
				supply[side] = math.Min(supply[side]+0.09*supplyCap*edge*b.r.Float64(), supplyCap)
				army[side] += 4.5 * supplyCap * edge * b.r.Float64()
				if min > 3 && bases[side] < 6 && b.chance(0.12*edge) {
					bases[side]++
					b.stat("expansions", side, 1)
				}
				b.setStat("supplyPeak", math.Max(b.stats["supplyPeak"][0], math.Round(supply[0])), math.Max(b.stats["supplyPeak"][1], math.Round(supply[1])))
				b.setStat("workersPeak", math.Max(b.stats["workersPeak"][0], math.Round(workers[0])), math.Max(b.stats["workersPeak"][1], math.Round(workers[1])))
				b.setStat("armyValuePeak", math.Max(b.stats["armyValuePeak"][0], math.Round(army[0])), math.Max(b.stats["armyValuePeak"][1], math.Round(army[1])))
			}
			if min > 5 && b.chance(0.3) { // a fight
				lost := [2]float64{army[0] * 0.3 * b.r.Float64(), army[1] * 0.3 * b.r.Float64()}
				for side := 0; side < 2; side++ {
					army[side] -= lost[side]
					b.stat("unitsKilled", 1-side, math.Round(lost[side]/100))
					supply[side] = math.Max(supply[side]-lost[side]/50, workers[side])
				}
			}
			b.setStat("apm", float64(180+b.r.IntN(60)+int(40*s)), float64(180+b.r.IntN(60)-int(40*s)))
			b.clock(at, Clock{Secs: min * 60, Running: true})
			b.detail(at, map[string]any{"map": m, "mapName": mapName, "supply": []int{int(supply[0]), int(supply[1])}, "bases": []int{bases[0], bases[1]}})
			if min%3 == 0 {
				b.flushStats(at)
			}
		}
		w := 0
		if army[1]+workers[1]*50+400*b.r.NormFloat64() > army[0]+workers[0]*50 {
			w = 1
		}
		b.pers[m-1][w] = 1
		end := t.Add(time.Duration(length)*time.Minute + 20*time.Second)
		b.incident(end, Incident{Type: "gg", Team: 1 - w, Period: m, Text: fmt.Sprintf("%s concedes map %d", pl[1-w].Name, m)})
		for side := 0; side < 2; side++ {
			v := b.ps(pl[side], side).Values
			v["apm"] = b.stats["apm"][side]
			v["unitsKilled"] += b.stats["unitsKilled"][side]
			v["maxSupply"] = math.Max(v["maxSupply"], b.stats["supplyPeak"][side])
		}
		return w, end
	})
}
