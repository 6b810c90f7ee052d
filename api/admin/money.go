package admin

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"courtside/api/audit"
	"courtside/api/wallet"
	"courtside/storage/postgres"
)

// MoneyLedger reads orders and ledger transactions with their entries, read-only (*postgres.WalletStore).
type MoneyLedger interface {
	StaffMoney(ctx context.Context, kind postgres.MoneyKind, q string, limit, offset int) ([]postgres.MoneyRow, int, error)
}

// Refunds records a staff refund through the wallet's order state machine (*wallet.Service): the
// credit is taken back by a balanced ledger posting, never by editing a balance.
type Refunds interface {
	Refund(ctx context.Context, req wallet.RefundRequest) (postgres.OrderOutcome, error)
}

// MoneyEntry is one ledger entry of a money row.
type MoneyEntry struct {
	TxnID        int64  `json:"txnId"`
	TxnType      string `json:"txnType"`
	Account      string `json:"account"` // user, streamer, platform, promotions, refunds, clearing
	Owner        string `json:"owner"`   // "u<id>" for a user's or streamer's account, "" for the platform's
	Currency     string `json:"currency"`
	Amount       int64  `json:"amount"` // signed, in the currency's unit (coins, diamonds, fen, cents)
	BalanceAfter *int64 `json:"balanceAfter"`
	Time         int64  `json:"time"`
}

// MoneyRow is an order or a ledger transaction on the orders-and-money screen.
type MoneyRow struct {
	Kind      string `json:"kind"`
	Reference string `json:"reference"` // order number or transaction reference
	UserID    string `json:"userId"`
	UserName  string `json:"userName"`
	Time      int64  `json:"time"`
	// Recharges only.
	State    string `json:"state,omitempty"`
	Product  string `json:"product,omitempty"`
	Quantity int64  `json:"quantity,omitempty"`
	PriceFen int64  `json:"priceFen,omitempty"` // the price in fen
	Method   string `json:"method,omitempty"`
	// Refundable: a paid recharge staff may refund.
	Refundable bool         `json:"refundable"`
	Entries    []MoneyEntry `json:"entries"`
	// Balanced: every transaction of the row sums to zero in each currency (the ledger's own
	// invariant, shown so staff see it).
	Balanced bool `json:"balanced"`
}

// MoneyPage is a page of a money list.
type MoneyPage struct {
	List  []MoneyRow `json:"list"`
	Total int        `json:"total"`
}

// moneyKinds are the lists of the screen.
var moneyKinds = map[string]postgres.MoneyKind{
	"recharge": postgres.MoneyRecharges, "membership": postgres.MoneyMemberships, "unlock": postgres.MoneyUnlocks,
	"refund": postgres.MoneyRefunds, "chargeback": postgres.MoneyChargebacks,
}

// Money pages through one list (recharge, membership, unlock, refund, chargeback; "" is recharge),
// newest first, searched by order number or reference, user id or username.
func (s *Service) Money(ctx context.Context, kind, q string, limit, offset int) (MoneyPage, error) {
	if s.d.Ledger == nil {
		return MoneyPage{}, ErrUnavailable
	}
	if kind == "" {
		kind = "recharge"
	}
	k, ok := moneyKinds[kind]
	if !ok {
		return MoneyPage{}, ErrBadInput
	}
	rows, total, err := s.d.Ledger.StaffMoney(ctx, k, q, limit, offset)
	if err != nil {
		return MoneyPage{}, err
	}
	out := MoneyPage{List: make([]MoneyRow, 0, len(rows)), Total: total}
	for _, r := range rows {
		out.List = append(out.List, moneyRow(r))
	}
	return out, nil
}

func moneyRow(r postgres.MoneyRow) MoneyRow {
	m := MoneyRow{Kind: string(r.Kind), Reference: r.Reference, UserName: r.UserName, Time: r.At.UnixMilli(), Entries: []MoneyEntry{}}
	if r.UserID != 0 {
		m.UserID = fmt.Sprintf("u%d", r.UserID)
	}
	if o := r.Order; o != nil {
		m.State, m.Product, m.Quantity, m.PriceFen, m.Method = string(o.State), o.Product, o.Quantity, o.CNYFen, o.Method
		m.Refundable = o.State == postgres.OrderPaid
	}
	sums := map[string]int64{}
	for _, e := range r.Entries {
		me := MoneyEntry{TxnID: e.TxnID, TxnType: string(e.TxnType), Account: e.AccountKind, Currency: string(e.Currency),
			Amount: e.Amount, BalanceAfter: e.BalanceAfter, Time: e.At.UnixMilli()}
		if e.OwnerID != 0 {
			me.Owner = fmt.Sprintf("u%d", e.OwnerID)
		}
		m.Entries = append(m.Entries, me)
		sums[fmt.Sprintf("%d/%s", e.TxnID, e.Currency)] += e.Amount
	}
	m.Balanced = true
	for _, v := range sums {
		m.Balanced = m.Balanced && v == 0
	}
	return m
}

// Refund refunds a paid recharge order with a reason: the wallet moves the order to refunded by its
// state machine and takes the credit back in one balanced posting (what the balance cannot cover is
// booked as the platform's loss). Audited as order.refund with the order's state before and after.
// Refunding an order twice changes nothing and writes no second entry.
func (s *Service) Refund(ctx context.Context, by Staff, orderNo, reason string) (MoneyRow, error) {
	if s.d.Refunds == nil || s.d.Ledger == nil {
		return MoneyRow{}, ErrUnavailable
	}
	orderNo, reason = strings.TrimSpace(orderNo), strings.TrimSpace(reason)
	if reason == "" {
		return MoneyRow{}, ErrReasonRequired
	}
	if orderNo == "" {
		return MoneyRow{}, ErrBadInput
	}
	out, err := s.d.Refunds.Refund(ctx, wallet.RefundRequest{OrderNo: orderNo, By: by.User.ID, Reason: reason})
	if err != nil {
		return MoneyRow{}, err
	}
	if out.Changed {
		s.record(ctx, by, audit.Entry{Action: "order.refund", TargetKind: "order", TargetID: orderNo,
			Before: map[string]string{"state": string(postgres.OrderPaid)}, After: map[string]any{"state": string(out.Order.State),
				"user": fmt.Sprintf("u%d", out.Order.UserID), "quantity": out.Order.Quantity, "product": out.Order.Product}, Reason: reason})
	}
	rows, _, err := s.d.Ledger.StaffMoney(ctx, postgres.MoneyRecharges, orderNo, 1, 0)
	if err != nil {
		return MoneyRow{}, err
	}
	if len(rows) == 0 || rows[0].Reference != orderNo {
		return MoneyRow{}, errors.New("admin: refunded order not found again")
	}
	return moneyRow(rows[0]), nil
}
