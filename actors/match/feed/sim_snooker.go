package feed

import (
	"fmt"
	"math"
	"time"
)

// snooker plays frames shot by shot: reds each followed by a colour, then the colours in order;
// a visit ends at the first miss. A frame ends when the table is cleared or the player behind
// cannot catch up (he concedes). Breaks of 50 and of 100 (centuries) are counted, the highest
// break kept; a mid-session interval follows the fourth frame of longer matches. Home and Away
// are frames won; Periods hold each frame's points (never above 147 for one player).
func (b *builder) snooker() {
	bo := b.bestOf(9, 7, 11, 13, 17, 19)
	need := bo/2 + 1
	t := b.f.Start
	b.status(t, StatusLive)
	s := b.strength()
	skill := [2]float64{0.84 + 0.05*s, 0.84 - 0.05*s}
	pots, shots := [2]float64{}, [2]float64{}
	for frame := 1; b.home < need && b.away < need; frame++ {
		if frame == 5 && bo >= 9 {
			b.status(t, StatusHalftime)
			t = t.Add(15 * time.Minute)
			b.status(t, StatusLive)
		}
		b.pers = append(b.pers, Pair{0, 0})
		b.period(t, frame, fmt.Sprintf("F%d", frame), Clock{})
		pts := &b.pers[frame-1]
		reds, onColour, next := 15, false, 2 // next: the colour due in the clearance
		remaining := func() int {
			r := reds * 8
			if onColour {
				r += 7
			}
			for c := next; c <= 7; c++ {
				r += c
			}
			return r
		}
		turn := (frame + b.r.IntN(2)) % 2
		for next <= 7 {
			brk, first := 0, true
			for next <= 7 {
				p := skill[turn]
				if first {
					p *= 0.7
				}
				first = false
				shots[turn]++
				if !b.chance(p) {
					break
				}
				pots[turn]++
				switch {
				case reds > 0 && !onColour:
					reds--
					brk++
					onColour = true
				case onColour:
					v := 7
					switch r := b.r.Float64(); {
					case r < 0.2:
						v = 6
					case r < 0.3:
						v = 5
					case r < 0.4:
						v = 2 + b.r.IntN(3)
					}
					brk += v
					onColour = false
				default:
					brk += next
					next++
				}
				t = t.Add(time.Duration(18+b.r.IntN(14)) * time.Second)
			}
			t = t.Add(time.Duration(20+b.r.IntN(30)) * time.Second)
			pts[turn] += brk
			b.stat("pointsScored", turn, float64(brk))
			if float64(brk) > b.stats["highestBreak"][turn] {
				hb := b.stats["highestBreak"]
				hb[turn] = float64(brk)
				b.stats["highestBreak"] = hb
			}
			pl := b.roster(turn)[0]
			if brk >= 50 {
				b.stat("fiftyPlusBreaks", turn, 1)
				b.pstatAdd(pl, turn, "fiftyPlusBreaks", 1)
			}
			if brk >= 100 {
				b.stat("centuries", turn, 1)
				b.pstatAdd(pl, turn, "centuries", 1)
				b.incident(t, Incident{Type: "century", Team: turn, Player: pl.ID, Name: pl.Name, Period: frame, Key: true,
					Text: fmt.Sprintf("Century break of %d by %s in frame %d", brk, pl.Name, frame)})
			}
			if brk > 0 {
				b.score(t)
				b.detail(t, map[string]any{"frame": frame, "break": brk, "remaining": remaining(), "atTable": 1 - turn})
			}
			// the player behind concedes when the points left cannot close the gap
			if behind := 1 - leader(*pts); pts[0] != pts[1] && pts[1-behind]-pts[behind] > remaining() {
				break
			}
			turn = 1 - turn
		}
		w := leader(*pts)
		if pts[0] == pts[1] { // a re-spotted black decides
			w = b.r.IntN(2)
			pts[w] += 7
			b.stat("pointsScored", w, 7)
		}
		if w == 0 {
			b.home++
		} else {
			b.away++
		}
		b.stat("framesWon", w, 1)
		for team := 0; team < 2; team++ {
			if shots[team] > 0 {
				b.pstatSet(b.roster(team)[0], team, "potSuccess", math.Round(pots[team]/shots[team]*100))
				st := b.stats["potSuccess"]
				st[team] = math.Round(pots[team] / shots[team] * 100)
				b.stats["potSuccess"] = st
			}
			b.pstatSet(b.roster(team)[0], team, "highestBreak", b.stats["highestBreak"][team])
		}
		b.score(t)
		b.flushStats(t)
		b.incident(t, Incident{Type: "frameWon", Team: w, Period: frame, Key: true, Score: b.scoreNow(),
			Text: fmt.Sprintf("Frame %d to %s, %d-%d (frames %d-%d)", frame, b.sideName(w), pts[w], pts[1-w], b.home, b.away)})
		if frame%2 == 0 {
			b.odds(t, b.inplay(math.Max(float64(need-max(b.home, b.away))/float64(need), 0.05)))
		}
		t = t.Add(2 * time.Minute)
	}
	b.status(t, StatusFinished)
	b.flushPlayers(t)
	b.incident(t, Incident{Type: "fullTime", Team: -1, Key: true, Text: fmt.Sprintf("Match over: %s %d-%d %s", b.sideName(0), b.home, b.away, b.sideName(1))})
}

func leader(p Pair) int {
	if p[1] > p[0] {
		return 1
	}
	return 0
}
