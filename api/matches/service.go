package matches

import (
	"context"
	"sync"
	"time"

	"go.uber.org/zap"

	"courtside/actors/match/feed"
	"courtside/actors/protocol"
	"courtside/api/periodic"
)

// Deps are the parts the service is built from.
type Deps struct {
	Store Store // required
}

// Service is live scores' and the data library's read side, with match reservations: lists from the
// in-memory index, match detail pages, the library, bookings. Its methods hold the rules and take
// typed queries and the caller's user id (0 for a guest); the REST handlers (http*.go) call them.
type Service struct {
	cfg   Config
	store Store
	ix    *index

	crests sync.Map // team id → SVG bytes (crest.go)
}

// New builds the service; call Load (or Run) before serving so lists are filled.
func New(cfg Config, deps Deps) *Service {
	cfg.fill()
	return &Service{cfg: cfg, store: deps.Store, ix: newIndex()}
}

// user is the store's name of a signed-in user ("u<id>"), "" for a guest.
func user(viewer int64) string {
	if viewer <= 0 {
		return ""
	}
	return protocol.UserID(viewer).String()
}

// Load fills the in-memory index from the store.
func (m *Service) Load(ctx context.Context) error { return m.load(ctx) }

// Run reloads the index every Config.Reload until ctx ends (a Service for the engine's errgroup).
func (m *Service) Run(ctx context.Context) error {
	return periodic.NowAndEvery(ctx, m.cfg.Reload, m.cfg.Log, "matches: index load failed", m.load)
}

// MatchChanged takes a match actor's new state (match.Listener). A match the index does not
// hold yet (a fixture newer than the last reload) is fetched once, off the caller.
func (m *Service) MatchChanged(st feed.State) {
	if m.ix.update(st) {
		return
	}
	if st.StartAt != 0 {
		now := m.cfg.Now()
		start := time.UnixMilli(st.StartAt)
		if start.Before(now.Add(-m.cfg.Window)) || start.After(now.Add(m.cfg.Window)) {
			return
		}
	}
	if !m.ix.startFetch(st.Match) {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		r, err := m.store.Match(ctx, st.Match)
		if err != nil {
			m.cfg.Log.Debug("matches: fetch for index failed", zap.String("match", st.Match), zap.Error(err))
			m.ix.mu.Lock()
			delete(m.ix.fetching, st.Match)
			m.ix.mu.Unlock()
			return
		}
		if r.Live.LastSeq < st.LastSeq {
			names := r
			r.Live = st
			r.Fixture = names.Fixture
		}
		m.ix.put(r)
	}()
}
