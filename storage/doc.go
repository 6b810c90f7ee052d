// Package storage groups the stores Courtside runs on. Each subpackage implements one kind of store:
//
//   - postgres: the system of record (pgx pool, embedded migrations, per-test databases in pgtest);
//   - history: chat history, with an embedded Pebble store by default;
//   - scylla: the ScyllaDB chat history used in production.
//
// The actors never import these packages: they declare the small interfaces they need, and engine
// injects the implementations.
package storage
