package wallet_test

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"courtside/api/wallet"
	"courtside/api/wallet/payment"
)

func postRaw(t *testing.T, u, contentType, body string, h map[string]string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", u, strings.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	for k, v := range h {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// Alipay, PayPal and USDT orders through the wallet's own endpoints, against stand-ins of the
// providers: create, then the providers' callbacks in their own formats.
func TestRealAdaptersThroughTheCallbackEndpoints(t *testing.T) {
	appKey, _ := rsa.GenerateKey(rand.Reader, 2048)
	alipayKey, _ := rsa.GenerateKey(rand.Reader, 2048)
	var captures atomic.Int32
	stand := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/gateway.do": // Alipay precreate
			_ = r.ParseForm()
			if payment.RSA2Verify(&appKey.PublicKey, payment.AlipaySignContent(r.PostForm, "sign"), r.PostForm.Get("sign")) != nil {
				http.Error(w, "bad sign", 400)
				return
			}
			resp := `{"code":"10000","msg":"Success","qr_code":"https://qr.alipay.com/x"}`
			sig, _ := payment.RSA2Sign(alipayKey, resp)
			fmt.Fprintf(w, `{"alipay_trade_precreate_response":%s,"sign":%q}`, resp, sig)
		case "/v1/oauth2/token":
			fmt.Fprint(w, `{"access_token":"T","expires_in":3600}`)
		case "/v2/checkout/orders":
			fmt.Fprint(w, `{"id":"PP1","links":[{"rel":"approve","href":"https://paypal.example/approve/PP1"}]}`)
		case "/v2/checkout/orders/PP1/capture":
			captures.Add(1)
			fmt.Fprint(w, `{"id":"PP1","status":"COMPLETED"}`)
		case "/v1/notifications/verify-webhook-signature":
			var in map[string]any
			_ = json.NewDecoder(r.Body).Decode(&in)
			st := "FAILURE"
			if in["transmission_sig"] == "genuine" {
				st = "SUCCESS"
			}
			fmt.Fprintf(w, `{"verification_status":%q}`, st)
		default:
			http.NotFound(w, r)
		}
	}))
	defer stand.Close()
	usdtSecret := []byte("watcher")
	e := newEnv(t, wallet.Config{DisableDev: true},
		payment.NewAlipay(payment.AlipayConfig{AppID: "app", PrivateKey: appKey, AlipayPublicKey: &alipayKey.PublicKey, Gateway: stand.URL + "/gateway.do"}),
		payment.NewPayPal(payment.PayPalConfig{ClientID: "c", ClientSecret: "s", WebhookID: "WH", API: stand.URL}),
		payment.NewUSDT(payment.USDTConfig{Address: "TADDR", Secret: usdtSecret}),
	)

	t.Run("alipay", func(t *testing.T) {
		o := e.createOrder(1, "coin", 1, 0, "alipay", "a")
		if o.QRCode != "https://qr.alipay.com/x" || o.Currency != "CNY" {
			t.Fatalf("order %+v", o)
		}
		p := url.Values{"notify_id": {"n1"}, "app_id": {"app"}, "sign_type": {"RSA2"}, "out_trade_no": {o.OrderNo},
			"trade_no": {"T1"}, "total_amount": {"10.00"}, "trade_status": {"TRADE_SUCCESS"}}
		sig, _ := payment.RSA2Sign(alipayKey, payment.AlipaySignContent(p, "sign", "sign_type"))
		p.Set("sign", sig)
		for range 2 {
			code, body := postRaw(t, e.url+"/java/orderpay/callback/alipay", "application/x-www-form-urlencoded", p.Encode(), nil)
			if code != 200 || body != "success" {
				t.Fatalf("%d %q", code, body)
			}
		}
		p.Set("total_amount", "0.01")
		if code, body := postRaw(t, e.url+"/java/orderpay/callback/alipay", "application/x-www-form-urlencoded", p.Encode(), nil); code != 400 || body != "failure" {
			t.Fatalf("tampered: %d %q", code, body)
		}
		if b := e.balances(1); b.Coins != 100 {
			t.Fatalf("coins %d", b.Coins)
		}
	})

	t.Run("paypal approve, capture, complete", func(t *testing.T) {
		o := e.createOrder(2, "coin", 1, 0, "paypal", "p")
		if o.PayURL != "https://paypal.example/approve/PP1" || o.Amount != "1.43" {
			t.Fatalf("order %+v", o)
		}
		h := map[string]string{"PAYPAL-TRANSMISSION-SIG": "genuine", "PAYPAL-AUTH-ALGO": "SHA256withRSA"}
		approved := fmt.Sprintf(`{"id":"WH-1","event_type":"CHECKOUT.ORDER.APPROVED","resource":{"id":"PP1","purchase_units":[{"custom_id":%q,"amount":{"currency_code":"USD","value":"1.43"}}]}}`, o.OrderNo)
		for range 2 {
			if code, _ := postRaw(t, e.url+"/java/orderpay/callback/paypal", "application/json", approved, h); code != 200 {
				t.Fatalf("approved: %d", code)
			}
		}
		if captures.Load() != 1 {
			t.Fatalf("%d captures, want 1 (the duplicate approval must not capture again)", captures.Load())
		}
		done := fmt.Sprintf(`{"id":"WH-2","event_type":"PAYMENT.CAPTURE.COMPLETED","resource":{"id":"CAP","custom_id":%q,"amount":{"currency_code":"USD","value":"1.43"}}}`, o.OrderNo)
		h["PAYPAL-TRANSMISSION-SIG"] = "forged"
		if code, _ := postRaw(t, e.url+"/java/orderpay/callback/paypal", "application/json", done, h); code != 400 {
			t.Fatalf("forged: %d", code)
		}
		h["PAYPAL-TRANSMISSION-SIG"] = "genuine"
		if code, _ := postRaw(t, e.url+"/java/orderpay/callback/paypal", "application/json", done, h); code != 200 {
			t.Fatalf("completed: %d", code)
		}
		if b := e.balances(2); b.Coins != 100 {
			t.Fatalf("coins %d", b.Coins)
		}
	})

	t.Run("usdt confirmations", func(t *testing.T) {
		o := e.createOrder(3, "diamond", 0, 700, "usdt", "u")
		if o.Amount != "100.00" || !strings.Contains(o.QRCode, "TADDR") {
			t.Fatalf("order %+v", o)
		}
		for _, confs := range []int{1, 5, 19, 25, 19} {
			body, _ := json.Marshal(payment.USDTCallback{OrderNo: o.OrderNo, TxHash: "0xfeed", AmountMinor: 10000, Confirmations: confs})
			ts, sig := payment.USDTSignature(usdtSecret, time.Now(), body)
			if code, _ := postRaw(t, e.url+"/java/orderpay/callback/usdt", "application/json", string(body), map[string]string{"X-USDT-Timestamp": ts, "X-USDT-Signature": sig}); code != 200 {
				t.Fatalf("%d confirmations: %d", confs, code)
			}
			want := int64(0)
			if confs >= 19 {
				want = 700
			}
			if b := e.balances(3); b.Diamonds != want {
				t.Fatalf("after %d confirmations: %d diamonds, want %d", confs, b.Diamonds, want)
			}
		}
	})
	e.verify()
}
