package payment

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
)

// DevConfig configures the development provider.
type DevConfig struct {
	// Secret signs the callbacks (HMAC-SHA256). Required: the wallet makes a random one per process
	// when none is configured.
	Secret []byte
	// PagePath is where the pay page is served, relative to the site root; the order number is
	// added as ?order=. Default "/java/orderpay/dev/pay".
	PagePath string
	// Currency the dev provider charges in. Default "CNY".
	Currency string
}

// Dev completes payments locally: Create returns the URL of a page with "pay" and "fail" buttons;
// clicking one posts a callback signed with Secret to the order's NotifyURL, exactly as a real
// provider's server would. Header X-Dev-Signature is hex(HMAC-SHA256(Secret, body)).
type Dev struct {
	cfg DevConfig
}

var _ Provider = (*Dev)(nil)

// DevSignatureHeader carries the dev callback's signature.
const DevSignatureHeader = "X-Dev-Signature"

// NewDev returns the development provider.
func NewDev(cfg DevConfig) *Dev {
	if cfg.PagePath == "" {
		cfg.PagePath = "/java/orderpay/dev/pay"
	}
	if cfg.Currency == "" {
		cfg.Currency = "CNY"
	}
	return &Dev{cfg: cfg}
}

// Name implements Provider.
func (d *Dev) Name() string { return "dev" }

// Currency implements Provider.
func (d *Dev) Currency() string { return d.cfg.Currency }

// Create implements Provider: the pay page of the order.
func (d *Dev) Create(_ context.Context, o Order) (Checkout, error) {
	return Checkout{ProviderRef: "dev-" + o.No, PayURL: d.cfg.PagePath + "?order=" + url.QueryEscape(o.No)}, nil
}

// DevCallback is the body of a dev callback.
type DevCallback struct {
	EventID     string `json:"eventId"`
	OrderNo     string `json:"orderNo"`
	State       State  `json:"state"`
	Currency    string `json:"currency"`
	AmountMinor int64  `json:"amount"`
}

// Sign returns the signature of body under the provider's secret.
func (d *Dev) Sign(body []byte) string {
	m := hmac.New(sha256.New, d.cfg.Secret)
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// SignedCallback builds a callback body and its signature (what the page's buttons send).
func (d *Dev) SignedCallback(cb DevCallback) (body []byte, sig string) {
	body, _ = json.Marshal(cb)
	return body, d.Sign(body)
}

// Verify implements Provider.
func (d *Dev) Verify(_ context.Context, r *http.Request, body []byte) ([]Event, error) {
	got, err := hex.DecodeString(r.Header.Get(DevSignatureHeader))
	if err != nil || len(d.cfg.Secret) == 0 {
		return nil, ErrBadSignature
	}
	want, _ := hex.DecodeString(d.Sign(body))
	if !hmac.Equal(got, want) {
		return nil, ErrBadSignature
	}
	var cb DevCallback
	if err := json.Unmarshal(body, &cb); err != nil || cb.OrderNo == "" || cb.EventID == "" {
		return nil, fmt.Errorf("%w: %v", ErrBadCallback, err)
	}
	switch cb.State {
	case Pending, Paid, Failed, Expired, Refunded:
	default:
		return nil, fmt.Errorf("%w: state %q", ErrBadCallback, cb.State)
	}
	return []Event{{EventID: cb.EventID, OrderNo: cb.OrderNo, State: cb.State, Currency: cb.Currency,
		AmountMinor: cb.AmountMinor, ProviderRef: "dev-" + cb.OrderNo}}, nil
}

// Ack implements Provider.
func (d *Dev) Ack(w http.ResponseWriter, err error) { jsonAck(w, err) }

// PageOrder is what the pay page shows.
type PageOrder struct {
	No          string
	Subject     string
	Currency    string
	AmountMinor int64
	State       string
	NotifyURL   string
	ReturnURL   string
}

var devPage = template.Must(template.New("pay").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Courtside development payment</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem}
button{font-size:1.1rem;padding:.6rem 1.4rem;margin-right:.6rem;cursor:pointer}
#pay{background:#1677ff;color:#fff;border:0;border-radius:6px}#fail{border-radius:6px}
.note{color:#666;font-size:.9rem}</style></head>
<body>
<h1>Development payment</h1>
<p class="note">No real money moves. This page stands in for a payment provider under <code>make run</code>.</p>
<p>Order <strong id="order">{{.Order.No}}</strong><br>{{.Order.Subject}}<br>
Amount <strong id="amount">{{.Amount}} {{.Order.Currency}}</strong><br>State <strong id="state">{{.Order.State}}</strong></p>
<button id="pay" type="button">Pay</button><button id="fail" type="button">Fail</button>
<p id="result" role="status"></p>
<script nonce="{{.Nonce}}">
const cbs = {pay: {body: {{.PaidBody}}, sig: {{.PaidSig}}}, fail: {body: {{.FailBody}}, sig: {{.FailSig}}}};
async function send(which) {
  const c = cbs[which];
  const res = await fetch({{.Order.NotifyURL}}, {method: "POST", headers: {"Content-Type": "application/json", "X-Dev-Signature": c.sig}, body: c.body});
  document.getElementById("result").textContent = res.ok ? (which === "pay" ? "Paid." : "Payment failed.") : "Callback refused: " + res.status;
  if (res.ok) document.getElementById("state").textContent = which === "pay" ? "paid" : "failed";
  if (res.ok && {{.Order.ReturnURL}}) setTimeout(() => { location.href = {{.Order.ReturnURL}}; }, 800);
}
document.getElementById("pay").onclick = () => send("pay");
document.getElementById("fail").onclick = () => send("fail");
</script>
</body></html>`))

// ServePage writes the pay page for o. The page carries the two signed callbacks (paid, failed) for
// this order and amount only, so it can complete nothing else.
func (d *Dev) ServePage(w http.ResponseWriter, o PageOrder) {
	paid, paidSig := d.SignedCallback(DevCallback{EventID: "dev-paid-" + o.No, OrderNo: o.No, State: Paid, Currency: o.Currency, AmountMinor: o.AmountMinor})
	fail, failSig := d.SignedCallback(DevCallback{EventID: "dev-failed-" + o.No, OrderNo: o.No, State: Failed, Currency: o.Currency, AmountMinor: o.AmountMinor})
	// The page's one inline script runs under the site's Content-Security-Policy only with this
	// response's nonce; nothing else inline may run.
	var raw [16]byte
	_, _ = rand.Read(raw[:])
	nonce := base64.RawStdEncoding.EncodeToString(raw[:])
	w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'nonce-"+nonce+"'; style-src 'unsafe-inline'; "+
		"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_ = devPage.Execute(w, map[string]any{
		"Order": o, "Amount": Decimal(o.AmountMinor), "Nonce": nonce,
		"PaidBody": string(paid), "PaidSig": paidSig, "FailBody": string(fail), "FailSig": failSig,
	})
}
