package matches

import (
	"sort"

	"courtside/storage/postgres"
)

// Items returns the matches of ids the index holds, in the order given (unknown ids are left out):
// for other areas that show a match beside something else (a live room's score strip).
func (m *Service) Items(ids []string) []Item {
	out := make([]Item, 0, len(ids))
	for _, id := range ids {
		if r, ok := m.ix.get(id); ok {
			out = append(out, item(&r, false))
		}
	}
	return out
}

// InPlay returns every match in play the index holds, those that started first first (the demo links
// its rooms to them).
func (m *Service) InPlay() []Item {
	m.ix.mu.RLock()
	rows := make([]*postgres.MatchRow, 0)
	for _, r := range m.ix.items {
		if r.Live.Status.InPlay() {
			rows = append(rows, r)
		}
	}
	m.ix.mu.RUnlock()
	sort.Slice(rows, func(i, j int) bool {
		if !rows[i].Start.Equal(rows[j].Start) {
			return rows[i].Start.Before(rows[j].Start)
		}
		return rows[i].ID < rows[j].ID
	})
	out := make([]Item, len(rows))
	for i, r := range rows {
		out[i] = item(r, false)
	}
	return out
}
