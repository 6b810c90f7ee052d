package wallet_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"courtside/api/wallet"
	"courtside/api/wallet/payment"
	"courtside/storage/postgres"
)

// TestConcurrentGiftsAndRechargesBalanceToTheCoin is the acceptance test of issue 6: thousands of
// gifts and recharges at once, with client retries re-sending the same idempotency keys and
// providers sending duplicated and out-of-order callbacks. Afterwards the ledger must balance to the
// coin, no wallet may be negative, every key must have applied exactly once, and every balance must
// equal what the operations that reported success add up to.
func TestConcurrentGiftsAndRechargesBalanceToTheCoin(t *testing.T) {
	users, streamers, recharges, gifts := 200, 10, 1000, 4000
	if testing.Short() {
		users, recharges, gifts = 50, 200, 800
	}
	ctx := context.Background()
	e := newEnv(t, wallet.Config{})
	rng := rand.New(rand.NewPCG(6, 6))
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}

	var (
		mu          sync.Mutex
		wantCoins   = map[int64]int64{}
		wantDiam    = map[int64]int64{}
		earnedCoins = map[int64]int64{}
		earnedDiam  = map[int64]int64{}
		applied     = map[string]int{} // gift key -> non-replayed successes
		giftsOK     atomic.Int64
		giftsShort  atomic.Int64
	)
	catalogue, err := e.svc.Catalogue(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var tasks []func() error

	// Welcome bonus, each granted twice concurrently.
	for u := 1; u <= users; u++ {
		uid := int64(u)
		wantCoins[uid] += wallet.WelcomeBonusCoins
		for range 2 {
			tasks = append(tasks, func() error {
				return postgres.InTx(ctx, e.pool, func(tx pgx.Tx) error { return wallet.GrantWelcome(ctx, tx, uid) })
			})
		}
	}

	// Recharges: create (sometimes twice with the same client key), then a shuffled burst of callbacks
	// with duplicates, late "pending" and a "failed" that must not undo a payment.
	type rechargePlan struct {
		uid     int64
		product wallet.Product
		preset  int
		custom  int64
	}
	var orders sync.Map // order no -> rechargePlan
	for i := range recharges {
		p := rechargePlan{uid: int64(1 + rng.IntN(users)), product: wallet.ProductCoin, preset: 1}
		if rng.IntN(3) == 0 {
			p.product, p.preset, p.custom = wallet.ProductDiamond, 0, int64(1+rng.IntN(50))
		}
		if p.product == wallet.ProductCoin {
			wantCoins[p.uid] += 100
		} else {
			wantDiam[p.uid] += p.custom
		}
		key := fmt.Sprintf("client-%d", i)
		retries := 1 + rng.IntN(2)
		order := []payment.State{payment.Paid, payment.Paid, payment.Pending, payment.Failed, payment.Paid}
		rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
		ids := []string{"dup", "dup", "late", "fail", "again"}
		tasks = append(tasks, func() error {
			var o postgres.Order
			var err error
			for range retries {
				o, err = e.svc.CreateRecharge(ctx, wallet.RechargeRequest{UserID: p.uid, Product: p.product, PresetID: p.preset, Amount: p.custom, PayType: "dev", ClientKey: key})
				if err != nil {
					return err
				}
			}
			orders.Store(o.No, p)
			var wg sync.WaitGroup
			errs := make(chan error, len(order))
			for j, st := range order {
				wg.Add(1)
				go func() {
					defer wg.Done()
					body, sig := e.svc.Dev().SignedCallback(payment.DevCallback{EventID: ids[j] + "-" + string(st), OrderNo: o.No, State: st, Currency: "CNY", AmountMinor: o.AmountMinor})
					req, _ := http.NewRequest("POST", e.url+"/java/orderpay/callback/dev", bytes.NewReader(body))
					req.Header.Set(payment.DevSignatureHeader, sig)
					resp, err := client.Do(req)
					if err != nil {
						errs <- err
						return
					}
					resp.Body.Close()
					if resp.StatusCode != 200 {
						errs <- fmt.Errorf("callback %s answered %d", st, resp.StatusCode)
					}
				}()
			}
			wg.Wait()
			close(errs)
			return <-errs
		})
	}

	// Gifts, each re-sent 1 to 3 times concurrently with the same key, by users whose balances move
	// under them: some are refused for lack of funds, which is fine, as long as nothing is lost.
	for i := range gifts {
		from := int64(1 + rng.IntN(users))
		to := int64(10_000 + rng.IntN(streamers))
		g := catalogue[rng.IntN(6)] // the cheaper coin gifts mostly
		if rng.IntN(4) == 0 {
			g = catalogue[8+rng.IntN(2)]
		}
		count := 1 + rng.IntN(3)
		key := fmt.Sprintf("gift-%d", i)
		sends := 1 + rng.IntN(3)
		tasks = append(tasks, func() error {
			var wg sync.WaitGroup
			errs := make(chan error, sends)
			for range sends {
				wg.Add(1)
				go func() {
					defer wg.Done()
					r, err := e.svc.SendGift(ctx, wallet.GiftRequest{From: from, StreamerID: to, Room: fmt.Sprintf("room-%d", to), GiftID: g.ID, Count: count, IdempotencyKey: key})
					switch {
					case errors.Is(err, wallet.ErrInsufficientCoins), errors.Is(err, wallet.ErrInsufficientDiamonds):
						giftsShort.Add(1)
					case err != nil:
						errs <- err
					case !r.Replayed:
						giftsOK.Add(1)
						mu.Lock()
						applied[key]++
						share, _ := e.svc.Split(r.Total)
						if g.Currency == postgres.Coin {
							wantCoins[from] -= r.Total
							earnedCoins[to] += share
						} else {
							wantDiam[from] -= r.Total
							earnedDiam[to] += share
						}
						mu.Unlock()
					}
				}()
			}
			wg.Wait()
			close(errs)
			return <-errs
		})
	}

	rng.Shuffle(len(tasks), func(a, b int) { tasks[a], tasks[b] = tasks[b], tasks[a] })
	start := time.Now()
	work := make(chan func() error)
	var wg sync.WaitGroup
	var failures atomic.Int64
	for range 24 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range work {
				if err := f(); err != nil {
					if failures.Add(1) <= 5 {
						t.Error(err)
					}
				}
			}
		}()
	}
	for _, f := range tasks {
		work <- f
	}
	close(work)
	wg.Wait()
	t.Logf("%d tasks (%d recharges, %d gifts: %d applied, %d refused attempts) in %v",
		len(tasks), recharges, gifts, giftsOK.Load(), giftsShort.Load(), time.Since(start))
	if failures.Load() > 0 {
		t.Fatalf("%d operations failed", failures.Load())
	}

	// 1. The ledger balances: entries sum to zero per currency, balances equal their entries, no
	//    wallet below zero.
	e.verify()
	// 2. Every gift key applied at most once, and exactly the applied ones are in the ledger.
	for k, n := range applied {
		if n != 1 {
			t.Fatalf("gift key %s applied %d times", k, n)
		}
	}
	var giftTxns, rechargeTxns, welcomeTxns int
	err = e.pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE type='gift'), count(*) FILTER (WHERE type='recharge'),
		count(*) FILTER (WHERE type='welcome') FROM ledger_transactions`).Scan(&giftTxns, &rechargeTxns, &welcomeTxns)
	if err != nil {
		t.Fatal(err)
	}
	if giftTxns != len(applied) || rechargeTxns != recharges || welcomeTxns != users {
		t.Fatalf("ledger has %d gifts, %d recharges, %d welcomes; want %d, %d, %d", giftTxns, rechargeTxns, welcomeTxns, len(applied), recharges, users)
	}
	// 3. Every order ended paid, credited once.
	n := 0
	orders.Range(func(k, v any) bool {
		n++
		o, err := e.svc.Order(ctx, k.(string))
		if err != nil || o.State != postgres.OrderPaid {
			t.Errorf("order %s: %s %v", k, o.State, err)
			return false
		}
		return true
	})
	if n != recharges {
		t.Fatalf("%d orders, want %d (a client retry opened a second order?)", n, recharges)
	}
	// 4. Every balance is what the successful operations add up to, to the coin.
	for u := int64(1); u <= int64(users); u++ {
		b := e.balances(u)
		if b.Coins != wantCoins[u] || b.Diamonds != wantDiam[u] {
			t.Fatalf("user %d holds %d coins and %d diamonds, operations say %d and %d", u, b.Coins, b.Diamonds, wantCoins[u], wantDiam[u])
		}
	}
	for s := int64(10_000); s < int64(10_000+streamers); s++ {
		b := e.balances(s)
		if b.EarnedCoins != earnedCoins[s] || b.EarnedDiamonds != earnedDiam[s] {
			t.Fatalf("streamer %d earned %d/%d, gifts say %d/%d", s, b.EarnedCoins, b.EarnedDiamonds, earnedCoins[s], earnedDiam[s])
		}
	}
	// 5. The leaderboards rebuilt from the ledger equal the live ones.
	fresh := wallet.NewMemoryLeaderboard(nil)
	if _, err := wallet.RebuildLeaderboard(ctx, e.svc.Store(), fresh, ""); err != nil {
		t.Fatal(err)
	}
	for s := 10_000; s < 10_000+streamers; s++ {
		room := fmt.Sprintf("room-%d", s)
		live, _ := e.svc.Leaderboard().Top(ctx, room, wallet.PeriodAll, e.now(), 1000)
		got, _ := fresh.Top(ctx, room, wallet.PeriodAll, e.now(), 1000)
		if fmt.Sprint(live) != fmt.Sprint(got) {
			t.Fatalf("%s: rebuilt leaderboard differs from the live one", room)
		}
	}
}
