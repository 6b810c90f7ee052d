package account_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"

	"courtside/api/account"
	"courtside/api/account/oauth"
	"courtside/api/apitest"
	"courtside/api/errcode"
)

// chinaStandIn plays WeChat's and QQ's OAuth endpoints in their own formats: secrets in the query
// of GET token calls, JSON answers with error codes inside a 200, QQ's openid call.
type chinaStandIn struct {
	*httptest.Server
	mu    sync.Mutex
	codes map[string]string // code -> openid
	users map[string][2]string
}

func newChinaStandIn(t *testing.T) *chinaStandIn {
	s := &chinaStandIn{codes: map[string]string{}, users: map[string][2]string{
		"wx-open-1": {"微信球迷", "https://thirdwx.qlogo.cn/mmopen/fan1/132"},
		"qq-open-1": {"QQ球迷", "https://thirdqq.qlogo.cn/qq/fan1/100"},
	}}
	mux := http.NewServeMux()
	js := func(w http.ResponseWriter, v any) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(v)
	}
	token := func(w http.ResponseWriter, r *http.Request, id, secret string) (string, bool) {
		q := r.URL.Query()
		s.mu.Lock()
		open, ok := s.codes[q.Get("code")]
		delete(s.codes, q.Get("code"))
		s.mu.Unlock()
		if q.Get(id) != "app-id" || q.Get(secret) != "app-secret" || !ok {
			return "", false
		}
		return open, true
	}
	mux.HandleFunc("GET /sns/oauth2/access_token", func(w http.ResponseWriter, r *http.Request) {
		open, ok := token(w, r, "appid", "secret")
		if !ok {
			js(w, map[string]any{"errcode": 40029, "errmsg": "invalid code"})
			return
		}
		js(w, map[string]any{"access_token": "at-" + open, "openid": open, "expires_in": 7200})
	})
	mux.HandleFunc("GET /sns/userinfo", func(w http.ResponseWriter, r *http.Request) {
		open := r.URL.Query().Get("openid")
		if r.URL.Query().Get("access_token") != "at-"+open {
			js(w, map[string]any{"errcode": 40001})
			return
		}
		u := s.users[open]
		js(w, map[string]any{"openid": open, "nickname": u[0], "headimgurl": u[1]})
	})
	mux.HandleFunc("GET /oauth2.0/token", func(w http.ResponseWriter, r *http.Request) {
		open, ok := token(w, r, "client_id", "client_secret")
		if !ok {
			js(w, map[string]any{"error": 100019, "error_description": "code to access token error"})
			return
		}
		js(w, map[string]any{"access_token": "at-" + open, "expires_in": "7776000"})
	})
	mux.HandleFunc("GET /oauth2.0/me", func(w http.ResponseWriter, r *http.Request) {
		open := r.URL.Query().Get("access_token")[3:]
		// QQ's older JSONP wrapping, which the client unwraps.
		fmt.Fprintf(w, `callback( {"client_id":"app-id","openid":"%s"} );`, open)
	})
	mux.HandleFunc("GET /user/get_user_info", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Get("oauth_consumer_key") != "app-id" || q.Get("access_token") != "at-"+q.Get("openid") {
			js(w, map[string]any{"ret": -1, "msg": "bad token"})
			return
		}
		u := s.users[q.Get("openid")]
		js(w, map[string]any{"ret": 0, "nickname": u[0], "figureurl_qq_2": u[1]})
	})
	s.Server = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

// authorize is the user approving at the provider: a fresh code for openid.
func (s *chinaStandIn) authorize(openid string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	code := fmt.Sprintf("code-%d", len(s.codes)+1) + openid
	s.codes[code] = openid
	return code
}

// WeChat and QQ: the legacy address calls start the sign-in, the first return asks to bind an
// e-mail (they give none), the bind fills qqOrWechatName and headimgurl, the next sign-in goes
// straight in; a code the provider refuses is 2xxx OAuth failed.
func TestWeChatAndQQSignInThroughTheStandIn(t *testing.T) {
	si := newChinaStandIn(t)
	e := newEnv(t, func(c *account.Config, _ *account.Deps) {
		c.Providers = map[string]oauth.Config{
			"wechat": {ClientID: "app-id", ClientSecret: "app-secret", RedirectURL: "http://localhost:8080/oauth/wechat",
				AuthURL: si.URL + "/connect/qrconnect", TokenURL: si.URL + "/sns/oauth2/access_token", UserInfoURL: si.URL + "/sns/userinfo"},
			"qq": {ClientID: "app-id", ClientSecret: "app-secret", RedirectURL: "http://localhost:8080/oauth/qq",
				AuthURL: si.URL + "/oauth2.0/authorize", TokenURL: si.URL + "/oauth2.0/token", OpenIDURL: si.URL + "/oauth2.0/me",
				UserInfoURL: si.URL + "/user/get_user_info"},
		}
	})
	for _, tc := range []struct {
		name, start, openid, email, nick, pic string
		typ                                   int
	}{
		{"wechat", "/login/getPCWXLoginAddress", "wx-open-1", "wx@example.com", "微信球迷", "https://thirdwx.qlogo.cn/mmopen/fan1/132", 7},
		{"qq", "/login/getPCQQLoginAddress", "qq-open-1", "qq@example.com", "QQ球迷", "https://thirdqq.qlogo.cn/qq/fan1/100", 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var lu loginURL
			apitest.Result(t, e.get(tc.start+"?isFrom=/", ""), &lu)
			u, err := url.Parse(lu.URL)
			if err != nil || u.Query().Get("state") != lu.State || u.Query().Get("client_id") != "app-id" {
				t.Fatalf("authorization URL %q", lu.URL)
			}
			if tc.name == "wechat" && u.Query().Get("appid") != "app-id" {
				t.Fatalf("WeChat needs appid: %q", lu.URL)
			}
			back := func(code string) url.Values {
				return url.Values{"type": {fmt.Sprint(tc.typ)}, "code": {code}, "verifier": {lu.Verifier}, "state": {lu.State}}
			}
			apitest.Failure(t, e.get("/login/V2/getLoginInfo?"+back("forged").Encode(), ""), errcode.OAuthFailed, "")
			r := e.get("/login/V2/getLoginInfo?"+back(si.authorize(tc.openid)).Encode(), "")
			apitest.Failure(t, r, 2010, "")
			ticket := r.Header.Get("X-Bind-Ticket")
			code := e.sendCode(tc.email)
			var lr struct {
				loginResult
				QQOrWechatName string `json:"qqOrWechatName"`
				Headimgurl     string `json:"headimgurl"`
			}
			apitest.Result(t, e.post("/login/bindAccount", map[string]any{"mobile": tc.email, "checkCode": code, "accountNumber": ticket, "type": tc.typ}, ""), &lr)
			if lr.QQOrWechatName != tc.nick || lr.Headimgurl != tc.pic || lr.User.Email != tc.email {
				t.Fatalf("bind answer %+v", lr)
			}
			var again loginResult
			apitest.Result(t, e.get("/login/V2/getLoginInfo?"+back(si.authorize(tc.openid)).Encode(), ""), &again)
			if again.UID != lr.UID {
				t.Fatalf("second sign-in %s, bound %s", again.UID, lr.UID)
			}
		})
	}
}
