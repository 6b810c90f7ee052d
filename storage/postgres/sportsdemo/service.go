package sportsdemo

import (
	"context"
	"fmt"
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

	// Advances asked for, applied by the playing loop at its next pass (the first pass replays a
	// week of fixtures: an operator's call must not wait for it).
	mu      sync.Mutex
	known   map[string]bool          // the fixtures being played; nil until Run has seeded them
	pending map[string]time.Duration // advances not yet applied
}

// Advance plays one demo match d ahead of the clock (feed.Simulator.Advance) from the playing
// loop's next pass, within a second once the demo plays in real time. It answers
// feed.ErrUnknownFixture for a match outside the demo's window.
func (s *Service) Advance(_ context.Context, matchID string, d time.Duration) error {
	if d <= 0 {
		return fmt.Errorf("sportsdemo: advance by %v: must be positive", d)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.known != nil && !s.known[matchID] {
		return feed.ErrUnknownFixture
	}
	// While the node is still seeding (known is nil) the advance waits in pending like any other:
	// an operator (or a test) who calls right after a node starts is not refused, and the first
	// pass applies it (a fixture the demo turns out not to play is logged there).
	if s.pending == nil {
		s.pending = map[string]time.Duration{}
	}
	s.pending[matchID] += d
	return nil
}

// setFixtures makes the fixtures the ones Advance knows.
func (s *Service) setFixtures(fixtures []feed.Fixture) {
	known := make(map[string]bool, len(fixtures))
	for _, f := range fixtures {
		known[f.ID] = true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.known = known
	if s.pending == nil {
		s.pending = map[string]time.Duration{}
	}
}

// emit is one pass of the playing loop: the advances asked for since the last pass, then every
// event due.
func (s *Service) emit(ctx context.Context, sim *feed.Simulator) {
	s.mu.Lock()
	pending := s.pending
	s.pending = map[string]time.Duration{}
	s.mu.Unlock()
	for id, d := range pending {
		if err := sim.Advance(id, d); err != nil {
			s.Log.Warn("sports demo: advance not applied", zap.String("match", id), zap.Error(err))
		}
	}
	sim.EmitContext(ctx, s.Now(), s.Sink)
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
	s.setFixtures(ds.Fixtures)
	s.abandonLeftInPlay(ctx, ds.Fixtures)
	day := now.UTC().YearDay()
	s.Log.Info("sports demo playing", zap.Int("fixtures", len(ds.Fixtures)), zap.String("source", feed.SourceSimulator))
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		s.emit(ctx, sim)
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
			sim.SetFixtures(ds.Fixtures)
			s.setFixtures(ds.Fixtures)
			s.abandonLeftInPlay(ctx, ds.Fixtures)
		}
	}
}

// abandonLeftInPlay abandons the demo's matches left in play that the schedule no longer holds:
// a node stopped mid-match and started again more than the window later finds them stored in
// play, and nothing plays them on (the simulator plays the window's fixtures), so the live lists
// showed them with a clock that had run for days ("11476'"). Each gets the status a feed sends
// for a match called off while in play, through the match actor like any event.
func (s *Service) abandonLeftInPlay(ctx context.Context, fixtures []feed.Fixture) {
	playing := make(map[string]bool, len(fixtures))
	for _, f := range fixtures {
		playing[f.ID] = true
	}
	now := s.Now()
	rows, err := s.Store.InPlayOfSource(ctx, feed.SourceSimulator, now)
	if err != nil {
		s.Log.Warn("sports demo: matches left in play not read", zap.Error(err))
		return
	}
	abandoned := 0
	for _, r := range rows {
		if playing[r.ID] {
			continue
		}
		s.Sink.Push(feed.Event{Match: r.ID, Seq: r.Live.LastSeq + 1, At: now.UnixMilli(), Kind: feed.KStatus, Status: feed.StatusAbandoned})
		abandoned++
	}
	if abandoned > 0 {
		s.Log.Info("sports demo: abandoned the matches an earlier run left in play", zap.Int("matches", abandoned))
	}
}
