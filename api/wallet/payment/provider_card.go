package payment

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// CardConfig configures the card adapter (a Stripe-compatible API).
type CardConfig struct {
	// SecretKey authenticates API calls (Authorization: Bearer).
	SecretKey string
	// WebhookSecret verifies the Stripe-Signature header of webhooks.
	WebhookSecret []byte
	// API base. Default https://api.stripe.com.
	API string
	// Tolerance is how old a webhook's signed timestamp may be. Default 5 minutes.
	Tolerance  time.Duration
	HTTPClient *http.Client
	Now        func() time.Time
}

// Card implements Provider with a hosted Checkout Session (POST /v1/checkout/sessions, form-encoded)
// and signed webhooks: Stripe-Signature "t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>".
type Card struct {
	cfg CardConfig
}

var _ Provider = (*Card)(nil)

// NewCard returns the card adapter.
func NewCard(cfg CardConfig) *Card {
	if cfg.API == "" {
		cfg.API = "https://api.stripe.com"
	}
	if cfg.Tolerance == 0 {
		cfg.Tolerance = 5 * time.Minute
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Card{cfg: cfg}
}

// Name implements Provider.
func (c *Card) Name() string { return "card" }

// Currency implements Provider.
func (c *Card) Currency() string { return "USD" }

// Create implements Provider.
func (c *Card) Create(ctx context.Context, o Order) (Checkout, error) {
	form := url.Values{
		"mode":                                   {"payment"},
		"client_reference_id":                    {o.No},
		"metadata[order_no]":                     {o.No},
		"success_url":                            {o.ReturnURL},
		"cancel_url":                             {o.ReturnURL},
		"expires_at":                             {strconv.FormatInt(o.ExpiresAt.Unix(), 10)},
		"payment_method_types[0]":                {"card"},
		"line_items[0][quantity]":                {"1"},
		"line_items[0][price_data][currency]":    {strings.ToLower(o.Currency)},
		"line_items[0][price_data][unit_amount]": {strconv.FormatInt(o.AmountMinor, 10)},
		"line_items[0][price_data][product_data][name]": {o.Subject},
		"payment_intent_data[metadata][order_no]":       {o.No},
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.API+"/v1/checkout/sessions", strings.NewReader(form.Encode()))
	if err != nil {
		return Checkout{}, err
	}
	req.Header.Set("Authorization", "Bearer "+c.cfg.SecretKey)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Idempotency-Key", "checkout-"+o.No)
	resp, err := c.cfg.HTTPClient.Do(req)
	if err != nil {
		return Checkout{}, fmt.Errorf("%w: %v", ErrProvider, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	var s struct {
		ID    string `json:"id"`
		URL   string `json:"url"`
		Error *struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &s); err != nil || resp.StatusCode != http.StatusOK || s.ID == "" {
		return Checkout{}, fmt.Errorf("%w: card %d %s", ErrProvider, resp.StatusCode, body)
	}
	return Checkout{ProviderRef: s.ID, PayURL: s.URL}, nil
}

// CardSignature builds a Stripe-Signature header value for body at t (for stand-ins and tests).
func CardSignature(secret []byte, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(ts + "."))
	m.Write(body)
	return "t=" + ts + ",v1=" + hex.EncodeToString(m.Sum(nil))
}

func (c *Card) checkSignature(header string, body []byte) error {
	var ts string
	var sigs [][]byte
	for _, part := range strings.Split(header, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			if b, err := hex.DecodeString(v); err == nil {
				sigs = append(sigs, b)
			}
		}
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || len(sigs) == 0 || len(c.cfg.WebhookSecret) == 0 {
		return ErrBadSignature
	}
	if d := c.cfg.Now().Sub(time.Unix(sec, 0)); d > c.cfg.Tolerance || d < -c.cfg.Tolerance {
		return fmt.Errorf("%w: timestamp outside tolerance", ErrBadSignature)
	}
	m := hmac.New(sha256.New, c.cfg.WebhookSecret)
	m.Write([]byte(ts + "."))
	m.Write(body)
	want := m.Sum(nil)
	for _, s := range sigs {
		if hmac.Equal(s, want) {
			return nil
		}
	}
	return ErrBadSignature
}

// Verify implements Provider.
func (c *Card) Verify(_ context.Context, r *http.Request, body []byte) ([]Event, error) {
	if err := c.checkSignature(r.Header.Get("Stripe-Signature"), body); err != nil {
		return nil, err
	}
	var ev struct {
		ID   string `json:"id"`
		Type string `json:"type"`
		Data struct {
			Object struct {
				ID                string            `json:"id"`
				ClientReferenceID string            `json:"client_reference_id"`
				PaymentStatus     string            `json:"payment_status"`
				AmountTotal       int64             `json:"amount_total"`
				Amount            int64             `json:"amount"`
				Currency          string            `json:"currency"`
				Refunded          bool              `json:"refunded"`
				Metadata          map[string]string `json:"metadata"`
			} `json:"object"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" {
		return nil, fmt.Errorf("%w: %v", ErrBadCallback, err)
	}
	obj := ev.Data.Object
	out := Event{EventID: ev.ID, OrderNo: obj.ClientReferenceID, Currency: strings.ToUpper(obj.Currency), AmountMinor: obj.AmountTotal, ProviderRef: obj.ID}
	if out.OrderNo == "" {
		out.OrderNo = obj.Metadata["order_no"]
	}
	switch ev.Type {
	case "checkout.session.completed":
		out.State = Pending
		if obj.PaymentStatus == "paid" {
			out.State = Paid
		}
	case "checkout.session.async_payment_succeeded":
		out.State = Paid
	case "checkout.session.async_payment_failed":
		out.State = Failed
	case "checkout.session.expired":
		out.State = Expired
	case "charge.refunded":
		if !obj.Refunded { // a partial refund: not something the wallet reverses automatically
			return nil, ErrIgnored
		}
		out.State, out.AmountMinor, out.ProviderRef = Refunded, obj.Amount, ""
	default:
		return nil, ErrIgnored
	}
	if out.OrderNo == "" {
		return nil, fmt.Errorf("%w: no order reference", ErrBadCallback)
	}
	return []Event{out}, nil
}

// Ack implements Provider: any 2xx acknowledges a webhook.
func (c *Card) Ack(w http.ResponseWriter, err error) { jsonAck(w, err) }
