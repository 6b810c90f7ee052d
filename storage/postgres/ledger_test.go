package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"

	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

func welcome(t *testing.T, l *postgres.Ledger, uid int64) {
	t.Helper()
	err := postgres.InTx(context.Background(), l.Pool(), func(tx pgx.Tx) error { return postgres.GrantWelcome(context.Background(), tx, uid) })
	if err != nil {
		t.Fatalf("GrantWelcome(%d): %v", uid, err)
	}
}

func mustVerify(t *testing.T, l *postgres.Ledger) {
	t.Helper()
	d, err := l.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(d) != 0 {
		t.Fatalf("ledger does not verify: %+v", d)
	}
}

func balance(t *testing.T, l *postgres.Ledger, a postgres.Account) int64 {
	t.Helper()
	b, err := l.Balance(context.Background(), a)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestWelcomeBonusIsGrantedExactlyOnceEvenConcurrently(t *testing.T) {
	l := postgres.NewLedger(pgtest.NewPool(t))
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() { defer wg.Done(); welcome(t, l, 42) }()
	}
	wg.Wait()
	welcome(t, l, 42)
	if got := balance(t, l, postgres.UserWallet(42, postgres.Coin)); got != 200 {
		t.Fatalf("coins after welcome x9 = %d, want 200", got)
	}
	if got := balance(t, l, postgres.SystemAccount(postgres.KindPromotions, postgres.Coin)); got != -200 {
		t.Fatalf("promotions = %d, want -200", got)
	}
	mustVerify(t, l)
}

func TestWelcomeInsideARolledBackRegistrationLeavesNothing(t *testing.T) {
	l := postgres.NewLedger(pgtest.NewPool(t))
	boom := errors.New("registration failed later")
	err := postgres.InTx(context.Background(), l.Pool(), func(tx pgx.Tx) error {
		if err := postgres.GrantWelcome(context.Background(), tx, 7); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatal(err)
	}
	if got := balance(t, l, postgres.UserWallet(7, postgres.Coin)); got != 0 {
		t.Fatalf("coins = %d after rollback", got)
	}
	welcome(t, l, 7) // the retry of the registration grants it
	if got := balance(t, l, postgres.UserWallet(7, postgres.Coin)); got != 200 {
		t.Fatalf("coins = %d, want 200", got)
	}
}

func TestPostingRules(t *testing.T) {
	ctx := context.Background()
	l := postgres.NewLedger(pgtest.NewPool(t))
	welcome(t, l, 1)
	user := postgres.UserWallet(1, postgres.Coin)
	platform := postgres.SystemAccount(postgres.KindPlatform, postgres.Coin)
	tests := []struct {
		name    string
		p       postgres.Posting
		wantErr error
	}{
		{"unbalanced is refused", postgres.Posting{Key: "a", Type: postgres.TxnShop, Entries: []postgres.Entry{{user, -10}, {platform, 9}}}, postgres.ErrUnbalanced},
		{"balanced per currency, not overall", postgres.Posting{Key: "b", Type: postgres.TxnShop, Entries: []postgres.Entry{{user, -10}, {postgres.SystemAccount(postgres.KindPlatform, postgres.Diamond), 10}}}, postgres.ErrUnbalanced},
		{"empty key is refused", postgres.Posting{Type: postgres.TxnShop, Entries: []postgres.Entry{{user, -10}, {platform, 10}}}, postgres.ErrBadPosting},
		{"one entry is refused", postgres.Posting{Key: "c", Type: postgres.TxnShop, Entries: []postgres.Entry{{user, 0}}}, postgres.ErrBadPosting},
		{"a user account needs an owner", postgres.Posting{Key: "d", Type: postgres.TxnShop, Entries: []postgres.Entry{{postgres.UserWallet(0, postgres.Coin), -1}, {platform, 1}}}, postgres.ErrBadPosting},
		{"overdraft is refused", postgres.Posting{Key: "e", Type: postgres.TxnShop, Entries: []postgres.Entry{{user, -201}, {platform, 201}}}, postgres.ErrInsufficientFunds},
		{"spending everything is fine", postgres.Posting{Key: "f", Type: postgres.TxnShop, Entries: []postgres.Entry{{user, -200}, {platform, 200}}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := l.Post(ctx, tc.p)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("Post = %v, want %v", err, tc.wantErr)
			}
		})
	}
	if got := balance(t, l, user); got != 0 {
		t.Fatalf("user coins = %d, want 0 (only the last posting applied)", got)
	}
	mustVerify(t, l)
}

func TestSameKeyReturnsFirstResultAndMovesNothing(t *testing.T) {
	ctx := context.Background()
	l := postgres.NewLedger(pgtest.NewPool(t))
	welcome(t, l, 1)
	user := postgres.UserWallet(1, postgres.Coin)
	p := postgres.Posting{Key: "shop:1:9", Type: postgres.TxnShop, Reference: "order 9", UserID: 1,
		Entries: []postgres.Entry{{user, -30}, {postgres.SystemAccount(postgres.KindPlatform, postgres.Coin), 30}}}
	first, err := l.Post(ctx, p)
	if err != nil || first.Replayed {
		t.Fatalf("first = %+v, %v", first, err)
	}
	again, err := l.Post(ctx, p)
	if err != nil || !again.Replayed || again.TxnID != first.TxnID {
		t.Fatalf("replay = %+v, %v; want replay of txn %d", again, err, first.TxnID)
	}
	if b, _ := again.BalanceAfter(user); b != 170 {
		t.Fatalf("replayed balance after = %d, want the first result 170", b)
	}
	if got := balance(t, l, user); got != 170 {
		t.Fatalf("coins = %d, want 170", got)
	}
	p.Type = postgres.TxnPlan
	if _, err := l.Post(ctx, p); !errors.Is(err, postgres.ErrIdempotencyConflict) {
		t.Fatalf("same key, other movement = %v, want ErrIdempotencyConflict", err)
	}
}

func TestConcurrentDebitsNeverOverdraw(t *testing.T) {
	ctx := context.Background()
	l := postgres.NewLedger(pgtest.NewPool(t))
	welcome(t, l, 5) // 200 coins
	user := postgres.UserWallet(5, postgres.Coin)
	var ok, short atomic.Int64
	var wg sync.WaitGroup
	for i := range 60 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := l.Post(ctx, postgres.Posting{Key: fmt.Sprintf("d%d", i), Type: postgres.TxnShop,
				Entries: []postgres.Entry{{user, -7}, {postgres.SystemAccount(postgres.KindPlatform, postgres.Coin), 7}}})
			switch {
			case err == nil:
				ok.Add(1)
			case errors.Is(err, postgres.ErrInsufficientFunds):
				short.Add(1)
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if ok.Load() != 28 || short.Load() != 32 {
		t.Fatalf("%d debits of 7 succeeded and %d were short; want 28 and 32 (200/7)", ok.Load(), short.Load())
	}
	if got := balance(t, l, user); got != 4 {
		t.Fatalf("coins = %d, want 4", got)
	}
	mustVerify(t, l)
}

func TestDatabaseRefusesWhatTheCodeWouldNot(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.NewPool(t)
	l := postgres.NewLedger(pool)
	welcome(t, l, 3)
	t.Run("an unbalanced transaction cannot commit", func(t *testing.T) {
		err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, `WITH t AS (INSERT INTO ledger_transactions (idem_key, type) VALUES ('raw', 'adjustment') RETURNING id)
				INSERT INTO ledger_entries (txn_id, account_id, currency, amount) SELECT t.id, a.id, 'COIN', 5 FROM t, ledger_accounts a
				WHERE a.kind = 'user' AND a.owner_id = 3`)
			return err
		})
		if err == nil {
			t.Fatal("an unbalanced transaction committed")
		}
	})
	t.Run("a wallet balance cannot go negative", func(t *testing.T) {
		_, err := pool.Exec(ctx, `UPDATE ledger_balances SET balance = -1 WHERE NOT allow_negative`)
		if err == nil {
			t.Fatal("a negative wallet balance was stored")
		}
	})
	t.Run("verify finds a tampered balance", func(t *testing.T) {
		mustVerify(t, l)
		if _, err := pool.Exec(ctx, `UPDATE ledger_balances SET balance = balance + 1 WHERE NOT allow_negative`); err != nil {
			t.Fatal(err)
		}
		d, err := l.Verify(ctx)
		if err != nil || len(d) != 1 || d[0].Kept != 201 || d[0].Computed != 200 {
			t.Fatalf("Verify = %+v, %v; want one discrepancy 201 vs 200", d, err)
		}
	})
}
