package payment

import (
	"bytes"
	"context"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"
)

// AlipayConfig configures the Alipay QR-code (当面付 precreate) adapter.
type AlipayConfig struct {
	AppID string
	// PrivateKey is the application's RSA key: it signs our gateway requests (sign_type RSA2,
	// SHA256withRSA, PKCS#1 v1.5).
	PrivateKey *rsa.PrivateKey
	// AlipayPublicKey verifies Alipay's responses and asynchronous notifications.
	AlipayPublicKey *rsa.PublicKey
	// Gateway is the OpenAPI gateway. Default https://openapi.alipay.com/gateway.do.
	Gateway string
	// HTTPClient for gateway calls. Default: 10 s timeout.
	HTTPClient *http.Client
	// Now is the clock (timestamps are Beijing time). Default time.Now.
	Now func() time.Time
}

// Alipay implements Provider with alipay.trade.precreate (a QR code the payer scans) and the
// trade_status_sync notifications, both RSA2-signed as Alipay documents: the parameters other than
// sign (and, for notifications, sign_type) sorted by name, joined as k=v with &, signed with
// SHA256withRSA, base64.
type Alipay struct {
	cfg AlipayConfig
	loc *time.Location
}

var _ Provider = (*Alipay)(nil)

// NewAlipay returns the Alipay adapter.
func NewAlipay(cfg AlipayConfig) *Alipay {
	if cfg.Gateway == "" {
		cfg.Gateway = "https://openapi.alipay.com/gateway.do"
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Alipay{cfg: cfg, loc: time.FixedZone("CST", 8*3600)}
}

// Name implements Provider.
func (a *Alipay) Name() string { return "alipay" }

// Currency implements Provider.
func (a *Alipay) Currency() string { return "CNY" }

// AlipaySignContent is the string Alipay signs: non-empty parameters except those in skip, sorted by
// name, as k=v joined with &.
func AlipaySignContent(params url.Values, skip ...string) string {
	keys := make([]string, 0, len(params))
outer:
	for k := range params {
		for _, s := range skip {
			if k == s {
				continue outer
			}
		}
		if params.Get(k) != "" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(params.Get(k))
	}
	return b.String()
}

// RSA2Sign signs content with SHA256withRSA and returns it base64-encoded.
func RSA2Sign(key *rsa.PrivateKey, content string) (string, error) {
	h := sha256.Sum256([]byte(content))
	sig, err := rsa.SignPKCS1v15(rand.Reader, key, crypto.SHA256, h[:])
	if err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(sig), nil
}

// RSA2Verify checks a base64 SHA256withRSA signature of content.
func RSA2Verify(key *rsa.PublicKey, content, sig string) error {
	raw, err := base64.StdEncoding.DecodeString(sig)
	if err != nil || key == nil {
		return ErrBadSignature
	}
	h := sha256.Sum256([]byte(content))
	if rsa.VerifyPKCS1v15(key, crypto.SHA256, h[:], raw) != nil {
		return ErrBadSignature
	}
	return nil
}

// Create implements Provider: alipay.trade.precreate, returning the QR code content.
func (a *Alipay) Create(ctx context.Context, o Order) (Checkout, error) {
	biz, _ := json.Marshal(map[string]string{
		"out_trade_no":    o.No,
		"total_amount":    Decimal(o.AmountMinor),
		"subject":         o.Subject,
		"timeout_express": fmt.Sprintf("%dm", max(1, int(time.Until(o.ExpiresAt).Minutes()))),
	})
	params := url.Values{
		"app_id":      {a.cfg.AppID},
		"method":      {"alipay.trade.precreate"},
		"format":      {"JSON"},
		"charset":     {"utf-8"},
		"sign_type":   {"RSA2"},
		"timestamp":   {a.cfg.Now().In(a.loc).Format("2006-01-02 15:04:05")},
		"version":     {"1.0"},
		"notify_url":  {o.NotifyURL},
		"biz_content": {string(biz)},
	}
	sig, err := RSA2Sign(a.cfg.PrivateKey, AlipaySignContent(params, "sign"))
	if err != nil {
		return Checkout{}, fmt.Errorf("%w: sign: %v", ErrProvider, err)
	}
	params.Set("sign", sig)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.cfg.Gateway, strings.NewReader(params.Encode()))
	if err != nil {
		return Checkout{}, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded;charset=utf-8")
	resp, err := a.cfg.HTTPClient.Do(req)
	if err != nil {
		return Checkout{}, fmt.Errorf("%w: %v", ErrProvider, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return Checkout{}, fmt.Errorf("%w: %v", ErrProvider, err)
	}
	var env struct {
		Response json.RawMessage `json:"alipay_trade_precreate_response"`
		Sign     string          `json:"sign"`
	}
	if err := json.Unmarshal(body, &env); err != nil || len(env.Response) == 0 {
		return Checkout{}, fmt.Errorf("%w: response %q", ErrProvider, body)
	}
	// The response signature covers the exact bytes of the response object.
	if err := RSA2Verify(a.cfg.AlipayPublicKey, string(bytes.TrimSpace(env.Response)), env.Sign); err != nil {
		return Checkout{}, fmt.Errorf("%w: response signature invalid", ErrProvider)
	}
	var r struct {
		Code, Msg, SubCode, SubMsg string
		OutTradeNo                 string `json:"out_trade_no"`
		QRCode                     string `json:"qr_code"`
	}
	_ = json.Unmarshal(env.Response, &r)
	if r.Code != "10000" || r.QRCode == "" {
		return Checkout{}, fmt.Errorf("%w: alipay %s %s", ErrProvider, r.Code, r.Msg)
	}
	return Checkout{ProviderRef: o.No, QRCode: r.QRCode}, nil
}

// Verify implements Provider for Alipay's asynchronous notification (a form POST).
func (a *Alipay) Verify(_ context.Context, _ *http.Request, body []byte) ([]Event, error) {
	params, err := url.ParseQuery(string(body))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadCallback, err)
	}
	if params.Get("sign_type") != "RSA2" {
		return nil, ErrBadSignature
	}
	if err := RSA2Verify(a.cfg.AlipayPublicKey, AlipaySignContent(params, "sign", "sign_type"), params.Get("sign")); err != nil {
		return nil, err
	}
	if params.Get("app_id") != a.cfg.AppID {
		return nil, fmt.Errorf("%w: app_id %q", ErrBadSignature, params.Get("app_id"))
	}
	ev := Event{EventID: params.Get("notify_id"), OrderNo: params.Get("out_trade_no"), Currency: "CNY", ProviderRef: params.Get("trade_no")}
	if ev.EventID == "" || ev.OrderNo == "" {
		return nil, fmt.Errorf("%w: notify_id or out_trade_no missing", ErrBadCallback)
	}
	if ev.AmountMinor, err = ParseDecimal(params.Get("total_amount")); err != nil {
		return nil, err
	}
	switch params.Get("trade_status") {
	case "WAIT_BUYER_PAY":
		ev.State = Pending
	case "TRADE_SUCCESS", "TRADE_FINISHED":
		ev.State = Paid
	case "TRADE_CLOSED":
		// Closed unpaid, or closed by a full refund of a paid trade.
		ev.State = Failed
		if params.Get("refund_fee") != "" || params.Get("gmt_refund") != "" {
			ev.State = Refunded
		}
	default:
		return nil, ErrIgnored
	}
	return []Event{ev}, nil
}

// Ack implements Provider: Alipay wants the plain text "success", anything else is retried.
func (a *Alipay) Ack(w http.ResponseWriter, err error) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if err == nil || err == ErrIgnored {
		_, _ = w.Write([]byte("success"))
		return
	}
	w.WriteHeader(http.StatusBadRequest)
	_, _ = w.Write([]byte("failure"))
}

// ParseRSAPrivateKey reads a PKCS#1 or PKCS#8 private key, PEM or the bare base64 Alipay's console
// hands out.
func ParseRSAPrivateKey(s string) (*rsa.PrivateKey, error) {
	der, err := keyDER(s)
	if err != nil {
		return nil, err
	}
	if k, err := x509.ParsePKCS1PrivateKey(der); err == nil {
		return k, nil
	}
	k, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return nil, err
	}
	rk, ok := k.(*rsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("payment: not an RSA private key")
	}
	return rk, nil
}

// ParseRSAPublicKey reads a PKIX (or PKCS#1) public key, PEM or bare base64.
func ParseRSAPublicKey(s string) (*rsa.PublicKey, error) {
	der, err := keyDER(s)
	if err != nil {
		return nil, err
	}
	if k, err := x509.ParsePKIXPublicKey(der); err == nil {
		if rk, ok := k.(*rsa.PublicKey); ok {
			return rk, nil
		}
		return nil, fmt.Errorf("payment: not an RSA public key")
	}
	return x509.ParsePKCS1PublicKey(der)
}

func keyDER(s string) ([]byte, error) {
	if b, _ := pem.Decode([]byte(s)); b != nil {
		return b.Bytes, nil
	}
	return base64.StdEncoding.DecodeString(strings.Join(strings.Fields(s), ""))
}
