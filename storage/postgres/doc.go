// Package postgres opens the system-of-record database and keeps its schema current.
//
// Open returns a pgx pool; Migrate applies the SQL files embedded from migrations/ in name order, each
// in its own transaction, recording applied versions in schema_migrations. Migrate takes a Postgres
// advisory lock first, so several nodes starting together apply each migration exactly once.
//
// HistoryStore (history.go, migration 0006) is the chat history of a cluster without ScyllaDB: every
// node shares it, so a room re-activated on another node continues its sequence and serves resume.
//
// Concurrency: the pool is safe for concurrent use; Migrate may run concurrently from many processes.
package postgres
