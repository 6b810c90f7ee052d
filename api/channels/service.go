package channels

import (
	"crypto/rand"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/zap"

	"courtside/api/audit"
	"courtside/storage/postgres"
)

// Deps are the parts the channels are built from; only Pool is required.
type Deps struct {
	Pool *pgxpool.Pool
	// Audit: the back office's list of every channel is written to the audit log; nil: not written.
	Audit audit.Recorder
}

// Service is promotion channels. Its methods hold the rules and take typed inputs; the REST
// handlers (http*.go) and the accounts module (Registered) call them. Safe for concurrent use.
type Service struct {
	d     Deps
	cfg   Config
	log   *zap.Logger
	store *postgres.ChannelStore
}

// New builds the Service; it fills Config's zero values and fails without a Pool.
func New(cfg Config, d Deps) (*Service, error) {
	if d.Pool == nil {
		return nil, errors.New("channels: Deps.Pool is required")
	}
	cfg.fill()
	if len(cfg.Secret) == 0 {
		cfg.Secret = make([]byte, 32)
		_, _ = rand.Read(cfg.Secret)
		cfg.Logger.Info("channels: no Secret configured; a visitor is counted once per node and restart")
	}
	return &Service{d: d, cfg: cfg, log: cfg.Logger, store: postgres.NewChannelStore(d.Pool)}, nil
}

// Store is the channels' store (tests, demo data).
func (s *Service) Store() *postgres.ChannelStore { return s.store }

// Config is the configuration in use, defaults filled.
func (s *Service) Config() Config { return s.cfg }
