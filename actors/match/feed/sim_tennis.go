package feed

import (
	"fmt"
	"math"
	"time"
)

var tennisPoints = []string{"0", "15", "30", "40"}

// tennis plays best-of-three (or BestOf) sets point by point, about 40 real seconds a point, with
// tie-breaks at 6-6. Home and Away are sets won; Periods hold the games of each set.
func (b *builder) tennis() {
	t := b.f.Start
	b.status(t, StatusLive)
	bo := b.bestOf(3, 5)
	need := bo/2 + 1
	s := b.strength()
	serve := b.r.IntN(2)
	court := netCourts[GameTennis]
	p := [2]Player{b.roster(0)[0], b.roster(1)[0]}
	var lastPoint pointEnd
	for set := 1; b.home < need && b.away < need; set++ {
		b.pers = append(b.pers, Pair{0, 0})
		b.period(t, set, fmt.Sprintf("S%d", set), Clock{})
		games := &b.pers[set-1]
		minute := func() string { return fmt.Sprintf("S%d %d-%d", set, games[0], games[1]) }
		for {
			tiebreak := games[0] == 6 && games[1] == 6
			pts := [2]int{}
			for {
				t = t.Add(time.Duration(25+b.r.IntN(30)) * time.Second)
				pServer := 0.63 + 0.12*s*float64(1-2*serve)
				if tiebreak {
					pServer = 0.55 + 0.1*s*float64(1-2*serve)
				}
				winner := serve
				if b.r.Float64() > pServer {
					winner = 1 - serve
				}
				b.stat("servicePoints", serve, 1)
				firstIn := b.chance(0.63)
				if firstIn {
					b.stat("firstServeIn", serve, 1)
				}
				deuce := (pts[0]+pts[1])%2 == 0
				last := pointEnd{}
				if winner == serve && b.r.Float64() < 0.1 {
					b.stat("aces", serve, 1)
					last.kind = "ace"
					x, y := b.acePlace(court, serve, deuce)
					b.incident(t, Incident{Type: "ace", Team: serve, Player: p[serve].ID, Name: p[serve].Name, Period: set,
						Minute: minute(), Secs: b.sinceStart(t), X: x, Y: y, Text: fmt.Sprintf("Ace by %s", p[serve].Name)})
				} else if winner != serve && !firstIn && b.r.Float64() < 0.2 {
					b.stat("doubleFaults", serve, 1)
					last.kind = "doubleFault"
					x, y := b.longServePlace(court, serve, deuce)
					b.incident(t, Incident{Type: "doubleFault", Team: serve, Player: p[serve].ID, Name: p[serve].Name, Period: set,
						Minute: minute(), Secs: b.sinceStart(t), X: x, Y: y, Text: fmt.Sprintf("Double fault by %s", p[serve].Name)})
				}
				lastPoint = last
				if winner == serve {
					b.stat("servicePointsWon", serve, 1)
				}
				b.stat("pointsWon", winner, 1)
				pts[winner]++
				done := false
				label := ""
				if tiebreak {
					done = (pts[0] >= 7 || pts[1] >= 7) && abs(pts[0]-pts[1]) >= 2
					label = fmt.Sprintf("%d-%d", pts[0], pts[1])
				} else {
					done = (pts[0] >= 4 || pts[1] >= 4) && abs(pts[0]-pts[1]) >= 2
					label = tennisLabel(pts)
					recv := 1 - serve
					if pts[recv] >= 3 && pts[recv] > pts[serve] {
						b.stat("breakPoints", recv, 1)
					}
				}
				if done {
					break
				}
				b.detail(t, map[string]any{"points": label, "serve": serve, "tiebreak": tiebreak})
			}
			gw := 0
			if pts[1] > pts[0] {
				gw = 1
			}
			held := gw == serve
			if !tiebreak && gw != serve {
				b.stat("breakPointsWon", gw, 1)
				// The break point is won by a shot into the server's half (or the server's
				// double fault, already placed).
				var x, y float64
				if lastPoint.kind == "" {
					x, y = b.deepPlace(court, gw)
				}
				b.incident(t, Incident{Type: "break", Team: gw, Player: p[gw].ID, Name: p[gw].Name, Period: set, Minute: minute(), Secs: b.sinceStart(t), X: x, Y: y, Key: true,
					Text: fmt.Sprintf("Break of serve: %s leads %d-%d in set %d", b.sideName(gw), max(games[gw]+1, games[1-gw]), min(games[gw]+1, games[1-gw]), set)})
			}
			games[gw]++
			b.score(t)
			serve = 1 - serve
			b.detail(t, map[string]any{"points": "0-0", "serve": serve, "tiebreak": false})
			if games[0]+games[1] >= 6 && (games[0]+games[1])%2 == 0 {
				b.flushStats(t)
			}
			if tiebreak || (games[gw] >= 6 && games[gw]-games[1-gw] >= 2) {
				if gw == 0 {
					b.home++
				} else {
					b.away++
				}
				b.score(t)
				if lastPoint.kind == "" && (tiebreak || held) {
					// A set won on serve (or in the tie-break) ends on a winning shot; a set
					// won on a break has its break placed already.
					x, y := b.deepPlace(court, gw)
					b.incident(t, Incident{Type: "winner", Team: gw, Player: p[gw].ID, Name: p[gw].Name, Period: set, Minute: minute(), Secs: b.sinceStart(t), X: x, Y: y,
						Text: fmt.Sprintf("Set point won by %s with a winner", p[gw].Name)})
				}
				b.incident(t, Incident{Type: "setWon", Team: gw, Period: set, Key: true, Score: &Pair{games[0], games[1]},
					Text: fmt.Sprintf("Set %d to %s, %d-%d", set, b.sideName(gw), games[gw], games[1-gw])})
				b.odds(t, b.inplay(0.5))
				break
			}
		}
	}
	b.flushStats(t)
	for team := 0; team < 2; team++ {
		p := b.roster(team)[0]
		for _, k := range []string{"aces", "doubleFaults", "pointsWon", "breakPointsWon", "servicePointsWon"} {
			b.pstatSet(p, team, k, b.stats[k][team])
		}
		if sp := b.stats["servicePoints"][team]; sp > 0 {
			b.pstatSet(p, team, "firstServePct", math.Round(b.stats["firstServeIn"][team]/sp*100))
		}
	}
	b.status(t, StatusFinished)
	b.flushPlayers(t)
	b.incident(t, Incident{Type: "fullTime", Team: -1, Key: true, Text: fmt.Sprintf("Game, set and match %s, %d-%d in sets", b.sideName(map[bool]int{true: 0, false: 1}[b.home > b.away]), max(b.home, b.away), min(b.home, b.away))})
}

// pointEnd is how a point ended when the simulator says so: "ace", "doubleFault" or "" (a rally).
type pointEnd struct{ kind string }

func tennisLabel(p [2]int) string {
	if p[0] >= 3 && p[1] >= 3 {
		switch {
		case p[0] == p[1]:
			return "40-40"
		case p[0] > p[1]:
			return "AD-40"
		default:
			return "40-AD"
		}
	}
	return tennisPoints[min(p[0], 3)] + "-" + tennisPoints[min(p[1], 3)]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
