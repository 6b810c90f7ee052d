package ratelimit

import (
	"context"
	"fmt"
	"time"
)

// Limit allows Count events per key in any window of length Period (a sliding window: at no
// instant does a key have more than Count accepted events in the Period before it).
type Limit struct {
	Count  int           `json:"count"`
	Period time.Duration `json:"period"`
}

func (l Limit) valid() bool { return l.Count > 0 && l.Period > 0 }

func (l Limit) String() string { return fmt.Sprintf("%d/%s", l.Count, l.Period) }

// Class is a chatter's standing in a room, which selects the Limit that applies to them.
type Class uint8

// Classes of chatters, lowest first.
const (
	Viewer Class = iota
	VIP
	Moderator
	Streamer
)

func (c Class) String() string {
	switch c {
	case Viewer:
		return "viewer"
	case VIP:
		return "vip"
	case Moderator:
		return "moderator"
	case Streamer:
		return "streamer"
	}
	return fmt.Sprintf("class(%d)", uint8(c))
}

// Default per-class limits, after Twitch's chat limits: 20 messages per 30 seconds for everyone,
// 100 per 30 seconds for the people who run the room.
var (
	DefaultViewer    = Limit{Count: 20, Period: 30 * time.Second}
	DefaultVIP       = Limit{Count: 20, Period: 30 * time.Second}
	DefaultModerator = Limit{Count: 100, Period: 30 * time.Second}
	DefaultStreamer  = Limit{Count: 100, Period: 30 * time.Second}
)

// Classes is the configuration of a Window: the Limit of each Class. A zero Count or Period takes
// the default's (see DefaultViewer and the others).
type Classes struct {
	Viewer    Limit `json:"viewer"`    // default 20 per 30s
	VIP       Limit `json:"vip"`       // default 20 per 30s
	Moderator Limit `json:"moderator"` // default 100 per 30s
	Streamer  Limit `json:"streamer"`  // default 100 per 30s
}

// withDefaults returns c with every zero or negative field replaced by its default.
func (c Classes) withDefaults() Classes {
	fill := func(l *Limit, d Limit) {
		if l.Count <= 0 {
			l.Count = d.Count
		}
		if l.Period <= 0 {
			l.Period = d.Period
		}
	}
	fill(&c.Viewer, DefaultViewer)
	fill(&c.VIP, DefaultVIP)
	fill(&c.Moderator, DefaultModerator)
	fill(&c.Streamer, DefaultStreamer)
	return c
}

// Of returns the Limit of class k; an unknown class gets the Viewer limit.
func (c Classes) Of(k Class) Limit {
	switch k {
	case VIP:
		return c.VIP
	case Moderator:
		return c.Moderator
	case Streamer:
		return c.Streamer
	}
	return c.Viewer
}

// Decision is a Limiter's answer.
type Decision struct {
	// Allowed: the event is accepted and counted against the key.
	Allowed bool
	// Remaining is how many more events the key may have at once after this decision (0 when
	// refused): the limit's Count minus the events now in the key's window.
	Remaining int
	// RetryAfter, when not Allowed, is the time until the key's next event would be allowed
	// (other events permitting); 0 when Allowed.
	RetryAfter time.Duration
}

// Limiter is a rate limiter shared by every node of a cluster (the contract is in doc.go).
// Memory is the in-process implementation; a Redis Cluster one implements it for clusters.
type Limiter interface {
	Allow(ctx context.Context, key string, limit Limit) (Decision, error)
}
