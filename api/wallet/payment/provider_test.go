package payment_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"courtside/api/wallet/payment"
)

func post(body string, h map[string]string) *http.Request {
	r := httptest.NewRequest("POST", "/cb", strings.NewReader(body))
	for k, v := range h {
		r.Header.Set(k, v)
	}
	return r
}

func TestDecimal(t *testing.T) {
	for minor, s := range map[int64]string{0: "0.00", 5: "0.05", 143: "1.43", 1000: "10.00", 9999900: "99999.00"} {
		if got := payment.Decimal(minor); got != s {
			t.Errorf("Decimal(%d) = %s", minor, got)
		}
		if back, err := payment.ParseDecimal(s); err != nil || back != minor {
			t.Errorf("ParseDecimal(%s) = %d, %v", s, back, err)
		}
	}
	for s, want := range map[string]int64{"10": 1000, "10.4": 1040, " 1.43 ": 143} {
		if got, err := payment.ParseDecimal(s); err != nil || got != want {
			t.Errorf("ParseDecimal(%q) = %d, %v", s, got, err)
		}
	}
	for _, bad := range []string{"", "1.234", "-1.00", "abc", ".5", "1.x"} {
		if _, err := payment.ParseDecimal(bad); err == nil {
			t.Errorf("ParseDecimal(%q) accepted", bad)
		}
	}
}

func TestDevCallbackSignature(t *testing.T) {
	d := payment.NewDev(payment.DevConfig{Secret: []byte("s")})
	body, sig := d.SignedCallback(payment.DevCallback{EventID: "e", OrderNo: "R1", State: payment.Paid, Currency: "CNY", AmountMinor: 1000})
	evs, err := d.Verify(context.Background(), post(string(body), map[string]string{payment.DevSignatureHeader: sig}), body)
	if err != nil || len(evs) != 1 || evs[0].State != payment.Paid || evs[0].AmountMinor != 1000 || evs[0].OrderNo != "R1" {
		t.Fatalf("Verify = %+v, %v", evs, err)
	}
	tests := map[string]struct {
		body []byte
		sig  string
	}{
		"no signature":       {body, ""},
		"not hex":            {body, "zz"},
		"another secret":     {body, payment.NewDev(payment.DevConfig{Secret: []byte("t")}).Sign(body)},
		"body changed":       {[]byte(strings.Replace(string(body), "1000", "9000", 1)), sig},
		"empty secret signs": {body, payment.NewDev(payment.DevConfig{}).Sign(body)},
	}
	for name, tc := range tests {
		if _, err := d.Verify(context.Background(), post(string(tc.body), map[string]string{payment.DevSignatureHeader: tc.sig}), tc.body); !errors.Is(err, payment.ErrBadSignature) {
			t.Errorf("%s: %v, want ErrBadSignature", name, err)
		}
	}
	bad, badSig := d.SignedCallback(payment.DevCallback{EventID: "e", OrderNo: "R1", State: "stolen"})
	if _, err := d.Verify(context.Background(), post(string(bad), map[string]string{payment.DevSignatureHeader: badSig}), bad); !errors.Is(err, payment.ErrBadCallback) {
		t.Errorf("unknown state: %v", err)
	}
}

func rsaKey(t *testing.T) *rsa.PrivateKey {
	t.Helper()
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// alipayStandIn speaks the gateway side of alipay.trade.precreate: it checks the RSA2 signature of
// the request with the app's public key and answers a response signed with "Alipay's" key.
func alipayStandIn(t *testing.T, appPub *rsa.PublicKey, alipayKey *rsa.PrivateKey, tamper bool) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		p := r.PostForm
		if err := payment.RSA2Verify(appPub, payment.AlipaySignContent(p, "sign"), p.Get("sign")); err != nil {
			fmt.Fprint(w, `{"alipay_trade_precreate_response":{"code":"40002","msg":"Invalid Arguments","sub_code":"isv.invalid-signature"},"sign":""}`)
			return
		}
		var biz map[string]string
		_ = json.Unmarshal([]byte(p.Get("biz_content")), &biz)
		if p.Get("method") != "alipay.trade.precreate" || p.Get("sign_type") != "RSA2" || biz["total_amount"] != "10.00" || biz["out_trade_no"] != "R1" {
			t.Errorf("request %v biz %v", p, biz)
		}
		resp := fmt.Sprintf(`{"code":"10000","msg":"Success","out_trade_no":%q,"qr_code":"https://qr.alipay.com/bax0"}`, biz["out_trade_no"])
		sig, _ := payment.RSA2Sign(alipayKey, resp)
		if tamper {
			resp = strings.Replace(resp, "bax0", "bax1", 1)
		}
		fmt.Fprintf(w, `{"alipay_trade_precreate_response":%s,"sign":%q}`, resp, sig)
	}))
}

func TestAlipayPrecreateIsSignedAndItsAnswerVerified(t *testing.T) {
	appKey, alipayKey := rsaKey(t), rsaKey(t)
	for _, tc := range []struct {
		name    string
		tamper  bool
		signKey *rsa.PrivateKey
		wantQR  string
	}{
		{"signed request, genuine answer", false, appKey, "https://qr.alipay.com/bax0"},
		{"answer changed in transit", true, appKey, ""},
		{"request signed with the wrong key", false, alipayKey, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gw := alipayStandIn(t, &appKey.PublicKey, alipayKey, tc.tamper)
			defer gw.Close()
			a := payment.NewAlipay(payment.AlipayConfig{AppID: "2021", PrivateKey: tc.signKey, AlipayPublicKey: &alipayKey.PublicKey, Gateway: gw.URL})
			co, err := a.Create(context.Background(), payment.Order{No: "R1", Subject: "100 coins", Currency: "CNY", AmountMinor: 1000, ExpiresAt: time.Now().Add(15 * time.Minute)})
			if tc.wantQR == "" {
				if !errors.Is(err, payment.ErrProvider) {
					t.Fatalf("err = %v, want ErrProvider", err)
				}
				return
			}
			if err != nil || co.QRCode != tc.wantQR {
				t.Fatalf("checkout %+v, %v", co, err)
			}
		})
	}
}

func alipayNotify(t *testing.T, key *rsa.PrivateKey, p url.Values) string {
	t.Helper()
	sig, err := payment.RSA2Sign(key, payment.AlipaySignContent(p, "sign", "sign_type"))
	if err != nil {
		t.Fatal(err)
	}
	p.Set("sign", sig)
	return p.Encode()
}

func TestAlipayNotificationVerification(t *testing.T) {
	alipayKey := rsaKey(t)
	a := payment.NewAlipay(payment.AlipayConfig{AppID: "2021", AlipayPublicKey: &alipayKey.PublicKey})
	base := func(status string) url.Values {
		return url.Values{"notify_id": {"n1"}, "notify_type": {"trade_status_sync"}, "app_id": {"2021"}, "charset": {"utf-8"},
			"version": {"1.0"}, "sign_type": {"RSA2"}, "out_trade_no": {"R1"}, "trade_no": {"2026112222001"},
			"total_amount": {"10.00"}, "trade_status": {status}, "subject": {"100 coins 金币"}}
	}
	states := map[string]payment.State{"WAIT_BUYER_PAY": payment.Pending, "TRADE_SUCCESS": payment.Paid, "TRADE_FINISHED": payment.Paid, "TRADE_CLOSED": payment.Failed}
	for status, want := range states {
		body := alipayNotify(t, alipayKey, base(status))
		evs, err := a.Verify(context.Background(), nil, []byte(body))
		if err != nil || evs[0].State != want || evs[0].AmountMinor != 1000 || evs[0].OrderNo != "R1" || evs[0].EventID != "n1" {
			t.Errorf("%s: %+v %v", status, evs, err)
		}
	}
	refunded := base("TRADE_CLOSED")
	refunded.Set("refund_fee", "10.00")
	if evs, err := a.Verify(context.Background(), nil, []byte(alipayNotify(t, alipayKey, refunded))); err != nil || evs[0].State != payment.Refunded {
		t.Errorf("closed by refund: %+v %v", evs, err)
	}
	tampered := alipayNotify(t, alipayKey, base("TRADE_SUCCESS"))
	tampered = strings.Replace(tampered, "total_amount=10.00", "total_amount=0.01", 1)
	if _, err := a.Verify(context.Background(), nil, []byte(tampered)); !errors.Is(err, payment.ErrBadSignature) {
		t.Errorf("tampered amount: %v", err)
	}
	other := base("TRADE_SUCCESS")
	other.Set("app_id", "9999")
	if _, err := a.Verify(context.Background(), nil, []byte(alipayNotify(t, alipayKey, other))); !errors.Is(err, payment.ErrBadSignature) {
		t.Errorf("another app's notification: %v", err)
	}
	forger := rsaKey(t)
	if _, err := a.Verify(context.Background(), nil, []byte(alipayNotify(t, forger, base("TRADE_SUCCESS")))); !errors.Is(err, payment.ErrBadSignature) {
		t.Errorf("forged notification: %v", err)
	}
	rec := httptest.NewRecorder()
	a.Ack(rec, nil)
	if rec.Body.String() != "success" {
		t.Errorf("ack %q, Alipay wants the plain text success", rec.Body.String())
	}
}

func TestParseRSAKeysInEveryShapeAlipayHandsOut(t *testing.T) {
	k := rsaKey(t)
	pkcs8, _ := x509.MarshalPKCS8PrivateKey(k)
	pkix, _ := x509.MarshalPKIXPublicKey(&k.PublicKey)
	for name, s := range map[string]string{
		"PKCS1 PEM":   string(pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(k)})),
		"PKCS8 bare":  base64.StdEncoding.EncodeToString(pkcs8),
		"PKCS8 lines": base64.StdEncoding.EncodeToString(pkcs8)[:64] + "\n" + base64.StdEncoding.EncodeToString(pkcs8)[64:],
	} {
		if got, err := payment.ParseRSAPrivateKey(s); err != nil || !got.Equal(k) {
			t.Errorf("%s: %v", name, err)
		}
	}
	for name, s := range map[string]string{
		"PKIX PEM":  string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pkix})),
		"PKIX bare": base64.StdEncoding.EncodeToString(pkix),
	} {
		if got, err := payment.ParseRSAPublicKey(s); err != nil || !got.Equal(&k.PublicKey) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestCardWebhookSignature(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	secret := []byte("whsec_test")
	c := payment.NewCard(payment.CardConfig{WebhookSecret: secret, Now: func() time.Time { return now }})
	body := []byte(`{"id":"evt_1","type":"checkout.session.completed","data":{"object":{"id":"cs_1","client_reference_id":"R1","payment_status":"paid","amount_total":143,"currency":"usd"}}}`)
	good := payment.CardSignature(secret, now, body)
	evs, err := c.Verify(context.Background(), post(string(body), map[string]string{"Stripe-Signature": good}), body)
	if err != nil || evs[0].State != payment.Paid || evs[0].Currency != "USD" || evs[0].AmountMinor != 143 || evs[0].OrderNo != "R1" {
		t.Fatalf("%+v %v", evs, err)
	}
	for name, h := range map[string]string{
		"none":            "",
		"another secret":  payment.CardSignature([]byte("x"), now, body),
		"too old":         payment.CardSignature(secret, now.Add(-6*time.Minute), body),
		"from the future": payment.CardSignature(secret, now.Add(6*time.Minute), body),
		"v0 only":         strings.Replace(good, "v1=", "v0=", 1),
	} {
		if _, err := c.Verify(context.Background(), post(string(body), map[string]string{"Stripe-Signature": h}), body); !errors.Is(err, payment.ErrBadSignature) {
			t.Errorf("%s: %v", name, err)
		}
	}
	events := map[string]payment.State{
		`{"id":"e","type":"checkout.session.completed","data":{"object":{"client_reference_id":"R1","payment_status":"unpaid"}}}`:      payment.Pending,
		`{"id":"e","type":"checkout.session.async_payment_succeeded","data":{"object":{"client_reference_id":"R1","amount_total":1}}}`: payment.Paid,
		`{"id":"e","type":"checkout.session.async_payment_failed","data":{"object":{"client_reference_id":"R1"}}}`:                     payment.Failed,
		`{"id":"e","type":"checkout.session.expired","data":{"object":{"client_reference_id":"R1"}}}`:                                  payment.Expired,
		`{"id":"e","type":"charge.refunded","data":{"object":{"id":"ch","refunded":true,"amount":143,"metadata":{"order_no":"R1"}}}}`:  payment.Refunded,
	}
	for b, want := range events {
		evs, err := c.Verify(context.Background(), post(b, map[string]string{"Stripe-Signature": payment.CardSignature(secret, now, []byte(b))}), []byte(b))
		if err != nil || evs[0].State != want || evs[0].OrderNo != "R1" {
			t.Errorf("%s: %+v %v", b, evs, err)
		}
	}
	partial := `{"id":"e","type":"charge.refunded","data":{"object":{"refunded":false,"metadata":{"order_no":"R1"}}}}`
	if _, err := c.Verify(context.Background(), post(partial, map[string]string{"Stripe-Signature": payment.CardSignature(secret, now, []byte(partial))}), []byte(partial)); !errors.Is(err, payment.ErrIgnored) {
		t.Errorf("partial refund: %v", err)
	}
}

// paypalStandIn speaks the three PayPal calls the adapter makes: OAuth2 client credentials, create
// order, and verify-webhook-signature (which says SUCCESS only for transmission signature "good").
func paypalStandIn(t *testing.T, captured *atomic.Int32) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/v1/oauth2/token":
			id, secret, ok := r.BasicAuth()
			_ = r.ParseForm()
			if !ok || id != "cid" || secret != "csecret" || r.PostForm.Get("grant_type") != "client_credentials" {
				http.Error(w, `{"error":"invalid_client"}`, 401)
				return
			}
			fmt.Fprint(w, `{"access_token":"A21","token_type":"Bearer","expires_in":32400}`)
			return
		case r.Header.Get("Authorization") != "Bearer A21":
			http.Error(w, `{"name":"AUTHENTICATION_FAILURE"}`, 401)
			return
		case r.URL.Path == "/v2/checkout/orders":
			var in struct {
				Intent        string `json:"intent"`
				PurchaseUnits []struct {
					CustomID string                               `json:"custom_id"`
					Amount   struct{ CurrencyCode, Value string } `json:"amount"`
				} `json:"purchase_units"`
			}
			_ = json.NewDecoder(r.Body).Decode(&in)
			if in.Intent != "CAPTURE" || in.PurchaseUnits[0].CustomID != "R1" || in.PurchaseUnits[0].Amount.Value != "1.43" || r.Header.Get("PayPal-Request-Id") == "" {
				t.Errorf("create order %+v", in)
			}
			w.WriteHeader(201)
			fmt.Fprint(w, `{"id":"5O190127TN364715T","status":"CREATED","links":[{"href":"https://www.paypal.com/checkoutnow?token=5O1","rel":"approve","method":"GET"}]}`)
		case r.URL.Path == "/v2/checkout/orders/5O190127TN364715T/capture":
			captured.Add(1)
			w.WriteHeader(201)
			fmt.Fprint(w, `{"id":"5O190127TN364715T","status":"COMPLETED"}`)
		case r.URL.Path == "/v1/notifications/verify-webhook-signature":
			var in map[string]json.RawMessage
			body, _ := io.ReadAll(r.Body)
			_ = json.Unmarshal(body, &in)
			status := "FAILURE"
			if string(in["transmission_sig"]) == `"good"` && string(in["webhook_id"]) == `"WH-1"` && len(in["webhook_event"]) > 2 && string(in["auth_algo"]) == `"SHA256withRSA"` {
				status = "SUCCESS"
			}
			fmt.Fprintf(w, `{"verification_status":%q}`, status)
		default:
			http.NotFound(w, r)
		}
	}))
}

func TestPayPalOrdersAndWebhooks(t *testing.T) {
	var captured atomic.Int32
	srv := paypalStandIn(t, &captured)
	defer srv.Close()
	p := payment.NewPayPal(payment.PayPalConfig{ClientID: "cid", ClientSecret: "csecret", WebhookID: "WH-1", API: srv.URL})
	co, err := p.Create(context.Background(), payment.Order{No: "R1", Subject: "100 coins", Currency: "USD", AmountMinor: 143})
	if err != nil || co.ProviderRef != "5O190127TN364715T" || !strings.HasPrefix(co.PayURL, "https://www.paypal.com/checkoutnow") {
		t.Fatalf("checkout %+v %v", co, err)
	}
	headers := func(sig string) map[string]string {
		return map[string]string{"PAYPAL-AUTH-ALGO": "SHA256withRSA", "PAYPAL-CERT-URL": "https://api.paypal.com/v1/notifications/certs/CERT",
			"PAYPAL-TRANSMISSION-ID": "t1", "PAYPAL-TRANSMISSION-SIG": sig, "PAYPAL-TRANSMISSION-TIME": "2026-11-22T05:00:00Z"}
	}
	approved := `{"id":"WH-A","event_type":"CHECKOUT.ORDER.APPROVED","resource":{"id":"5O190127TN364715T","purchase_units":[{"custom_id":"R1","amount":{"currency_code":"USD","value":"1.43"}}]}}`
	evs, err := p.Verify(context.Background(), post(approved, headers("good")), []byte(approved))
	if err != nil || evs[0].State != payment.Pending || evs[0].CaptureRef != "5O190127TN364715T" || evs[0].OrderNo != "R1" {
		t.Fatalf("approved: %+v %v", evs, err)
	}
	if err := p.Capture(context.Background(), evs[0].CaptureRef); err != nil || captured.Load() != 1 {
		t.Fatalf("capture: %v (%d calls)", err, captured.Load())
	}
	completed := `{"id":"WH-C","event_type":"PAYMENT.CAPTURE.COMPLETED","resource":{"id":"CAP1","custom_id":"R1","amount":{"currency_code":"USD","value":"1.43"}}}`
	evs, err = p.Verify(context.Background(), post(completed, headers("good")), []byte(completed))
	if err != nil || evs[0].State != payment.Paid || evs[0].AmountMinor != 143 || evs[0].Currency != "USD" || evs[0].EventID != "WH-C" {
		t.Fatalf("completed: %+v %v", evs, err)
	}
	if _, err := p.Verify(context.Background(), post(completed, headers("forged")), []byte(completed)); !errors.Is(err, payment.ErrBadSignature) {
		t.Fatalf("forged: %v", err)
	}
	if _, err := p.Verify(context.Background(), post(completed, nil), []byte(completed)); !errors.Is(err, payment.ErrBadSignature) {
		t.Fatalf("no headers: %v", err)
	}
	other := `{"id":"WH-X","event_type":"BILLING.PLAN.CREATED","resource":{}}`
	if _, err := p.Verify(context.Background(), post(other, headers("good")), []byte(other)); !errors.Is(err, payment.ErrIgnored) {
		t.Fatalf("other event: %v", err)
	}
}

func TestUSDTConfirmations(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	secret := []byte("watcher")
	u := payment.NewUSDT(payment.USDTConfig{Address: "TXYZ", Secret: secret, Confirmations: 19, Now: func() time.Time { return now }})
	co, err := u.Create(context.Background(), payment.Order{No: "R1", AmountMinor: 143, Currency: "USD"})
	if err != nil || co.QRCode != "usdt:TXYZ?network=TRC20&amount=1.43&memo=R1" {
		t.Fatalf("%+v %v", co, err)
	}
	send := func(cb payment.USDTCallback, at time.Time, key []byte) ([]payment.Event, error) {
		body, _ := json.Marshal(cb)
		ts, sig := payment.USDTSignature(key, at, body)
		return u.Verify(context.Background(), post(string(body), map[string]string{"X-USDT-Timestamp": ts, "X-USDT-Signature": sig}), body)
	}
	tests := []struct {
		confs     int
		failed    bool
		wantState payment.State
		wantID    string
	}{
		{1, false, payment.Pending, "0xabc:1"},
		{18, false, payment.Pending, "0xabc:18"},
		{19, false, payment.Paid, "0xabc:confirmed"},
		{40, false, payment.Paid, "0xabc:confirmed"}, // the same event: credits once downstream
		{3, true, payment.Failed, "0xabc:failed"},
	}
	for _, tc := range tests {
		evs, err := send(payment.USDTCallback{OrderNo: "R1", TxHash: "0xabc", AmountMinor: 143, Confirmations: tc.confs, Failed: tc.failed}, now, secret)
		if err != nil || evs[0].State != tc.wantState || evs[0].EventID != tc.wantID || evs[0].Currency != "USD" {
			t.Errorf("%d confirmations: %+v %v", tc.confs, evs, err)
		}
	}
	if _, err := send(payment.USDTCallback{OrderNo: "R1", TxHash: "0xabc", Confirmations: 30}, now, []byte("other")); !errors.Is(err, payment.ErrBadSignature) {
		t.Errorf("forged: %v", err)
	}
	if _, err := send(payment.USDTCallback{OrderNo: "R1", TxHash: "0xabc", Confirmations: 30}, now.Add(-time.Hour), secret); !errors.Is(err, payment.ErrBadSignature) {
		t.Errorf("replayed an hour later: %v", err)
	}
	if _, err := payment.NewUSDT(payment.USDTConfig{}).Create(context.Background(), payment.Order{No: "R"}); !errors.Is(err, payment.ErrProvider) {
		t.Errorf("no address: %v", err)
	}
}
