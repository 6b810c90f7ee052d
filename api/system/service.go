package system

import (
	"crypto/rand"

	"go.uber.org/zap"

	"courtside/api/wallet"
)

// Payments is what the pay buttons are built from: the wallet's configuration, the same that
// answers GET /orderpay/getPayType (wallet.Service implements it).
type Payments interface {
	PayTypes() []wallet.PayType
	Packages() []wallet.Package
}

// Countries finds a client's country (ISO 3166 alpha-2, "" when unknown); the locale resolver
// implements it. Nil: the region comes from the request only.
type Countries interface {
	Country(ip string) string
}

// Deps are the parts of the system calls; Payments is required for payButton.
type Deps struct {
	Payments  Payments
	Countries Countries
}

// Service is the system calls. Safe for concurrent use.
type Service struct {
	cfg Config
	log *zap.Logger
	d   Deps
}

// New builds the Service, filling Config's zero values.
func New(cfg Config, d Deps) *Service {
	cfg.fill()
	if len(cfg.Secret) == 0 {
		cfg.Secret = make([]byte, 32)
		_, _ = rand.Read(cfg.Secret)
		cfg.Logger.Info("system: no Secret configured; payload keys open only on this node")
	}
	return &Service{cfg: cfg, log: cfg.Logger, d: d}
}
