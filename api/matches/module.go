package matches

import (
	"context"
	"time"

	"go.uber.org/zap"

	"courtside/actors/match/feed"
	"courtside/api"
)

// Module is the Matches REST module.
type Module struct {
	cfg Config
	ix  *index
}

// New builds the module; call Load (or Run) before serving so lists are filled.
func New(cfg Config) *Module {
	cfg.fill()
	return &Module{cfg: cfg, ix: newIndex()}
}

// Load fills the in-memory index from the store.
func (m *Module) Load(ctx context.Context) error { return m.load(ctx) }

// Run reloads the index every Config.Reload until ctx ends (a Service for the engine's errgroup).
func (m *Module) Run(ctx context.Context) error {
	if err := m.load(ctx); err != nil {
		m.cfg.Log.Warn("matches: index load failed", zap.Error(err))
	}
	t := time.NewTicker(m.cfg.Reload)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			if err := m.load(ctx); err != nil && ctx.Err() == nil {
				m.cfg.Log.Warn("matches: index reload failed", zap.Error(err))
			}
		}
	}
}

// MatchChanged takes a match actor's new state (match.Listener). A match the index does not
// hold yet (a fixture newer than the last reload) is fetched once, off the caller.
func (m *Module) MatchChanged(st feed.State) {
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
		r, err := m.cfg.Store.Match(ctx, st.Match)
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

// Register adds the module's routes to s (see README.md for the list).
func (m *Module) Register(s *api.Server) {
	s.Handle("GET /game/v3/getPCGameSource", m.gameSource)
	s.Handle("GET /game/getPCGameSource", m.gameSource)
	s.Handle("GET /v2/match/getPCLiveGameMatch", m.liveList)
	s.Handle("POST /v2/match/getPCPastGameMatch", m.pastList)
	s.Handle("POST /v2/match/getPCGameMatchByCondition", m.conditionList)
	s.Handle("POST /v2/match/getPCUpcomingGameMatch", m.upcomingList)
	s.Handle("POST /match/getSevenDayMatch", m.sevenDayMatches)
	s.Handle("POST /match/pcMatches", m.dayMatches)
	s.Handle("POST /match/getSevenDayResults", m.sevenDayResults)
	s.Handle("POST /match/attention", m.attention)
	s.Handle("GET /match/attention/list", m.attentionList)
	s.Handle("GET /match/getSeriesCount", m.seriesCount)
	s.Handle("GET /match/gameLivingFuture", m.livingFuture)
	s.Handle("GET /match/gameMatchLive", m.gameMatchLive)
	s.Handle("GET /league/match_leagues", m.esportsLeagues)
	s.Handle("GET /sprots_league/match_leagues", m.sportsLeagues)
	s.Handle("GET /sport_match/sportsLiving", m.sportsLiving)
	s.Handle("GET /library/leagues", m.libraryLeagues)
	s.Handle("GET /library/league/{id}", m.libraryLeague)
	s.Handle("GET /library/teams", m.libraryTeams)
	s.Handle("GET /library/team/{id}", m.libraryTeam)
	s.Handle("GET /library/players", m.libraryPlayers)
	s.Handle("GET /library/player/{id}", m.libraryPlayer)
	s.Handle("GET /{game}/{matchId}", m.detail)
}
