package apitest

import (
	"context"
	"sync"
	"time"

	"courtside/api/audit"
)

// Clock is a settable clock for a service's injected Now (Config.Now: clock.Now), so a test
// never depends on today's date. Safe for concurrent use.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock is a clock standing at t.
func NewClock(t time.Time) *Clock { return &Clock{t: t} }

// Now is the clock's time.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

// Add moves the clock by d.
func (c *Clock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// Set puts the clock at t.
func (c *Clock) Set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

// AuditLog is an in-memory audit log (a service's audit.Recorder-shaped dependency) that keeps
// every entry recorded. Safe for concurrent use.
type AuditLog struct {
	mu      sync.Mutex
	entries []audit.Entry
}

// Record keeps e.
func (a *AuditLog) Record(_ context.Context, e audit.Entry) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.entries = append(a.entries, e)
	return nil
}

// Entries are the entries recorded so far, oldest first (a copy).
func (a *AuditLog) Entries() []audit.Entry {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]audit.Entry(nil), a.entries...)
}

// Actions are the recorded entries' actions, oldest first.
func (a *AuditLog) Actions() []string {
	var out []string
	for _, e := range a.Entries() {
		out = append(out, e.Action)
	}
	return out
}
