package account_test

import (
	"net/http"
	"net/url"
	"testing"

	"courtside/api/account"
	"courtside/api/account/oauth"
	"courtside/api/account/oauth/oidctest"
	"courtside/api/apitest"
	"courtside/api/errcode"
)

func oauthEnv(t *testing.T) (*env, *oidctest.Provider) {
	op := oidctest.Start(t)
	e := newEnv(t, func(c *account.Config, _ *account.Deps) {
		c.Providers = map[string]oauth.Config{"google": {ClientID: op.ClientID, ClientSecret: op.ClientSecret,
			RedirectURL: "http://localhost:8080/oauth/google", AuthURL: op.AuthURL(), TokenURL: op.TokenURL(),
			UserInfoURL: op.UserInfoURL(), JWKSURL: op.JWKSURL(), Issuer: op.URL}}
	})
	return e, op
}

type loginURL struct {
	URL      string `json:"url"`
	State    string `json:"state"`
	Verifier string `json:"verifier"`
}

// thirdParty runs getLoginUrl → the provider's authorize → getLoginInfo, as the web client does.
func thirdParty(t *testing.T, e *env, op *oidctest.Provider) apitest.Response {
	t.Helper()
	var lu loginURL
	apitest.Result(t, e.get("/login/V2/getLoginUrl?type=3&isFrom=/live/1001", ""), &lu)
	code, state := op.Authorize(t, lu.URL)
	if state != lu.State {
		t.Fatalf("state came back as %q, sent %q", state, lu.State)
	}
	q := url.Values{"type": {"3"}, "code": {code}, "verifier": {lu.Verifier}, "state": {state}}
	return e.get("/login/V2/getLoginInfo?"+q.Encode(), "")
}

func TestThirdPartySignInRegistersThenSignsInTheLinkedAccount(t *testing.T) {
	e, op := oauthEnv(t)
	op.User = oidctest.User{Subject: "google-1", Email: "Fan@Example.com", EmailVerified: true, Name: "Fan"}
	var first loginResult
	apitest.Result(t, thirdParty(t, e, op), &first)
	if !first.NewUser || first.Token == "" || first.User.Email != "fan@example.com" {
		t.Fatalf("first sign-in: %+v", first)
	}
	if e.welcomes(first.UID) != 1 {
		t.Fatal("no welcome gift for a third-party registration")
	}
	// The provider's e-mail changes; the identity (sub) still names the same account.
	op.User.Email = "changed@example.com"
	var second loginResult
	apitest.Result(t, thirdParty(t, e, op), &second)
	if second.UID != first.UID || e.welcomes(first.UID) != 1 {
		t.Fatalf("second sign-in: uid %s, want %s", second.UID, first.UID)
	}
	apitest.Result(t, e.get("/user/info", second.Token), nil)
}

func TestThirdPartySignInLinksAnExistingAccountByVerifiedEmail(t *testing.T) {
	e, op := oauthEnv(t)
	mine := e.register("owner@example.com", "owner", "owner123")
	op.User = oidctest.User{Subject: "google-2", Email: "owner@example.com", EmailVerified: true}
	var lr loginResult
	apitest.Result(t, thirdParty(t, e, op), &lr)
	if lr.UID != mine.UID || lr.NewUser {
		t.Fatalf("linked sign-in: %+v, want uid %s", lr, mine.UID)
	}
}

func TestThirdPartySignInWithoutVerifiedEmailAsksToBindOne(t *testing.T) {
	for _, tt := range []struct {
		name string
		user oidctest.User
	}{
		{"no e-mail", oidctest.User{Subject: "x-1"}},
		{"unverified e-mail", oidctest.User{Subject: "x-1", Email: "someone@example.com", EmailVerified: false}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e, op := oauthEnv(t)
			op.User = tt.user
			r := thirdParty(t, e, op)
			apitest.Failure(t, r, 2010, "")
			ticket := r.Header.Get("X-Bind-Ticket")
			if ticket == "" || !hasCookie(r.Header, "bindTicket") {
				t.Fatalf("no bind ticket: headers %v", r.Header)
			}
			code := e.sendCode("bound@example.com")
			// A forged ticket is refused.
			apitest.Failure(t, e.post("/login/bindAccount", map[string]any{"mobile": "bound@example.com", "checkCode": code, "accountNumber": ticket + "x", "type": 3}, ""), errcode.OAuthFailed, "")
			var lr loginResult
			apitest.Result(t, e.post("/login/bindAccount", map[string]any{"mobile": "bound@example.com", "checkCode": code, "accountNumber": ticket, "type": 3}, ""), &lr)
			if lr.User.Email != "bound@example.com" || !lr.NewUser {
				t.Fatalf("bind answer %+v", lr)
			}
			// From now on the identity signs straight in.
			var again loginResult
			apitest.Result(t, thirdParty(t, e, op), &again)
			if again.UID != lr.UID {
				t.Fatalf("after binding: uid %s, want %s", again.UID, lr.UID)
			}
		})
	}
}

func TestThirdPartySignInRefusesBadInput(t *testing.T) {
	e, op := oauthEnv(t)
	var lu loginURL
	apitest.Result(t, e.get("/login/V2/getLoginUrl?type=3", ""), &lu)
	code, state := op.Authorize(t, lu.URL)
	for _, tt := range []struct {
		name string
		q    url.Values
	}{
		{"an unconfigured provider", url.Values{"type": {"5"}, "code": {code}, "verifier": {lu.Verifier}}},
		{"a tampered state", url.Values{"type": {"3"}, "code": {code}, "verifier": {lu.Verifier}, "state": {state + "x"}}},
		{"no verifier", url.Values{"type": {"3"}, "code": {code}, "state": {state}}},
		{"a verifier of another flow", url.Values{"type": {"3"}, "code": {code}, "verifier": {oauth.NewVerifier()}, "state": {state}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			apitest.Failure(t, e.get("/login/V2/getLoginInfo?"+tt.q.Encode(), ""), errcode.OAuthFailed, "")
		})
	}
	apitest.Failure(t, e.get("/login/V2/getLoginUrl?type=9", ""), errcode.OAuthFailed, "")
	op.WrongNonce = true
	apitest.Failure(t, thirdParty(t, e, op), errcode.OAuthFailed, "")
}

func hasCookie(h http.Header, name string) bool {
	for _, c := range (&http.Response{Header: h}).Cookies() {
		if c.Name == name && c.Value != "" && c.HttpOnly {
			return true
		}
	}
	return false
}
