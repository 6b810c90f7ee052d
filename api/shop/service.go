package shop

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/zap"

	"courtside/api/audit"
	"courtside/api/notice"
	"courtside/api/periodic"
	"courtside/storage/postgres"
)

// Staff tells what a staff member may do (the accounts module's back-office permissions:
// manageOrders for orders, manageShop for products and odds). Nil: administrators only.
type Staff interface {
	Can(ctx context.Context, userID int64, perm string) (bool, error)
}

// Admins tells administrators apart (for the routes when Staff is nil).
type Admins interface {
	IsAdmin(ctx context.Context, userID int64) (bool, error)
}

// Items applies an in-site item to an account (membership days, a badge). It is called after the
// order committed, with the order number as its idempotency key; a failure is logged and the order
// stays visible to staff.
type Items interface {
	GrantItem(ctx context.Context, userID int64, kind string, value int, orderNo string) error
}

// Names gives a staff member's name for the audit log (nil: the log has ids only).
type Names interface {
	Username(ctx context.Context, userID int64) string
}

// Deps are the parts the shop is built from; only Pool is required.
type Deps struct {
	Pool    *pgxpool.Pool
	Notices notice.Sender  // the user's message centre; nil: nobody is told
	Audit   audit.Recorder // every staff action; nil: not recorded (tests only)
	Staff   Staff
	Admins  Admins
	Items   Items
	Names   Names
	// Codes sends and checks the codes that confirm a redemption (GET /sendMsg); nil: no order
	// needs one (tests only; engine always wires the accounts module).
	Codes ConfirmCodes
}

// Service is the coin shop. Its methods hold the rules and take typed inputs; the REST handlers
// (http*.go) and the back office call them. Safe for concurrent use.
type Service struct {
	cfg    Config
	log    *zap.Logger
	store  *postgres.ShopStore
	ledger *postgres.Ledger
	d      Deps
}

// New builds the Service; it fills Config's zero values and fails without a Pool.
func New(cfg Config, d Deps) (*Service, error) {
	if d.Pool == nil {
		return nil, errors.New("shop: Deps.Pool is required")
	}
	cfg.fill()
	return &Service{cfg: cfg, log: cfg.Logger, store: postgres.NewShopStore(d.Pool), ledger: postgres.NewLedger(d.Pool), d: d}, nil
}

// Store is the shop's store (tests, demo data).
func (s *Service) Store() *postgres.ShopStore { return s.store }

// Config is the configuration in use, defaults filled.
func (s *Service) Config() Config { return s.cfg }

// Run releases the stock of unpaid orders past their time every Config.SweepEvery until ctx ends.
func (s *Service) Run(ctx context.Context) error {
	return periodic.Every(ctx, s.cfg.SweepEvery, s.log, "shop: expiring unpaid orders", func(ctx context.Context) error {
		_, err := s.ExpireUnpaid(ctx)
		return err
	})
}

// notify tells the user of an order's new state, once per (order, state).
func (s *Service) notify(ctx context.Context, o postgres.ShopOrder, key string, args ...string) {
	if s.d.Notices == nil {
		return
	}
	err := s.d.Notices.Send(ctx, notice.Notice{UserID: o.UserID, Kind: notice.KindOrder, Key: key, Args: args,
		Link: "/userInfo/exchange", Dedupe: "shop:" + o.No + ":" + o.Status})
	if err != nil {
		s.log.Warn("shop: notice not sent", zap.String("order", o.No), zap.Error(err))
	}
}
