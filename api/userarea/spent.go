package userarea

import (
	"slices"
	"strings"
	"sync"
	"time"
)

// maxSpent bounds the memory of spent activities (a few tens of bytes each): past it, reports go to
// the database as before, which is only slower.
const maxSpent = 1 << 18

// spentKey names one user's activity within its task periods (the periods change with the day and
// the week, so a new period is a new key).
type spentKey struct {
	user    int64
	kind    string
	periods string
}

// spentSet remembers, for the current day, the activities that can earn nothing more: the day's
// experience cap reached and every task counting them at its target. It forgets everything when
// the day changes. Safe for concurrent use.
type spentSet struct {
	mu   sync.Mutex
	day  time.Time
	keys map[spentKey]struct{}
}

func (s *spentSet) has(day time.Time, k spentKey) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.day.Equal(day) {
		return false
	}
	_, ok := s.keys[k]
	return ok
}

func (s *spentSet) add(day time.Time, k spentKey) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.day.Equal(day) {
		s.day, s.keys = day, map[spentKey]struct{}{}
	}
	if len(s.keys) < maxSpent {
		s.keys[k] = struct{}{}
	}
}

// periodsKey is the task periods of an activity in a stable order ("task=period;...").
func periodsKey(periods map[string]string) string {
	ids := make([]string, 0, len(periods))
	for id := range periods {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var b strings.Builder
	for _, id := range ids {
		b.WriteString(id)
		b.WriteByte('=')
		b.WriteString(periods[id])
		b.WriteByte(';')
	}
	return b.String()
}
