// Package notice is the message centre (issue 23): every notice a user receives — system notices,
// order and review updates, replies to comments, booked matches starting, followed streamers going
// live, tasks done — is stored (Postgres, migration 0590), counted while unread, listed in the
// request's language, marked read on every device at once, and pushed to the user's open
// connections on every node (a `notice` frame with the new unread count, docs/protocol.md), so the
// header's badge moves without a reload.
//
// A user's notification settings (Deps.Quiet, read by the engine from the preferences object) keep
// the kinds they turned off from being pushed; those notices are still stored and counted.
//
// Other areas send through the small interface they declare (Sender: Send(ctx, Notice)); a sender
// that may retry gives a Dedupe key so the notice is stored once. The service's rules are in
// notice.go; http.go serves the signed-in user's calls. Concurrency: a Service is safe for
// concurrent use.
package notice
