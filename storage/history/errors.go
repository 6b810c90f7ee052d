package history

import "errors"

// ErrNotFound is returned by Get and Delete when the room has no message with that id (or, for Get
// with ExcludeDeleted, when the message was deleted). Reads that return lists never return it: an
// unknown room simply has no events.
var ErrNotFound = errors.New("history: message not found")

// ErrInvalidEvent is returned by Append when an event cannot be stored: empty room, room longer than
// MaxRoomLen, zero Seq or negative Time. Nothing of the batch is written.
var ErrInvalidEvent = errors.New("history: invalid event")

// ErrClosed is returned by every method of a store or writer after Close.
var ErrClosed = errors.New("history: closed")

// ErrQueueFull is the Writer's back-pressure signal: its queue holds QueueSize events that are not
// yet durable. The event was not accepted (its done callback will never be called); the caller
// refuses the command or tries again later. Accepted events are never dropped.
var ErrQueueFull = errors.New("history: write queue full")

// ErrBucketWidthChanged is returned when a store is opened with a BucketWidth different from the
// one its data was written with. Keys embed the bucket number, so the width is fixed for the life
// of a data set.
var ErrBucketWidthChanged = errors.New("history: bucket width differs from the stored data's")

// ErrSeqTaken is returned by Append when an event's (Room, Seq) is already stored with another Time:
// not a retry but a second writer of the room (in a cluster, a room's old incarnation still draining
// its queue while the new one took over). Nothing of the batch is written and retrying cannot help;
// the stored event stands, so an acknowledged event is never replaced.
var ErrSeqTaken = errors.New("history: seq already stored with another event")
