package settlement

import "math"

// Markets (play types) a prediction can be on.
const (
	Market1X2      = "1x2"      // home, draw or away wins
	MarketHandicap = "handicap" // Asian handicap: Line is given to home (−0.5: home gives half a goal)
	MarketOU       = "ou"       // total over or under Line
)

// Picks.
const (
	PickHome  = "home"
	PickDraw  = "draw"
	PickAway  = "away"
	PickOver  = "over"
	PickUnder = "under"
)

// Outcomes.
const (
	Won      = "won"
	Lost     = "lost"
	Void     = "void"      // the match was postponed or cancelled: stakes back
	Push     = "push"      // the line landed exactly: stakes back
	HalfWon  = "half_won"  // a quarter line: half won, half pushed
	HalfLost = "half_lost" // a quarter line: half lost, half pushed
)

// Match states a result can carry (feed.Status values).
const (
	StatusFinished  = 5
	StatusPostponed = 6
	StatusCancelled = 7
)

// Prediction is what was predicted: a market, a pick and, for handicap and over/under, the line.
type Prediction struct {
	Market string
	Pick   string
	Line   float64
}

// Final is a match's final state: its status and the score.
type Final struct {
	Status     int
	Home, Away int
}

// Grade is the outcome of p on f. A postponed or cancelled match voids everything. Quarter lines
// (±0.25, ±0.75, ...) are two bets of half the stake on the lines a quarter either side. An
// unknown market or pick is void (nothing is won or lost on a prediction nobody can check).
func Grade(p Prediction, f Final) string {
	if f.Status != StatusFinished {
		return Void
	}
	h, a := float64(f.Home), float64(f.Away)
	switch p.Market {
	case Market1X2:
		res := PickDraw
		if h > a {
			res = PickHome
		} else if a > h {
			res = PickAway
		}
		switch p.Pick {
		case PickHome, PickDraw, PickAway:
			if p.Pick == res {
				return Won
			}
			return Lost
		}
	case MarketHandicap:
		switch p.Pick {
		case PickHome:
			return split(p.Line, func(l float64) float64 { return h - a + l })
		case PickAway:
			return split(p.Line, func(l float64) float64 { return a - h - l })
		}
	case MarketOU:
		switch p.Pick {
		case PickOver:
			return split(p.Line, func(l float64) float64 { return h + a - l })
		case PickUnder:
			return split(p.Line, func(l float64) float64 { return l - h - a })
		}
	}
	return Void
}

// split grades a line that may be a quarter line: margin gives the pick's margin over a line
// (positive wins, zero pushes).
func split(line float64, margin func(l float64) float64) string {
	lines := [2]float64{line, line}
	if q := math.Round(line * 4); int64(q)%2 != 0 {
		lines = [2]float64{(q - 1) / 4, (q + 1) / 4}
	}
	score := 0
	for _, l := range lines {
		switch m := margin(l); {
		case m > 1e-9:
			score++
		case m < -1e-9:
			score--
		}
	}
	switch score {
	case 2:
		return Won
	case 1:
		return HalfWon
	case -1:
		return HalfLost
	case -2:
		return Lost
	}
	return Push
}

// Winning reports whether an outcome is a win (in full or half).
func Winning(outcome string) bool { return outcome == Won || outcome == HalfWon }

// Decided reports whether an outcome counts in a hit rate (push and void do not).
func Decided(outcome string) bool {
	return outcome == Won || outcome == Lost || outcome == HalfWon || outcome == HalfLost
}

// Profit is the profit of a one-unit stake at decimal odds on an outcome.
func Profit(outcome string, odds float64) float64 {
	switch outcome {
	case Won:
		return odds - 1
	case HalfWon:
		return (odds - 1) / 2
	case HalfLost:
		return -0.5
	case Lost:
		return -1
	}
	return 0
}
