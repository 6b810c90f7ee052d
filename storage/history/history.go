package history

import (
	"context"
	"fmt"
	"time"
)

// Event is one room event as stored. Room and Seq identify it; everything else is its content.
type Event struct {
	Room    string // room id
	Seq     uint64 // per room, strictly increasing, assigned by the room actor; never 0
	ID      string // message id ("<room>-<seq>") for chat and gift; may be empty for other kinds
	Time    int64  // unix milliseconds; must not decrease with Seq within a room (see Bucket)
	Kind    string // "chat", "gift", "del", "mute", ...
	UserID  string // author (or moderator for "del", "mute", ...)
	Target  string // for a "del" event: the message id it deletes; Append tombstones it atomically
	Payload []byte // the event exactly as encoded on the wire (JSON), replayed byte for byte

	// Deleted is set only on moderator reads (IncludeDeleted); every other read leaves deleted
	// messages out altogether.
	Deleted bool
}

// Visibility selects whether a read may return deleted messages.
type Visibility uint8

const (
	// ExcludeDeleted is the rule for everyone: a deleted message is never returned again.
	ExcludeDeleted Visibility = iota
	// IncludeDeleted is the moderator's view of a reported message's context: deleted messages are
	// returned with Deleted set.
	IncludeDeleted
)

// Store is the chat history. Every read returns events in ascending Seq order and leaves deleted
// messages out (except Get and Around with IncludeDeleted), and events older than the retention
// TTL when one is configured. A room nobody wrote to reads as empty, never as an error.
//
// The room actor declares the subset it needs where it uses it; this full interface is what the
// conformance suite (historytest) checks and what both implementations provide.
type Store interface {
	// Append durably stores a batch of events from any rooms. Re-appending an event with the same
	// (Room, Seq, Time) overwrites it (no duplicate), so a failed batch can simply be retried; a
	// deleted message stays deleted. An event with Kind "del" and a Target writes the target's
	// tombstone in the same batch.
	Append(ctx context.Context, batch []Event) error
	// Delete tombstones a message so no read returns it again. ErrNotFound if the room has no
	// message with that id. Deleting twice is not an error.
	Delete(ctx context.Context, room, msgID string) error
	// Latest returns the n newest events.
	Latest(ctx context.Context, room string, n int) ([]Event, error)
	// Before returns the n newest events with Seq < cursor: page backwards with cursor = the first
	// Seq of the previous page.
	Before(ctx context.Context, room string, cursor uint64, n int) ([]Event, error)
	// After returns up to limit of the oldest events with Seq > since: resume, and forward paging
	// with since = the last Seq of the previous page.
	After(ctx context.Context, room string, since uint64, limit int) ([]Event, error)
	// Window returns up to limit of the oldest events with from <= Time < to: replay beside a
	// past stream. Continue a truncated window with After(last Seq) while Time < to.
	Window(ctx context.Context, room string, from, to time.Time, limit int) ([]Event, error)
	// Get returns one message by id, ErrNotFound when unknown (or deleted, with ExcludeDeleted).
	Get(ctx context.Context, room, msgID string, vis Visibility) (Event, error)
	// Around returns the event with Seq seq (when stored and visible) with up to n events on each
	// side: a reported message's context.
	Around(ctx context.Context, room string, seq uint64, n int, vis Visibility) ([]Event, error)
	// LastSeq returns the highest Seq ever appended to the room (deleted and expired events
	// included), 0 for a new room: a re-activated room actor continues from LastSeq+1.
	LastSeq(ctx context.Context, room string) (uint64, error)
	// Close releases the store. In-flight calls may fail with ErrClosed.
	Close() error
}

// Defaults shared by both implementations.
const (
	// DefaultBucketWidth is the time span of one partition (room, bucket). An hour keeps a hot
	// room's ScyllaDB partition around 100 MB at 100 messages/s while a quiet room's latest page
	// is usually one partition away.
	DefaultBucketWidth = time.Hour
	// DefaultMaxRead caps n and limit of every read so one call has bounded memory.
	DefaultMaxRead = 1000
	// MaxRoomLen is the longest room id a store accepts (the Pebble key holds a 16-bit length).
	MaxRoomLen = 1<<16 - 1
)

// Bucket returns the time bucket of a unix-millisecond time: the partition (room, bucket) an event
// lives in. Both stores use it, so their data models match. Because the bucket is derived from Time
// and reads walk buckets in order, Time must not decrease as Seq grows within a room: the room actor
// stamps ts = max(now, previous ts).
func Bucket(timeMs int64, width time.Duration) int64 {
	return timeMs / width.Milliseconds()
}

// Validate checks what every store requires of an event.
func Validate(ev *Event) error {
	switch {
	case ev.Room == "":
		return fmt.Errorf("%w: empty room", ErrInvalidEvent)
	case len(ev.Room) > MaxRoomLen:
		return fmt.Errorf("%w: room id longer than %d bytes", ErrInvalidEvent, MaxRoomLen)
	case ev.Seq == 0:
		return fmt.Errorf("%w: room %q: seq 0", ErrInvalidEvent, ev.Room)
	case ev.Seq > 1<<63-1:
		return fmt.Errorf("%w: room %q: seq %d does not fit a signed 64-bit column", ErrInvalidEvent, ev.Room, ev.Seq)
	case ev.Time < 0:
		return fmt.Errorf("%w: room %q seq %d: negative time", ErrInvalidEvent, ev.Room, ev.Seq)
	}
	return nil
}

// ClampLimit bounds a read's n to [0, max].
func ClampLimit(n, max int) int {
	if n < 0 {
		return 0
	}
	if n > max {
		return max
	}
	return n
}

// Expired reports whether an event written at timeMs is past a retention of ttl at nowMs. A zero
// ttl keeps everything.
func Expired(timeMs int64, ttl time.Duration, nowMs int64) bool {
	return ttl > 0 && timeMs < nowMs-ttl.Milliseconds()
}
