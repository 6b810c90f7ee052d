// Package predictions is the in-room predictions area (issue 25, feature 1): a streamer or a
// moderator opens a prediction in a live room — a market taken from the room's linked match (winner,
// total over/under, next goal, first blood, map winner: those that fit the game) or a free question
// with 2 to 10 outcomes — viewers stake channel points on one outcome, entries lock at a time, at
// kick-off or by hand, and the prediction resolves:
//
//   - markets decided by the final result (winner, total) through the settlement service
//     (api/settlement): the Service registers a Settler, so the match actor's result delivery, the
//     settlement sweep and a restart all lead to one settlement;
//   - markets decided by an in-match event (next goal, first blood, map winner) from the match's
//     stored feed events (sport_match_events) after the lock: Run's sweep reads them on every node;
//   - a free question by the streamer or a moderator;
//   - a postponed or cancelled match, or a cancel by hand, refunds every stake.
//
// The payout is pari-mutuel (Split): the winners share the whole pool in proportion to their
// stakes, rounded down; the points left by rounding go one each to the winners with the biggest
// stakes (earliest entry first on a tie). Nobody on the winning outcome: every stake is refunded.
//
// Channel points are per (user, streamer), earned by watching the streamer's room and chatting
// there (the same activity the user area turns into experience), plus a one-time welcome allowance;
// they are never bought and never converted to coins or diamonds. Every movement is a row in
// Postgres; a balance never goes negative; a stake leaves the balance when it is placed.
//
// Exactly once, on any node, across restarts: every state change runs under the prediction's row
// lock in Postgres with its point movements in the same transaction (postgres.Predictions); a second
// node, a redelivered result or a restart finds the prediction settled and moves nothing.
//
// Each change reaches the room through its broadcast (Deps.Rooms: a system event in the room's
// stream, keys prediction.opened, prediction.update, prediction.locked, prediction.result, the
// prediction's view as JSON in the text); the web client's widget and chat line read them.
//
// Concurrency: a Service is safe for concurrent use; Run is its one goroutine (the sweep, which
// also credits the activity reported since the last one, in one transaction).
package predictions
