package settlement

import (
	"context"
	"errors"
	"strings"
	"time"

	"go.uber.org/zap"

	"courtside/actors/match"
	"courtside/api/periodic"
	"courtside/storage/postgres"
)

// Result is the result a match is settled on, with its revision.
type Result = postgres.MatchResult

// Settler settles one kind of item (expert plans; later, in-room predictions) on a match's result.
// Settle must be idempotent by (match, revision); Pending lists matches with a final state where it
// still has items not settled on the latest revision.
type Settler interface {
	Settle(ctx context.Context, r Result) error
	Pending(ctx context.Context, limit int) ([]string, error)
}

// Results keeps the results (*postgres.Settlements).
type Results interface {
	RecordFeedResult(ctx context.Context, match string, at time.Time) (postgres.MatchResult, error)
	CorrectResult(ctx context.Context, match string, status, home, away int, by int64, reason string, at time.Time) (postgres.MatchResult, error)
	Result(ctx context.Context, match string) (postgres.MatchResult, error)
}

// Service takes match results and hands them to every Settler.
type Service struct {
	cfg      Config
	results  Results
	settlers []Settler
	log      *zap.Logger
}

var _ match.ResultSink = (*Service)(nil)

// New builds the Service on a results store.
func New(cfg Config, results Results) *Service {
	cfg.fill()
	return &Service{cfg: cfg, results: results, log: cfg.Logger}
}

// Register adds a Settler. Call before Run and before results arrive.
func (s *Service) Register(st Settler) { s.settlers = append(s.settlers, st) }

// MatchFinished is the match actor's result delivery (match.ResultSink): a nil error acknowledges it.
func (s *Service) MatchFinished(ctx context.Context, r match.Result) error {
	return s.SettleMatch(ctx, r.Match)
}

// SettleMatch records the match's final state from the feed (nothing to do when it has none) and
// settles every Settler's items on it.
func (s *Service) SettleMatch(ctx context.Context, matchID string) error {
	r, err := s.results.RecordFeedResult(ctx, matchID, s.cfg.Now())
	if errors.Is(err, postgres.ErrNoResult) {
		return nil
	}
	if err != nil {
		return err
	}
	return s.settle(ctx, r)
}

func (s *Service) settle(ctx context.Context, r Result) error {
	var first error
	for _, st := range s.settlers {
		if err := st.Settle(ctx, r); err != nil {
			s.log.Warn("settlement: settling", zap.String("match", r.MatchID), zap.Int("rev", r.Rev), zap.Error(err))
			if first == nil {
				first = err
			}
		}
	}
	return first
}

// Correction is a staff member's correction of a match's result.
type Correction struct {
	MatchID    string
	Status     int // StatusFinished, StatusPostponed or StatusCancelled
	Home, Away int
	Reason     string
	By         int64
}

// Correct records a corrected result in a new revision and settles everything on the match again
// (outcomes change; refunds and payouts that the new outcome calls for are posted, each visible in
// the ledger). ErrBadCorrection for a malformed one.
func (s *Service) Correct(ctx context.Context, c Correction) (Result, error) {
	c.MatchID, c.Reason = strings.TrimSpace(c.MatchID), strings.TrimSpace(c.Reason)
	if c.MatchID == "" || c.Reason == "" || c.Home < 0 || c.Away < 0 ||
		(c.Status != StatusFinished && c.Status != StatusPostponed && c.Status != StatusCancelled) {
		return Result{}, ErrBadCorrection
	}
	r, err := s.results.CorrectResult(ctx, c.MatchID, c.Status, c.Home, c.Away, c.By, c.Reason, s.cfg.Now())
	if err != nil {
		return r, err
	}
	return r, s.settle(ctx, r)
}

// Result is the result a match was settled on (postgres.ErrNoResult for none).
func (s *Service) Result(ctx context.Context, matchID string) (Result, error) {
	return s.results.Result(ctx, matchID)
}

// Sweep settles every match a Settler reports pending; it returns how many matches it settled.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	n := 0
	for _, st := range s.settlers {
		ids, err := st.Pending(ctx, 100)
		if err != nil {
			return n, err
		}
		for _, id := range ids {
			r, err := s.results.RecordFeedResult(ctx, id, s.cfg.Now())
			if errors.Is(err, postgres.ErrNoResult) {
				continue
			}
			if err != nil {
				return n, err
			}
			if err := st.Settle(ctx, r); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}

// Run sweeps every SweepEvery until ctx ends.
func (s *Service) Run(ctx context.Context) error {
	return periodic.Every(ctx, s.cfg.SweepEvery, s.log, "settlement: sweep", func(ctx context.Context) error {
		_, err := s.Sweep(ctx)
		return err
	})
}

// RecordResultAt records the match's final state from the feed as of at without settling (a zero
// Result when it has none); the caller settles (the demo's seeding of a past record).
func (s *Service) RecordResultAt(ctx context.Context, matchID string, at time.Time) (Result, error) {
	r, err := s.results.RecordFeedResult(ctx, matchID, at)
	if errors.Is(err, postgres.ErrNoResult) {
		return Result{}, nil
	}
	return r, err
}
