package api_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	jsoniter "github.com/json-iterator/go"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"courtside/api"
	"courtside/api/apitest"
	"courtside/api/errcode"
)

// newTestServer starts a real HTTP server over a Server with the test routes below and
// returns its URL and the observed logs.
func newTestServer(t *testing.T, cfg api.Config) (string, *observer.ObservedLogs, *api.Server) {
	t.Helper()
	core, logs := observer.New(zapcore.DebugLevel)
	cfg.Logger = zap.New(core)
	if cfg.SiteDir == "" {
		cfg.SiteDir = t.TempDir() // no index.html: the "not built" page
	}
	s := api.New(cfg)
	s.Handle("GET /ok", func(r *api.Request) (any, error) {
		return map[string]any{"a": 1, "q": r.Query("q")}, nil
	})
	s.Handle("GET /nil", func(r *api.Request) (any, error) { return nil, nil })
	s.Handle("GET /apierr", func(r *api.Request) (any, error) {
		return nil, api.BadRequest("validation.mobileEmpty")
	})
	s.Handle("GET /wrapped", func(r *api.Request) (any, error) {
		return nil, fmt.Errorf("loading room: %w", api.NotFound("room.notFound"))
	})
	s.Handle("GET /session", func(r *api.Request) (any, error) { return nil, api.ErrSessionRevoked })
	s.Handle("GET /plain", func(r *api.Request) (any, error) {
		return nil, errors.New("pq: password authentication failed for user secret_db_user")
	})
	s.Handle("GET /internal", func(r *api.Request) (any, error) {
		return nil, api.Internal(errors.New("ledger out of balance: secret detail"))
	})
	s.Handle("GET /panic", func(r *api.Request) (any, error) {
		panic("secret panic value")
	})
	s.Handle("GET /unencodable", func(r *api.Request) (any, error) {
		return map[string]any{"ch": make(chan int)}, nil
	})
	s.Handle("POST /echo", func(r *api.Request) (any, error) {
		var in struct {
			Name  string `json:"name"`
			Count int    `json:"count"`
		}
		if err := r.Decode(&in); err != nil {
			return nil, err
		}
		return in, nil
	})
	s.Handle("GET /meta", func(r *api.Request) (any, error) {
		return map[string]string{
			"sysType": r.SysType, "token": r.Token, "lang": r.Lang, "ip": r.ClientIP.String(),
		}, nil
	})
	s.Handle("GET /user/{userId}/{type}", func(r *api.Request) (any, error) {
		return r.PathValue("userId") + "/" + r.PathValue("type"), nil
	})
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		srv.Close()
		s.Close()
	})
	return srv.URL, logs, s
}

func TestEnvelope(t *testing.T) {
	url, _, _ := newTestServer(t, api.Config{MaxBodyBytes: 64})
	en := http.Header{"Lan": {"en_US"}}
	tests := []struct {
		name       string
		method     string
		path       string
		body       string
		wantStatus int
		wantEnv    string       // "success" or "fail"
		wantCode   errcode.Code // errorCode
		wantMsg    string
		wantResult string // compact JSON; "" = don't check
	}{
		{"success with result", "GET", "/java/ok?q=x", "", 200, "success", 0, "", `{"a":1,"q":"x"}`},
		{"success ignores _t", "GET", "/java/ok?_t=1763800000000", "", 200, "success", 0, "", `{"a":1,"q":""}`},
		{"success with nil result", "GET", "/java/nil", "", 200, "success", 0, "", `null`},
		{"path wildcards", "GET", "/java/user/42/fans", "", 200, "success", 0, "", `"42/fans"`},
		{"api error", "GET", "/java/apierr", "", 400, "fail", errcode.BadRequest, "Phone number cannot be empty", `null`},
		{"wrapped api error", "GET", "/java/wrapped", "", 404, "fail", errcode.NotFound, "Streamer not found", ""},
		{"session error is 401", "GET", "/java/session", "", 401, "fail", errcode.SessionRevoked, "You have been logged out, please log in again", ""},
		{"plain error is 500", "GET", "/java/plain", "", 500, "fail", errcode.Server, "System exception, please try later", ""},
		{"internal error is 500", "GET", "/java/internal", "", 500, "fail", errcode.Server, "System exception, please try later", ""},
		{"panic is 500", "GET", "/java/panic", "", 500, "fail", errcode.Server, "System exception, please try later", ""},
		{"unencodable result is 500", "GET", "/java/unencodable", "", 500, "fail", errcode.Server, "System exception, please try later", ""},
		{"unknown route is 404", "GET", "/java/no/such/route", "", 404, "fail", errcode.NotFound, "Not found", ""},
		{"bare prefix is 404", "GET", "/java", "", 404, "fail", errcode.NotFound, "Not found", ""},
		{"wrong method is 405", "POST", "/java/ok", "{}", 405, "fail", errcode.MethodNotAllowed, "Method not allowed", ""},
		{"declared body too large is 413", "POST", "/java/echo", `{"name":"` + strings.Repeat("x", 100) + `"}`, 413, "fail", errcode.TooLarge, "Request too large", ""},
		{"malformed json is 400 format error", "POST", "/java/echo", `{"name":`, 400, "fail", errcode.Format, "Format error", ""},
		{"wrong type is format error", "POST", "/java/echo", `{"count":"three"}`, 400, "fail", errcode.Format, "Format error", ""},
		{"trailing data is format error", "POST", "/java/echo", `{"count":3} {}`, 400, "fail", errcode.Format, "Format error", ""},
		{"unknown fields tolerated", "POST", "/java/echo", `{"name":"a","extra":[1,2],"count":2}`, 200, "success", 0, "", `{"name":"a","count":2}`},
		{"empty body decodes to zero", "POST", "/java/echo", "", 200, "success", 0, "", `{"name":"","count":0}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := apitest.Do(t, url, tt.method, tt.path, tt.body, en)
			if resp.Status != tt.wantStatus {
				t.Fatalf("HTTP status %d, want %d; body %s", resp.Status, tt.wantStatus, resp.Body)
			}
			env := resp.Env
			if env.Status != tt.wantEnv || env.Code != tt.wantStatus || env.ErrorCode != tt.wantCode {
				t.Fatalf("envelope status=%q code=%d errorCode=%d, want %q %d %d; body %s",
					env.Status, env.Code, env.ErrorCode, tt.wantEnv, tt.wantStatus, tt.wantCode, resp.Body)
			}
			if env.ErrorMsg != tt.wantMsg || env.Msg != tt.wantMsg {
				t.Fatalf("errorMsg=%q msg=%q, want %q", env.ErrorMsg, env.Msg, tt.wantMsg)
			}
			// Every field of the contract is present, whatever the outcome.
			var raw map[string]json.RawMessage
			if err := json.Unmarshal(resp.Body, &raw); err != nil {
				t.Fatal(err)
			}
			if tt.wantResult != "" && string(raw["result"]) != tt.wantResult {
				t.Fatalf("result %s, want %s", raw["result"], tt.wantResult)
			}
			for _, f := range []string{"status", "result", "errorCode", "errorMsg", "msg", "code"} {
				if _, ok := raw[f]; !ok {
					t.Errorf("field %q missing from %s", f, resp.Body)
				}
			}
			if len(raw) != 6 {
				t.Errorf("envelope has %d fields, want 6: %s", len(raw), resp.Body)
			}
		})
	}
}

func TestFailureNeverLeaksInternals(t *testing.T) {
	url, logs, _ := newTestServer(t, api.Config{})
	for _, path := range []string{"/java/plain", "/java/internal", "/java/panic"} {
		resp := apitest.Do(t, url, "GET", path, "", nil)
		body := string(resp.Body)
		for _, leak := range []string{"secret", "goroutine", ".go:", "panic"} {
			if strings.Contains(body, leak) {
				t.Errorf("%s: body contains %q: %s", path, leak, body)
			}
		}
	}
	if n := logs.FilterMessage("api: handler failed").FilterField(zap.String("path", "/java/plain")).Len(); n != 1 {
		t.Errorf("plain error logged %d times, want 1", n)
	}
	if n := logs.FilterMessage("api: handler failed").FilterField(zap.String("path", "/java/internal")).Len(); n != 1 {
		t.Errorf("internal error logged %d times, want 1", n)
	}
	panics := logs.FilterMessage("api: panic in handler").All()
	if len(panics) != 1 {
		t.Fatalf("panic logged %d times, want 1", len(panics))
	}
	p := panics[0]
	if p.Level != zapcore.ErrorLevel {
		t.Errorf("panic logged at %v, want error", p.Level)
	}
	fields := p.ContextMap()
	if fields["panic"] != "secret panic value" {
		t.Errorf("panic field = %v", fields["panic"])
	}
	if stack, _ := fields["stack"].(string); !strings.Contains(stack, "server_test.go") {
		t.Errorf("stack field does not point at the handler: %.200q", stack)
	}
}

func TestClientErrorsAreNotLoggedAsErrors(t *testing.T) {
	url, logs, _ := newTestServer(t, api.Config{})
	apitest.Do(t, url, "GET", "/java/apierr", "", nil)
	apitest.Do(t, url, "GET", "/java/missing", "", nil)
	if n := logs.FilterLevelExact(zapcore.ErrorLevel).Len(); n != 0 {
		t.Errorf("%d error lines for client errors: %v", n, logs.FilterLevelExact(zapcore.ErrorLevel).All())
	}
}

func TestAccessLog(t *testing.T) {
	url, logs, _ := newTestServer(t, api.Config{})
	apitest.Do(t, url, "GET", "/java/apierr?_t=1&phone=13800000000", "", http.Header{"Lan": {"de"}})
	entries := logs.FilterMessage("api: request").All()
	if len(entries) != 1 {
		t.Fatalf("%d access log lines, want 1", len(entries))
	}
	e := entries[0]
	f := e.ContextMap()
	if e.Level != zapcore.DebugLevel {
		t.Errorf("access log at %v, want debug", e.Level)
	}
	if f["path"] != "/java/apierr" || f["status"] != int64(400) || f["errorCode"] != int64(errcode.BadRequest) || f["lang"] != "de" {
		t.Errorf("access log fields %v", f)
	}
}

func TestMethodNotAllowedKeepsAllow(t *testing.T) {
	url, _, _ := newTestServer(t, api.Config{})
	resp := apitest.Do(t, url, "DELETE", "/java/echo", "", nil)
	if resp.Status != 405 || resp.Header.Get("Allow") != "POST" {
		t.Fatalf("status %d Allow %q, want 405 POST", resp.Status, resp.Header.Get("Allow"))
	}
}

// A body of unknown length is cut off while it is read, and Decode answers 413.
func TestChunkedBodyOverLimit(t *testing.T) {
	url, _, _ := newTestServer(t, api.Config{MaxBodyBytes: 32})
	pr, pw := io.Pipe()
	go func() {
		_, _ = pw.Write([]byte(`{"name":"` + strings.Repeat("y", 200) + `"}`))
		pw.Close()
	}()
	req, _ := http.NewRequest("POST", url+"/java/echo", pr) // ContentLength -1: chunked
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var env api.RawEnvelope
	if err := jsoniter.NewDecoder(resp.Body).Decode(&env); err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 413 || env.ErrorCode != errcode.TooLarge {
		t.Fatalf("status %d errorCode %d, want 413 %d", resp.StatusCode, env.ErrorCode, errcode.TooLarge)
	}
}

func TestMiddlewareOrder(t *testing.T) {
	core, _ := observer.New(zapcore.InfoLevel)
	s := api.New(api.Config{Logger: zap.New(core), SiteDir: t.TempDir()})
	tag := func(name string) api.Middleware {
		return func(next api.HandlerFunc) api.HandlerFunc {
			return func(r *api.Request) (any, error) {
				res, err := next(r)
				return name + "(" + fmt.Sprint(res) + ")", err
			}
		}
	}
	type userKey struct{}
	requireToken := func(next api.HandlerFunc) api.HandlerFunc {
		return func(r *api.Request) (any, error) {
			if r.Token == "" {
				return nil, api.ErrAuthRequired
			}
			r.WithValue(userKey{}, "u-"+r.Token)
			return next(r)
		}
	}
	s.Use(tag("outer"))
	s.Handle("GET /me", func(r *api.Request) (any, error) {
		return r.Context().Value(userKey{}), nil
	}, tag("route"), requireToken)
	s.Use(tag("late")) // Use after Handle still applies
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	resp := apitest.Do(t, srv.URL, "GET", "/java/me", "", http.Header{"token": {"t1"}})
	if got := string(resp.Env.Result); got != `"outer(late(route(u-t1)))"` {
		t.Errorf("result %s", got)
	}
	resp = apitest.Do(t, srv.URL, "GET", "/java/me", "", http.Header{"Lan": {"fr"}})
	if resp.Status != 401 || resp.Env.ErrorCode != errcode.AuthRequired || resp.Env.ErrorMsg != "Veuillez d'abord vous connecter" {
		t.Errorf("no token: %d %s", resp.Status, resp.Body)
	}
}

func TestOuterMuxMountsBeforeHandler(t *testing.T) {
	core, _ := observer.New(zapcore.InfoLevel)
	s := api.New(api.Config{Logger: zap.New(core), SiteDir: t.TempDir()})
	outer := http.NewServeMux()
	outer.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") })
	outer.Handle("/", s.Handler())
	srv := httptest.NewServer(outer)
	defer srv.Close()
	if resp := apitest.Do(t, srv.URL, "GET", "/healthz", "", nil); string(resp.Body) != "ok" {
		t.Errorf("/healthz: %d %q", resp.Status, resp.Body)
	}
	if resp := apitest.Do(t, srv.URL, "GET", "/java/system/gateways", "", nil); resp.Env.Status != api.StatusSuccess {
		t.Errorf("/java/system/gateways: %d %s", resp.Status, resp.Body)
	}
	if resp := apitest.Do(t, srv.URL, "GET", "/javascript", "", nil); resp.Status != http.StatusServiceUnavailable {
		t.Errorf("/javascript went to %d, want the site's not-built page (503)", resp.Status)
	}
}
