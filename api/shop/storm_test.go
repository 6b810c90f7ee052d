package shop_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"courtside/api/shop"
	"courtside/storage/postgres"
)

// TestStockIsNeverOversold is the storm on the last items: 200 buyers, each sending its order from
// two goroutines at once (a client's retry racing its first attempt) and retrying on failure, on a
// pool of 32 real connections, for 25 items. Exactly 25 orders are paid, exactly 25 buyers are
// charged exactly once, nothing is left reserved, and the ledger balances to the coin.
func TestStockIsNeverOversold(t *testing.T) {
	if testing.Short() {
		t.Skip("storm: not in -short")
	}
	e := newEnv(t)
	cfg, err := pgxpool.ParseConfig(e.pool.Config().ConnString())
	if err != nil {
		t.Fatal(err)
	}
	cfg.MaxConns = 32
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	svc, err := shop.New(shop.Config{Now: e.clock.Now}, shop.Deps{Pool: pool})
	if err != nil {
		t.Fatal(err)
	}
	const buyers, stock, price, wallet = 200, 25, 300, 1000
	p := e.product(postgres.ShopProduct{Price: price, Stock: stock})
	for u := int64(1); u <= buyers; u++ {
		e.fund(u, wallet)
	}
	var (
		mu      sync.Mutex
		soldOut int
		paidBy  = map[int64]map[string]bool{}
		wg      sync.WaitGroup
		release = make(chan struct{})
	)
	for u := int64(1); u <= buyers; u++ {
		for attempt := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-release
				key := fmt.Sprintf("buy-%d", u) // both goroutines of a buyer send the same request
				for try := 0; try < 3; try++ {
					o, err := svc.CreateOrder(ctx, u, ship(p.ID, 1, key))
					if errors.Is(err, shop.ErrSoldOut) {
						mu.Lock()
						soldOut++
						mu.Unlock()
						return
					}
					if err != nil {
						continue // retry, as a client would
					}
					paid, err := svc.PayOrder(ctx, u, o.No, "")
					if err != nil {
						continue
					}
					mu.Lock()
					if paidBy[u] == nil {
						paidBy[u] = map[string]bool{}
					}
					paidBy[u][paid.Order.No] = true
					mu.Unlock()
					return
				}
				t.Errorf("buyer %d attempt %d gave up", u, attempt)
			}()
		}
	}
	close(release)
	wg.Wait()

	if len(paidBy) != stock {
		t.Fatalf("%d buyers got an order, want exactly %d", len(paidBy), stock)
	}
	for u, nos := range paidBy {
		if len(nos) != 1 {
			t.Fatalf("buyer %d has orders %v: a retry made a second order", u, nos)
		}
	}
	charged := 0
	for u := int64(1); u <= buyers; u++ {
		switch b := e.balance(u); {
		case b == wallet-price && paidBy[u] != nil:
			charged++
		case b == wallet && paidBy[u] == nil:
		default:
			t.Fatalf("buyer %d balance %d (has order: %v)", u, b, paidBy[u] != nil)
		}
	}
	if charged != stock {
		t.Fatalf("%d buyers charged, want %d", charged, stock)
	}
	st, redeemed := e.stock(p.ID)
	var orders, unpaid int
	if err := e.pool.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE status = 'unpaid') FROM shop_orders`).Scan(&orders, &unpaid); err != nil {
		t.Fatal(err)
	}
	if st != 0 || redeemed != stock || orders != stock || unpaid != 0 {
		t.Fatalf("stock %d redeemed %d orders %d unpaid %d", st, redeemed, orders, unpaid)
	}
	if soldOut != 2*(buyers-stock) {
		t.Fatalf("%d sold-out answers, want %d: a buyer's retry was told sold out for an order it has", soldOut, 2*(buyers-stock))
	}
	e.verifyLedger()
}
