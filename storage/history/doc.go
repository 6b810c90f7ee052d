// Package history is Courtside's chat history: the Event model, the Store contract, the embedded
// Pebble store (the single-node default), and the group-commit Writer that keeps the durability
// promise — a chat message acknowledged to its sender is in the store.
//
// # Data model
//
// A room event (chat, gift, del, mute, ...) is identified by (Room, Seq); Seq is assigned by the
// room actor, strictly increasing per room. Events live in partition (room, time bucket), clustered
// by Seq, in both implementations (this package's PebbleStore and storage/scylla). Payload is the
// event exactly as encoded on the wire, so resume replays bytes without re-encoding. Deleting a
// message writes a tombstone beside it; no read returns it again except a moderator's (Get and
// Around with IncludeDeleted). A "del" event whose Target names a message tombstones it in the same
// atomic batch. Retention (TTL) counts from each event's Time; LastSeq never expires.
//
// Time must not decrease as Seq grows within a room (the room actor stamps ts = max(now, last ts)):
// reads locate a Seq through the time-ordered buckets.
//
// # The Writer and the durability promise
//
// Room actors hand events to one Writer shared by the node:
//
//	err := w.Append(ev, func(err error) { self.Send(persisted{seq, err}) })
//
// Append never blocks: it returns ErrQueueFull when QueueSize events are waiting (back-pressure: the
// room refuses the command) and ErrClosed after Close. AppendWait blocks while the queue is full, for
// events that must not be refused. An accepted event is never dropped: its done callback runs
// exactly once, with nil only after the batch holding it was committed durably (pebble.Sync; a
// ScyllaDB write acknowledged at the configured consistency). Only then may the room send the
// sender's ack. The writer groups events from all rooms into batches of up to MaxBatch events,
// waiting at most MaxDelay after the first, and retries a failing batch for RetryFor before failing
// its events. Close stops intake and flushes everything accepted (graceful shutdown).
//
// A room actor that is (re)activated calls Barrier before the store's LastSeq, so events of its
// previous incarnation still queued on this node are durable first and no seq is handed out twice.
//
// # Concurrency contract
//
//   - Writer.Append, AppendWait, Barrier and Len may be called from any goroutine (typically every room
//     actor's). Close may be called from any goroutine, once the callers have stopped appending;
//     appends racing with Close either are accepted (and flushed) or get ErrClosed.
//   - done callbacks run on the Writer's single commit goroutine, in the order of the events within
//     a room, one batch at a time. They must not block and must not call the Writer (Append may
//     wait behind a pending Close, which waits for the commit goroutine): an actor posts a message
//     to its own mailbox and returns.
//   - The commit goroutine is the only caller of the store's Append on the hot path, so batches are
//     applied one after the other and a room's events reach the store in Seq order.
//   - PebbleStore (and scylla.Store) methods are safe for concurrent use from any goroutine: reads
//     run in parallel with each other and with writes; writes are serialised inside the store.
//     After Close every method returns ErrClosed.
package history
