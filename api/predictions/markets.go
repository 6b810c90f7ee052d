package predictions

import (
	"encoding/json"
	"math"
	"slices"
	"time"

	"courtside/actors/match/feed"
	"courtside/api/settlement"
)

// Markets.
const (
	MarketFree       = "free"        // a question of the streamer's, resolved by hand
	MarketWinner     = "winner"      // who wins the match (home, draw when the game has draws, away)
	MarketTotal      = "total"       // total score over or under a line
	MarketNextGoal   = "next_goal"   // who scores next after the lock (or nobody before the end)
	MarketFirstBlood = "first_blood" // who draws first blood after the lock
	MarketMapWinner  = "map_winner"  // who wins the next map to end after the lock
)

// Outcome codes of match markets (the client shows team names for home and away).
const (
	OutHome  = "home"
	OutDraw  = "draw"
	OutAway  = "away"
	OutOver  = "over"
	OutUnder = "under"
	OutNone  = "none"
)

// finalMarkets are decided by the final result (through the settlement service); eventMarkets by
// an event of the match after the lock.
var (
	finalMarkets = []string{MarketWinner, MarketTotal}
	eventMarkets = []string{MarketNextGoal, MarketFirstBlood, MarketMapWinner}
)

// Match is what the area needs of a match (the match module implements Matches).
type Match struct {
	ID         string
	Game       int
	Home, Away string
	Status     int     // feed.Status
	OULine     float64 // the total line of the current odds, 0 without
	StartAt    time.Time
}

// Offer is one market the room's match offers.
type Offer struct {
	Market   string   `json:"market"`
	Outcomes []string `json:"outcomes"`
	Line     float64  `json:"line,omitempty"`
}

// Offers lists the markets that fit the match's game: winner and total for every game (total with
// the odds' line, or a default of the game's usual totals); next goal for the games scored in goals;
// first blood for the MOBAs; map winner for esports played in maps. Nothing once the match is over.
func Offers(m Match) []Offer {
	st := feed.Status(m.Status)
	if st == feed.StatusFinished || st == feed.StatusPostponed || st == feed.StatusCancelled || st == feed.StatusAbandoned {
		return nil
	}
	p := feed.ProfileOf(m.Game)
	win := []string{OutHome, OutAway}
	if p.Draws {
		win = []string{OutHome, OutDraw, OutAway}
	}
	out := []Offer{{Market: MarketWinner, Outcomes: win}}
	line := m.OULine
	if line <= 0 {
		line = defaultLine(p)
	}
	if line > 0 {
		out = append(out, Offer{Market: MarketTotal, Outcomes: []string{OutOver, OutUnder}, Line: line})
	}
	switch p.Family {
	case feed.FamFootball, feed.FamHockey, feed.FamCarSoccer:
		out = append(out, Offer{Market: MarketNextGoal, Outcomes: []string{OutHome, OutAway, OutNone}})
	}
	if slices.Contains(p.Stats, "firstBlood") {
		out = append(out, Offer{Market: MarketFirstBlood, Outcomes: []string{OutHome, OutAway}})
	}
	if feed.IsEsport(m.Game) && p.BestOf > 1 {
		out = append(out, Offer{Market: MarketMapWinner, Outcomes: []string{OutHome, OutAway}})
	}
	return out
}

// defaultLine is a total line for a game without odds: half a point above a typical total.
func defaultLine(p feed.Profile) float64 {
	switch p.Family {
	case feed.FamFootball, feed.FamHockey:
		return 2.5
	case feed.FamBasketball:
		return 160.5
	}
	if p.BestOf > 1 {
		return float64(p.BestOf/2) + 0.5 // maps or sets: the decider is played over the line
	}
	return 0
}

// validLine reports whether a total line cannot push: a positive half line.
func validLine(l float64) bool {
	return l > 0 && l < 10000 && math.Abs(l*2-math.Round(l*2)) < 1e-9 && math.Mod(math.Round(l*2), 2) == 1
}

// gradeFinal is the winning outcome of a final-result market on a finished match (-1: none won,
// every stake goes back).
func gradeFinal(market string, line float64, outcomes []string, r settlement.Result) int {
	f := settlement.Final{Status: r.Status, Home: r.Home, Away: r.Away}
	for i, o := range outcomes {
		var p settlement.Prediction
		switch market {
		case MarketWinner:
			p = settlement.Prediction{Market: settlement.Market1X2, Pick: o}
		case MarketTotal:
			p = settlement.Prediction{Market: settlement.MarketOU, Pick: o, Line: line}
		default:
			return -1
		}
		if settlement.Grade(p, f) == settlement.Won {
			return i
		}
	}
	return -1
}

// eventKinds are the feed event kinds an event market reads.
func eventKinds(market string) []string {
	if market == MarketNextGoal {
		return []string{string(feed.KScore)}
	}
	return []string{string(feed.KIncident)}
}

// decideEvent reads one stored feed event after the lock: the winning outcome code, or "" when
// the event does not decide the market (ok false: it decides it but unclearly — both sides scored
// in one correction — and the stakes go back).
func decideEvent(market string, baseHome, baseAway int, kind string, body []byte) (code string, ok bool) {
	var ev feed.Event
	if json.Unmarshal(body, &ev) != nil {
		return "", true
	}
	switch market {
	case MarketNextGoal:
		if ev.Score == nil {
			return "", true
		}
		h, a := ev.Score.Home > baseHome, ev.Score.Away > baseAway
		switch {
		case h && a:
			return "", false
		case h:
			return OutHome, true
		case a:
			return OutAway, true
		}
	case MarketFirstBlood, MarketMapWinner:
		want := "firstBlood"
		if market == MarketMapWinner {
			want = "mapWin"
		}
		if ev.Incident != nil && ev.Incident.Type == want {
			switch ev.Incident.Team {
			case 0:
				return OutHome, true
			case 1:
				return OutAway, true
			}
		}
	}
	return "", true
}
