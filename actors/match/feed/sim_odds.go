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

// Bookmakers the simulator quotes (invented names), each with its overround. The first is the
// reference whose prices the live state keeps.
var simBooks = []struct {
	name   string
	margin float64
}{{"Meridian Sports", 1.075}, {"Northgate Bet", 1.06}}

func price(p, margin float64) float64 {
	if p < 0.01 {
		p = 0.01
	}
	o := 1 / (p * margin)
	if o < 1.01 {
		o = 1.01
	}
	if o > 500 {
		o = 500
	}
	return math.Round(o*100) / 100
}

// odds prices the markets from an outlook and emits one snapshot per bookmaker (the reference
// bookmaker last, so the live state carries its prices).
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
	line := -math.Round(o.diff*4) / 4
	pc := 1 - phi((-line-o.diff)/o.sd)
	ou := math.Floor(o.total) + 0.5
	po := 1 - phi((ou-o.total)/math.Max(o.sd, math.Sqrt(math.Max(o.total, 1))))
	lines := b.lineOutlooks()
	for i := len(simBooks) - 1; i >= 0; i-- {
		bk := simBooks[i]
		od := Odds{Company: bk.name, Home: price(pH, bk.margin), Away: price(pA, bk.margin)}
		if o.hasDraw {
			od.Draw = price(pD, bk.margin)
		}
		od.HcLine, od.HcHome, od.HcAway = line, price(pc, bk.margin), price(1-pc, bk.margin)
		od.OULine, od.OUOver, od.OUUnder = ou, price(po, bk.margin), price(1-po, bk.margin)
		for _, l := range lines {
			p := 1 - phi((l.line-l.mean)/l.sd)
			od.Lines = append(od.Lines, OddsLine{Market: l.market, Line: l.line, Over: price(p, bk.margin), Under: price(1-p, bk.margin)})
		}
		b.add(at, Event{Kind: KOdds, Odds: &od})
	}
}

// lineOutlook is the belief about one per-map total: its mean and spread, priced at line.
type lineOutlook struct {
	market         string
	line, mean, sd float64
}

// lineOutlooks are the esports lines of spec §3 for the next map: duration over 33 minutes and
// kills over 26.5 (League of Legends; other MOBAs at their own scale), rounds over 26.5 and the
// regulation line 21.5 (CS2 and Valorant, first to 13).
func (b *builder) lineOutlooks() []lineOutlook {
	s := math.Abs(b.strength())
	switch b.f.Game {
	case GameLoL:
		return []lineOutlook{{LineDuration, 33, 32 - 6*s, 5}, {LineKills, 26.5, 26, 8}}
	case GameDota2:
		return []lineOutlook{{LineDuration, 39.5, 40 - 6*s, 7}, {LineKills, 48.5, 50, 12}}
	case 7, GameKoG, 24, 25:
		return []lineOutlook{{LineDuration, 17.5, 18 - 3*s, 3}, {LineKills, 30.5, 31, 8}}
	case GameCS, GameValorant:
		return []lineOutlook{{LineRounds, 21.5, 21 - 4*s, 2.6}, {LineRounds, 26.5, 21 - 4*s, 2.6}}
	case 20:
		return []lineOutlook{{LineRounds, 10.5, 10.5 - 2*s, 1.6}}
	case 16:
		return []lineOutlook{{LineRounds, 14.5, 14.5 - 3*s, 2}}
	}
	return nil
}

// prematch is the outlook before the start, per game.
func (b *builder) prematch() outlook {
	s := b.strength()
	maps := func() outlook {
		bo := float64(b.bestOf(b.p.BestOf))
		return outlook{diff: 1.2 * s * bo / 3, sd: 1.1 * bo / 3, total: 0.8 * bo}
	}
	switch b.p.Family {
	case FamFootball:
		if b.f.Game == 9 {
			return outlook{diff: 2 * s, sd: 2.4, total: 5.5, hasDraw: true}
		}
		return outlook{diff: 1.2 * s, sd: 1.6, total: 2.6, hasDraw: true}
	case FamHockey:
		return outlook{diff: 1.2 * s, sd: 2.2, total: 5.5, hasDraw: true}
	case FamBasketball:
		scale := float64(b.quarterSecs()) / 720
		return outlook{diff: 20 * s * scale, sd: 12 * scale, total: 224 * scale}
	case FamTennis:
		if b.bestOf(3, 5) == 5 {
			return outlook{diff: 2 * s, sd: 1.6, total: 38}
		}
		return outlook{diff: 1.5 * s, sd: 1.2, total: 22}
	case FamSnooker:
		bo := float64(b.bestOf(b.p.BestOf))
		return outlook{diff: 0.5 * bo * s, sd: 0.35 * bo, total: 0.8 * bo}
	case FamBaseball:
		return outlook{diff: 2 * s, sd: 3.5, total: 8.5}
	case FamCricket:
		return outlook{diff: 30 * s, sd: 28, total: 325}
	case FamGridiron:
		return outlook{diff: 12 * s, sd: 13, total: 44.5}
	case FamCombat:
		return outlook{diff: 1.5 * s, sd: 1.4, total: 2.5}
	case FamBattleRoyale:
		return outlook{diff: 25 * s, sd: 18, total: 2 * 12 * float64(b.bestOf(b.p.BestOf))}
	}
	return maps()
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
