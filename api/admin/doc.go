// Package admin is the back office (issue 16): the staff's REST calls under /java/admin/ and the
// gate in front of them. Staff (administrators, platform moderators, finance, content editors) sign in
// like users, then pass a second factor (TOTP, RFC 6238, totp.go) that opens a staff session shorter
// than a user's; every /java/admin/ call of a staff member needs one (Gate), and each call checks its
// own permission (account.Can) on the server.
//
// No business rule lives here: a ban, a mute, a role change go through the accounts module, a review
// through the streamer centre, a deleted line or a room mute through the room actor (Rooms), the
// balances and the ledger through the wallet. What this package adds is the user search, the reports
// queue (reports are stored by the room actor in Postgres; here they are grouped by line and closed
// with a decision), the dashboard's counts, and the audit log entry of every staff action (package
// audit).
//
// Where things are: service.go (Deps, New), staff.go (second factor and staff sessions), totp.go
// (RFC 6238), users.go, reports.go, dashboard.go; the live rooms, banned words and money screens in
// rooms.go (on the streamer centre and the room actors), words.go (the chat filter's platform list)
// and money.go (the ledger read-only, refunds through the wallet's order state machine); the REST
// handlers in http*.go.
//
// Concurrency: a Service is safe for concurrent use; its state is in Postgres.
package admin
