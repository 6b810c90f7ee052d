package payment

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// USDTConfig configures the USDT adapter.
type USDTConfig struct {
	// Address is the deposit address payers send USDT to (TRC-20 by default).
	Address string
	// Network is shown to the payer and written into the QR payload. Default "TRC20".
	Network string
	// Secret signs the watcher's callbacks: X-USDT-Signature = hex(HMAC-SHA256(Secret, timestamp + "." + body)),
	// X-USDT-Timestamp = unix seconds.
	Secret []byte
	// Confirmations a transfer needs before the order counts as paid. Default 19 (TRON's solidity).
	Confirmations int
	// Tolerance on the callback timestamp. Default 5 minutes.
	Tolerance time.Duration
	Now       func() time.Time
}

// USDT implements Provider for stablecoin transfers. There is no provider API: Create returns the
// deposit address and the exact amount (1 USDT = 1 USD, two decimals) as a QR payload, and our chain
// watcher (a separate process that follows the chain) posts a signed callback for every transfer it
// sees to the address with the order number in its memo, each time the number of confirmations
// grows. Below Confirmations the order is pending; at or above it, paid.
type USDT struct {
	cfg USDTConfig
}

var _ Provider = (*USDT)(nil)

// NewUSDT returns the USDT adapter.
func NewUSDT(cfg USDTConfig) *USDT {
	if cfg.Network == "" {
		cfg.Network = "TRC20"
	}
	if cfg.Confirmations == 0 {
		cfg.Confirmations = 19
	}
	if cfg.Tolerance == 0 {
		cfg.Tolerance = 5 * time.Minute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &USDT{cfg: cfg}
}

// Name implements Provider.
func (u *USDT) Name() string { return "usdt" }

// Currency implements Provider: USDT settles as USD.
func (u *USDT) Currency() string { return "USD" }

// Create implements Provider.
func (u *USDT) Create(_ context.Context, o Order) (Checkout, error) {
	if u.cfg.Address == "" {
		return Checkout{}, fmt.Errorf("%w: usdt: no deposit address configured", ErrProvider)
	}
	return Checkout{QRCode: fmt.Sprintf("usdt:%s?network=%s&amount=%s&memo=%s", u.cfg.Address, u.cfg.Network, Decimal(o.AmountMinor), o.No)}, nil
}

// USDTCallback is the watcher's callback body.
type USDTCallback struct {
	OrderNo       string `json:"orderNo"`
	TxHash        string `json:"txHash"`
	AmountMinor   int64  `json:"amount"` // USDT cents
	Confirmations int    `json:"confirmations"`
	Failed        bool   `json:"failed"` // the transfer was reverted
}

// USDTSignature signs a callback body at t (the watcher's side; tests use it too).
func USDTSignature(secret []byte, t time.Time, body []byte) (ts, sig string) {
	ts = strconv.FormatInt(t.Unix(), 10)
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(ts + "."))
	m.Write(body)
	return ts, hex.EncodeToString(m.Sum(nil))
}

// Verify implements Provider.
func (u *USDT) Verify(_ context.Context, r *http.Request, body []byte) ([]Event, error) {
	ts := r.Header.Get("X-USDT-Timestamp")
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || len(u.cfg.Secret) == 0 {
		return nil, ErrBadSignature
	}
	if d := u.cfg.Now().Sub(time.Unix(sec, 0)); d > u.cfg.Tolerance || d < -u.cfg.Tolerance {
		return nil, fmt.Errorf("%w: timestamp outside tolerance", ErrBadSignature)
	}
	got, err := hex.DecodeString(r.Header.Get("X-USDT-Signature"))
	_, want := USDTSignature(u.cfg.Secret, time.Unix(sec, 0), body)
	wantRaw, _ := hex.DecodeString(want)
	if err != nil || !hmac.Equal(got, wantRaw) {
		return nil, ErrBadSignature
	}
	var cb USDTCallback
	if err := json.Unmarshal(body, &cb); err != nil || cb.OrderNo == "" || cb.TxHash == "" {
		return nil, fmt.Errorf("%w: %v", ErrBadCallback, err)
	}
	ev := Event{OrderNo: cb.OrderNo, Currency: "USD", AmountMinor: cb.AmountMinor, ProviderRef: cb.TxHash}
	switch {
	case cb.Failed:
		ev.State, ev.EventID = Failed, cb.TxHash+":failed"
	case cb.Confirmations >= u.cfg.Confirmations:
		// Every callback past the threshold is the same event: the transfer is final.
		ev.State, ev.EventID = Paid, cb.TxHash+":confirmed"
	default:
		ev.State, ev.EventID = Pending, cb.TxHash+":"+strconv.Itoa(cb.Confirmations)
	}
	return []Event{ev}, nil
}

// Ack implements Provider.
func (u *USDT) Ack(w http.ResponseWriter, err error) { jsonAck(w, err) }
