package providers

import (
	"context"
	"time"

	"courtside/actors/match/feed"
)

// Snapshot is what a provider says about one match at one moment, already in our model. Nil or
// zero parts are not known from this answer and change nothing.
type Snapshot struct {
	Match string // our match id (provider-prefixed)
	// Updated is the provider's time of this picture (its update stamp where it gives one, else
	// when the answer arrived); an older snapshot than one already applied is dropped.
	Updated time.Time

	Fixture *feed.Fixture

	Status    feed.Status
	HasStatus bool

	Score *feed.Score // with Correction when the provider says a score was corrected

	Period *feed.Period
	Clock  *feed.Clock

	Detail    map[string]any
	Stats     map[string]feed.Stat
	Incidents []Incident
	Lineups   []feed.Lineup
	Injuries  []feed.Injury
	Odds      *feed.Odds
	Players   []feed.PlayerStats
}

// Incident is a timeline entry with the provider's reference, so that it is sent once even when
// every answer repeats it and after a restart.
type Incident struct {
	Ref string
	feed.Incident
}

// ResumeFunc loads what consumers already hold for a match: its state (with LastSeq) and the
// references of the incidents already sent (feed.Incident.Ref). found is false for a match never
// seen. The engine gives the sports store's ResumeMatch.
type ResumeFunc func(ctx context.Context, match string) (st feed.State, incidentRefs []string, found bool, err error)

// Reference is reference data an adapter learns besides match events: leagues, seasons, teams
// and players with their names, so that lists and library pages show them.
type Reference struct {
	Leagues []feed.League
	Seasons []feed.Season
	Stages  []feed.Stage
	Rounds  []feed.Round
	Teams   []feed.Team
	Players []feed.Player
}

// Empty reports whether r holds nothing.
func (r *Reference) Empty() bool {
	return len(r.Leagues)+len(r.Seasons)+len(r.Stages)+len(r.Rounds)+len(r.Teams)+len(r.Players) == 0
}

// Collector gathers reference data over a poll and keeps only what is new or changed since it
// was last flushed, so that an adapter does not rewrite the same rows every poll.
type Collector struct {
	seen map[string]uint64
	cur  Reference
}

func (c *Collector) fresh(key string, v any) bool {
	if c.seen == nil {
		c.seen = map[string]uint64{}
	}
	h := hashOf(v)
	if c.seen[key] == h {
		return false
	}
	c.seen[key] = h
	return true
}

// Add records reference data.
func (c *Collector) Add(r Reference) {
	for _, x := range r.Leagues {
		if c.fresh("l"+x.ID, x) {
			c.cur.Leagues = append(c.cur.Leagues, x)
		}
	}
	for _, x := range r.Seasons {
		if c.fresh("s"+x.ID, x) {
			c.cur.Seasons = append(c.cur.Seasons, x)
		}
	}
	for _, x := range r.Stages {
		if c.fresh("g"+x.ID, x) {
			c.cur.Stages = append(c.cur.Stages, x)
		}
	}
	for _, x := range r.Rounds {
		if c.fresh("r"+x.ID, x) {
			c.cur.Rounds = append(c.cur.Rounds, x)
		}
	}
	for _, x := range r.Teams {
		if c.fresh("t"+x.ID, x) {
			c.cur.Teams = append(c.cur.Teams, x)
		}
	}
	for _, x := range r.Players {
		if c.fresh("p"+x.ID, x) {
			c.cur.Players = append(c.cur.Players, x)
		}
	}
}

// Flush hands what is new to store (when there is anything and store is set); after a failure
// everything is collected again at the next poll.
func (c *Collector) Flush(ctx context.Context, store ReferenceFunc) error {
	if store == nil || c.cur.Empty() {
		c.cur = Reference{}
		return nil
	}
	if err := store(ctx, c.cur); err != nil {
		c.seen, c.cur = nil, Reference{}
		return err
	}
	c.cur = Reference{}
	return nil
}

// ReferenceFunc stores reference data (idempotent upserts). The engine wraps the sports
// store's UpsertReference.
type ReferenceFunc func(ctx context.Context, r Reference) error
