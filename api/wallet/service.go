package wallet

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/zap"

	"courtside/api/audit"
	"courtside/api/periodic"
	"courtside/api/wallet/payment"
	"courtside/storage/postgres"
)

// Roles tells administrators apart (an administrator may read any user's records and orders). Nil
// in Deps: nobody is an administrator. The accounts module implements it.
type Roles interface {
	IsAdmin(ctx context.Context, userID int64) (bool, error)
}

// RolesFunc adapts a function to Roles.
type RolesFunc func(ctx context.Context, userID int64) (bool, error)

// IsAdmin calls f.
func (f RolesFunc) IsAdmin(ctx context.Context, userID int64) (bool, error) { return f(ctx, userID) }

// Deps are the parts the wallet is built from; only Pool is required.
type Deps struct {
	// Pool is the system-of-record database (migrated).
	Pool *pgxpool.Pool
	// Roles may be nil.
	Roles Roles
	// Providers are the real payment methods configured (alipay, card, paypal, usdt). The
	// development provider is added unless Config.DisableDev.
	Providers []payment.Provider
	// Leaderboard is the shared state of the gift leaderboards. Default: in-process.
	Leaderboard Leaderboard
	// OnMembership, if set, is told the membership in force after every purchase or upgrade
	// (the engine grants the matching account role with the same expiry).
	OnMembership func(ctx context.Context, userID int64, e Entitlement)
	// Rooms, when set, says which live rooms exist: the leaderboard of an unknown room is
	// ErrRoomNotFound rather than an empty list.
	Rooms Rooms
	// Audit, when set, gets the staff's refunds recorded through the wallet's own staff calls
	// (/orderpay/refund and its /admin/ alias) as order.refund, like the back office's refunds.
	Audit audit.Recorder
}

// Rooms says whether a live room exists.
type Rooms interface {
	RoomExists(ctx context.Context, id string) (bool, error)
}

// Service is the wallet: recharge orders, memberships, gifts, balances. Its methods hold the rules
// and take typed inputs; the REST handlers (http*.go), the room actor (package roomwallet), the
// streamer centre and the back office all call them. It is safe for concurrent use; Run is its
// background part (order expiry).
type Service struct {
	cfg       Config
	log       *zap.Logger
	store     *postgres.WalletStore
	roles     Roles
	lb        Leaderboard
	providers map[string]payment.Provider
	methods   []string // provider names in the order given
	dev       *payment.Dev
	hub       *hub
	// onMembership is Deps.OnMembership.
	onMembership func(ctx context.Context, userID int64, e Entitlement)
	rooms        Rooms          // nil: every room id is taken as existing
	audit        audit.Recorder // nil: refunds are only logged

	giftsMu sync.RWMutex
	gifts   map[int]postgres.Gift
	giftsAt time.Time
}

// New builds the Service; it fills Config's zero values with defaults and fails without a Pool.
func New(cfg Config, deps Deps) (*Service, error) {
	if deps.Pool == nil {
		return nil, errors.New("wallet: Deps.Pool is required")
	}
	cfg.fill()
	s := &Service{
		cfg: cfg, log: cfg.Logger, store: postgres.NewWalletStore(deps.Pool), roles: deps.Roles, audit: deps.Audit,
		lb: deps.Leaderboard, providers: map[string]payment.Provider{}, hub: newHub(),
		onMembership: deps.OnMembership, rooms: deps.Rooms,
	}
	if s.lb == nil {
		s.lb = NewMemoryLeaderboard(cfg.Location)
	}
	for _, p := range deps.Providers {
		if _, dup := s.providers[p.Name()]; dup {
			return nil, fmt.Errorf("wallet: two providers named %q", p.Name())
		}
		s.providers[p.Name()] = p
		s.methods = append(s.methods, p.Name())
	}
	if !cfg.DisableDev {
		secret := []byte(cfg.DevSecret)
		if len(secret) == 0 {
			secret = make([]byte, 32)
			_, _ = rand.Read(secret)
		}
		s.dev = payment.NewDev(payment.DevConfig{Secret: secret, PagePath: devPagePath})
		s.providers[s.dev.Name()] = s.dev
		s.methods = append(s.methods, s.dev.Name())
	}
	return s, nil
}

// Store is the wallet's store (for the engine's wiring and tests).
func (s *Service) Store() *postgres.WalletStore { return s.store }

// Leaderboard is the leaderboard state in use.
func (s *Service) Leaderboard() Leaderboard { return s.lb }

// Dev is the development provider (nil when disabled).
func (s *Service) Dev() *payment.Dev { return s.dev }

// Config is the configuration in use, defaults filled.
func (s *Service) Config() Config { return s.cfg }

// Logger is the Service's logger.
func (s *Service) Logger() *zap.Logger { return s.log }

// Run expires unpaid orders every Config.SweepEvery until ctx ends, telling open payWs streams.
func (s *Service) Run(ctx context.Context) error {
	return periodic.Every(ctx, s.cfg.SweepEvery, s.log, "wallet: expiring orders", s.sweep)
}

func (s *Service) sweep(ctx context.Context) error {
	nos, err := s.store.ExpireOrders(ctx, s.cfg.Now())
	if err != nil {
		return err
	}
	for _, no := range nos {
		if o, err := s.store.Order(ctx, no); err == nil {
			s.hub.publish(o)
		}
	}
	return nil
}

// isAdmin reports whether userID is an administrator (false without Roles).
func (s *Service) isAdmin(ctx context.Context, userID int64) (bool, error) {
	if s.roles == nil {
		return false, nil
	}
	return s.roles.IsAdmin(ctx, userID)
}

// Wallets returns a user's wallets and streamer earnings.
func (s *Service) Wallets(ctx context.Context, userID int64) (postgres.WalletBalances, error) {
	return s.store.Balances(ctx, userID)
}

// Balances returns a user's coin and diamond balances (what the accounts module shows in
// /user/info; it satisfies account.Balances).
func (s *Service) Balances(ctx context.Context, userID int64) (coins, diamonds int64, err error) {
	w, err := s.store.Balances(ctx, userID)
	return w.Coins, w.Diamonds, err
}

// Details lists a user's movements in one currency, newest first, with the total count: the coin
// and diamond details of the user area.
func (s *Service) Details(ctx context.Context, userID int64, c postgres.Currency, limit, offset int) ([]postgres.DetailRow, int, error) {
	return s.store.Details(ctx, userID, c, limit, offset)
}

// GrantWelcome is the package function GrantWelcome as a method, so a *Service satisfies the
// accounts module's WelcomeBonus.
func (s *Service) GrantWelcome(ctx context.Context, tx pgx.Tx, userID int64) error {
	return GrantWelcome(ctx, tx, userID)
}

// GrantWelcome credits the 200-coin registration bonus inside the caller's transaction, once per
// user ever (idempotency key "welcome:<userID>"). The accounts module calls it in the registration
// transaction, so a failed registration grants nothing and a retried one grants it once.
func GrantWelcome(ctx context.Context, tx pgx.Tx, userID int64) error {
	return postgres.GrantWelcome(ctx, tx, userID)
}
