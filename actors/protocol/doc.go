// Package protocol encodes and decodes the real-time wire protocol of docs/protocol.md (version 1).
//
// Client commands decode into one flat ClientMessage. Room events are encoded once, when the room
// actor accepts them, and kept as bytes: a batch frame is the concatenation of already-encoded events,
// so a hot room never re-encodes an event, whatever the number of subscribers.
//
// Everything here is pure and safe for concurrent use.
package protocol
