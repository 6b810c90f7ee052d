// Package historytest is the conformance suite every history.Store must pass: ordering, Latest,
// Before, After, Window and Around semantics, pagination edges, tombstones excluded from every read,
// room isolation, reads across time buckets, LastSeq after reopening, idempotent re-append, invalid
// input, and retention (RunRetention).
//
// Usage, from a store's own tests:
//
//	historytest.Run(t, func(t *testing.T) history.Store { ... open a store for t ... })
//
// Each case opens its own store through the opener and uses rooms named after the test and the run,
// so a shared server (ScyllaDB) needs no cleaning between runs. The "last seq survives reopening" case
// closes its store and calls the opener again with the same t: the opener must then return a store
// over the same data (Pebble openers use Dir(t)).
//
// Concurrency: Run and RunRetention call the opener and the store from the test goroutine, except the
// concurrency case, which appends and reads from several goroutines at once. Dir is safe for
// concurrent use.
package historytest
