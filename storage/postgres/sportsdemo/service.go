package sportsdemo

import (
	"context"
	"errors"
	"sync"
	"time"

	"go.uber.org/zap"

	"courtside/actors/match/feed"
	"courtside/storage/postgres"
)

// Service keeps a living demo site: it seeds the dataset, plays the simulator into Sink (the
// match registry) once a second, and moves the ±Days window forward at each new UTC day.
type Service struct {
	Store *postgres.SportsStore // required
	Sink  feed.Sink             // required: courtside/actors/match.Registry
	Seed  uint64                // default 2026 (dataset and simulator)
	Days  int                   // default 7
	Now   func() time.Time      // default time.Now
	Log   *zap.Logger

	mu  sync.Mutex      // guards sim: the playing loop and Advance take turns
	sim *feed.Simulator // nil until Run has seeded the dataset
}

// ErrNotPlaying: Advance before the demo has seeded its dataset (the node is starting).
var ErrNotPlaying = errors.New("sportsdemo: the demo is not playing yet")

// Advance plays one demo match d ahead of the clock (feed.Simulator.Advance) and pushes what
// became due at once, so the operator sees it before the next tick. It answers
// feed.ErrUnknownFixture for a match outside the demo's window.
func (s *Service) Advance(_ context.Context, matchID string, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sim == nil {
		return ErrNotPlaying
	}
	if err := s.sim.Advance(matchID, d); err != nil {
		return err
	}
	s.sim.Emit(s.Now(), s.Sink)
	return nil
}

// emit is one pass of the playing loop.
func (s *Service) emit(ctx context.Context) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sim.EmitContext(ctx, s.Now(), s.Sink)
}

// Run seeds and plays until ctx ends (a Service for the engine's errgroup).
func (s *Service) Run(ctx context.Context) error {
	if s.Now == nil {
		s.Now = time.Now
	}
	if s.Log == nil {
		s.Log = zap.NewNop()
	}
	if s.Seed == 0 {
		s.Seed = 2026
	}
	now := s.Now()
	ds := Generate(Config{Seed: s.Seed, Now: now, Days: s.Days})
	if err := Seed(ctx, s.Store, ds); err != nil {
		return err
	}
	sim := feed.NewSimulator(feed.SimConfig{Seed: s.Seed, Now: s.Now}, ds.Fixtures, ds.Rosters)
	sim.SetTeams(ds.Teams())
	s.mu.Lock()
	s.sim = sim
	s.mu.Unlock()
	day := now.UTC().YearDay()
	s.Log.Info("sports demo playing", zap.Int("fixtures", len(ds.Fixtures)), zap.String("source", feed.SourceSimulator))
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		s.emit(ctx)
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		if now := s.Now(); now.UTC().YearDay() != day {
			day = now.UTC().YearDay()
			ds = Generate(Config{Seed: s.Seed, Now: now, Days: s.Days})
			if err := Seed(ctx, s.Store, ds); err != nil {
				s.Log.Warn("sports demo: new day not seeded", zap.Error(err))
				continue
			}
			s.mu.Lock()
			sim.SetFixtures(ds.Fixtures)
			s.mu.Unlock()
		}
	}
}
