// Package userarea is the rest of the user area (issue 23): site-wide experience and levels (earned
// by watching, chatting and gifting, each with a daily cap; a level-up is a notice of the message
// centre), the level table with what each level unlocks, daily and weekly tasks whose rewards are
// granted exactly once per period through the ledger, invitations with their reward and abuse limits,
// and the gifts a user has sent.
//
// The rules are in service.go (experience, levels), tasks.go, invites.go and gifts.go; http.go serves
// them under /user/area/... Periods (days, ISO weeks) are computed with the injected clock in the
// configured time zone (Config.Location, default UTC+8, the product's home market).
//
// Activity reaches the service through Activity, which never blocks: the realtime path (a session
// leaving a room reports the minutes watched; a stored chat line or gift reports itself) calls it
// from actor goroutines, and Run drains the queue. Follow and booking tasks read their own tables
// (follows, sport_reservations), so those areas report nothing.
//
// Concurrency: a Service is safe for concurrent use. A task claim locks its (user, task, period)
// row and posts with the idempotency key task:<user>:<task>:<period>, so parallel claims grant once;
// an experience award locks its (user, day, source) row, so the daily cap holds. An activity that can
// earn nothing more today is remembered in memory (spent.go) and not written again.
package userarea
