package payment

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// State is what a provider says about an order. The values are the wallet's order states.
type State string

// States a callback can report.
const (
	Pending  State = "pending"
	Paid     State = "paid"
	Failed   State = "failed"
	Expired  State = "expired"
	Refunded State = "refunded"
)

// Order is what an adapter needs to open a checkout.
type Order struct {
	No          string
	Subject     string // shown to the payer: "100 coins"
	Currency    string // "CNY" or "USD"; must be the provider's Currency()
	AmountMinor int64  // fen or cents
	NotifyURL   string // our callback endpoint for this provider
	ReturnURL   string // where the payer's browser goes afterwards
	ExpiresAt   time.Time
}

// Checkout is the provider's answer: where the payer pays.
type Checkout struct {
	ProviderRef string // the provider's id for the payment (trade no, session id, order id)
	PayURL      string // a page to open or redirect to
	QRCode      string // content to render as a QR code (Alipay, USDT)
}

// Event is one verified statement of a provider about one order.
type Event struct {
	EventID     string // the provider's notification id: the same notification re-sent has the same id
	OrderNo     string
	State       State
	Currency    string
	AmountMinor int64
	ProviderRef string
	// CaptureRef, when set, asks the wallet to call Capturer.Capture with it (PayPal: the buyer
	// approved; the money moves only once we capture).
	CaptureRef string
}

// Provider is one payment method.
type Provider interface {
	// Name is the method's id in the API (payType) and in the callback path.
	Name() string
	// Currency is what the provider charges in: "CNY" or "USD".
	Currency() string
	// Create opens a checkout for o.
	Create(ctx context.Context, o Order) (Checkout, error)
	// Verify checks a callback (r with its already-read body) and returns what it says. A bad
	// signature is ErrBadSignature; an irrelevant event ErrIgnored.
	Verify(ctx context.Context, r *http.Request, body []byte) ([]Event, error)
	// Ack writes the answer the provider expects: success when err is nil or ErrIgnored, failure
	// (so the provider retries later) otherwise.
	Ack(w http.ResponseWriter, err error)
}

// Capturer is implemented by providers where an approved payment must be captured by us.
type Capturer interface {
	Capture(ctx context.Context, ref string) error
}

// jsonAck answers 200 {"ok":true} or 400 {"ok":false}; providers that only look at the status use it.
func jsonAck(w http.ResponseWriter, err error) {
	w.Header().Set("Content-Type", "application/json")
	if err == nil || err == ErrIgnored {
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(`{"ok":true}`))
		return
	}
	w.WriteHeader(http.StatusBadRequest)
	_, _ = w.Write([]byte(`{"ok":false}`))
}

// Decimal formats minor units as a two-decimal amount: 1043 -> "10.43".
func Decimal(minor int64) string {
	return fmt.Sprintf("%d.%02d", minor/100, minor%100)
}

// ParseDecimal reads "10.43", "10.4" or "10" into minor units (1043, 1040, 1000).
func ParseDecimal(s string) (int64, error) {
	whole, frac, _ := strings.Cut(strings.TrimSpace(s), ".")
	if whole == "" || len(frac) > 2 {
		return 0, fmt.Errorf("%w: amount %q", ErrBadCallback, s)
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w < 0 {
		return 0, fmt.Errorf("%w: amount %q", ErrBadCallback, s)
	}
	for len(frac) < 2 {
		frac += "0"
	}
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%w: amount %q", ErrBadCallback, s)
	}
	return w*100 + f, nil
}
