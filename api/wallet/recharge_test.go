package wallet_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"courtside/api/errcode"
	"courtside/api/wallet"
	"courtside/api/wallet/payment"
	"courtside/storage/postgres"
)

func TestDevRechargeEndToEnd(t *testing.T) {
	e := newEnv(t, wallet.Config{})
	e.welcome(1)
	o := e.createOrder(1, "coin", 1, 0, "dev", "k1")
	if o.State != "pending" || o.Quantity != 100 || o.Money != "10.00" || o.Currency != "CNY" || !strings.HasPrefix(o.PayURL, "/java/orderpay/dev/pay?order="+o.OrderNo) {
		t.Fatalf("order = %+v", o)
	}
	// The pay page a person clicks through under `make run`.
	resp, err := http.Get(e.url + o.PayURL)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	_, paidSig := e.svc.Dev().SignedCallback(payment.DevCallback{EventID: "dev-paid-" + o.OrderNo, OrderNo: o.OrderNo, State: payment.Paid, Currency: "CNY", AmountMinor: 1000})
	for _, want := range []string{o.OrderNo, `id="pay"`, "10.00 CNY", paidSig, "/java/orderpay/callback/dev"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Fatalf("pay page lacks %q:\n%s", want, page)
		}
	}
	if again := e.createOrder(1, "coin", 1, 0, "dev", "k1"); again.OrderNo != o.OrderNo {
		t.Fatalf("same client key opened order %s, first was %s", again.OrderNo, o.OrderNo)
	}
	if other := e.createOrder(1, "coin", 1, 0, "dev", "k2"); other.OrderNo == o.OrderNo {
		t.Fatal("a new client key reused the order")
	}
	e.pay(o)
	e.pay(o)
	if b := e.balances(1); b.Coins != 300 {
		t.Fatalf("coins = %d, want 200 welcome + 100 recharged", b.Coins)
	}
	var st orderView
	e.ok(e.do("GET", "/java/orderpay/order/"+o.OrderNo, "", 1), &st)
	if st.State != "paid" {
		t.Fatalf("order state %s", st.State)
	}
	e.verify()
}

func TestCallbackSequences(t *testing.T) {
	e := newEnv(t, wallet.Config{})
	tests := []struct {
		name      string
		events    []payment.State
		ids       []string // event ids; "" = a fresh one
		wantState string
		wantCoins int64
	}{
		{"duplicate paid credits once", []payment.State{payment.Paid, payment.Paid, payment.Paid}, []string{"a", "a", ""}, "paid", 100},
		{"late pending after paid changes nothing", []payment.State{payment.Paid, payment.Pending}, nil, "paid", 100},
		{"pending then failed", []payment.State{payment.Pending, payment.Failed}, nil, "failed", 0},
		{"paid after failed still credits: the money was taken", []payment.State{payment.Failed, payment.Paid}, nil, "paid", 100},
		{"failed after paid changes nothing", []payment.State{payment.Paid, payment.Failed}, nil, "paid", 100},
		{"paid after expired credits", []payment.State{payment.Expired, payment.Paid}, nil, "paid", 100},
		{"refund takes the credit back", []payment.State{payment.Paid, payment.Refunded, payment.Refunded}, nil, "refunded", 0},
		{"refund before payment changes nothing", []payment.State{payment.Refunded, payment.Pending}, nil, "pending", 0},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			uid := int64(100 + i)
			o := e.createOrder(uid, "coin", 1, 0, "dev", "k")
			for j, st := range tc.events {
				id := fmt.Sprintf("ev-%d", j)
				if tc.ids != nil && tc.ids[j] != "" {
					id = tc.ids[j]
				}
				if code := e.devCallback(payment.DevCallback{EventID: id, OrderNo: o.OrderNo, State: st, Currency: "CNY", AmountMinor: 1000}); code != 200 {
					t.Fatalf("callback %d answered %d", j, code)
				}
			}
			var got orderView
			e.ok(e.do("GET", "/java/orderpay/order/"+o.OrderNo, "", uid), &got)
			if got.State != tc.wantState || e.balances(uid).Coins != tc.wantCoins {
				t.Fatalf("state %s with %d coins, want %s with %d", got.State, e.balances(uid).Coins, tc.wantState, tc.wantCoins)
			}
		})
	}
	e.verify()
}

func TestForgedAndWrongCallbacksMoveNothing(t *testing.T) {
	e := newEnv(t, wallet.Config{})
	o := e.createOrder(1, "diamond", 0, 500, "dev", "k")
	body, _ := e.svc.Dev().SignedCallback(payment.DevCallback{EventID: "x", OrderNo: o.OrderNo, State: payment.Paid, Currency: "CNY", AmountMinor: 50000})
	forged := payment.NewDev(payment.DevConfig{Secret: []byte("not the secret")}).Sign(body)
	tests := []struct {
		name string
		body []byte
		sig  string
	}{
		{"no signature", body, ""},
		{"signed with another secret", body, forged},
		{"body changed after signing", bytes.Replace(body, []byte("50000"), []byte("50001"), 1), e.svc.Dev().Sign(body)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest("POST", e.url+"/java/orderpay/callback/dev", bytes.NewReader(tc.body))
			req.Header.Set(payment.DevSignatureHeader, tc.sig)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != 400 {
				t.Fatalf("status %d, want 400", resp.StatusCode)
			}
		})
	}
	t.Run("correctly signed but the wrong amount", func(t *testing.T) {
		if code := e.devCallback(payment.DevCallback{EventID: "y", OrderNo: o.OrderNo, State: payment.Paid, Currency: "CNY", AmountMinor: 1}); code != 400 {
			t.Fatalf("status %d, want 400", code)
		}
	})
	t.Run("correctly signed but the wrong currency", func(t *testing.T) {
		if code := e.devCallback(payment.DevCallback{EventID: "z", OrderNo: o.OrderNo, State: payment.Paid, Currency: "USD", AmountMinor: 50000}); code != 400 {
			t.Fatalf("status %d, want 400", code)
		}
	})
	if b := e.balances(1); b.Diamonds != 0 {
		t.Fatalf("diamonds = %d after refused callbacks", b.Diamonds)
	}
	e.pay(o)
	if b := e.balances(1); b.Diamonds != 500 {
		t.Fatalf("diamonds = %d, want 500 after the real payment", b.Diamonds)
	}
}

func TestRechargeValidation(t *testing.T) {
	e := newEnv(t, wallet.Config{})
	tests := []struct {
		name     string
		body     string
		wantCode errcode.Code
		wantMsg  string
	}{
		{"custom diamonds over 99999", `{"product":"diamond","amount":100000,"payType":"dev","clientKey":"a"}`, 1001, "Out of recharge range (maximum 99999)"},
		{"custom coins", `{"product":"coin","amount":100,"payType":"dev","clientKey":"b"}`, 1001, "Out of recharge range (maximum 99999)"},
		{"unknown method", `{"product":"coin","id":1,"payType":"bank","clientKey":"c"}`, errcode.RechargeFailed, "Recharge failed"},
		{"no client key", `{"product":"coin","id":1,"payType":"dev"}`, 1000, "Format error"},
		{"unknown product", `{"product":"gem","id":1,"payType":"dev","clientKey":"d"}`, 1000, "Format error"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := e.do("POST", "/java/orderpay/payByAlipay", tc.body, 1)
			if r.Env.ErrorCode != tc.wantCode || r.Env.ErrorMsg != tc.wantMsg {
				t.Fatalf("%d %q, want %d %q", r.Env.ErrorCode, r.Env.ErrorMsg, tc.wantCode, tc.wantMsg)
			}
		})
	}
	var q wallet.Quote
	e.ok(e.do("GET", "/java/orderpay/getPayMoney?product=diamond&amount=99999&payType=dev", "", 0), &q)
	if q.AmountMinor != 9999900 || q.Amount != "99999.00" {
		t.Fatalf("quote %+v", q)
	}
}

func TestPayWsStreamsTheResult(t *testing.T) {
	e := newEnv(t, wallet.Config{EventsRecheck: time.Hour}) // only the hub can deliver in time
	o := e.createOrder(1, "coin", 2, 0, "dev", "k")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", e.url+o.EventsURL, nil)
	req.Header.Set("token", "u1")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	sc := bufio.NewScanner(resp.Body)
	var states []string
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "data: ") {
			continue
		}
		switch {
		case strings.Contains(line, `"state":"pending"`):
			states = append(states, "pending")
			go e.pay(o)
		case strings.Contains(line, `"state":"paid"`):
			states = append(states, "paid")
		}
	}
	if strings.Join(states, ",") != "pending,paid" {
		t.Fatalf("stream said %v (err %v), want pending then paid and the end", states, sc.Err())
	}
}

func TestPayWsRefusesOthers(t *testing.T) {
	e := newEnv(t, wallet.Config{})
	o := e.createOrder(1, "coin", 1, 0, "dev", "k")
	for _, tc := range []struct {
		uid    int64
		status int
	}{{0, 401}, {2, 404}} {
		r := e.do("GET", o.EventsURL, "", tc.uid)
		if r.Status != tc.status {
			t.Fatalf("user %d: status %d, want %d", tc.uid, r.Status, tc.status)
		}
	}
}

func TestExpiredOrderStillCreditsALatePayment(t *testing.T) {
	e := newEnv(t, wallet.Config{OrderTTL: time.Millisecond})
	o := e.createOrder(1, "coin", 1, 0, "dev", "k")
	deadline := time.Now().Add(5 * time.Second)
	for {
		nos, err := e.svc.Store().ExpireOrders(context.Background(), e.now().Add(time.Second))
		if err != nil {
			t.Fatal(err)
		}
		if len(nos) == 1 && nos[0] == o.OrderNo {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("order never expired")
		}
	}
	e.pay(o)
	if b := e.balances(1); b.Coins != 100 {
		t.Fatalf("coins %d, want 100", b.Coins)
	}
}

func TestAdminRefundOfSpentCoinsBooksTheShortfall(t *testing.T) {
	e := newEnv(t, wallet.Config{})
	o := e.createOrder(1, "coin", 2, 0, "dev", "k") // 2000 coins
	e.pay(o)
	if _, err := e.svc.SendGift(context.Background(), wallet.GiftRequest{From: 1, StreamerID: 2, Room: "r", GiftID: 8, Count: 3, IdempotencyKey: "g"}); err != nil {
		t.Fatal(err) // 3 x 520 = 1560 spent
	}
	r := e.do("POST", "/java/orderpay/refund", fmt.Sprintf(`{"orderNo":%q}`, o.OrderNo), adminID)
	e.ok(r, nil)
	if b := e.balances(1); b.Coins != 0 {
		t.Fatalf("coins after refund %d, want 0", b.Coins)
	}
	loss, _ := e.svc.Store().Ledger().Balance(context.Background(), postgres.SystemAccount(postgres.KindRefunds, postgres.Coin))
	if loss != -1560 {
		t.Fatalf("refunds account %d, want -1560 (what was already spent)", loss)
	}
	e.verify()
}

// A card payment through the real adapter: checkout at a Stripe stand-in, signed webhook back.
func TestCardRechargeSettlesInUSD(t *testing.T) {
	stripe := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		if r.URL.Path != "/v1/checkout/sessions" || r.Header.Get("Authorization") != "Bearer sk_test" ||
			r.PostForm.Get("line_items[0][price_data][unit_amount]") != "143" || r.PostForm.Get("line_items[0][price_data][currency]") != "usd" {
			http.Error(w, `{"error":{"message":"bad request"}}`, 400)
			return
		}
		fmt.Fprintf(w, `{"id":"cs_1","url":"https://checkout.example/cs_1"}`)
	}))
	defer stripe.Close()
	secret := []byte("whsec")
	card := payment.NewCard(payment.CardConfig{SecretKey: "sk_test", WebhookSecret: secret, API: stripe.URL})
	e := newEnv(t, wallet.Config{}, card)
	o := e.createOrder(1, "coin", 1, 0, "card", "k")
	if o.Currency != "USD" || o.Amount != "1.43" || o.PayURL != "https://checkout.example/cs_1" {
		t.Fatalf("order %+v", o)
	}
	body := fmt.Sprintf(`{"id":"evt_1","type":"checkout.session.completed","data":{"object":{"id":"cs_1","client_reference_id":%q,"payment_status":"paid","amount_total":143,"currency":"usd"}}}`, o.OrderNo)
	for range 2 {
		req, _ := http.NewRequest("POST", e.url+"/java/orderpay/callback/card", strings.NewReader(body))
		req.Header.Set("Stripe-Signature", payment.CardSignature(secret, time.Now(), []byte(body)))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("webhook answered %d", resp.StatusCode)
		}
	}
	if b := e.balances(1); b.Coins != 100 {
		t.Fatalf("coins %d, want 100", b.Coins)
	}
	usd, _ := e.svc.Store().Ledger().Balance(context.Background(), postgres.SystemAccount(postgres.KindPlatform, postgres.USD))
	if usd != 143 {
		t.Fatalf("platform USD %d cents, want 143", usd)
	}
	var types struct {
		List []wallet.PayType `json:"list"`
	}
	e.ok(e.do("GET", "/java/orderpay/getPayType", "", 0), &types)
	if len(types.List) != 2 || types.List[0].Type != "card" || types.List[0].Currency != "USD" || types.List[1].Type != "dev" {
		t.Fatalf("pay types %+v", types.List)
	}
	_ = url.Values{}
}

func TestRunExpiresUnpaidOrdersAndTellsPayWs(t *testing.T) {
	e := newEnv(t, wallet.Config{OrderTTL: time.Millisecond, SweepEvery: 10 * time.Millisecond, EventsRecheck: time.Hour, Now: ticking(testNow)})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	o := e.createOrder(1, "coin", 1, 0, "dev", "k")
	req, _ := http.NewRequestWithContext(ctx, "GET", e.url+o.EventsURL, nil)
	req.Header.Set("token", "u1")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	done := make(chan error, 1)
	go func() { done <- e.svc.Run(ctx) }()
	sc := bufio.NewScanner(resp.Body)
	var last string
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "data: ") {
			last = sc.Text()
		}
	}
	if !strings.Contains(last, `"state":"expired"`) {
		t.Fatalf("last event %q, want the order expired", last)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
