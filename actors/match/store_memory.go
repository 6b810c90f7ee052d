package match

import (
	"context"
	"sort"
	"sync"

	"courtside/actors/match/feed"
)

// MemoryStore keeps match state, timelines and reservations in memory: the embedded default for
// one node without a database, and the store of tests and benchmarks. It implements Store and
// ReservationStore. Safe for concurrent use; SaveMatch completes before it returns.
type MemoryStore struct {
	mu        sync.Mutex
	states    map[string]feed.State
	delivered map[string]bool
	events    map[string]map[uint64]feed.Event
	bookings  map[string]map[string]bool // match -> user -> notified
	// KeepEvents stores the timeline too (off by default: benchmarks only need the state).
	KeepEvents bool
}

var (
	_ Store            = (*MemoryStore)(nil)
	_ ReservationStore = (*MemoryStore)(nil)
)

// NewMemoryStore makes an empty store.
func NewMemoryStore() *MemoryStore {
	return &MemoryStore{states: map[string]feed.State{}, delivered: map[string]bool{},
		events: map[string]map[uint64]feed.Event{}, bookings: map[string]map[string]bool{}}
}

// LoadMatch implements Store.
func (s *MemoryStore) LoadMatch(_ context.Context, id string) (feed.Saved, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, ok := s.states[id]
	if !ok {
		return feed.Saved{}, false, nil
	}
	return feed.Saved{State: st.Clone(), ResultDelivered: s.delivered[id]}, true, nil
}

// SaveMatch implements Store. A state older than the stored one (lower LastSeq) is ignored.
func (s *MemoryStore) SaveMatch(u feed.Applied, done func(error)) {
	s.mu.Lock()
	if old, ok := s.states[u.State.Match]; !ok || old.LastSeq <= u.State.LastSeq {
		s.states[u.State.Match] = u.State
	}
	if s.KeepEvents {
		m := s.events[u.State.Match]
		if m == nil {
			m = map[uint64]feed.Event{}
			s.events[u.State.Match] = m
		}
		for _, ev := range u.Events {
			if _, dup := m[ev.Seq]; !dup {
				m[ev.Seq] = ev
			}
		}
	}
	s.mu.Unlock()
	if done != nil {
		done(nil)
	}
}

// MarkResultDelivered implements Store.
func (s *MemoryStore) MarkResultDelivered(_ context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.delivered[id] = true
	return nil
}

// Events returns the stored timeline of a match in seq order (KeepEvents only).
func (s *MemoryStore) Events(id string) []feed.Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]feed.Event, 0, len(s.events[id]))
	for _, ev := range s.events[id] {
		out = append(out, ev)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Seq < out[j].Seq })
	return out
}

// Book records that user booked match.
func (s *MemoryStore) Book(match, user string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.bookings[match] == nil {
		s.bookings[match] = map[string]bool{}
	}
	if _, ok := s.bookings[match][user]; !ok {
		s.bookings[match][user] = false
	}
}

// Cancel removes a booking.
func (s *MemoryStore) Cancel(match, user string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.bookings[match], user)
}

// ClaimStartNotices implements ReservationStore.
func (s *MemoryStore) ClaimStartNotices(_ context.Context, match string) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for u, notified := range s.bookings[match] {
		if !notified {
			s.bookings[match][u] = true
			out = append(out, u)
		}
	}
	sort.Strings(out)
	return out, nil
}
