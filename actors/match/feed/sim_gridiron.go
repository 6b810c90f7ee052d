package feed

import (
	"fmt"
	"math"
	"time"
)

// gridiron plays American football drive by drive and play by play: four quarters of 15 minutes
// (about 40 real minutes each; the clock stops often), runs and passes with realistic gains,
// sacks, interceptions and fumbles, first downs, punts, field goals by distance, touchdowns with
// the extra point or a two-point try, safeties and penalties; a 10-minute sudden-death overtime
// that may end level. Ball position is yards from the offense's own goal line.
func (b *builder) gridiron() {
	const speed = 0.375
	t := b.f.Start
	b.status(t, StatusLive)
	s := b.strength()
	off := b.r.IntN(2)
	firstReceiver := off
	field, down, toGo := 25, 1, 10
	qb := [2]Player{b.pickFrom(0, "QB"), b.pickFrom(1, "QB")}
	elapsed := 0
	over := false
	kickoff := func(receiver int) {
		off = receiver
		field, down, toGo = 25, 1, 10
		if b.chance(0.35) {
			field = 15 + b.r.IntN(25)
		}
	}
	score := func(team, pts int, q int) {
		if team == 0 {
			b.home += pts
		} else {
			b.away += pts
		}
		b.pers[q-1][team] += pts
	}
	quarter := func(q int, name string, secs int, sudden bool) {
		b.pers = append(b.pers, Pair{0, 0})
		b.period(t, q, name, Clock{Secs: secs, Running: true, Down: true, Speed: speed})
		left := secs
		for left > 0 && !over {
			d := 1 - off
			use := min(16+b.r.IntN(16), left)
			left -= use
			b.stat("possessionSecs", off, float64(use))
			at := t.Add(time.Duration(float64(secs-left)/speed) * time.Second)
			clk := fmt.Sprintf("%s %02d:%02d", name, left/60, left%60)
			edge := 0.06 * s
			if off == 1 {
				edge = -edge
			}
			gain := 0
			turnover := false
			incident := func(typ, text string, p Player, key bool) {
				in := Incident{Type: typ, Team: off, Player: p.ID, Name: p.Name, Minute: clk, Period: q, Secs: elapsed + secs - left, Key: key, Text: clk + " " + text}
				switch typ { // the plays a field picture shows (place.go)
				case "touchdown":
					in.X, in.Y = b.touchdownPlace(off)
				case "fieldGoal", "missedFieldGoal":
					in.X, in.Y = b.kickPlace(off, field)
				}
				b.incident(at, in)
			}
			if b.chance(0.06) { // a flag
				yds := []int{5, 10, 15}[b.r.IntN(3)]
				pen := off
				if b.chance(0.5) {
					pen = d
				}
				b.stat("penalties", pen, 1)
				b.stat("penaltyYards", pen, float64(yds))
				if pen == off {
					field = max(field-yds, 1)
					toGo += yds
				} else {
					field = min(field+yds, 99)
					toGo = max(toGo-yds, 1)
				}
				continue
			}
			if down == 4 {
				dist := 100 - field + 17
				switch {
				case dist <= 56 && !(toGo <= 2 && field >= 45 && b.chance(0.5)):
					k := b.pickFrom(off, "K")
					b.pstatAdd(k, off, "fieldGoalsAttempted", 1)
					if b.chance(math.Min(math.Max(1.35-float64(dist)/80, 0.3), 0.98)) {
						b.pstatAdd(k, off, "fieldGoalsMade", 1)
						score(off, 3, q)
						b.score(at)
						incident("fieldGoal", fmt.Sprintf("%d-yard field goal by %s is good (%d-%d)", dist, k.Name, b.home, b.away), k, true)
						if sudden {
							over = true
						}
						kickoff(d)
					} else {
						incident("missedFieldGoal", fmt.Sprintf("%d-yard field goal by %s is no good", dist, k.Name), k, false)
						off, field, down, toGo = d, min(max(107-field, 20), 80), 1, 10
					}
					continue
				case toGo > 2 || field < 50:
					nf := field + 38 + b.r.IntN(14)
					if nf >= 100 {
						nf = 80
					}
					off, field, down, toGo = d, 100-nf, 1, 10
					continue
				}
			}
			if b.chance(0.56) {
				if b.chance(0.065) {
					gain = -(3 + b.r.IntN(8))
					b.stat("sacks", d, 1)
					b.pstatAdd(b.pickFrom(d, "DL", "LB"), d, "sacks", 1)
				} else {
					b.pstatAdd(qb[off], off, "passAttempts", 1)
					if b.chance(0.025 - edge/3) {
						turnover = true
						ip := b.pickFrom(d, "CB", "S", "LB")
						b.pstatAdd(qb[off], off, "interceptions", 1)
						b.pstatAdd(ip, d, "interceptionsCaught", 1)
						incident("interception", fmt.Sprintf("Intercepted by %s", ip.Name), ip, true)
					} else if b.chance(0.66 + edge) {
						gain = int(b.r.ExpFloat64()*10) + 2
						if b.chance(0.08) {
							gain += 20 // a big play downfield
						}
						gain = min(gain, 100-field)
						rec := b.pickFrom(off, "WR", "TE", "RB")
						b.pstatAdd(qb[off], off, "completions", 1)
						b.pstatAdd(qb[off], off, "passingYards", float64(gain))
						b.pstatAdd(rec, off, "receptions", 1)
						b.pstatAdd(rec, off, "receivingYards", float64(gain))
						b.stat("passingYards", off, float64(gain))
						b.stat("totalYards", off, float64(gain))
						if field+gain >= 100 {
							b.pstatAdd(qb[off], off, "passingTouchdowns", 1)
							b.pstatAdd(rec, off, "receivingTouchdowns", 1)
							incident("touchdown", fmt.Sprintf("TOUCHDOWN! %s finds %s for %d yards", qb[off].Name, rec.Name, gain), rec, true)
						}
					}
				}
			} else {
				rb := b.pickFrom(off, "RB", "RB", "QB")
				gain = int(math.Round(b.r.NormFloat64()*4.5 + 4.6 + edge*10))
				if b.chance(0.04) {
					gain += 15 // breaks into the open field
				}
				gain = min(gain, 100-field)
				if field+gain <= 0 && b.chance(0.5) {
					gain = 1 - field
				}
				b.pstatAdd(rb, off, "carries", 1)
				b.pstatAdd(rb, off, "rushingYards", float64(gain))
				b.statFloor("rushingYards", off, float64(gain))
				b.statFloor("totalYards", off, float64(gain))
				if b.chance(0.01) {
					turnover = true
					incident("fumble", fmt.Sprintf("Fumble by %s, recovered by the defence", rb.Name), rb, true)
				} else if field+gain >= 100 {
					b.pstatAdd(rb, off, "rushingTouchdowns", 1)
					incident("touchdown", fmt.Sprintf("TOUCHDOWN! %s runs it in from %d yards", rb.Name, gain), rb, true)
				}
			}
			b.pstatAdd(b.pickFrom(d, "LB", "S", "CB", "DL"), d, "tackles", 1)
			if turnover {
				b.stat("turnovers", off, 1)
				off, field, down, toGo = d, max(100-field-gain, 1), 1, 10
				continue
			}
			field += gain
			switch {
			case field >= 100:
				score(off, 6, q)
				if b.chance(0.08) {
					if b.chance(0.48) {
						score(off, 2, q)
					}
				} else if b.chance(0.94) {
					score(off, 1, q)
					b.pstatAdd(b.pickFrom(off, "K"), off, "extraPoints", 1)
				}
				b.score(at)
				if sudden {
					over = true
				}
				kickoff(d)
			case field <= 0:
				score(d, 2, q)
				b.score(at)
				b.incident(at, Incident{Type: "safety", Team: d, Minute: clk, Period: q, Key: true, Text: clk + " Safety, two points for " + b.sideName(d)})
				if sudden {
					over = true
				}
				kickoff(d)
			default:
				if down == 3 {
					b.stat("thirdDowns", off, 1)
				}
				if gain >= toGo {
					if down == 3 {
						b.stat("thirdDownConversions", off, 1)
					}
					b.stat("firstDowns", off, 1)
					down, toGo = 1, min(10, 100-field)
				} else {
					down++
					toGo -= gain
					if down > 4 {
						off, field, down, toGo = d, 100-field, 1, 10
					}
				}
			}
			b.clock(at, Clock{Secs: left, Running: left > 0, Down: true, Speed: speed})
			b.detail(at, map[string]any{"possession": off, "down": down, "toGo": toGo, "ballOn": field})
			if b.chance(0.12) {
				b.flushStats(at)
			}
		}
		elapsed += secs
		t = t.Add(time.Duration(float64(secs)/speed) * time.Second)
		b.flushStats(t)
		b.odds(t, b.inplay(math.Max(1-float64(elapsed)/3600, 0.02)))
	}
	for q := 1; q <= 4; q++ {
		quarter(q, fmt.Sprintf("Q%d", q), 900, false)
		switch q {
		case 2:
			b.status(t, StatusHalftime)
			b.flushPlayers(t)
			t = t.Add(20 * time.Minute)
			b.status(t, StatusLive)
			kickoff(1 - firstReceiver)
		case 1, 3:
			t = t.Add(2 * time.Minute)
		}
	}
	if b.home == b.away {
		b.status(t, StatusOvertime)
		kickoff(b.r.IntN(2))
		quarter(5, "OT", 600, true)
	}
	b.status(t, StatusFinished)
	b.flushPlayers(t)
	b.incident(t, Incident{Type: "fullTime", Team: -1, Key: true, Text: fmt.Sprintf("Final: %s %d-%d %s", b.sideName(0), b.home, b.away, b.sideName(1))})
}
