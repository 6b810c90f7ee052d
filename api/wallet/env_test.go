package wallet_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"courtside/api"
	"courtside/api/apitest"
	"courtside/api/errcode"
	"courtside/api/wallet"
	"courtside/api/wallet/payment"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

type adminSet map[int64]bool

func (a adminSet) IsAdmin(_ context.Context, uid int64) (bool, error) { return a[uid], nil }

const adminID = 900

type env struct {
	t    testing.TB
	pool *pgxpool.Pool
	svc  *wallet.Service
	url  string
	now  func() time.Time // the wallet's clock
}

// testNow is the wallet's clock in tests that do not bring their own.
var testNow = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

// ticking is a clock that moves a millisecond every time it is read from start, for the tests that
// wait for the wallet's time to pass.
func ticking(start time.Time) func() time.Time {
	var n atomic.Int64
	return func() time.Time { return start.Add(time.Duration(n.Add(1)) * time.Millisecond) }
}

func newEnv(t testing.TB, cfg wallet.Config, providers ...payment.Provider) *env {
	t.Helper()
	pool := pgtest.NewPool(t)
	if cfg.DevSecret == "" {
		cfg.DevSecret = "dev-secret-for-tests"
	}
	if cfg.Now == nil {
		cfg.Now = func() time.Time { return testNow }
	}
	svc, err := wallet.New(cfg, wallet.Deps{Pool: pool, Roles: adminSet{adminID: true}, Providers: providers})
	if err != nil {
		t.Fatal(err)
	}
	return &env{t: t, pool: pool, svc: svc, url: apitest.ServeArea(t, api.Config{}, svc), now: cfg.Now}
}

func tok(uid int64) string {
	if uid == 0 {
		return ""
	}
	return fmt.Sprintf("u%d", uid)
}

func (e *env) do(method, path, body string, uid int64) apitest.Response {
	e.t.Helper()
	h := http.Header{"sysType": {"PC"}, "lan": {"en_US"}}
	if uid != 0 {
		h.Set("token", tok(uid))
	}
	return apitest.Do(e.t, e.url, method, path, body, h)
}

// ok decodes a success envelope's result into v (may be nil).
func (e *env) ok(r apitest.Response, v any) {
	e.t.Helper()
	if r.Env.Status != api.StatusSuccess {
		e.t.Fatalf("want success, got %d %s", r.Status, r.Body)
	}
	if v != nil {
		if err := json.Unmarshal(r.Env.Result, v); err != nil {
			e.t.Fatalf("result: %v\n%s", err, r.Body)
		}
	}
}

func (e *env) welcome(uid int64) {
	e.t.Helper()
	err := postgres.InTx(context.Background(), e.pool, func(tx pgx.Tx) error { return wallet.GrantWelcome(context.Background(), tx, uid) })
	if err != nil {
		e.t.Fatal(err)
	}
}

type orderView struct {
	OrderNo   string `json:"orderNo"`
	Product   string `json:"product"`
	Quantity  int64  `json:"quantity"`
	Money     string `json:"money"`
	PayType   string `json:"payType"`
	Currency  string `json:"currency"`
	Amount    string `json:"amount"`
	State     string `json:"state"`
	PayURL    string `json:"payUrl"`
	QRCode    string `json:"qrCode"`
	EventsURL string `json:"eventsUrl"`
}

func (e *env) createOrder(uid int64, product string, preset int, amount int64, payType, key string) orderView {
	e.t.Helper()
	var o orderView
	e.ok(e.do("POST", "/java/orderpay/payByAlipay", fmt.Sprintf(`{"product":%q,"id":%d,"amount":%d,"payType":%q,"clientKey":%q}`,
		product, preset, amount, payType, key), uid), &o)
	return o
}

// devCallback posts a dev-provider callback signed with the test secret and returns the HTTP status.
func (e *env) devCallback(cb payment.DevCallback) int {
	e.t.Helper()
	body, sig := e.svc.Dev().SignedCallback(cb)
	req, _ := http.NewRequest("POST", e.url+"/java/orderpay/callback/dev", bytes.NewReader(body))
	req.Header.Set(payment.DevSignatureHeader, sig)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func (e *env) pay(o orderView) {
	e.t.Helper()
	minor, _ := payment.ParseDecimal(o.Amount)
	if st := e.devCallback(payment.DevCallback{EventID: "paid-" + o.OrderNo, OrderNo: o.OrderNo, State: payment.Paid, Currency: o.Currency, AmountMinor: minor}); st != 200 {
		e.t.Fatalf("paid callback answered %d", st)
	}
}

func (e *env) balances(uid int64) postgres.WalletBalances {
	e.t.Helper()
	b, err := e.svc.Wallets(context.Background(), uid)
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

func (e *env) verify() {
	e.t.Helper()
	d, err := e.svc.Store().Ledger().Verify(context.Background())
	if err != nil || len(d) != 0 {
		e.t.Fatalf("ledger does not verify: %+v %v", d, err)
	}
}

// apitestDo sends a request with headers h and returns the envelope's errorCode.
func apitestDo(t testing.TB, e *env, method, path string, h http.Header) errcode.Code {
	t.Helper()
	return apitest.Do(t, e.url, method, path, "", h).Env.ErrorCode
}
