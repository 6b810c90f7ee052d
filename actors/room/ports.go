package room

import (
	"context"
	"time"
)

// Store keeps what a room must find again after a restart: its settings, moderators and mutes, and
// the append-only record of moderation actions and reports. LoadRoom runs once per activation, off
// the actor. Record must not block for long: it queues the action, applies the actions of one room
// in the order they were recorded, and calls done (from another goroutine) once the action is stored.
type Store interface {
	LoadRoom(ctx context.Context, id string) (Snapshot, bool, error)
	Record(a Action, done func(error))
}

// Action is one moderation change, applied to the stored state and appended to the record.
type Action struct {
	Room     string
	Actor    string
	Op       string // mute, unmute, delete, addMod, removeMod, slow, open, close, platformMute, platformUnmute, report
	Target   string
	Name     string // target's display name, for muted lists
	Message  string // message id (delete, report)
	Seq      uint64 // message seq (report)
	Duration time.Duration
	Reason   string
	At       time.Time
}

// StoredEvent is one event handed to History.
type StoredEvent struct {
	Room    string
	Seq     uint64
	ID      string
	Time    int64 // never decreases with Seq within a room
	Kind    string
	UserID  string
	Target  string // for a delete: the message id the store tombstones with this event
	Payload []byte
}

// History is the durable chat history. Append queues ev and may block briefly when the store is
// behind (that is the back-pressure that slows a flood); on nil, done is called exactly once from
// another goroutine when ev is durable or failed. On error ev was not accepted and done is never
// called. After and LastSeq run off the actor.
type History interface {
	Append(ev StoredEvent, done func(error)) error
	After(ctx context.Context, room string, since uint64, limit int) ([][]byte, error)
	LastSeq(ctx context.Context, room string) (uint64, error)
}

// PlatformMutes are mutes in force in every room of every node.
type PlatformMutes interface {
	MutedUntil(uid string) (time.Time, bool)
	Mute(ctx context.Context, uid string, until time.Time) error
	Unmute(ctx context.Context, uid string) error
}

// Filter finds banned words.
type Filter interface {
	Match(text string) (pattern string, ok bool)
}

// Counter is the part of a metric the room touches (prometheus.Counter satisfies it).
type Counter interface{ Add(float64) }

// Observer is the part of a histogram the room touches (prometheus.Histogram satisfies it).
type Observer interface{ Observe(float64) }
