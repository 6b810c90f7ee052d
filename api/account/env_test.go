package account_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"courtside/api"
	"courtside/api/account"
	"courtside/api/account/mail"
	"courtside/api/apitest"
	"courtside/storage/postgres/pgtest"
)

// clock is the injected clock; tests move it.
type clock = apitest.Clock

// tableWelcome is the test's WelcomeBonus: one row per grant in a test-only table, inside the
// registration transaction, so a rollback takes the row with it.
type tableWelcome struct{ fail bool }

func (w tableWelcome) GrantWelcome(ctx context.Context, tx pgx.Tx, userID int64) error {
	if w.fail {
		return errWelcome
	}
	_, err := tx.Exec(ctx, `INSERT INTO test_welcome (user_id, coins) VALUES ($1, 200)`, userID)
	return err
}

type welcomeErr struct{}

func (welcomeErr) Error() string { return "welcome refused" }

var errWelcome = welcomeErr{}

type env struct {
	t     testing.TB
	pool  *pgxpool.Pool
	svc   *account.Service
	sink  *mail.DevSink
	clock *clock
	url   string
}

func newEnv(t testing.TB, tweak ...func(*account.Config, *account.Deps)) *env {
	t.Helper()
	pool := pgtest.NewPool(t)
	if _, err := pool.Exec(context.Background(), `CREATE TABLE test_welcome (user_id bigint NOT NULL, coins bigint NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	clk := apitest.NewClock(time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	sink := mail.NewDevSink()
	cfg := account.Config{Now: clk.Now, Secret: "test-secret", Argon2MemoryK: 1024, Argon2Time: 1, AvatarDir: t.TempDir()}
	deps := account.Deps{Pool: pool, Mail: sink, SMS: sink, Welcome: tableWelcome{}}
	for _, f := range tweak {
		f(&cfg, &deps)
	}
	svc, err := account.New(cfg, deps)
	if err != nil {
		t.Fatal(err)
	}
	srv := api.New(api.Config{MaxBodyBytes: 8 << 20, TrustedProxies: []string{"127.0.0.1/32", "::1/128"}})
	svc.Routes(srv)
	srv.Handle("GET /dev/codes", account.DevCodes(sink))
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	return &env{t: t, pool: pool, svc: svc, sink: sink, clock: clk, url: hs.URL}
}

// hdr builds request headers: token, language, and a client IP (X-Forwarded-For, trusted).
func hdr(token, lang, ip string) http.Header {
	h := http.Header{"sysType": {"PC"}}
	if token != "" {
		h.Set("token", token)
	}
	if lang == "" {
		lang = "en_US"
	}
	h.Set("lan", lang)
	if ip != "" {
		h.Set("X-Forwarded-For", ip)
	}
	return h
}

func (e *env) do(method, path string, body any, h http.Header) apitest.Response {
	e.t.Helper()
	s := ""
	if body != nil {
		if str, ok := body.(string); ok {
			s = str
		} else {
			b, _ := json.Marshal(body)
			s = string(b)
		}
	}
	if h == nil {
		h = hdr("", "", "")
	}
	return apitest.Do(e.t, e.url, method, "/java"+path, s, h)
}

func (e *env) post(path string, body any, token string) apitest.Response {
	return e.do("POST", path, body, hdr(token, "", ""))
}

func (e *env) get(path, token string) apitest.Response {
	return e.do("GET", path, nil, hdr(token, "", ""))
}

// sendCode asks for a code to dest (an e-mail or a CN mobile) and returns it from the sink.
func (e *env) sendCode(dest string) string {
	e.t.Helper()
	var r apitest.Response
	key := dest
	if strings.Contains(dest, "@") {
		r = e.post("/login/V2/sendEmailcheckCode", map[string]any{"mobileOrEmail": dest}, "")
		key = strings.ToLower(dest)
	} else {
		r = e.post("/login/V2/sendMobilecheckCode", map[string]any{"areaCode": "86", "mobileOrEmail": dest}, "")
		key = "+86" + dest
	}
	apitest.Result(e.t, r, nil)
	code, found := e.sink.LastCode(key)
	if !found {
		e.t.Fatalf("no code in the sink for %s", key)
	}
	return code
}

type loginResult struct {
	UID     string `json:"uid"`
	Token   string `json:"token"`
	NewUser bool   `json:"newUser"`
	User    struct {
		UserID      string   `json:"userId"`
		Name        string   `json:"name"`
		Username    string   `json:"username"`
		Email       string   `json:"email"`
		Phone       string   `json:"phone"`
		Level       int      `json:"level"`
		Experience  int64    `json:"experience"`
		Roles       []string `json:"roles"`
		Private     bool     `json:"private"`
		Signature   string   `json:"signature"`
		Avatar      string   `json:"avatar"`
		NewUser     bool     `json:"newUser"`
		HasPassword bool     `json:"hasPassword"`
		Follows     int64    `json:"follows"`
		Fans        int64    `json:"fans"`
		Following   bool     `json:"following"`
	} `json:"user"`
}

// register creates an account through the API: code sign-up, then the new-user step.
func (e *env) register(email, username, password string) loginResult {
	e.t.Helper()
	code := e.sendCode(email)
	var lr loginResult
	apitest.Result(e.t, e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": email, "checkCode": code, "type": 3}, ""), &lr)
	if !lr.NewUser || lr.Token == "" {
		e.t.Fatalf("registration answer: %+v", lr)
	}
	apitest.Result(e.t, e.post("/user/V2/modifyUser", map[string]any{"uname": username, "password": password}, lr.Token), nil)
	e.clock.Add(61 * time.Second) // past the resend rule for whatever the test does next
	return lr
}

func (e *env) login(name, password string) (loginResult, apitest.Response) {
	e.t.Helper()
	var lr loginResult
	r := e.post("/login/V2/mobileOrNameToLogin", map[string]any{"name": name, "password": password}, "")
	if r.Env.Status == api.StatusSuccess {
		apitest.Result(e.t, r, &lr)
	}
	return lr, r
}

func (e *env) welcomes(uid string) int {
	e.t.Helper()
	id, _ := api.ParseUserID(uid)
	var n int
	if err := e.pool.QueryRow(context.Background(), `SELECT count(*) FROM test_welcome WHERE user_id=$1`, id).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// makeAdmin grants the admin role directly.
func (e *env) makeAdmin(uid string) {
	e.t.Helper()
	id, _ := api.ParseUserID(uid)
	if err := e.svc.GrantRole(context.Background(), id, account.RoleAdmin, time.Time{}, "test"); err != nil {
		e.t.Fatal(err)
	}
}
