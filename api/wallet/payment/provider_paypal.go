package payment

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// PayPalConfig configures the PayPal adapter.
type PayPalConfig struct {
	ClientID, ClientSecret string
	// WebhookID is the id PayPal gave our webhook; signature verification needs it.
	WebhookID string
	// API base. Default https://api-m.paypal.com (https://api-m.sandbox.paypal.com for the sandbox).
	API        string
	HTTPClient *http.Client
	Now        func() time.Time
}

// PayPal implements Provider with the Orders v2 API (create an order with intent CAPTURE, send the
// payer to its "approve" link, capture once approved) and webhooks verified by PayPal's own
// POST /v1/notifications/verify-webhook-signature, which takes the PAYPAL-* transmission headers,
// our webhook id and the event, and answers verification_status SUCCESS or FAILURE.
type PayPal struct {
	cfg PayPalConfig

	mu      sync.Mutex
	token   string
	expires time.Time
}

var (
	_ Provider = (*PayPal)(nil)
	_ Capturer = (*PayPal)(nil)
)

// NewPayPal returns the PayPal adapter.
func NewPayPal(cfg PayPalConfig) *PayPal {
	if cfg.API == "" {
		cfg.API = "https://api-m.paypal.com"
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &PayPal{cfg: cfg}
}

// Name implements Provider.
func (p *PayPal) Name() string { return "paypal" }

// Currency implements Provider.
func (p *PayPal) Currency() string { return "USD" }

// accessToken returns a cached OAuth2 client-credentials token.
func (p *PayPal) accessToken(ctx context.Context) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.token != "" && p.cfg.Now().Before(p.expires) {
		return p.token, nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.cfg.API+"/v1/oauth2/token",
		strings.NewReader(url.Values{"grant_type": {"client_credentials"}}.Encode()))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(p.cfg.ClientID, p.cfg.ClientSecret)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	var t struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int    `json:"expires_in"`
	}
	if err := p.do(req, &t); err != nil {
		return "", err
	}
	if t.AccessToken == "" {
		return "", fmt.Errorf("%w: paypal: no access token", ErrProvider)
	}
	p.token = t.AccessToken
	p.expires = p.cfg.Now().Add(time.Duration(t.ExpiresIn)*time.Second - time.Minute)
	return p.token, nil
}

func (p *PayPal) do(req *http.Request, out any) error {
	resp, err := p.cfg.HTTPClient.Do(req)
	if err != nil {
		return fmt.Errorf("%w: paypal: %v", ErrProvider, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%w: paypal %s %d: %s", ErrProvider, req.URL.Path, resp.StatusCode, body)
	}
	if out != nil {
		if err := json.Unmarshal(body, out); err != nil {
			return fmt.Errorf("%w: paypal: %v", ErrProvider, err)
		}
	}
	return nil
}

func (p *PayPal) call(ctx context.Context, method, path, requestID string, in, out any) error {
	tok, err := p.accessToken(ctx)
	if err != nil {
		return err
	}
	body, _ := json.Marshal(in)
	req, err := http.NewRequestWithContext(ctx, method, p.cfg.API+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", "application/json")
	if requestID != "" {
		req.Header.Set("PayPal-Request-Id", requestID) // PayPal's idempotency header
	}
	return p.do(req, out)
}

type paypalAmount struct {
	CurrencyCode string `json:"currency_code"`
	Value        string `json:"value"`
}

// Create implements Provider.
func (p *PayPal) Create(ctx context.Context, o Order) (Checkout, error) {
	in := map[string]any{
		"intent": "CAPTURE",
		"purchase_units": []map[string]any{{
			"reference_id": o.No, "custom_id": o.No, "invoice_id": o.No, "description": o.Subject,
			"amount": paypalAmount{CurrencyCode: o.Currency, Value: Decimal(o.AmountMinor)},
		}},
		"application_context": map[string]string{"return_url": o.ReturnURL, "cancel_url": o.ReturnURL, "user_action": "PAY_NOW"},
	}
	var out struct {
		ID    string `json:"id"`
		Links []struct {
			Href string `json:"href"`
			Rel  string `json:"rel"`
		} `json:"links"`
	}
	if err := p.call(ctx, http.MethodPost, "/v2/checkout/orders", "order-"+o.No, in, &out); err != nil {
		return Checkout{}, err
	}
	c := Checkout{ProviderRef: out.ID}
	for _, l := range out.Links {
		if l.Rel == "approve" || l.Rel == "payer-action" {
			c.PayURL = l.Href
		}
	}
	if c.PayURL == "" {
		return Checkout{}, fmt.Errorf("%w: paypal: no approve link", ErrProvider)
	}
	return c, nil
}

// Capture implements Capturer: POST /v2/checkout/orders/{id}/capture. PayPal then sends
// PAYMENT.CAPTURE.COMPLETED, which is what credits the order.
func (p *PayPal) Capture(ctx context.Context, ref string) error {
	return p.call(ctx, http.MethodPost, "/v2/checkout/orders/"+url.PathEscape(ref)+"/capture", "capture-"+ref, map[string]any{}, nil)
}

// Verify implements Provider: verification by PayPal's API, then the event.
func (p *PayPal) Verify(ctx context.Context, r *http.Request, body []byte) ([]Event, error) {
	h := r.Header
	if h.Get("PAYPAL-TRANSMISSION-SIG") == "" || p.cfg.WebhookID == "" {
		return nil, ErrBadSignature
	}
	in := map[string]any{
		"auth_algo":         h.Get("PAYPAL-AUTH-ALGO"),
		"cert_url":          h.Get("PAYPAL-CERT-URL"),
		"transmission_id":   h.Get("PAYPAL-TRANSMISSION-ID"),
		"transmission_sig":  h.Get("PAYPAL-TRANSMISSION-SIG"),
		"transmission_time": h.Get("PAYPAL-TRANSMISSION-TIME"),
		"webhook_id":        p.cfg.WebhookID,
		"webhook_event":     json.RawMessage(body),
	}
	var v struct {
		Status string `json:"verification_status"`
	}
	if err := p.call(ctx, http.MethodPost, "/v1/notifications/verify-webhook-signature", "", in, &v); err != nil {
		return nil, err
	}
	if v.Status != "SUCCESS" {
		return nil, ErrBadSignature
	}
	var ev struct {
		ID        string `json:"id"`
		EventType string `json:"event_type"`
		Resource  struct {
			ID            string       `json:"id"`
			CustomID      string       `json:"custom_id"`
			Amount        paypalAmount `json:"amount"`
			PurchaseUnits []struct {
				CustomID string       `json:"custom_id"`
				Amount   paypalAmount `json:"amount"`
			} `json:"purchase_units"`
		} `json:"resource"`
	}
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" {
		return nil, fmt.Errorf("%w: %v", ErrBadCallback, err)
	}
	res := ev.Resource
	out := Event{EventID: ev.ID, OrderNo: res.CustomID, ProviderRef: res.ID}
	amount := res.Amount
	if len(res.PurchaseUnits) > 0 {
		if out.OrderNo == "" {
			out.OrderNo = res.PurchaseUnits[0].CustomID
		}
		if amount.Value == "" {
			amount = res.PurchaseUnits[0].Amount
		}
	}
	switch ev.EventType {
	case "CHECKOUT.ORDER.APPROVED":
		out.State, out.CaptureRef = Pending, res.ID
	case "PAYMENT.CAPTURE.COMPLETED":
		out.State = Paid
	case "PAYMENT.CAPTURE.DENIED", "PAYMENT.CAPTURE.DECLINED":
		out.State = Failed
	case "PAYMENT.CAPTURE.REFUNDED":
		out.State, out.ProviderRef = Refunded, ""
	default:
		return nil, ErrIgnored
	}
	if out.OrderNo == "" {
		return nil, fmt.Errorf("%w: no custom_id", ErrBadCallback)
	}
	out.Currency = amount.CurrencyCode
	if amount.Value != "" {
		var err error
		if out.AmountMinor, err = ParseDecimal(amount.Value); err != nil {
			return nil, err
		}
	}
	return []Event{out}, nil
}

// Ack implements Provider: any 2xx acknowledges a webhook.
func (p *PayPal) Ack(w http.ResponseWriter, err error) { jsonAck(w, err) }
