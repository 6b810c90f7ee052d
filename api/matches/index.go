package matches

import (
	"context"
	"sort"
	"sync"
	"time"

	"courtside/actors/match/feed"
	"courtside/storage/postgres"
)

// index holds every match of the window in memory. Readers take copies under the read lock.
type index struct {
	mu       sync.RWMutex
	items    map[string]*postgres.MatchRow
	version  uint64
	fetching map[string]bool

	cacheMu sync.Mutex
	cache   map[string]cacheEntry
}

type cacheEntry struct {
	version uint64
	at      time.Time
	val     []*postgres.MatchRow
}

func newIndex() *index {
	return &index{items: map[string]*postgres.MatchRow{}, fetching: map[string]bool{}, cache: map[string]cacheEntry{}}
}

// replace swaps in a full reload. The rows were read before the lock was taken, so a match actor's
// newer state that reached update meanwhile is kept: a reload read during a burst of changes (the
// demo's catch-up of a week at start) must not put a finished match back to an older minute, where
// it would stay until the next reload.
func (ix *index) replace(rows []postgres.MatchRow) {
	m := make(map[string]*postgres.MatchRow, len(rows))
	for i := range rows {
		m[rows[i].ID] = &rows[i]
	}
	ix.mu.Lock()
	for id, r := range m {
		if old, ok := ix.items[id]; ok && old.Live.LastSeq > r.Live.LastSeq {
			r.Live = old.Live
			r.Start = old.Start
		}
	}
	ix.items = m
	ix.version++
	ix.mu.Unlock()
}

// update applies a match actor's new state; it reports false for a match the index does not
// hold yet (the caller fetches it).
func (ix *index) update(st feed.State) bool {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	it, ok := ix.items[st.Match]
	if !ok {
		return false
	}
	if st.LastSeq < it.Live.LastSeq {
		return true // an older state overtaken by a reload
	}
	cp := *it
	cp.Live = st
	if st.StartAt != 0 {
		cp.Start = time.UnixMilli(st.StartAt).UTC()
	}
	ix.items[st.Match] = &cp
	ix.version++
	return true
}

func (ix *index) put(r postgres.MatchRow) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	delete(ix.fetching, r.ID)
	if old, ok := ix.items[r.ID]; ok && old.Live.LastSeq > r.Live.LastSeq {
		return
	}
	ix.items[r.ID] = &r
	ix.version++
}

// startFetch reports whether the caller should fetch id (nobody is fetching it yet).
func (ix *index) startFetch(id string) bool {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.fetching[id] {
		return false
	}
	ix.fetching[id] = true
	return true
}

func (ix *index) get(id string) (postgres.MatchRow, bool) {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	it, ok := ix.items[id]
	if !ok {
		return postgres.MatchRow{}, false
	}
	return *it, true
}

// query returns the matching rows, sorted, from the cache when it is fresh enough: unchanged
// since it was filled, or younger than maxStale (wall-clock age, whatever the module's clock).
func (ix *index) query(key string, _ time.Time, maxStale time.Duration, keep func(*postgres.MatchRow) bool, less func(a, b *postgres.MatchRow) bool) []*postgres.MatchRow {
	ix.mu.RLock()
	ver := ix.version
	ix.mu.RUnlock()
	ix.cacheMu.Lock()
	e, ok := ix.cache[key]
	ix.cacheMu.Unlock()
	if ok && (e.version == ver || time.Since(e.at) < maxStale) {
		return e.val
	}
	ix.mu.RLock()
	// Items are never modified once in the index (update swaps in a copy), so the answer shares them.
	out := make([]*postgres.MatchRow, 0, 64)
	for _, it := range ix.items {
		if keep(it) {
			out = append(out, it)
		}
	}
	ver = ix.version
	ix.mu.RUnlock()
	sort.Slice(out, func(i, j int) bool { return less(out[i], out[j]) })
	ix.cacheMu.Lock()
	if len(ix.cache) > 4096 {
		clear(ix.cache)
	}
	ix.cache[key] = cacheEntry{version: ver, at: time.Now(), val: out}
	ix.cacheMu.Unlock()
	return out
}

func (ix *index) len() int {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return len(ix.items)
}

// load fills the index from the store.
func (m *Service) load(ctx context.Context) error {
	now := m.cfg.Now()
	rows, err := m.store.MatchesBetween(ctx, now.Add(-m.cfg.Window), now.Add(m.cfg.Window))
	if err != nil {
		return err
	}
	m.ix.replace(rows)
	return nil
}
