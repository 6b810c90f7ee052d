package feed

import (
	"slices"
	"strconv"
	"strings"

	jsoniter "github.com/json-iterator/go"
)

var json = jsoniter.ConfigCompatibleWithStandardLibrary

// State is the live state of one match: what the match actor keeps, persists and publishes.
//
// Home and Away are the score as the sport counts it: goals, points, runs, sets, frames, maps or
// games won (battle royales: points; mixed martial arts: 1-0 once the bout is won). Periods hold
// the score of each half, quarter, period, inning, set, game, frame, round or map.
//
// Detail holds the sport-specific live detail; its documented shapes (keys and values):
//
//	football    "addedTime": int minutes announced; "pen": [h, a] shoot-out score; "momentum": -100
//	            (away pressing) .. 100 (home pressing), every other minute, for momentum graphs;
//	            on the second leg of a two-legged tie "agg": [h, a] the score over both legs (this
//	            match's home first) and, once it is decided, "through": 0|1 the side that goes on;
//	            when the first leg was called off "leg1": "postponed"|"cancelled"|"abandoned" instead
//	hockey      "shootout": [h, a]
//	basketball  "fouls": [h, a] team fouls this quarter
//	tennis      "points": "30-15" (or "AD-40", tie-break "5-4"); "serve": 0|1; "tiebreak": bool
//	rally       "points": "18-15" in the current set or game; "serve": 0|1
//	snooker     "frame": int; "break": int; "remaining": points left on the table; "atTable": 0|1
//	baseball    "inning": 1..12; "half": "top"|"bottom"; "outs": 0..2; "bases": [1b, 2b, 3b] (0|1)
//	cricket     "innings": 1|2; "batting": 0|1; "wickets": [h, a]; "overs": ["20.0", "14.3"]; "target": int
//	gridiron    "possession": 0|1; "down": 1..4; "toGo": yards; "ballOn": yards from the own goal line
//	combat      "method", "finishRound", "finishTime", "cards" (the judges' scores)
//	moba        "map": int; "gold" or "networth": [h, a]; "kills": [h, a]
//	tactical    "map", "mapName", "round", "side": ["T","CT"] or ["ATK","DEF"]; "econ": [h, a]
//	modes/hero  "map", "mode", "mapName"
//	battleRoyale "game", "mapName", "zone", "teamsAlive", "placements": [h, a]
//	carSoccer   "game", "arena"; rts "map", "mapName", "supply", "bases"; cards "game", "classes",
//	            "turn", "health"
//
// Stats are team statistics keyed by name, each a Stat [home, away]; the keys of each game are
// its Profile's Stats (for instance soccer possession, shots, shotsOnTarget, saves, corners,
// fouls, cards, penalties, goals, offsides, attacks, passes; basketball points, rebounds,
// steals, blocks, assists, turnovers, free throws, two- and three-pointers made and attempted;
// League of Legends kills, towers, gold, dragons, heralds, barons, inhibitors and the firsts;
// Dota 2 Roshan and barracks; Honor of Kings tyrants and overlords; CS2 and Valorant rounds,
// pistol rounds won, plants, defuses, detonations and economy). Esports statistics describe the
// current map.
type State struct {
	Match      string          `json:"match"`
	Game       int             `json:"gameId"`
	Status     Status          `json:"status"`
	Home       int             `json:"home"`
	Away       int             `json:"away"`
	Period     int             `json:"period"`
	PeriodName string          `json:"periodName"`
	Clock      Clock           `json:"clock"`
	Periods    []Pair          `json:"periods"`
	Detail     map[string]any  `json:"detail,omitempty"`
	Stats      map[string]Stat `json:"stats,omitempty"`
	Odds       *Odds           `json:"odds,omitempty"`
	StartAt    int64           `json:"startAt"` // unix ms
	Updated    int64           `json:"updated"` // unix ms of the newest applied event
	LastSeq    uint64          `json:"lastSeq"`
	Source     string          `json:"source"`
}

// Clone returns a deep copy (maps and slices are not shared).
func (s *State) Clone() State {
	c := *s
	c.Periods = append([]Pair(nil), s.Periods...)
	if s.Detail != nil {
		c.Detail = make(map[string]any, len(s.Detail))
		for k, v := range s.Detail {
			c.Detail[k] = v
		}
	}
	if s.Stats != nil {
		c.Stats = make(map[string]Stat, len(s.Stats))
		for k, v := range s.Stats {
			c.Stats[k] = v
		}
	}
	if s.Odds != nil {
		o := *s.Odds
		o.Lines = append([]OddsLine(nil), o.Lines...)
		c.Odds = &o
	}
	return c
}

// Apply folds ev into the state and records ev.Seq as the last applied sequence number. It does
// not check ordering (the caller does). A refused transition returns ErrBadTransition, an
// impossible value ErrInvalidEvent (wrapped with the reason: a negative or absurd score, a score
// going back without Score.Correction, an absurd clock, a team playing itself, a malformed
// statistic or detail); both leave everything but LastSeq unchanged: the event is consumed so
// that the stream goes on.
func (s *State) Apply(ev *Event) error {
	if s.Match == "" {
		s.Match = ev.Match
	} else if ev.Match != s.Match {
		return ErrWrongMatch
	}
	s.LastSeq = ev.Seq
	if err := s.check(ev); err != nil {
		return err
	}
	switch ev.Kind {
	case KFixture:
		if f := ev.Fixture; f != nil {
			s.Game = f.Game
			s.StartAt = f.Start.UnixMilli()
			s.Source = f.Source
		}
	case KReschedule:
		s.StartAt = ev.StartAt
	case KLineup, KIncident, KPlayerStat:
		// Timeline and side tables only; the live state is unchanged.
	case KOdds:
		if ev.Odds != nil {
			o := *ev.Odds
			o.Lines = append([]OddsLine(nil), o.Lines...)
			s.Odds = &o
		}
	case KStatus:
		if !Transition(s.Status, ev.Status) {
			return ErrBadTransition
		}
		s.Status = ev.Status
		if ev.Status.Terminal() || ev.Status == StatusPostponed || ev.Status == StatusHalftime || ev.Status == StatusAbandoned {
			s.Clock.Running = false
			s.Clock.At = ev.At
		}
	case KScore:
		if ev.Score != nil {
			s.Home, s.Away = ev.Score.Home, ev.Score.Away
			if ev.Score.Periods != nil {
				s.Periods = append(s.Periods[:0], ev.Score.Periods...)
			}
		}
	case KPeriod:
		if ev.Period != nil {
			s.Period, s.PeriodName, s.Clock = ev.Period.Index, ev.Period.Name, ev.Period.Clock
		}
	case KClock:
		if ev.Clock != nil {
			s.Clock = *ev.Clock
		}
	case KDetail:
		if s.Detail == nil {
			s.Detail = make(map[string]any, len(ev.Detail))
		}
		for k, v := range ev.Detail {
			if v == nil {
				delete(s.Detail, k)
			} else {
				s.Detail[k] = v
			}
		}
	case KStats:
		if s.Stats == nil {
			s.Stats = make(map[string]Stat, len(ev.Stats))
		}
		for k, v := range ev.Stats {
			s.Stats[k] = v
		}
	default:
		return ErrUnknownKind
	}
	if ev.At > s.Updated {
		s.Updated = ev.At
	}
	return nil
}

// Field is one published field of the live state: Key and its JSON value.
type Field struct {
	Key string
	Val []byte
}

// Field keys of the published state. Detail and Stats are flattened (one field per key) so that
// a changed statistic does not resend the others.
const (
	FieldStatus     = "st"   // status number
	FieldHome       = "h"    // home score
	FieldAway       = "a"    // away score
	FieldPeriod     = "p"    // period index
	FieldPeriodName = "pn"   // period name
	FieldClock      = "clk"  // Clock
	FieldPeriods    = "ps"   // per-period scores
	FieldOdds       = "odds" // Odds
	FieldStart      = "start"
	FieldUpdated    = "ts" // unix ms of the newest applied event
	PrefixDetail    = "d." // d.<key>: a Detail value
	PrefixStats     = "s." // s.<key>: a Stat
	// FieldRedCards is the red-card statistic (football and the games that show cards on a row).
	FieldRedCards = PrefixStats + "redCards"
	// FieldAggregate is a second leg's score over both legs, FieldThrough the side that goes
	// through once the tie is decided (a row shows both beside the score).
	FieldAggregate = PrefixDetail + "agg"
	FieldThrough   = PrefixDetail + "through"
	// FieldFirstLeg is set on a second leg whose first leg was called off: the first leg's status
	// ("postponed", "cancelled" or "abandoned"), which a row shows instead of an aggregate.
	FieldFirstLeg = PrefixDetail + "leg1"
)

// FirstLegCalledOff reads, on a second leg, the status of a first leg that was called off
// (postponed, cancelled or abandoned); ok is false for any other match.
func (s *State) FirstLegCalledOff() (first Status, ok bool) {
	v, _ := s.Detail["leg1"].(string)
	for _, st := range []Status{StatusPostponed, StatusCancelled, StatusAbandoned} {
		if v == st.String() {
			return st, true
		}
	}
	return 0, false
}

// Aggregate reads a second leg's score over both legs from its detail ("agg"); ok is false for
// any other match. It accepts the value as the simulator writes it and as JSON decodes it.
func (s *State) Aggregate() (agg Pair, ok bool) {
	return pairOf(s.Detail["agg"])
}

// Through reads the side (0 home, 1 away) that goes through a decided two-legged tie.
func (s *State) Through() (side int, ok bool) {
	switch v := s.Detail["through"].(type) {
	case int:
		side, ok = v, true
	case float64:
		side, ok = int(v), v == float64(int(v))
	}
	return side, ok && (side == 0 || side == 1)
}

// pairOf reads a [h, a] detail value: a Pair or []int from the simulator, []any of numbers after
// a JSON round trip.
func pairOf(v any) (Pair, bool) {
	switch x := v.(type) {
	case Pair:
		return x, true
	case []int:
		if len(x) == 2 {
			return Pair{x[0], x[1]}, true
		}
	case []any:
		if len(x) != 2 {
			return Pair{}, false
		}
		var p Pair
		for i, e := range x {
			f, isNum := e.(float64)
			if !isNum || f < 0 || f != float64(int(f)) {
				return Pair{}, false
			}
			p[i] = int(f)
		}
		return p, true
	}
	return Pair{}, false
}

// AppendFields appends the published fields of s, sorted by key, reusing dst's storage.
func (s *State) AppendFields(dst []Field) []Field {
	num := func(k string, v int64) Field { return Field{k, strconv.AppendInt(nil, v, 10)} }
	enc := func(k string, v any) Field {
		b, err := json.Marshal(v)
		if err != nil {
			b = []byte("null")
		}
		return Field{k, b}
	}
	start := len(dst)
	dst = append(dst,
		num(FieldStatus, int64(s.Status)),
		num(FieldHome, int64(s.Home)),
		num(FieldAway, int64(s.Away)),
		num(FieldPeriod, int64(s.Period)),
		Field{FieldPeriodName, strconv.AppendQuote(nil, s.PeriodName)},
		enc(FieldClock, s.Clock),
		enc(FieldPeriods, s.Periods),
		num(FieldStart, s.StartAt),
		num(FieldUpdated, s.Updated),
	)
	if s.Odds != nil {
		dst = append(dst, enc(FieldOdds, s.Odds))
	}
	for k, v := range s.Detail {
		dst = append(dst, enc(PrefixDetail+k, v))
	}
	for k, v := range s.Stats {
		dst = append(dst, enc(PrefixStats+k, v))
	}
	tail := dst[start:]
	slices.SortFunc(tail, func(a, b Field) int { return strings.Compare(a.Key, b.Key) })
	return dst
}
