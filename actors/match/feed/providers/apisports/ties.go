package apisports

import (
	"strings"
	"time"

	"courtside/actors/match/feed"
	"courtside/actors/match/feed/providers"
)

// Two-legged ties. API-Football has no "leg" field: both legs of a cup tie carry the same
// league, season and round ("Round of 16", "Quarter-finals"), with the teams swapped. The adapter
// remembers every fixture of a round that is not a league round and, when a fixture's swapped
// pair played (or was due to play) earlier in the same round, maps it as the second leg: Leg 2,
// a knockout on aggregate, and the aggregate, the side through and a called-off first leg in its
// detail as the simulator writes them ("agg", "through", "leg1"). The first leg becomes Leg 1.
// A cup fixture whose swapped pair the adapter has not seen (after a restart, a second leg's
// answer no longer brings its first leg) makes it read the fixture's round once
// (Adapter.loadRound): the first leg is known before the second leg is mapped.

// maxTieGap is the longest time between the two legs of a tie.
const maxTieGap = 60 * 24 * time.Hour

// tieKey names a fixture of a round by its pair, home first.
type tieKey struct {
	league int64
	season int
	round  string
	home   int64
	away   int64
}

// legSeen is what the adapter remembers of a fixture of a cup round.
type legSeen struct {
	id     int64
	start  time.Time
	status feed.Status
	goals  [2]int // after extra time, penalties not counted
	scored bool
}

// ties remembers the fixtures of cup rounds (the adapter's Poll goroutine only).
type ties map[tieKey]legSeen

// roundKey names a cup round of a league's season.
type roundKey struct {
	league int64
	season int
	round  string
}

// paired reports whether the adapter knows another fixture of fx's round with its teams swapped.
func (t ties) paired(fx *fbFixture) bool {
	other, ok := t[tieKey{fx.League.ID, fx.League.Season, fx.League.Round, fx.Teams.Away.ID, fx.Teams.Home.ID}]
	return ok && other.id != fx.Fixture.ID
}

// cupRound reports whether a round may be two-legged: API-Football names league rounds
// "Regular Season - 14"; everything else (knockout rounds, play-offs, qualifying) may be.
func cupRound(round string) bool {
	return round != "" && !strings.HasPrefix(strings.ToLower(round), "regular season")
}

// note remembers fx (when its round may be two-legged) and tells whether it is the second leg of a
// tie whose first leg the adapter has seen (first is that leg), or the first leg of one whose
// second leg it has seen.
func (t ties) note(fx *fbFixture, st feed.Status) (first legSeen, isSecond, isFirst bool) {
	if !cupRound(fx.League.Round) {
		return legSeen{}, false, false
	}
	k := tieKey{fx.League.ID, fx.League.Season, fx.League.Round, fx.Teams.Home.ID, fx.Teams.Away.ID}
	seen := legSeen{id: fx.Fixture.ID, start: time.Unix(fx.Fixture.Timestamp, 0).UTC(), status: st}
	if g := fx.Goals; g.Home != nil && g.Away != nil {
		seen.goals, seen.scored = [2]int{*g.Home, *g.Away}, true
	}
	if len(t) >= maxTies {
		t.prune(seen.start)
	}
	t[k] = seen
	other, ok := t[tieKey{k.league, k.season, k.round, k.away, k.home}]
	if !ok || other.id == seen.id {
		return legSeen{}, false, false
	}
	gap := seen.start.Sub(other.start)
	switch {
	case gap > 0 && gap <= maxTieGap:
		return other, true, false
	case gap < 0 && -gap <= maxTieGap:
		return legSeen{}, false, true
	}
	return legSeen{}, false, false
}

// applyLeg marks s (the snapshot of fx) as a leg of a tie: the first leg a plain match (a draw
// stands), the second a knockout on aggregate with the first leg's result; a second leg whose
// first leg was called off (postponed, cancelled, abandoned) carries "leg1" instead of an
// aggregate and is a knockout only when the first leg was cancelled (the simulator's rule).
func applyLeg(s *providers.Snapshot, fx *fbFixture, first legSeen, isSecond, isFirst bool) {
	if s.Fixture == nil || (!isSecond && !isFirst) {
		return
	}
	if isFirst {
		s.Fixture.Leg = 1
		return
	}
	s.Fixture.Leg = 2
	if s.Detail == nil {
		s.Detail = map[string]any{}
	}
	switch first.status {
	case feed.StatusPostponed, feed.StatusAbandoned:
		s.Detail["leg1"] = first.status.String()
		return
	case feed.StatusCancelled:
		s.Fixture.Knockout = true
		s.Detail["leg1"] = first.status.String()
		return
	case feed.StatusFinished:
	default:
		return // the first leg is still to end: no aggregate yet
	}
	s.Fixture.Knockout = true
	g := fx.Goals
	if !first.scored || g.Home == nil || g.Away == nil {
		return
	}
	// This match's home side was the first leg's away side.
	agg := []int{first.goals[1] + *g.Home, first.goals[0] + *g.Away}
	s.Detail["agg"] = agg
	if !s.HasStatus || s.Status != feed.StatusFinished {
		return
	}
	switch {
	case agg[0] > agg[1]:
		s.Detail["through"] = 0
	case agg[1] > agg[0]:
		s.Detail["through"] = 1
	default:
		if p := fx.Score.Penalty; p.Home != nil && p.Away != nil && *p.Home != *p.Away {
			s.Detail["through"] = map[bool]int{true: 0, false: 1}[*p.Home > *p.Away]
		}
	}
}

// maxTies bounds what the adapter remembers of cup rounds.
const maxTies = 4096

// prune forgets the fixtures too old to be the first leg of a fixture starting from now on.
func (t ties) prune(now time.Time) {
	for k, v := range t {
		if now.Sub(v.start) > maxTieGap {
			delete(t, k)
		}
	}
}
