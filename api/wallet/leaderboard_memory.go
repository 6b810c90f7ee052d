package wallet

import (
	"context"
	"sort"
	"strings"
	"sync"
	"time"
)

// MemoryLeaderboard is the in-process Leaderboard of a single node. Day and week buckets older than
// the previous one are dropped as new ones start, so memory stays bounded by rooms x senders.
type MemoryLeaderboard struct {
	loc *time.Location

	mu    sync.Mutex
	rooms map[string]map[string]map[int64]int64 // room -> bucket -> user -> score
}

var _ Leaderboard = (*MemoryLeaderboard)(nil)

// NewMemoryLeaderboard returns an empty leaderboard whose days and weeks are those of loc (nil: UTC).
func NewMemoryLeaderboard(loc *time.Location) *MemoryLeaderboard {
	if loc == nil {
		loc = time.UTC
	}
	return &MemoryLeaderboard{loc: loc, rooms: map[string]map[string]map[int64]int64{}}
}

// Add implements Leaderboard.
func (m *MemoryLeaderboard) Add(_ context.Context, room string, userID, score int64, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	buckets := m.rooms[room]
	if buckets == nil {
		buckets = map[string]map[int64]int64{}
		m.rooms[room] = buckets
	}
	for _, p := range []Period{PeriodDay, PeriodWeek, PeriodAll} {
		b := Bucket(p, at, m.loc)
		scores := buckets[b]
		if scores == nil {
			scores = map[int64]int64{}
			buckets[b] = scores
			m.prune(buckets, p, at)
		}
		scores[userID] += score
	}
	return nil
}

// prune drops buckets of p two or more windows older than at.
func (m *MemoryLeaderboard) prune(buckets map[string]map[int64]int64, p Period, at time.Time) {
	if p == PeriodAll {
		return
	}
	keep := map[string]bool{Bucket(p, at, m.loc): true}
	if p == PeriodDay {
		keep[Bucket(p, at.AddDate(0, 0, -1), m.loc)] = true
	} else {
		keep[Bucket(p, at.AddDate(0, 0, -7), m.loc)] = true
	}
	prefix := string(p) + ":"
	for b := range buckets {
		if strings.HasPrefix(b, prefix) && !keep[b] && b < Bucket(p, at, m.loc) {
			delete(buckets, b)
		}
	}
}

// Top implements Leaderboard.
func (m *MemoryLeaderboard) Top(_ context.Context, room string, p Period, now time.Time, n int) ([]Rank, error) {
	m.mu.Lock()
	scores := m.rooms[room][Bucket(p, now, m.loc)]
	out := make([]Rank, 0, len(scores))
	for u, s := range scores {
		out = append(out, Rank{UserID: u, Score: s})
	}
	m.mu.Unlock()
	sort.Slice(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].UserID < out[j].UserID
	})
	if n > 0 && len(out) > n {
		out = out[:n]
	}
	for i := range out {
		out[i].Rank = i + 1
	}
	return out, nil
}

// Reset implements Leaderboard.
func (m *MemoryLeaderboard) Reset(_ context.Context, room string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if room == "" {
		m.rooms = map[string]map[string]map[int64]int64{}
	} else {
		delete(m.rooms, room)
	}
	return nil
}
