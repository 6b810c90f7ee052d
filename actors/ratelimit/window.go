package ratelimit

import "time"

// Window is the in-process, per-room rate limiter of chat messages: a sliding-window log per key
// (a user id), with the Limit of the caller's Class. It is NOT safe for concurrent use: it belongs
// to one room actor and is called from its Receive only.
//
// A key's log is kept across class changes: a viewer promoted to moderator keeps the messages
// already sent and gets the moderator's larger allowance on top of them.
type Window struct {
	classes Classes
	t       logTable
}

// NewWindow returns a Window with the limits of c (zero fields take the defaults).
func NewWindow(c Classes) *Window {
	return &Window{classes: c.withDefaults(), t: newLogTable()}
}

// Allow counts one message of key, of class k, at now, if the limit of k allows it. When it does
// not, the message is not counted and retryAfter is how long until the key's next message would
// be accepted.
func (w *Window) Allow(key string, k Class, now time.Time) (ok bool, retryAfter time.Duration) {
	ok, _, retryAfter = w.t.allow(key, now.UnixNano(), w.classes.Of(k), true)
	return ok, retryAfter
}

// Limits returns the Window's limits, defaults filled in.
func (w *Window) Limits() Classes { return w.classes }

// Len returns the number of keys held, idle ones not yet swept included.
func (w *Window) Len() int { return w.t.len() }
