package wallet

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"go.uber.org/zap"

	"courtside/api"
	"courtside/api/wallet/payment"
	"courtside/storage/postgres"
)

// Recharge orders. An order is created once per (user, client key), asks its provider for a
// checkout, and then only moves on verified provider callbacks, through postgres.NextOrderState:
// created -> pending -> paid -> refunded, or -> failed / expired (a late "paid" still credits:
// the money was taken). The credit is a ledger posting keyed by the order number, in the same
// transaction as the state change, so however many times and in whatever order callbacks arrive,
// a paid order credits exactly once.

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
	BaseURL   string // the site's external base URL, for callback and return URLs
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
		return postgres.Order{}, api.ErrFormat
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
	base := strings.TrimRight(req.BaseURL, "/")
	co, err := prov.Create(ctx, payment.Order{
		No: o.No, Subject: subject, Currency: string(o.Currency), AmountMinor: o.AmountMinor,
		NotifyURL: base + api.Prefix + "/orderpay/callback/" + prov.Name(),
		ReturnURL: base + s.cfg.ReturnPath + "?order=" + o.No, ExpiresAt: o.ExpiresAt,
	})
	if err != nil {
		s.log.Warn("wallet: provider refused checkout", zap.String("provider", prov.Name()), zap.String("order", o.No), zap.Error(err))
		_, _ = s.store.ApplyOrderEvent(ctx, postgres.OrderEvent{Provider: "wallet", EventID: "create-failed:" + o.No, OrderNo: o.No, State: postgres.OrderFailed})
		return o, ErrRechargeFailed.Wrap(err)
	}
	return s.store.SetCheckout(ctx, o.No, co.ProviderRef, co.PayURL, co.QRCode)
}

// Order reads an order.
func (s *Service) Order(ctx context.Context, no string) (postgres.Order, error) {
	return s.store.Order(ctx, no)
}

// HandleCallback verifies a provider callback and applies what it says. It is what the callback
// endpoints run; tests and a chain watcher may call it directly.
func (s *Service) HandleCallback(ctx context.Context, provider string, r *http.Request, body []byte) ([]postgres.OrderOutcome, error) {
	prov, ok := s.providers[provider]
	if !ok {
		return nil, payment.ErrBadCallback
	}
	events, err := prov.Verify(ctx, r, body)
	if err != nil {
		return nil, err
	}
	var outs []postgres.OrderOutcome
	for _, ev := range events {
		out, err := s.ApplyEvent(ctx, provider, ev)
		if err != nil {
			return outs, err
		}
		outs = append(outs, out)
	}
	return outs, nil
}

// ApplyEvent applies one verified provider event.
func (s *Service) ApplyEvent(ctx context.Context, provider string, ev payment.Event) (postgres.OrderOutcome, error) {
	out, err := s.store.ApplyOrderEvent(ctx, postgres.OrderEvent{
		Provider: provider, EventID: ev.EventID, OrderNo: ev.OrderNo, State: postgres.OrderState(ev.State),
		Currency: postgres.Currency(ev.Currency), AmountMinor: ev.AmountMinor, ProviderRef: ev.ProviderRef,
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

// Refund records that a paid order's money went back to the payer (an administrator's action after a
// refund made in the provider's console): the credit is taken back as far as the balance allows.
func (s *Service) Refund(ctx context.Context, orderNo string) (postgres.OrderOutcome, error) {
	out, err := s.store.ApplyOrderEvent(ctx, postgres.OrderEvent{Provider: "admin", EventID: "refund:" + orderNo, OrderNo: orderNo, State: postgres.OrderRefunded})
	if err == nil && out.Changed {
		s.hub.publish(out.Order)
	}
	return out, err
}

// callback is the HTTP endpoint of one provider's callbacks.
func (s *Service) callback(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("provider")
	prov, ok := s.providers[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 256<<10))
	if err != nil {
		prov.Ack(w, err)
		return
	}
	_, err = s.HandleCallback(r.Context(), name, r, body)
	switch {
	case err == nil, errors.Is(err, payment.ErrIgnored):
		prov.Ack(w, nil)
		return
	case errors.Is(err, payment.ErrBadSignature):
		s.log.Warn("wallet: callback with a bad signature", zap.String("provider", name), zap.Error(err))
	case errors.Is(err, postgres.ErrAmountMismatch), errors.Is(err, postgres.ErrOrderNotFound), errors.Is(err, payment.ErrBadCallback):
		s.log.Error("wallet: callback refused", zap.String("provider", name), zap.Error(err))
	default:
		s.log.Error("wallet: callback failed; the provider will retry", zap.String("provider", name), zap.Error(err))
	}
	prov.Ack(w, err)
}
