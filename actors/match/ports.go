package match

import (
	"context"
	"time"

	"courtside/actors/match/feed"
)

// Store keeps what a match actor must find again after a restart. LoadMatch runs once per
// activation, off the actor. SaveMatch must not block for long: it queues the update, applies the
// updates of one match in the order given (an update carries the whole state, so a later one
// supersedes an earlier one) and calls done exactly once when the update is durable or failed;
// done may run on any goroutine, including the caller's. Storing events is idempotent by
// (match, seq). MarkResultDelivered records that the result consumer acknowledged the result.
type Store interface {
	LoadMatch(ctx context.Context, id string) (feed.Saved, bool, error)
	SaveMatch(u feed.Applied, done func(error))
	MarkResultDelivered(ctx context.Context, id string) error
}

// ReservationStore hands out the bookings to notify when a match starts. ClaimStartNotices
// atomically marks every booked, not yet notified reservation of the match as notified and
// returns their user ids: a booking is returned by exactly one call, ever.
type ReservationStore interface {
	ClaimStartNotices(ctx context.Context, match string) ([]string, error)
}

// Starting describes a match that has just started, for reservation notices.
type Starting struct {
	Match   string `json:"match"`
	Game    int    `json:"gameId"`
	StartAt int64  `json:"startAt"`
	Status  feed.Status
}

// Notifier tells the booked users' connected sessions that a match started. Called from a
// goroutine of its own, at most once per booking. The lead wires it to the sessions.
type Notifier interface {
	MatchStarting(userIDs []string, m Starting)
}

// Result is a finished match, for later features (plans, predictions).
type Result struct {
	Match    string      `json:"match"`
	Game     int         `json:"gameId"`
	Home     int         `json:"home"`
	Away     int         `json:"away"`
	Periods  []feed.Pair `json:"periods"`
	Finished int64       `json:"finishedAt"` // unix ms
	Source   string      `json:"source"`
}

// ResultSink consumes results. MatchFinished is called off the actor once the finished state is
// durable; a nil error acknowledges it (recorded with Store.MarkResultDelivered). A match whose
// result was not acknowledged (an error, a crash) gets it again at its next activation, so
// consumers must be idempotent by match id.
type ResultSink interface {
	MatchFinished(ctx context.Context, r Result) error
}

// ResultFunc adapts a function to ResultSink.
type ResultFunc func(ctx context.Context, r Result) error

// MatchFinished calls f.
func (f ResultFunc) MatchFinished(ctx context.Context, r Result) error { return f(ctx, r) }

// Listener hears every persisted change of a match's state that lists care about (status,
// score, period, start time, odds): the REST module's in-memory index and list caches. Called on
// the actor's goroutine with a copy it may keep; it must not block.
type Listener interface {
	MatchChanged(s feed.State)
}

// Clock is time as the actors see it; tests drive a fake one. AfterFunc runs f once after d.
type Clock interface {
	Now() time.Time
	AfterFunc(d time.Duration, f func())
}

type realClock struct{}

func (realClock) Now() time.Time                      { return time.Now() }
func (realClock) AfterFunc(d time.Duration, f func()) { time.AfterFunc(d, f) }

// RealClock is the wall clock.
var RealClock Clock = realClock{}

// ResultChan is a ResultSink that hands results to a channel: the send is the acknowledgement.
// It waits for room off the actor, up to the delivery timeout (10 s); a result not taken by then
// counts as undelivered and is offered again later.
func ResultChan(ch chan<- Result) ResultSink {
	return ResultFunc(func(ctx context.Context, r Result) error {
		select {
		case ch <- r:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	})
}
