package matches

import (
	"sort"
	"time"

	"courtside/storage/postgres"
)

// StreamCandidates returns the matches a streamer could link now (the streamer centre's match picker,
// issue 17): every match in play, and every match not started whose start is at or before by, in
// play first, then by start. The streaming-window rule itself is api/anchor's; this only narrows
// the index to what that rule can accept.
func (m *Service) StreamCandidates(by time.Time) []Item {
	m.ix.mu.RLock()
	rows := make([]*postgres.MatchRow, 0, 64)
	for _, r := range m.ix.items {
		if r.Live.Status.InPlay() || (r.Live.Status.Upcoming() && !r.Start.After(by)) {
			rows = append(rows, r)
		}
	}
	m.ix.mu.RUnlock()
	sort.Slice(rows, func(i, j int) bool {
		if a, b := rows[i].Live.Status.InPlay(), rows[j].Live.Status.InPlay(); a != b {
			return a
		}
		return byStart(rows[i], rows[j])
	})
	out := make([]Item, len(rows))
	for i, r := range rows {
		out[i] = item(r, false)
	}
	return out
}
