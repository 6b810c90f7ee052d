package match

import (
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/match/feed"
)

// Apply hands one feed event to a match actor. The actor applies it exactly once and in order:
// an event at or below the last applied sequence number is dropped, one ahead of a gap is held
// until the gap fills (up to Config.MaxBuffered events).
type Apply struct {
	Event feed.Event
}

// ApplyBatch hands a match actor feed events of that match, in the order they were pushed: in
// cluster mode Registry.Push batches what it sends to another node, so a node that starts and
// pushes the feed's history sends one message per match rather than one per event. The actor
// takes each event as an Apply.
type ApplyBatch struct {
	Events []feed.Event
}

// Republish asks a match actor to publish its whole state again, as after its activation. A match
// topic sends it when it starts in cluster mode: a topic re-activated on another node after its
// member died knows nothing, while its match lives on and publishes only what changes.
type Republish struct{}

// GetState asks a match actor for a copy of its live state; the answer is a *feed.State (a
// pointer: in cluster mode the answer may cross nodes, and only pointers to registered types do).
type GetState struct{}

// Publish carries the changed fields of one match to a topic: latest value wins, so a topic
// merges what it has not sent yet key by key. Stamp is when the match actor published (the
// start of every delay).
type Publish struct {
	Match  string
	Fields []feed.Field
	Stamp  time.Time
}

// Attach tells a class-0 topic about a delayed sibling that wants its publishes. In cluster mode
// the sibling may live on another node: it attaches itself when activated and again at each relay
// heartbeat (a class-0 topic re-activated elsewhere starts with no siblings); the topic ignores a
// sibling it already has and forgets one that stopped.
type Attach struct{ Sibling *actor.PID }

// flush is the match actor's self-message that ends a burst of applied events: everything queued
// in the mailbox before it has been applied, so one publish covers them all.
type flush struct{}

// quietSave is the match actor's self-message that saves events that only moved the clock, once
// Config.QuietSaveDelay has passed (Actor.saveLater).
type quietSave struct{}

// loaded brings the stored state back to the match actor after activation.
type loaded struct {
	saved feed.Saved
	found bool
	err   error
}

// saved reports that the update ending at seq is durable (or failed).
type saved struct {
	seq      uint64
	finished bool
	err      error
}

// resultAcked reports the result consumer's answer.
type resultAcked struct{ err error }

// topicTick flushes a topic; stamp guards against stale timers.
type topicTick struct{ stamp uint64 }

// topicInfo asks a topic for its counters (tests); the answer is a topicInfoReply.
type topicInfo struct{}

type topicInfoReply struct {
	pending int
	frames  uint64
	relays  int
}
