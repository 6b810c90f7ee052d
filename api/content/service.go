package content

import (
	"context"
	"errors"
	"time"

	"go.uber.org/zap"

	"courtside/api/audit"
	"courtside/storage/postgres"
)

// Store is what the content needs of its storage (postgres.ContentStore).
type Store interface {
	SaveProclamation(ctx context.Context, p postgres.Proclamation) (postgres.Proclamation, error)
	Proclamation(ctx context.Context, id int64) (postgres.Proclamation, error)
	WithdrawProclamation(ctx context.Context, id, by int64, at time.Time) (postgres.Proclamation, bool, error)
	LiveProclamations(ctx context.Context, langs []string, at time.Time, limit int) ([]postgres.Proclamation, error)
	ListProclamations(ctx context.Context, f postgres.ProclamationFilter) ([]postgres.Proclamation, int, error)
	Dismiss(ctx context.Context, userID, id int64, at time.Time) error
	Dismissed(ctx context.Context, userID int64, ids []int64) (map[int64]bool, error)
	Page(ctx context.Context, slug, lang string) (postgres.SitePage, error)
	SavedPages(ctx context.Context) ([]postgres.SitePage, error)
	SavePage(ctx context.Context, p postgres.SitePage) error
	DeletePage(ctx context.Context, slug, lang string) (bool, error)
}

var _ Store = (*postgres.ContentStore)(nil)

// Staff tells what a staff member may do (the accounts module: editContent for the content editor
// and administrators).
type Staff interface {
	Can(ctx context.Context, userID int64, perm string) (bool, error)
}

// Admins tells administrators apart (for the routes when Staff is nil).
type Admins interface {
	IsAdmin(ctx context.Context, userID int64) (bool, error)
}

// Deps are the parts the content is built from; only Store is required.
type Deps struct {
	Store  Store
	Audit  audit.Recorder // every staff action; nil: not recorded (tests only)
	Staff  Staff          // nil: administrators only
	Admins Admins
}

// Actor is the staff member acting, for the audit log.
type Actor = audit.Actor

// Service is the content. Its methods hold the rules and take typed inputs; the REST handlers
// (http*.go) call them. Safe for concurrent use.
type Service struct {
	cfg   Config
	log   *zap.Logger
	store Store
	d     Deps
	texts defaults
}

// New builds the Service; it fails without a Store or when the shipped default texts do not parse.
func New(cfg Config, d Deps) (*Service, error) {
	if d.Store == nil {
		return nil, errors.New("content: Deps.Store is required")
	}
	cfg.fill()
	texts, err := loadDefaults()
	if err != nil {
		return nil, err
	}
	return &Service{cfg: cfg, log: cfg.Logger, store: d.Store, d: d, texts: texts}, nil
}

// Now is the service's clock.
func (s *Service) Now() time.Time { return s.cfg.Now() }

func (s *Service) record(ctx context.Context, a Actor, e audit.Entry) {
	if s.d.Audit == nil {
		return
	}
	e.ActorID, e.IP = a.ID, a.IP
	if err := s.d.Audit.Record(ctx, e); err != nil {
		s.log.Warn("content: audit entry not written", zap.String("action", e.Action), zap.Error(err))
	}
}
