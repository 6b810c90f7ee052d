//go:build security

package engine_test

// The attack suite (make security): the probes of issue 15 against a whole node (real Postgres,
// gateway, HTTP server), each a row of docs/security.md. Run with `go test -tags security -run
// TestAttack ./engine/`.

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"sync"
	"testing"

	"courtside/api/apitest"
	"courtside/api/errcode"
	"courtside/engine"
	"courtside/storage/postgres/pgtest"
)

func TestAttack(t *testing.T) {
	db := pgtest.NewDatabase(t)
	n := startNode(t, db, t.TempDir(), func(c *engine.Config) { c.AdminToken = "ops-token" })
	uid, token := register(t, n.http, "target@example.com")
	_ = uid
	// The administrator signs in before the guessing below locks this address's password sign-ins.
	adm := adminToken(t, n, db)
	lan := http.Header{"lan": {"en_US"}}
	code := func(r apitest.Response) errcode.Code { return r.Env.ErrorCode }
	noServerError := func(t *testing.T, r apitest.Response, what string) {
		t.Helper()
		if r.Status >= 500 {
			t.Fatalf("%s: HTTP %d %s", what, r.Status, r.Body)
		}
	}

	t.Run("ASVS 2.2.1 parallel password guesses are counted before evaluation; the right one is refused while locked", func(t *testing.T) {
		h := http.Header{"lan": {"en_US"}, "Token": {token}}
		r := apitest.Do(t, n.http, "POST", "/java/user/V2/modifyUser", `{"uname":"target","password":"Right12345"}`, h)
		if r.Env.Status != "success" {
			t.Skipf("cannot set a password: %s", r.Body)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		bad := 0
		for i := 0; i < 30; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := apitest.Do(t, n.http, "POST", "/java/login/V2/mobileOrNameToLogin", fmt.Sprintf(`{"name":"target","password":"guess%04d"}`, i), lan)
				mu.Lock()
				if code(r) == errcode.BadCredentials {
					bad++
				}
				mu.Unlock()
			}()
		}
		wg.Wait()
		if bad >= 5 {
			t.Fatalf("%d of 30 parallel guesses were evaluated as wrong, want fewer than 5", bad)
		}
		r = apitest.Do(t, n.http, "POST", "/java/login/V2/mobileOrNameToLogin", `{"name":"target","password":"Right12345"}`, lan)
		if code(r) != errcode.Locked || !strings.Contains(r.Env.ErrorMsg, "minutes") {
			t.Fatalf("right password while locked: %d %q", code(r), r.Env.ErrorMsg)
		}
	})

	t.Run("ASVS 12.1 a PNG declaring 6300x6300 is refused from its header", func(t *testing.T) {
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		fw, _ := mw.CreateFormFile("file", "bomb.png")
		_, _ = fw.Write(apitest.BombPNG(6300, 6300))
		_ = mw.Close()
		h := http.Header{"lan": {"en_US"}, "Token": {token}, "Content-Type": {mw.FormDataContentType()}}
		r := apitest.Do(t, n.http, "POST", "/java/user/uploadAvatar", body.String(), h)
		if code(r) != errcode.Avatar || !strings.Contains(r.Env.ErrorMsg, "megapixels") {
			t.Fatalf("bomb avatar: %d %q", code(r), r.Env.ErrorMsg)
		}
	})

	t.Run("ASVS 4.2.2 CSRF: the cookie alone cannot change state from another site", func(t *testing.T) {
		for _, c := range []struct{ method, path, body string }{
			{"GET", "/java/user/followUser?userId=u1", ""},
			{"POST", "/java/user/modifyUser", `{"signature":"pwned"}`},
		} {
			req, _ := http.NewRequest(c.method, n.http+c.path, strings.NewReader(c.body))
			req.Header.Set("Cookie", "token="+token)
			req.Header.Set("Origin", "https://evil.example")
			req.Header.Set("Sec-Fetch-Site", "cross-site")
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if !strings.Contains(string(raw), `"errorCode":1002`) {
				t.Fatalf("%s %s from a foreign page: %s", c.method, c.path, raw)
			}
		}
	})

	t.Run("ASVS 5.1.3 paging: huge and negative page numbers never 5xx", func(t *testing.T) {
		h := http.Header{"lan": {"en_US"}, "Token": {token}, "Content-Type": {"application/json"}}
		for _, p := range []string{"-1", "0", "99999999999999999999", "9223372036854775807", "-9223372036854775808"} {
			for _, path := range []string{"/java/user/getFollowOrFansH5?type=1&pageIndex=" + p, "/java/anchor/anchorList?pageIndex=" + p + "&pageSize=" + p,
				"/java/wallet/orders?pageIndex=" + p} {
				noServerError(t, apitest.Do(t, n.http, "GET", path, "", h), path)
			}
			noServerError(t, apitest.Do(t, n.http, "POST", "/java/match/pcMatches", `{"pageIndex":`+strings.Trim(p, "-")+`,"pageSize":100}`, h), "pcMatches "+p)
		}
	})

	t.Run("ASVS 5.1.4 NUL bytes and invalid UTF-8 get a clear 1001", func(t *testing.T) {
		h := http.Header{"lan": {"en_US"}, "Content-Type": {"application/json"}}
		for _, c := range []struct{ method, path, body string }{
			{"POST", "/java/login/V2/sendEmailcheckCode", "{\"mobileOrEmail\":\"a\xff@example.com\"}"},
			{"POST", "/java/login/V2/sendEmailcheckCode", `{"mobileOrEmail":"a\u0000@example.com"}`},
			{"GET", "/java/user/info?userId=u1%00", ""},
			{"GET", "/java/live/getChatroomSpeech?roomId=%ff", ""},
		} {
			r := apitest.Do(t, n.http, c.method, c.path, c.body, h)
			if code(r) != errcode.BadRequest || r.Status != 400 {
				t.Fatalf("%s %s: %d %s", c.method, c.path, r.Status, r.Body)
			}
		}
	})

	t.Run("ASVS 4.1.5 calls about unknown users and rooms answer not-found", func(t *testing.T) {
		h := http.Header{"lan": {"en_US"}, "Token": {token}}
		for _, path := range []string{"/java/user/hasFollowUser?userId=u99999999", "/java/live/getChatroomSpeech?roomId=99999999",
			"/java/gift/leaderboard/day?room=99999999"} {
			if r := apitest.Do(t, n.http, "GET", path, "", h); r.Status != 404 {
				t.Fatalf("%s: %d %s", path, r.Status, r.Body)
			}
		}
	})

	t.Run("ASVS 13.1 a GET to a POST call is 405, not 404", func(t *testing.T) {
		r := apitest.Do(t, n.http, "GET", "/java/match/pcMatches", "", lan)
		if r.Status != 405 || r.Header.Get("Allow") == "" {
			t.Fatalf("GET /match/pcMatches: %d Allow %q", r.Status, r.Header.Get("Allow"))
		}
	})

	t.Run("ASVS 14.4 CSP, frame-ancestors and nosniff on every response", func(t *testing.T) {
		for _, p := range []string{"/", "/java/user/info", "/healthz", "/nowhere"} {
			resp, err := http.Get(n.http + p)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if !strings.Contains(resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") ||
				resp.Header.Get("X-Content-Type-Options") != "nosniff" || resp.Header.Get("X-Frame-Options") != "DENY" {
				t.Fatalf("%s: %v", p, resp.Header)
			}
		}
	})

	t.Run("ASVS 14.3 /metrics needs the operations token", func(t *testing.T) {
		resp, _ := http.Get(n.http + "/metrics")
		resp.Body.Close()
		req, _ := http.NewRequest("GET", n.http+"/metrics", nil)
		req.Header.Set("Authorization", "Bearer ops-token")
		ok, _ := http.DefaultClient.Do(req)
		ok.Body.Close()
		if resp.StatusCode != 404 || ok.StatusCode != 200 {
			t.Fatalf("/metrics: %d without the token, %d with it", resp.StatusCode, ok.StatusCode)
		}
	})

	t.Run("ASVS 4.1.3 staff roles are not listed to others", func(t *testing.T) {
		var me struct{ UserID string }
		r := apitest.Do(t, n.http, "GET", "/java/user/info", "", http.Header{"Token": {adm}})
		_ = json.Unmarshal(r.Env.Result, &me)
		r = apitest.Do(t, n.http, "GET", "/java/user/info?userId="+me.UserID, "", http.Header{"Token": {token}})
		if strings.Contains(string(r.Env.Result), `"admin"`) {
			t.Fatalf("another user sees the admin role: %s", r.Env.Result)
		}
	})

	t.Run("score topics: unknown matches refused, subscriptions bounded", func(t *testing.T) {
		cl := dial(t, n.ws)
		cl.send(map[string]any{"t": "sub", "topic": "match:made-up-999", "nonce": "x1"})
		e := cl.expect("error", func(m map[string]any) bool { return m["nonce"] == "x1" })
		if fmt.Sprint(e["code"]) != "6701" {
			t.Fatalf("unknown match: %v", e)
		}
	})
}
