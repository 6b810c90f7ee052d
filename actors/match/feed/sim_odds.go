package feed

import (
	"math"
	"strconv"
	"time"
)

func expNeg(x float64) float64 { return math.Exp(-x) }

func itoaSlow(i int) string { return strconv.Itoa(i) }

// phi is the standard normal distribution function.
func phi(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }

// outlook is the simulator's belief about how a match ends, from which odds are priced.
type outlook struct {
	diff    float64 // expected final home minus away
	sd      float64 // its spread
	total   float64 // expected final total
	hasDraw bool
}

// margin is the bookmaker's overround.
const margin = 1.06

func price(p float64) float64 {
	if p < 0.01 {
		p = 0.01
	}
	o := 1 / (p * margin)
	if o < 1.01 {
		o = 1.01
	}
	return math.Round(o*100) / 100
}

// odds prices the three markets from an outlook and emits them.
func (b *builder) odds(at time.Time, o outlook) {
	if o.sd < 0.3 {
		o.sd = 0.3
	}
	var pH, pD, pA float64
	if o.hasDraw {
		pH = 1 - phi((0.5-o.diff)/o.sd)
		pA = phi((-0.5 - o.diff) / o.sd)
		pD = 1 - pH - pA
	} else {
		pH = 1 - phi(-o.diff/o.sd)
		pA = 1 - pH
	}
	od := Odds{Company: "Simulator Book", Home: price(pH), Away: price(pA)}
	if o.hasDraw {
		od.Draw = price(pD)
	}
	// Handicap: a quarter line near the expected difference; prices from the remaining edge.
	line := -math.Round(o.diff*4) / 4
	pc := 1 - phi((-line-o.diff)/o.sd)
	od.HcLine, od.HcHome, od.HcAway = line, price(pc), price(1-pc)
	ou := math.Floor(o.total) + 0.5
	po := 1 - phi((ou-o.total)/math.Max(o.sd, math.Sqrt(math.Max(o.total, 1))))
	od.OULine, od.OUOver, od.OUUnder = ou, price(po), price(1-po)
	b.add(at, Event{Kind: KOdds, Odds: &od})
}

// prematch is the outlook before kick-off, per sport.
func (b *builder) prematch() outlook {
	s := b.strength()
	switch b.f.Game {
	case GameSoccer:
		return outlook{diff: 1.2 * s, sd: 1.6, total: 2.6, hasDraw: true}
	case GameBasketball:
		return outlook{diff: 20 * s, sd: 12, total: 215}
	case GameBaseball:
		return outlook{diff: 2 * s, sd: 3.5, total: 8.5}
	case GameTennis:
		return outlook{diff: 1.5 * s, sd: 1.2, total: 22}
	case GameCS, GameValorant:
		return outlook{diff: 1.2 * s, sd: 1.1, total: 2.4}
	default:
		return outlook{diff: 1.2 * s, sd: 1.1, total: 2.4}
	}
}

// inplay is the outlook of a match with frac of it left, given the current score and the
// full-match outlook.
func (b *builder) inplay(frac float64) outlook {
	o := b.prematch()
	cur := float64(b.home - b.away)
	o.diff = cur + o.diff*frac
	o.sd = o.sd * math.Sqrt(math.Max(frac, 0.01))
	o.total = float64(b.home+b.away) + o.total*frac
	return o
}
