package ratelimit

import "time"

// SlowMode enforces a room's slow mode: at most one message per user per Interval. It is NOT safe
// for concurrent use: it belongs to one room actor.
//
// The zero value (and an Interval of 0) is slow mode off: everything is allowed and nothing is
// remembered. Interval may be changed at any time (SetInterval, or the field directly); a user's
// last message time is kept, so tightening the interval applies at once to who just spoke.
type SlowMode struct {
	Interval time.Duration
	t        logTable
}

// NewSlowMode returns a SlowMode with the given interval (0 = off).
func NewSlowMode(interval time.Duration) *SlowMode {
	return &SlowMode{Interval: interval}
}

// SetInterval changes the interval; 0 turns slow mode off and forgets every user.
func (s *SlowMode) SetInterval(d time.Duration) {
	s.Interval = d
	if d <= 0 {
		s.t = logTable{}
	}
}

// Allow records a message of key at now and reports whether slow mode lets it through. It exempts
// no one: the caller skips it for moderators and the streamer (or uses AllowClass).
func (s *SlowMode) Allow(key string, now time.Time) bool {
	ok, _ := s.allow(key, now, true)
	return ok
}

// AllowClass is Allow with the exemptions of slow mode: moderators and the streamer are never
// slowed (and not recorded). retryAfter says how long key must still wait when refused.
func (s *SlowMode) AllowClass(key string, k Class, now time.Time) (ok bool, retryAfter time.Duration) {
	if k == Moderator || k == Streamer {
		return true, 0
	}
	return s.allow(key, now, true)
}

// RetryAfter reports, without recording anything, how long key must wait before slow mode lets
// its next message through (0: it may speak now).
func (s *SlowMode) RetryAfter(key string, now time.Time) time.Duration {
	_, d := s.allow(key, now, false)
	return d
}

func (s *SlowMode) allow(key string, now time.Time, record bool) (bool, time.Duration) {
	if s.Interval <= 0 {
		return true, 0
	}
	if s.t.idx == nil {
		s.t = newLogTable()
	}
	ok, _, d := s.t.allow(key, now.UnixNano(), Limit{Count: 1, Period: s.Interval}, record)
	return ok, d
}

// Len returns the number of users remembered, idle ones not yet swept included.
func (s *SlowMode) Len() int { return s.t.len() }
