// Package actors holds Courtside's domain actors, built on protoactor-go:
//
//   - room: one actor per live room, the single writer of that room's chat, moderation and settings;
//   - relay: one actor per node that writes each room frame to every local subscriber;
//   - session: one actor per WebSocket connection, owning its identity and routing its commands;
//   - protocol: the JSON wire messages (docs/protocol.md) the actors produce and consume;
//   - wordfilter, ratelimit: the per-message policies the room actor applies.
//
// Actors know nothing of sockets or SQL. Each package declares the small interfaces it needs (a
// connection to write frames to, a store to persist to) and engine injects implementations.
//
// Mailbox rules: an actor's state is touched only from its Receive. Anything slow (disk, network) runs
// off the actor and reports back with a message, so one mailbox never waits on I/O.
package actors
