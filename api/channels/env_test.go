package channels_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"courtside/api"
	"courtside/api/account"
	"courtside/api/account/mail"
	"courtside/api/apitest"
	"courtside/api/channels"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// clock is the injected clock; tests move it.
type clock = apitest.Clock

// hook is the engine's account.Channels adapter.
type hook struct{ svc *channels.Service }

func (h hook) Registered(ctx context.Context, uid int64, code, from, ip, ua string) error {
	return h.svc.Registered(ctx, uid, code, from, channels.Visitor{IP: ip, UserAgent: ua})
}

type env struct {
	t        testing.TB
	pool     *pgxpool.Pool
	accounts *account.Service
	svc      *channels.Service
	ledger   *postgres.Ledger
	sink     *mail.DevSink
	clock    *clock
	url      string
	keys     atomic.Int64
}

var start = time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)

func newEnv(t testing.TB, cfg channels.Config) *env {
	t.Helper()
	pool := pgtest.NewPool(t)
	e := &env{t: t, pool: pool, ledger: postgres.NewLedger(pool), clock: apitest.NewClock(start), sink: mail.NewDevSink()}
	cfg.Now, cfg.Secret = e.clock.Now, []byte("test")
	svc, err := channels.New(cfg, channels.Deps{Pool: pool})
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
	acc, err := account.New(account.Config{Now: e.clock.Now, Secret: "s", Argon2MemoryK: 1024, Argon2Time: 1, AvatarDir: t.TempDir()},
		account.Deps{Pool: pool, Mail: e.sink, SMS: e.sink, Channels: hook{svc}})
	if err != nil {
		t.Fatal(err)
	}
	e.accounts = acc
	srv := api.New(api.Config{TrustedProxies: []string{"127.0.0.1/32", "::1/128"}})
	acc.Routes(srv)
	svc.Routes(srv, acc, acc)
	e.url = apitest.Serve(t, srv)
	return e
}

// req sends a call from ip with user agent ua (token may be empty).
func (e *env) req(method, path string, body any, token, ip, ua string) apitest.Response {
	e.t.Helper()
	h := http.Header{"sysType": {"PC"}, "lan": {"en_US"}, "X-Forwarded-For": {ip}, "User-Agent": {ua}}
	if token != "" {
		h.Set("token", token)
	}
	s := ""
	if body != nil {
		b, _ := json.Marshal(body)
		s = string(b)
	}
	return apitest.Do(e.t, e.url, method, "/java"+path, s, h)
}

func (e *env) call(method, path string, body any, token string) apitest.Response {
	return e.req(method, path, body, token, "10.0.0.1", "test")
}

type login struct {
	UID   string `json:"uid"`
	Token string `json:"token"`
}

// signUp registers email through the code sign-in, with the channel code (may be empty), from ip.
func (e *env) signUp(email, code, ip string) login {
	e.t.Helper()
	apitest.Result(e.t, e.req("POST", "/login/V2/sendEmailcheckCode", map[string]any{"mobileOrEmail": email}, "", ip, "phone"), nil)
	c, found := e.sink.LastCode(email)
	if !found {
		e.t.Fatal("no code")
	}
	var l login
	apitest.Result(e.t, e.req("POST", "/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": email, "checkCode": c, "type": 3,
		"promotionChannelId": code, "channelFromtype": "register"}, "", ip, "phone"), &l)
	return l
}

func (e *env) uid(l login) int64 {
	id, ok := api.ParseUserID(l.UID)
	if !ok {
		e.t.Fatalf("uid %q", l.UID)
	}
	return id
}

// partner registers a user and makes them a channel partner.
func (e *env) partner(email string) login {
	e.t.Helper()
	l := e.signUp(email, "", "10.9.9.9")
	if err := e.accounts.GrantRole(context.Background(), e.uid(l), account.RoleChannel, time.Time{}, "test"); err != nil {
		e.t.Fatal(err)
	}
	return l
}

type channelOut struct {
	ID   int64  `json:"id"`
	Code string `json:"code"`
	Name string `json:"name"`
	Type string `json:"type"`
	Link string `json:"link"`
}

func (e *env) addChannel(token, name, kind string) channelOut {
	e.t.Helper()
	var c channelOut
	apitest.Result(e.t, e.call("POST", "/promotion/channel/save", map[string]any{"name": name, "source": "forum", "type": kind}, token), &c)
	return c
}

// spend posts a coin movement of uid through the ledger: funds first, then a debit of type typ.
func (e *env) spend(uid, coins int64, typ postgres.TxnType) {
	e.t.Helper()
	ctx := context.Background()
	k := e.keys.Add(1)
	if _, err := e.ledger.Post(ctx, postgres.Posting{Key: fmt.Sprintf("fund:%d", k), Type: postgres.TxnAdjustment, UserID: uid, At: e.clock.Now(),
		Entries: []postgres.Entry{{Account: postgres.SystemAccount(postgres.KindPromotions, postgres.Coin), Amount: -coins},
			{Account: postgres.UserWallet(uid, postgres.Coin), Amount: coins}}}); err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.ledger.Post(ctx, postgres.Posting{Key: fmt.Sprintf("spend:%d", k), Type: typ, UserID: uid, At: e.clock.Now(),
		Entries: []postgres.Entry{{Account: postgres.UserWallet(uid, postgres.Coin), Amount: -coins},
			{Account: postgres.SystemAccount(postgres.KindPlatform, postgres.Coin), Amount: coins}}}); err != nil {
		e.t.Fatal(err)
	}
}

func codeOf(link string) string { return link[strings.Index(link, "c=")+2:] }
