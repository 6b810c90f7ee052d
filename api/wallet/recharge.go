package wallet

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"go.uber.org/zap"

	"courtside/api/wallet/payment"
	"courtside/storage/postgres"
)

// Recharge orders. An order is created once per (user, client key), asks its provider for a
// checkout, and then only moves on verified provider callbacks, through postgres.NextOrderState:
// created -> pending -> paid -> refunded, or -> failed / expired (a late "paid" still credits:
// the money was taken). The credit is a ledger posting keyed by the order number, in the same
// transaction as the state change, so however many times and in whatever order callbacks arrive,
// a paid order credits exactly once.

// The paths the handlers serve (http_recharge.go) that providers and payers are sent to.
const (
	callbackPath = "/java/orderpay/callback/" // + provider name
	devPagePath  = "/java/orderpay/dev/pay"
)

// PaymentProvider is a payment method: payment.Provider, named here as the wallet uses it.
type PaymentProvider = payment.Provider

// PayType is one payment method of /orderpay/getPayType.
type PayType struct {
	Type     string `json:"type"`     // the provider name, sent back as payType
	Currency string `json:"currency"` // CNY or USD
	QR       bool   `json:"qr"`       // the checkout is a QR code to show rather than a page to open
}

// PayTypes lists the configured methods.
func (s *Service) PayTypes() []PayType {
	out := make([]PayType, 0, len(s.methods))
	for _, n := range s.methods {
		p := s.providers[n]
		out = append(out, PayType{Type: n, Currency: p.Currency(), QR: n == "alipay" || n == "usdt"})
	}
	return out
}

// RechargeRequest opens a recharge order.
type RechargeRequest struct {
	UserID    int64
	Product   Product
	PresetID  int   // 1..5, or 0 for a custom diamond amount
	Amount    int64 // custom diamonds
	PayType   string
	ClientKey string // the client's retry key: the same key returns the same order
	// BaseURL is the site's external base URL as the request reached it, for callback and return
	// URLs when Config.PublicURL is not set.
	BaseURL string
}

func newOrderNo() string {
	var b [10]byte
	_, _ = rand.Read(b[:])
	return "R" + strings.ToUpper(hex.EncodeToString(b[:]))
}

// CreateRecharge opens (or, for a repeated client key, returns) an order and its checkout.
func (s *Service) CreateRecharge(ctx context.Context, req RechargeRequest) (postgres.Order, error) {
	prov, ok := s.providers[req.PayType]
	if !ok {
		return postgres.Order{}, ErrRechargeFailed
	}
	if req.ClientKey == "" || len(req.ClientKey) > 100 {
		return postgres.Order{}, ErrBadClientKey
	}
	q, err := s.Quote(req.Product, req.PresetID, req.Amount, prov.Currency())
	if err != nil {
		return postgres.Order{}, err
	}
	now := s.cfg.Now()
	o, created, err := s.store.CreateOrder(ctx, postgres.Order{
		No: newOrderNo(), UserID: req.UserID, ClientKey: req.ClientKey, Product: string(q.Product), Quantity: q.Quantity,
		CNYFen: q.CNYFen, Method: prov.Name(), Currency: postgres.Currency(q.Currency), AmountMinor: q.AmountMinor,
		ExpiresAt: now.Add(s.cfg.OrderTTL),
	})
	if err != nil {
		return o, err
	}
	if !created && (o.State != postgres.OrderCreated || o.PayURL != "" || o.QRCode != "") {
		return o, nil // a retry: the checkout exists already
	}
	subject := fmt.Sprintf("%d coins", o.Quantity)
	if o.Product == string(ProductDiamond) {
		subject = fmt.Sprintf("%d diamonds", o.Quantity)
	}
	base := s.cfg.PublicURL
	if base == "" {
		base = req.BaseURL
	}
	base = strings.TrimRight(base, "/")
	co, err := prov.Create(ctx, payment.Order{
		No: o.No, Subject: subject, Currency: string(o.Currency), AmountMinor: o.AmountMinor,
		NotifyURL: base + callbackPath + prov.Name(),
		ReturnURL: base + s.cfg.ReturnPath + "?order=" + o.No, ExpiresAt: o.ExpiresAt,
	})
	if err != nil {
		s.log.Warn("wallet: provider refused checkout", zap.String("provider", prov.Name()), zap.String("order", o.No), zap.Error(err))
		_, _ = s.store.ApplyOrderEvent(ctx, postgres.OrderEvent{Provider: "wallet", EventID: "create-failed:" + o.No, OrderNo: o.No,
			State: postgres.OrderFailed, At: s.cfg.Now()})
		return o, ErrRechargeFailed.Wrap(err)
	}
	return s.store.SetCheckout(ctx, o.No, co.ProviderRef, co.PayURL, co.QRCode)
}

// Order reads an order.
func (s *Service) Order(ctx context.Context, no string) (postgres.Order, error) {
	return s.store.Order(ctx, no)
}

// OrderFor reads an order viewer may see: their own, or any for an administrator. Another user's
// order is ErrOrderNotFound, so order numbers cannot be probed.
func (s *Service) OrderFor(ctx context.Context, viewer int64, no string) (postgres.Order, error) {
	o, err := s.store.Order(ctx, no)
	if errors.Is(err, postgres.ErrOrderNotFound) {
		return o, ErrOrderNotFound
	}
	if err != nil {
		return o, err
	}
	if o.UserID != viewer {
		if ok, err := s.isAdmin(ctx, viewer); err != nil || !ok {
			return postgres.Order{}, ErrOrderNotFound
		}
	}
	return o, nil
}

// Subscribe follows one order's changes made on this node (the payWs stream): the channel holds
// the latest state, and cancel ends the subscription. Subscribe before reading the order, so no
// change falls in between.
func (s *Service) Subscribe(orderNo string) (changes <-chan postgres.Order, cancel func()) {
	return s.hub.subscribe(orderNo)
}

// DevPayPage is what the development provider's pay page shows of an order (ok false when the order
// does not exist or is not a development order).
func (s *Service) DevPayPage(ctx context.Context, orderNo string) (payment.PageOrder, bool) {
	o, err := s.store.Order(ctx, orderNo)
	if s.dev == nil || err != nil || o.Method != s.dev.Name() {
		return payment.PageOrder{}, false
	}
	return payment.PageOrder{No: o.No, Subject: fmt.Sprintf("%d %ss", o.Quantity, o.Product), Currency: string(o.Currency),
		AmountMinor: o.AmountMinor, State: string(o.State), NotifyURL: callbackPath + s.dev.Name(),
		ReturnURL: strings.TrimRight(s.cfg.PublicURL, "/") + s.cfg.ReturnPath + "?order=" + o.No}, true
}

// Provider is the payment method of that name, for the callback handler to verify a notification
// with (ok false for a name not configured).
func (s *Service) Provider(name string) (payment.Provider, bool) {
	p, ok := s.providers[name]
	return p, ok
}

// ApplyEvent applies one verified provider event: the order moves by postgres.NextOrderState, a
// paid order credits once, and open payWs streams on this node are told.
func (s *Service) ApplyEvent(ctx context.Context, provider string, ev payment.Event) (postgres.OrderOutcome, error) {
	out, err := s.store.ApplyOrderEvent(ctx, postgres.OrderEvent{
		Provider: provider, EventID: ev.EventID, OrderNo: ev.OrderNo, State: postgres.OrderState(ev.State),
		Currency: postgres.Currency(ev.Currency), AmountMinor: ev.AmountMinor, ProviderRef: ev.ProviderRef, At: s.cfg.Now(),
	})
	if err != nil {
		return out, err
	}
	if out.Changed {
		s.hub.publish(out.Order)
	}
	if ev.CaptureRef != "" && !out.Duplicate && out.Order.State == postgres.OrderPending {
		if c, ok := s.providers[provider].(payment.Capturer); ok {
			if err := c.Capture(ctx, ev.CaptureRef); err != nil {
				s.log.Warn("wallet: capture failed; the provider will notify again", zap.String("order", ev.OrderNo), zap.Error(err))
			}
		}
	}
	return out, nil
}

// RefundRequest records a refund made in a provider's console.
type RefundRequest struct {
	OrderNo string
	By      int64  // the administrator who records it
	Reason  string // optional, for the log
}

// Refund records that a paid order's money went back to the payer (an administrator's action after a
// refund made in the provider's console): the credit is taken back as far as the balance allows,
// the rest is booked as a loss on the refunds account. Recording it twice changes nothing. An order
// not paid (yet) is ErrRefundNotPaid and nothing is remembered: the provider's own refund
// notification, which may come before its payment notification, is what the order follows.
// ErrOrderNotFound for an unknown order.
func (s *Service) Refund(ctx context.Context, req RefundRequest) (postgres.OrderOutcome, error) {
	out, err := s.store.ApplyOrderEvent(ctx, postgres.OrderEvent{Provider: postgres.AdminProvider, EventID: "refund:" + req.OrderNo, OrderNo: req.OrderNo,
		State: postgres.OrderRefunded, At: s.cfg.Now()})
	if errors.Is(err, postgres.ErrOrderNotFound) {
		return out, ErrOrderNotFound
	}
	if errors.Is(err, postgres.ErrOrderNotPaid) {
		return out, ErrRefundNotPaid
	}
	if err == nil && out.Changed {
		s.log.Info("wallet: refund recorded", zap.String("order", req.OrderNo), zap.Int64("by", req.By), zap.String("reason", req.Reason))
		s.hub.publish(out.Order)
	}
	return out, err
}
