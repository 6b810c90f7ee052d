package apitest

import (
	"context"
	"fmt"
	"sync"
	"time"

	"courtside/actors/session"
	"courtside/api/audit"
	"courtside/api/notice"
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

// Notices is an in-memory message centre (a service's notice.Sender-shaped dependency) that keeps
// the notices sent. With Dedupe set it keeps one per (user, Dedupe), as the real one stores them;
// Sends counts every call either way. Safe for concurrent use.
type Notices struct {
	Dedupe bool

	mu    sync.Mutex
	sends int
	list  []notice.Notice
	seen  map[string]bool
}

// Send keeps x (once per user and Dedupe when n.Dedupe).
func (n *Notices) Send(_ context.Context, x notice.Notice) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.sends++
	if n.Dedupe {
		key := fmt.Sprint(x.UserID, "\x00", x.Dedupe)
		if n.seen[key] {
			return nil
		}
		if n.seen == nil {
			n.seen = map[string]bool{}
		}
		n.seen[key] = true
	}
	n.list = append(n.list, x)
	return nil
}

// All are the notices kept, oldest first (a copy).
func (n *Notices) All() []notice.Notice {
	n.mu.Lock()
	defer n.mu.Unlock()
	return append([]notice.Notice(nil), n.list...)
}

// To are the notices kept for user uid, oldest first.
func (n *Notices) To(uid int64) []notice.Notice {
	var out []notice.Notice
	for _, x := range n.All() {
		if x.UserID == uid {
			out = append(out, x)
		}
	}
	return out
}

// Keys are the message keys of the notices kept for user uid, oldest first.
func (n *Notices) Keys(uid int64) []string {
	var out []string
	for _, x := range n.To(uid) {
		out = append(out, x.Key)
	}
	return out
}

// Sends counts every Send, kept or not.
func (n *Notices) Sends() int { n.mu.Lock(); defer n.mu.Unlock(); return n.sends }

// Pushes records what reached users' connections (the session hub's Notify, which the message
// centre pushes through): each user's payloads, oldest first. Safe for concurrent use.
type Pushes struct {
	mu  sync.Mutex
	got map[string][]string
}

// Notify keeps n's payload for user uid ("u<id>").
func (p *Pushes) Notify(uid string, n *session.Notice) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.got == nil {
		p.got = map[string][]string{}
	}
	p.got[uid] = append(p.got[uid], string(n.Payload))
}

// To are the payloads pushed to user uid ("u<id>"), oldest first (a copy).
func (p *Pushes) To(uid string) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.got[uid]...)
}

// Phones is the phone-binding lookup of the areas that ask for a bound phone (anchor, experts):
// every user but NoPhone has one, "+86138" and their id in eight digits.
type Phones struct{}

// NoPhone is the one user Phones says has no bound phone.
const NoPhone = 404

// BoundPhone is uid's bound phone, "" for NoPhone.
func (Phones) BoundPhone(_ context.Context, uid int64) (string, error) {
	if uid == NoPhone {
		return "", nil
	}
	return fmt.Sprintf("+86138%08d", uid), nil
}
