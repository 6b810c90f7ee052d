// Package audit is the back office's audit log (issue 16): every staff action — a review, a ban, a
// mute, a refund, a product or an article changed — is written with who did it, what, on whom, the
// state before and after, the reason and when, in Postgres, append-only (migration 0600 refuses
// updates and deletes). Areas record through the small interface they declare (Recorder), after
// their service applied the action; the back office reads it with filters (package admin serves
// GET /java/admin/audit). Nothing here knows HTTP.
//
// Concurrency: a Service is safe for concurrent use; it holds no state but its store and clock.
package audit
