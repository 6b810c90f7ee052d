package feed

import (
	"sort"
	"strconv"

	jsoniter "github.com/json-iterator/go"
)

var json = jsoniter.ConfigCompatibleWithStandardLibrary

// State is the live state of one match: what the match actor keeps, persists and publishes.
//
// Detail holds the sport-specific live detail; its documented shapes (keys and values):
//
//	soccer      "addedTime": int minutes of stoppage announced; "pen": [h, a] shoot-out score
//	basketball  "fouls": [h, a] team fouls this quarter; "timeouts": [h, a] left
//	tennis      "points": "30-15" (or "AD-40", tie-break "5-4"); "serve": 0|1; "tiebreak": bool
//	baseball    "inning": 1..12; "half": "top"|"bottom"; "outs": 0..2; "bases": [1b, 2b, 3b] (0|1)
//	esports     "map": current map number; "mapName": string; "round": CS2/Valorant round;
//	            "gold": [h, a] (LoL) or "networth": [h, a] (Dota 2); "econ": [h, a] (CS2/Valorant
//	            team money); "side": ["CT","T"] or ["ATK","DEF"]
//
// Stats are team statistics keyed by name, each a Stat [home, away] (spec §3):
//
//	soccer      possession, shots, shotsOnTarget, corners, fouls, yellowCards, redCards, penalties, goals,
//	            offsides, attacks, dangerousAttacks
//	basketball  rebounds, steals, blocks, assists, turnovers, freeThrows, freeThrowsMade, twoPoints,
//	            threePoints, fouls
//	tennis      aces, doubleFaults, breakPoints, breakPointsWon, firstServeIn
//	baseball    hits, errors, homeRuns, strikeouts, walks
//	lol         kills, towers, dragons, barons, heralds, gold, firstBlood, firstTower, firstDragon,
//	            firstBaron
//	dota2       kills, towers, roshans, barracks, networth, experience, firstBlood, firstTower,
//	            firstRoshan
//	cs2         rounds, pistolRoundsWon, bombPlants, bombDefuses, bombExplosions, kills, econ
//	valorant    rounds, pistolRoundsWon, spikePlants, spikeDefuses, spikeDetonations, kills, econ
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
		c.Odds = &o
	}
	return c
}

// Apply folds ev into the state and records ev.Seq as the last applied sequence number. It does
// not check ordering (the caller does). A refused transition returns ErrBadTransition and leaves
// everything but LastSeq unchanged: the event is consumed so that the stream goes on.
func (s *State) Apply(ev *Event) error {
	if s.Match == "" {
		s.Match = ev.Match
	} else if ev.Match != s.Match {
		return ErrWrongMatch
	}
	s.LastSeq = ev.Seq
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
			s.Odds = &o
		}
	case KStatus:
		if !Transition(s.Status, ev.Status) {
			return ErrBadTransition
		}
		s.Status = ev.Status
		if ev.Status.Terminal() || ev.Status == StatusPostponed || ev.Status == StatusHalftime {
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
)

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
	sort.Slice(tail, func(i, j int) bool { return tail[i].Key < tail[j].Key })
	return dst
}
