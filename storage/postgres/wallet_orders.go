package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// OrderState is where a payment order is.
type OrderState string

// Order states.
const (
	OrderCreated  OrderState = "created"  // stored, provider not asked yet
	OrderPending  OrderState = "pending"  // the provider has a checkout for it; waiting for the payer
	OrderPaid     OrderState = "paid"     // money received; the coins or diamonds were credited once
	OrderFailed   OrderState = "failed"   // the provider refused or the payer cancelled
	OrderExpired  OrderState = "expired"  // nobody paid in time
	OrderRefunded OrderState = "refunded" // money returned; the credit was taken back (as far as it could be)
	// OrderChargeback is an event, never a state: the payer's bank took the money back. It moves a
	// paid order to refunded exactly as a refund does (one reversal, whichever comes first).
	OrderChargeback OrderState = "chargeback"
)

// reversal reports whether ev takes the money back (a refund or a chargeback).
func reversal(ev OrderState) bool { return ev == OrderRefunded || ev == OrderChargeback }

// NextOrderState is the order state machine: the state an order in cur moves to on a verified
// provider event saying ev, and whether it moves at all. A refund or chargeback of an order not yet
// paid does not move it here; ApplyOrderEvent keeps such a provider event and applies it the moment
// the order is paid, so the outcome does not depend on the order the notifications arrive in. Terminal and late events change nothing: a
// "pending" after "paid", a second "paid", a "failed" after "paid". A "paid" after "failed" or
// "expired" does move the order: the provider took the money, so the user gets what was paid for.
func NextOrderState(cur, ev OrderState) (OrderState, bool) {
	switch cur {
	case OrderCreated:
		if ev == OrderPending || ev == OrderPaid || ev == OrderFailed || ev == OrderExpired {
			return ev, true
		}
	case OrderPending:
		if ev == OrderPaid || ev == OrderFailed || ev == OrderExpired {
			return ev, true
		}
	case OrderFailed, OrderExpired:
		if ev == OrderPaid {
			return ev, true
		}
	case OrderPaid:
		if reversal(ev) {
			return OrderRefunded, true
		}
	}
	return cur, false
}

// Order is one recharge attempt.
type Order struct {
	No          string
	UserID      int64
	ClientKey   string
	Product     string // "coin" or "diamond"
	Quantity    int64  // coins or diamonds credited when paid
	CNYFen      int64  // price in fen
	Method      string // provider name
	Currency    Currency
	AmountMinor int64 // what the provider charges, in fen (CNY) or cents (USD)
	State       OrderState
	ProviderRef string
	PayURL      string
	QRCode      string
	CreatedAt   time.Time
	UpdatedAt   time.Time
	ExpiresAt   time.Time
	PaidAt      time.Time // zero until paid
}

func (o Order) productCurrency() Currency {
	if o.Product == "diamond" {
		return Diamond
	}
	return Coin
}

const orderColumns = `order_no, user_id, client_key, product, quantity, cny_fen, method, currency, amount_minor,
	state, provider_ref, pay_url, qr_code, created_at, updated_at, expires_at, coalesce(paid_at, 'epoch'::timestamptz)`

func scanOrder(r pgx.Row) (Order, error) {
	var o Order
	var cur, st string
	err := r.Scan(&o.No, &o.UserID, &o.ClientKey, &o.Product, &o.Quantity, &o.CNYFen, &o.Method, &cur, &o.AmountMinor,
		&st, &o.ProviderRef, &o.PayURL, &o.QRCode, &o.CreatedAt, &o.UpdatedAt, &o.ExpiresAt, &o.PaidAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return o, ErrOrderNotFound
	}
	o.Currency, o.State = Currency(cur), OrderState(st)
	if o.PaidAt.Unix() == 0 {
		o.PaidAt = time.Time{}
	}
	return o, err
}

// CreateOrder stores o in state created. The same (user, client key) returns the order stored the
// first time, with created false, so a client retry does not open a second order.
func (s *WalletStore) CreateOrder(ctx context.Context, o Order) (Order, bool, error) {
	row := s.pool.QueryRow(ctx, `INSERT INTO payment_orders (order_no, user_id, client_key, product, quantity, cny_fen,
		method, currency, amount_minor, state, expires_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,'created',$10)
		ON CONFLICT (user_id, client_key) DO NOTHING RETURNING `+orderColumns,
		o.No, o.UserID, o.ClientKey, o.Product, o.Quantity, o.CNYFen, o.Method, string(o.Currency), o.AmountMinor, o.ExpiresAt)
	got, err := scanOrder(row)
	if errors.Is(err, ErrOrderNotFound) {
		got, err = scanOrder(s.pool.QueryRow(ctx, `SELECT `+orderColumns+` FROM payment_orders WHERE user_id=$1 AND client_key=$2`,
			o.UserID, o.ClientKey))
		return got, false, err
	}
	if err != nil {
		return got, false, fmt.Errorf("postgres: create order: %w", err)
	}
	return got, true, nil
}

// SetCheckout stores what the provider answered and moves a created order to pending. An order that
// has already moved on (a callback was faster than the provider's answer) keeps its state.
func (s *WalletStore) SetCheckout(ctx context.Context, no, providerRef, payURL, qr string) (Order, error) {
	_, err := s.pool.Exec(ctx, `UPDATE payment_orders SET provider_ref = CASE WHEN provider_ref = '' THEN $2 ELSE provider_ref END,
		pay_url = $3, qr_code = $4, state = CASE WHEN state = 'created' THEN 'pending' ELSE state END, updated_at = now()
		WHERE order_no = $1`, no, providerRef, payURL, qr)
	if err != nil {
		return Order{}, fmt.Errorf("postgres: set checkout: %w", err)
	}
	return s.Order(ctx, no)
}

// Order reads one order (ErrOrderNotFound when there is none).
func (s *WalletStore) Order(ctx context.Context, no string) (Order, error) {
	return scanOrder(s.pool.QueryRow(ctx, `SELECT `+orderColumns+` FROM payment_orders WHERE order_no = $1`, no))
}

// OrderEvent is a verified provider callback about one order.
type OrderEvent struct {
	Provider    string
	EventID     string // the provider's id of this notification; duplicates are recognised by it
	OrderNo     string
	State       OrderState
	Currency    Currency // what the provider says was charged; checked on "paid"
	AmountMinor int64
	ProviderRef string
	// At is when the event is applied, by the caller's clock: the order's paid_at and the ledger
	// time of its credit or refund. Zero: the database's clock.
	At time.Time
}

// OrderOutcome is what an event did.
type OrderOutcome struct {
	Order     Order
	Changed   bool // the order moved
	Duplicate bool // this event id was seen before; nothing happened
	// Deferred: a provider's refund or chargeback of an order not paid yet, kept and applied when
	// the order is paid (a "paid" that arrives after it is then reversed in the same transaction).
	Deferred bool
	Posted   *Posted
}

// ErrOrderNotPaid: an administrator's refund of an order that was never paid: nothing to give back
// (refused, and not remembered: record it again once the order is paid).
var ErrOrderNotPaid = errors.New("postgres: order not paid")

// ErrAmountMismatch: a "paid" event whose amount or currency differs from the order's.
var ErrAmountMismatch = errors.New("postgres: paid amount differs from the order")

// RechargeKey and RefundKey are the idempotency keys of an order's credit and of its reversal.
func RechargeKey(orderNo string) string { return "recharge:" + orderNo }

// RefundKey is the idempotency key of an order's refund.
func RefundKey(orderNo string) string { return "refund:" + orderNo }

// ApplyOrderEvent moves the order as NextOrderState says, in one transaction with the ledger
// posting: on "paid" the money is booked to the provider's clearing account and the coins or
// diamonds are credited (key RechargeKey, so never twice); on "refunded" they are taken back. The
// order row is locked first, so the events of one order apply one at a time in arrival order.
func (s *WalletStore) ApplyOrderEvent(ctx context.Context, ev OrderEvent) (OrderOutcome, error) {
	var out OrderOutcome
	err := InTx(ctx, s.pool, func(tx pgx.Tx) error {
		out = OrderOutcome{}
		o, err := scanOrder(tx.QueryRow(ctx, `SELECT `+orderColumns+` FROM payment_orders WHERE order_no = $1 FOR UPDATE`, ev.OrderNo))
		if err != nil {
			return err
		}
		if ev.State == OrderPaid && (ev.AmountMinor != o.AmountMinor || ev.Currency != o.Currency) {
			return fmt.Errorf("%w: order %s is %d %s, event says %d %s", ErrAmountMismatch, o.No, o.AmountMinor, o.Currency, ev.AmountMinor, ev.Currency)
		}
		var evID int64
		err = tx.QueryRow(ctx, `INSERT INTO payment_events (provider, event_id, order_no, state, applied) VALUES ($1,$2,$3,$4,false)
			ON CONFLICT (provider, order_no, event_id) DO NOTHING RETURNING id`, ev.Provider, ev.EventID, ev.OrderNo, string(ev.State)).Scan(&evID)
		if errors.Is(err, pgx.ErrNoRows) {
			out.Order, out.Duplicate = o, true
			return nil
		}
		if err != nil {
			return err
		}
		next, moves := NextOrderState(o.State, ev.State)
		if !moves {
			if reversal(ev.State) && o.State != OrderPaid && o.State != OrderRefunded {
				if ev.Provider == AdminProvider {
					return ErrOrderNotPaid // rolls the event back: it is not remembered
				}
				out.Deferred = true // stays unapplied; the "paid" applies it
			}
			out.Order = o
			return nil
		}
		var p Posted
		switch next {
		case OrderPaid:
			p, err = PostTx(ctx, tx, rechargePosting(o, ev.At))
		case OrderRefunded:
			p, err = s.postRefund(ctx, tx, o, ev.At)
		}
		if err != nil {
			return err
		}
		if next == OrderPaid || next == OrderRefunded {
			out.Posted = &p
		}
		var at *time.Time
		if !ev.At.IsZero() {
			at = &ev.At
		}
		o, err = scanOrder(tx.QueryRow(ctx, `UPDATE payment_orders SET state = $2, updated_at = now(),
			provider_ref = CASE WHEN $3 <> '' THEN $3 ELSE provider_ref END,
			paid_at = CASE WHEN $2 = 'paid' THEN coalesce($4, now()) ELSE paid_at END
			WHERE order_no = $1 RETURNING `+orderColumns, o.No, string(next), ev.ProviderRef, at))
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE payment_events SET applied = true WHERE id = $1`, evID); err != nil {
			return err
		}
		out.Order, out.Changed = o, true
		if next != OrderPaid {
			return nil
		}
		// A refund or chargeback that arrived before the payment applies now.
		var deferred int64
		err = tx.QueryRow(ctx, `SELECT id FROM payment_events WHERE order_no = $1 AND state IN ('refunded', 'chargeback')
			AND NOT applied ORDER BY id LIMIT 1`, o.No).Scan(&deferred)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if p, err = s.postRefund(ctx, tx, o, ev.At); err != nil {
			return err
		}
		out.Posted = &p
		if o, err = scanOrder(tx.QueryRow(ctx, `UPDATE payment_orders SET state = 'refunded', updated_at = now()
			WHERE order_no = $1 RETURNING `+orderColumns, o.No)); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE payment_events SET applied = true WHERE order_no = $1 AND state IN ('refunded', 'chargeback')`, o.No)
		out.Order = o
		return err
	})
	return out, err
}

// AdminProvider is the provider name of events an administrator records (Refund in api/wallet).
const AdminProvider = "admin"

func rechargePosting(o Order, at time.Time) Posting {
	pc := o.productCurrency()
	return Posting{
		Key: RechargeKey(o.No), Type: TxnRecharge, Reference: o.No, UserID: o.UserID, At: at,
		Entries: []Entry{
			{SystemAccount(KindClearing, o.Currency), -o.AmountMinor},
			{SystemAccount(KindPlatform, o.Currency), o.AmountMinor},
			{SystemAccount(KindPlatform, pc), -o.Quantity},
			{UserWallet(o.UserID, pc), o.Quantity},
		},
	}
}

// postRefund reverses a paid order: the money goes back out through the clearing account and the
// credit is taken back from the wallet as far as the balance allows; what the user has already spent
// is booked to the refunds account as the platform's loss (a wallet never goes negative).
func (s *WalletStore) postRefund(ctx context.Context, tx pgx.Tx, o Order, at time.Time) (Posted, error) {
	pc := o.productCurrency()
	var bal int64
	err := tx.QueryRow(ctx, `SELECT b.balance FROM ledger_balances b JOIN ledger_accounts a ON a.id = b.account_id
		WHERE a.kind = 'user' AND a.owner_id = $1 AND a.currency = $2 FOR UPDATE OF b`, o.UserID, string(pc)).Scan(&bal)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return Posted{}, err
	}
	back := min(bal, o.Quantity)
	entries := []Entry{
		{SystemAccount(KindPlatform, o.Currency), -o.AmountMinor},
		{SystemAccount(KindClearing, o.Currency), o.AmountMinor},
		{SystemAccount(KindPlatform, pc), o.Quantity},
	}
	if back > 0 {
		entries = append(entries, Entry{UserWallet(o.UserID, pc), -back})
	}
	if short := o.Quantity - back; short > 0 {
		entries = append(entries, Entry{SystemAccount(KindRefunds, pc), -short})
	}
	return PostTx(ctx, tx, Posting{Key: RefundKey(o.No), Type: TxnRefund, Reference: o.No, UserID: o.UserID, Entries: entries, At: at})
}

// ExpireOrders moves created and pending orders whose expiry has passed to expired and returns their
// numbers. A provider "paid" arriving later still credits them (see NextOrderState).
func (s *WalletStore) ExpireOrders(ctx context.Context, now time.Time) ([]string, error) {
	rows, err := s.pool.Query(ctx, `UPDATE payment_orders SET state = 'expired', updated_at = now()
		WHERE state IN ('created', 'pending') AND expires_at <= $1 RETURNING order_no`, now)
	if err != nil {
		return nil, fmt.Errorf("postgres: expire orders: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}
