package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// TestOrderEventsInAnyOrder: one recharge order per sequence of provider and administrator events
// (payments, refunds, chargebacks, duplicates, late and early callbacks). Whatever the order of
// arrival, the order ends in one state with the wallet credited at most once and reversed at most
// once, and the ledger verifies.
func TestOrderEventsInAnyOrder(t *testing.T) {
	pool := pgtest.NewPool(t)
	s := postgres.NewWalletStore(pool)
	ctx := context.Background()
	type step struct {
		provider, id string
		state        postgres.OrderState
		err          error // expected error
	}
	pay := func(id string) step { return step{"dev", id, postgres.OrderPaid, nil} }
	refund := func(id string) step { return step{"dev", id, postgres.OrderRefunded, nil} }
	chargeback := func(id string) step { return step{"dev", id, postgres.OrderChargeback, nil} }
	pending := step{"dev", "p", postgres.OrderPending, nil}
	expired := step{"dev", "x", postgres.OrderExpired, nil}
	admin := step{postgres.AdminProvider, "refund", postgres.OrderRefunded, nil}
	adminTooEarly := step{postgres.AdminProvider, "refund", postgres.OrderRefunded, postgres.ErrOrderNotPaid}
	const coins = 600
	cases := []struct {
		name  string
		steps []step
		state postgres.OrderState
		coins int64
	}{
		{"pay", []step{pending, pay("1")}, postgres.OrderPaid, coins},
		{"pay twice (same callback)", []step{pending, pay("1"), pay("1")}, postgres.OrderPaid, coins},
		{"pay twice (two callbacks)", []step{pending, pay("1"), pay("2")}, postgres.OrderPaid, coins},
		{"pay then refund", []step{pay("1"), refund("r")}, postgres.OrderRefunded, 0},
		{"refund before pay (callbacks out of order)", []step{pending, refund("r"), pay("1")}, postgres.OrderRefunded, 0},
		{"refund twice", []step{pay("1"), refund("r"), refund("r"), refund("r2")}, postgres.OrderRefunded, 0},
		{"pay then chargeback", []step{pay("1"), chargeback("c")}, postgres.OrderRefunded, 0},
		{"chargeback before pay", []step{chargeback("c"), pay("1")}, postgres.OrderRefunded, 0},
		{"refund and chargeback: one reversal", []step{pay("1"), refund("r"), chargeback("c")}, postgres.OrderRefunded, 0},
		{"chargeback, pay, refund", []step{chargeback("c"), pay("1"), refund("r")}, postgres.OrderRefunded, 0},
		{"pay again after the refund", []step{pay("1"), refund("r"), pay("2")}, postgres.OrderRefunded, 0},
		{"admin refund while pending is refused, then works once paid", []step{pending, adminTooEarly, pay("1"), admin}, postgres.OrderRefunded, 0},
		{"admin refund while pending, then the provider's refund", []step{pending, adminTooEarly, pay("1"), refund("r")}, postgres.OrderRefunded, 0},
		{"admin refund and provider refund", []step{pay("1"), admin, refund("r")}, postgres.OrderRefunded, 0},
		{"late pay after expiry", []step{pending, expired, pay("1")}, postgres.OrderPaid, coins},
		{"late pay after expiry, then refund", []step{expired, refund("r"), pay("1")}, postgres.OrderRefunded, 0},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			uid := int64(900000 + i)
			o, _, err := s.CreateOrder(ctx, postgres.Order{No: fmt.Sprintf("T%d", i), UserID: uid, ClientKey: fmt.Sprintf("k%d", i),
				Product: "coin", Quantity: coins, CNYFen: 600, Method: "dev", Currency: postgres.CNY, AmountMinor: 600,
				ExpiresAt: time.Now().Add(time.Hour)})
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range c.steps {
				_, err := s.ApplyOrderEvent(ctx, postgres.OrderEvent{Provider: st.provider, EventID: st.id, OrderNo: o.No, State: st.state,
					Currency: postgres.CNY, AmountMinor: 600})
				if !errors.Is(err, st.err) {
					t.Fatalf("event %s/%s %s: %v, want %v", st.provider, st.id, st.state, err, st.err)
				}
			}
			got, err := s.Order(ctx, o.No)
			if err != nil {
				t.Fatal(err)
			}
			b, err := s.Balances(ctx, uid)
			if err != nil {
				t.Fatal(err)
			}
			if got.State != c.state || b.Coins != c.coins {
				t.Fatalf("order %s with %d coins, want %s with %d", got.State, b.Coins, c.state, c.coins)
			}
		})
	}
	mustVerify(t, s.Ledger())
}
