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

	"courtside/api"
	"courtside/api/wallet/payment"
	"courtside/storage/postgres"
)

// Authenticator tells who is signed in. The accounts module implements it; UserID returns
// api.ErrAuthRequired without a token and an api error with errorCode 3000/3001 for a dead session.
type Authenticator interface {
	UserID(r *api.Request) (int64, error)
}

// Roles tells administrators apart. Nil in Deps: nobody is an administrator.
type Roles interface {
	IsAdmin(ctx context.Context, userID int64) (bool, error)
}

// AuthFunc adapts a function to Authenticator, for the engine's wiring:
//
//	wallet.AuthFunc(func(r *api.Request) (int64, error) {
//		u, err := accounts.Authenticate(r.Context(), r.Token)
//		return u.ID, err
//	})
type AuthFunc func(r *api.Request) (int64, error)

// UserID calls f.
func (f AuthFunc) UserID(r *api.Request) (int64, error) { return f(r) }

// RolesFunc adapts a function to Roles.
type RolesFunc func(ctx context.Context, userID int64) (bool, error)

// IsAdmin calls f.
func (f RolesFunc) IsAdmin(ctx context.Context, userID int64) (bool, error) { return f(ctx, userID) }

// Deps are the parts the wallet is built from.
type Deps struct {
	Config Config
	// Pool is the system-of-record database (migrated).
	Pool *pgxpool.Pool
	Auth Authenticator
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
}

// Service is the wallet: recharge orders, memberships, gifts, balances. It is safe for concurrent
// use; Run is its background part (order expiry).
type Service struct {
	cfg       Config
	log       *zap.Logger
	store     *postgres.WalletStore
	auth      Authenticator
	roles     Roles
	lb        Leaderboard
	providers map[string]payment.Provider
	methods   []string // provider names in the order given
	dev       *payment.Dev
	hub       *hub
	// onMembership is Deps.OnMembership.
	onMembership func(ctx context.Context, userID int64, e Entitlement)

	giftsMu sync.RWMutex
	gifts   map[int]postgres.Gift
	giftsAt time.Time
}

// New builds the Service. It fails when Pool or Auth is missing.
func New(deps Deps) (*Service, error) {
	if deps.Pool == nil || deps.Auth == nil {
		return nil, errors.New("wallet: Deps.Pool and Deps.Auth are required")
	}
	cfg := deps.Config
	cfg.fill()
	s := &Service{
		cfg: cfg, log: cfg.Logger, store: postgres.NewWalletStore(deps.Pool), auth: deps.Auth, roles: deps.Roles,
		lb: deps.Leaderboard, providers: map[string]payment.Provider{}, hub: newHub(),
		onMembership: deps.OnMembership,
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
		s.dev = payment.NewDev(payment.DevConfig{Secret: secret, PagePath: api.Prefix + "/orderpay/dev/pay"})
		s.providers[s.dev.Name()] = s.dev
		s.methods = append(s.methods, s.dev.Name())
	}
	return s, nil
}

// Routes builds the Service from deps and registers every wallet endpoint on s.
func Routes(s *api.Server, deps Deps) (*Service, error) {
	svc, err := New(deps)
	if err != nil {
		return nil, err
	}
	svc.Register(s)
	return svc, nil
}

// Store is the wallet's store (for the engine's wiring and tests).
func (s *Service) Store() *postgres.WalletStore { return s.store }

// Leaderboard is the leaderboard state in use.
func (s *Service) Leaderboard() Leaderboard { return s.lb }

// Dev is the development provider (nil when disabled).
func (s *Service) Dev() *payment.Dev { return s.dev }

// Run expires unpaid orders every Config.SweepEvery until ctx ends, telling open payWs streams.
func (s *Service) Run(ctx context.Context) error {
	t := time.NewTicker(s.cfg.SweepEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			s.sweep(ctx)
		}
	}
}

func (s *Service) sweep(ctx context.Context) {
	nos, err := s.store.ExpireOrders(ctx, s.cfg.Now())
	if err != nil {
		s.log.Warn("wallet: expiring orders", zap.Error(err))
		return
	}
	for _, no := range nos {
		if o, err := s.store.Order(ctx, no); err == nil {
			s.hub.publish(o)
		}
	}
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
