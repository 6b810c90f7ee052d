package shop_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"courtside/api"
	"courtside/api/apitest"
	"courtside/api/shop"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// clock is the injected clock; tests move it.
type clock = apitest.Clock

// staff: user 900 holds manageOrders and manageShop, 901 only manageOrders.
type staff struct{}

func (staff) Can(_ context.Context, uid int64, perm string) (bool, error) {
	switch uid {
	case 900:
		return true, nil
	case 901:
		return perm == "manageOrders", nil
	}
	return false, nil
}

// items records granted in-site items.
type items struct {
	mu  sync.Mutex
	got []string
}

func (i *items) GrantItem(_ context.Context, uid int64, kind string, value int, key string) error {
	i.mu.Lock()
	defer i.mu.Unlock()
	i.got = append(i.got, fmt.Sprintf("%d %s %d", uid, kind, value))
	return nil
}

type env struct {
	t       testing.TB
	pool    *pgxpool.Pool
	svc     *shop.Service
	ledger  *postgres.Ledger
	clock   *clock
	notices *apitest.Notices
	audit   *apitest.AuditLog
	items   *items
	url     string
	keys    atomic.Int64
}

var start = time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)

// newEnv builds a shop on a fresh database; tweaks may change its Config and Deps (they see the
// env, whose pool and clock are set).
func newEnv(t testing.TB, tweaks ...func(*env, *shop.Config, *shop.Deps)) *env {
	t.Helper()
	pool := pgtest.NewPool(t)
	e := &env{t: t, pool: pool, ledger: postgres.NewLedger(pool), clock: apitest.NewClock(start), notices: &apitest.Notices{}, audit: &apitest.AuditLog{}, items: &items{}}
	cfg := shop.Config{Now: e.clock.Now, OrderTTL: 15 * time.Minute}
	deps := shop.Deps{Pool: pool, Notices: e.notices, Audit: e.audit, Staff: staff{}, Items: e.items}
	for _, f := range tweaks {
		f(e, &cfg, &deps)
	}
	svc, err := shop.New(cfg, deps)
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
	e.url = apitest.ServeArea(t, api.Config{}, svc)
	return e
}

// fund credits uid with coins from the promotions account.
func (e *env) fund(uid, coins int64) {
	e.t.Helper()
	_, err := e.ledger.Post(context.Background(), postgres.Posting{Key: fmt.Sprintf("test-fund:%d:%d", uid, e.keys.Add(1)),
		Type: postgres.TxnAdjustment, UserID: uid, Entries: []postgres.Entry{
			{Account: postgres.SystemAccount(postgres.KindPromotions, postgres.Coin), Amount: -coins},
			{Account: postgres.UserWallet(uid, postgres.Coin), Amount: coins}}})
	if err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) balance(uid int64) int64 {
	e.t.Helper()
	var b int64
	err := e.pool.QueryRow(context.Background(), `SELECT coalesce(sum(b.balance), 0) FROM ledger_balances b JOIN ledger_accounts a ON a.id = b.account_id
		WHERE a.kind = 'user' AND a.owner_id = $1 AND a.currency = 'COIN'`, uid).Scan(&b)
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

func (e *env) verifyLedger() { e.t.Helper(); pgtest.VerifyLedger(e.t, e.ledger) }

func (e *env) product(p postgres.ShopProduct) postgres.ShopProduct {
	e.t.Helper()
	p.Active = true
	if p.Kind == "" {
		p.Kind = shop.KindPhysical
	}
	if p.Name == "" {
		p.Name = "Jersey"
	}
	if p.Price == 0 {
		p.Price = 100
	}
	out, err := e.svc.SaveProduct(context.Background(), shop.Actor{ID: 900}, p)
	if err != nil {
		e.t.Fatal(err)
	}
	return out
}

func (e *env) stock(id int64) (stock, redeemed int) {
	e.t.Helper()
	p, err := e.svc.Store().Product(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	return p.Stock, p.Redeemed
}

func (e *env) key() string { return fmt.Sprintf("k%d", e.keys.Add(1)) }

// ship is a complete physical order form.
func ship(id int64, q int, key string) shop.OrderRequest {
	return shop.OrderRequest{ProductID: id, Quantity: q, Recipient: "Li Wei", Address: "12 Stadium Road, Shanghai", Contact: "13800138000", Key: key}
}

// do sends a call as user uid (0: a guest) reading lang.
func (e *env) do(method, path, body string, uid int64, lang string) apitest.Response {
	e.t.Helper()
	return apitest.Do(e.t, e.url, method, path, body, apitest.Header(uid, lang))
}
