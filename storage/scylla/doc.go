// Package scylla is the production chat history: a history.Store on ScyllaDB through gocql (the
// scylladb fork, imported as github.com/gocql/gocql).
//
// Open connects, runs the embedded schema.cql (keyspace and tables, all IF NOT EXISTS) and records
// or checks the bucket width. The data model is the one of the embedded Pebble store: partition
// (room, time bucket), clustering by seq descending, deleted messages kept with deleted = true,
// retention as a per-row TTL counted from the event's time. A small per-room index of buckets
// (chat_buckets) lets reads walk only the buckets that hold data; chat_events_by_id serves lookups
// by message id; chat_rooms keeps each room's last seq beyond retention.
//
// The node enables this store when SCYLLA_HOSTS is set; otherwise it uses history.PebbleStore.
// See README.md for the configuration and for running the conformance suite against a cluster.
//
// Concurrency: a *Store is safe for concurrent use by any number of goroutines (gocql sessions
// are). Append runs the statements of one batch in parallel, at most WriteConcurrency at a time, and
// returns only when all have succeeded; it is meant to be called by one history.Writer, which
// retries a failed batch as a whole (every statement is idempotent). Close closes the session;
// calls after it fail with history.ErrClosed.
package scylla
