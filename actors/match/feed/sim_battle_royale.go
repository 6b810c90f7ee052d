package feed

import (
	"fmt"
	"math"
	"sort"
	"time"
)

// placementPoints are the points of places 1..8 in a lobby (none below).
var placementPoints = []int{10, 6, 5, 4, 3, 2, 1, 1}

// battleRoyale plays the two featured teams of a battle royale lobby (16 teams, 20 in Naraka)
// over BestOf games (and a tiebreak game while level): each game the circle closes in phases,
// teams are eliminated one by one, the featured teams score a point a kill plus placement
// points. Home and Away are total points; Periods hold each game's points.
func (b *builder) battleRoyale() {
	games := b.bestOf(5, 4, 6)
	lobby := 16
	if b.f.Game == 26 {
		lobby = 20
	}
	maps := brMaps[b.f.Game]
	if maps == nil {
		maps = brMaps[5]
	}
	s := b.strength()
	t := b.f.Start
	b.status(t, StatusLive)
	for g := 1; g <= games+2 && (g <= games || b.home == b.away); g++ {
		if g > 1 {
			b.status(t, StatusHalftime)
			t = t.Add(10 * time.Minute)
			b.status(t, StatusLive)
		}
		b.pers = append(b.pers, Pair{0, 0})
		mapName := maps[(g+b.r.IntN(2))%len(maps)]
		b.period(t, g, fmt.Sprintf("G%d", g), Clock{Running: true})
		length := 25 + b.r.IntN(8)
		// every team's strength this game; the featured two are 0 and 1
		quality := make([]float64, lobby)
		for i := range quality {
			quality[i] = b.r.NormFloat64()
		}
		quality[0] += 0.6 + s
		quality[1] += 0.6 - s
		order := make([]int, lobby)
		for i := range order {
			order[i] = i
		}
		sort.Slice(order, func(i, j int) bool { return quality[order[i]] > quality[order[j]] })
		place := [2]int{}
		for pos, team := range order {
			if team < 2 {
				place[team] = pos + 1
			}
		}
		out := [2]int{} // minute each featured team is eliminated (length for the winner)
		for team := 0; team < 2; team++ {
			out[team] = length - int(float64(place[team]-1)/float64(lobby-1)*float64(length-4))
		}
		start := t
		for min := 1; min <= length; min++ {
			t = start.Add(time.Duration(min) * time.Minute)
			alive := lobby - int(float64(lobby-1)*float64(min)/float64(length))
			for team := 0; team < 2; team++ {
				if min > out[team] {
					continue
				}
				for k := b.poisson(0.18 * (1 + quality[team]/3)); k > 0; k-- {
					p := b.pick(team, false)
					b.pstatAdd(p, team, "kills", 1)
					b.pstatAdd(p, team, "damage", float64(100+b.r.IntN(120)))
					b.stat("kills", team, 1)
					b.addPoints(team, g, 1)
				}
				b.stat("damage", team, float64(120+b.r.IntN(200)))
				if min == out[team] {
					pp := 0
					if place[team] <= len(placementPoints) {
						pp = placementPoints[place[team]-1]
					}
					b.addPoints(team, g, pp)
					b.stat("placementPoints", team, float64(pp))
					if place[team] <= 5 {
						b.stat("top5", team, 1)
					}
					typ, key := "teamEliminated", false
					text := fmt.Sprintf("G%d %s eliminated in place %d", g, b.sideName(team), place[team])
					if place[team] == 1 {
						typ, key = "gameWin", true
						b.stat("wins", team, 1)
						text = fmt.Sprintf("G%d %s win the game (%d kills)", g, b.sideName(team), b.pers[g-1][team]-pp)
					}
					b.incident(t, Incident{Type: typ, Team: team, Period: g, Secs: min * 60, Key: key, Minute: fmt.Sprintf("G%d %02d:00", g, min), Text: text})
				}
			}
			b.detail(t, map[string]any{"game": g, "mapName": mapName, "zone": min/4 + 1, "teamsAlive": max(alive, 1)})
			b.clock(t, Clock{Secs: min * 60, Running: min < length})
			b.score(t)
			if min%4 == 0 {
				b.flushStats(t)
			}
		}
		b.detail(t, map[string]any{"placements": []int{place[0], place[1]}})
		b.flushStats(t)
		for team := 0; team < 2; team++ {
			for _, p := range b.starters(team) {
				b.pstatSet(p, team, "games", float64(g))
			}
		}
		b.flushPlayers(t)
		b.odds(t, b.inplay(math.Max(float64(games-g)/float64(games), 0.05)))
	}
	b.status(t, StatusFinished)
	b.incident(t, Incident{Type: "fullTime", Team: -1, Key: true, Text: fmt.Sprintf("Lobby over: %s %d-%d %s in points", b.sideName(0), b.home, b.away, b.sideName(1))})
}

func (b *builder) addPoints(team, g, n int) {
	if team == 0 {
		b.home += n
	} else {
		b.away += n
	}
	b.pers[g-1][team] += n
}
