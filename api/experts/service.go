package experts

import (
	"context"
	"errors"

	"go.uber.org/zap"

	"courtside/api/audit"
	"courtside/api/settlement"
	"courtside/storage/postgres"
)

// Deps are the parts the area is built from. Store and Settlement are required; the others may be
// nil with the effect in their comments.
type Deps struct {
	Store *postgres.Experts
	// Settlement is the settlement service; New registers the plans' Settler with it.
	Settlement *settlement.Service
	// Phones: nil means no account has a bound phone (applications are refused).
	Phones Phones
	// Roles: nil leaves the accounts' roles alone.
	Roles ExpertRoles
	// Staff and Admins: who may review (nil both: nobody).
	Staff  Staff
	Admins Admins
	// Coins: nil answers 0 coins in checkGold.
	Coins Coins
	// Matches: nil means no match can be picked.
	Matches Matches
	// Audit: nil records nothing.
	Audit Auditor
}

// Service is the experts area. It is safe for concurrent use.
type Service struct {
	cfg Config
	d   Deps
	log *zap.Logger
}

// New builds the Service and registers its Settler with Deps.Settlement.
func New(cfg Config, d Deps) (*Service, error) {
	cfg.fill()
	if d.Store == nil || d.Settlement == nil {
		return nil, errors.New("experts: Store and Settlement are required")
	}
	s := &Service{cfg: cfg, d: d, log: cfg.Logger}
	d.Settlement.Register(plansSettler{s})
	return s, nil
}

// Config is the configuration in use, defaults filled.
func (s *Service) Config() Config { return s.cfg }

// Store is the area's store.
func (s *Service) Store() *postgres.Experts { return s.d.Store }

// expert is uid's approved expert record: ErrNotExpert without one, ErrExpertBanned when banned.
func (s *Service) expert(ctx context.Context, uid int64) (postgres.ExpertRow, error) {
	e, err := s.d.Store.Expert(ctx, uid)
	switch {
	case errors.Is(err, postgres.ErrExpertNotFound):
		return e, ErrNotExpert
	case err != nil:
		return e, err
	case e.Status == postgres.ExpertBanned:
		return e, ErrExpertBanned
	case e.Status != postgres.ExpertApproved:
		return e, ErrNotExpert
	}
	return e, nil
}

// record writes an audit entry (a failure is logged, the action stands).
func (s *Service) record(ctx context.Context, e audit.Entry) {
	if s.d.Audit == nil {
		return
	}
	if err := s.d.Audit.Record(ctx, e); err != nil {
		s.log.Warn("experts: audit", zap.String("action", e.Action), zap.Error(err))
	}
}

// Split is a price's expert share and platform share.
func (s *Service) Split(price int64) (expert, platform int64) {
	expert = price * s.cfg.ExpertSharePercent / 100
	return expert, price - expert
}
