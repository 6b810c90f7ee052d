// Package providertest holds the test helpers of the provider adapters: a stand-in HTTP server
// that replays recorded answers in a provider's documented format, a fake clock whose waits
// advance it, and a consumer that applies what an adapter pushes as a match actor would.
//
// Concurrency: the stand-in serves from its own goroutines (its state is locked); the clock is
// locked; the consumer is used from the adapter's goroutine.
package providertest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"courtside/actors/match/feed"
)

// Answer is one recorded response.
type Answer struct {
	Status int         // default 200
	File   string      // a recorded answer under the test's testdata folder
	Body   string      // or the body itself
	Header http.Header // response headers (rate limits, Retry-After)
}

// StandIn replays recorded answers: per route (path and raw query), a queue of answers whose
// last one repeats. It records every request with its headers.
type StandIn struct {
	URL string

	t        *testing.T
	mu       sync.Mutex
	routes   map[string][]Answer
	requests []*http.Request
}

// NewStandIn starts a stand-in server closed with the test.
func NewStandIn(t *testing.T, routes map[string][]Answer) *StandIn {
	t.Helper()
	s := &StandIn{t: t, routes: routes}
	srv := httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

func (s *StandIn) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	key := r.URL.Path
	if q := r.URL.RawQuery; q != "" {
		key += "?" + q
	}
	s.requests = append(s.requests, r)
	q := s.routes[key]
	if len(q) == 0 {
		s.mu.Unlock()
		s.t.Errorf("stand-in: no answer for %s", key)
		http.Error(w, `{"error":"no answer"}`, http.StatusTeapot)
		return
	}
	a := q[0]
	if len(q) > 1 {
		s.routes[key] = q[1:]
	}
	s.mu.Unlock()
	for k, vs := range a.Header {
		w.Header()[k] = vs
	}
	body := []byte(a.Body)
	if a.File != "" {
		var err error
		if body, err = os.ReadFile(filepath.Join("testdata", a.File)); err != nil {
			s.t.Errorf("stand-in: %v", err)
		}
	}
	if len(body) == 0 {
		body = []byte("{}")
	}
	if a.Status == 0 {
		a.Status = http.StatusOK
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(a.Status)
	w.Write(body)
}

// Route replaces the answers of a route.
func (s *StandIn) Route(key string, answers ...Answer) {
	s.mu.Lock()
	s.routes[key] = answers
	s.mu.Unlock()
}

// Count returns how many requests were made to routes starting with prefix.
func (s *StandIn) Count(prefix string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, r := range s.requests {
		key := r.URL.Path
		if r.URL.RawQuery != "" {
			key += "?" + r.URL.RawQuery
		}
		if strings.HasPrefix(key, prefix) {
			n++
		}
	}
	return n
}

// Header returns a header of the first request made.
func (s *StandIn) Header(name string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.requests) == 0 {
		return ""
	}
	return s.requests[0].Header.Get(name)
}

// Clock is a fake clock: Wait records the wait and advances the clock instead of sleeping.
type Clock struct {
	mu    sync.Mutex
	now   time.Time
	waits []time.Duration
}

// NewClock starts a clock at t.
func NewClock(t time.Time) *Clock { return &Clock{now: t} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Wait advances the clock by d.
func (c *Clock) Wait(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.waits = append(c.waits, d)
	c.now = c.now.Add(d)
	return ctx.Err()
}

// Advance moves the clock on.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// Set puts the clock at t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

// Waits returns the waits so far.
func (c *Clock) Waits() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.waits...)
}

// Consumer applies what an adapter pushes as a match actor would, and fails the test on a hole
// in a stream or an event the state machine refuses.
type Consumer struct {
	t      *testing.T
	States map[string]*feed.State
	Events map[string][]feed.Event
}

// NewConsumer builds a consumer.
func NewConsumer(t *testing.T) *Consumer {
	return &Consumer{t: t, States: map[string]*feed.State{}, Events: map[string][]feed.Event{}}
}

// Push applies ev (feed.Sink).
func (c *Consumer) Push(ev feed.Event) {
	st := c.States[ev.Match]
	if st == nil {
		st = &feed.State{}
		c.States[ev.Match] = st
	}
	if ev.Seq != st.LastSeq+1 {
		c.t.Errorf("%s: seq %d after %d: the stream has a hole", ev.Match, ev.Seq, st.LastSeq)
	}
	if err := st.Apply(&ev); err != nil {
		c.t.Errorf("%s seq %d (%s): the adapter sent an event the state machine refuses: %v", ev.Match, ev.Seq, ev.Kind, err)
	}
	c.Events[ev.Match] = append(c.Events[ev.Match], ev)
}

// Incidents lists the incident types sent for a match, in order.
func (c *Consumer) Incidents(match string) []string {
	var out []string
	for _, ev := range c.Events[match] {
		if ev.Kind == feed.KIncident {
			out = append(out, ev.Incident.Type)
		}
	}
	return out
}
