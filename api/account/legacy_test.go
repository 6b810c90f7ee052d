package account_test

import (
	"net/url"
	"testing"

	"courtside/api"
	"courtside/api/apitest"
)

// The legacy sign-in calls answer exactly as their V2 counterparts: the same success shape and the
// same errors for the same mistakes.
func TestLegacySignInCallsAreAliasesOfV2(t *testing.T) {
	e := newEnv(t)
	e.register("legacy@example.com", "legacy1", "goodpass1")

	// Passwords: right, wrong, empty, unknown account.
	for _, tc := range []struct{ name, password string }{{"legacy1", "goodpass1"}, {"legacy1", "wrongpass1"}, {"legacy1", ""}, {"nobody9", "whatever1"}} {
		v2 := e.post("/login/V2/mobileOrNameToLogin", map[string]any{"name": tc.name, "password": tc.password}, "")
		alias := e.post("/login/mobileandpw", map[string]any{"name": tc.name, "password": tc.password}, "")
		get := e.get("/login/pcLoginByAccount?"+url.Values{"name": {tc.name}, "password": {tc.password}}.Encode(), "")
		for _, r := range []struct {
			call string
			ok   bool
			code int
		}{{"mobileandpw", alias.Env.Status == v2.Env.Status, int(alias.Env.ErrorCode)}, {"pcLoginByAccount", get.Env.Status == v2.Env.Status, int(get.Env.ErrorCode)}} {
			if !r.ok || r.code != int(v2.Env.ErrorCode) {
				t.Fatalf("%s %+v: %d, V2 %s %d", r.call, tc, r.code, v2.Env.Status, v2.Env.ErrorCode)
			}
		}
		if tc.password == "goodpass1" {
			var a, b loginResult
			apitest.Result(t, v2, &a)
			apitest.Result(t, alias, &b)
			if a.UID != b.UID || b.Token == "" || b.Token == a.Token {
				t.Fatalf("alias signed in %+v, V2 %+v", b, a)
			}
		}
	}

	// Codes: sendVerificationCode routes e-mail and mobile like the V2 calls; checkCode signs in.
	apitest.Result(t, e.post("/login/sendVerificationCode", map[string]any{"mobileOrEmail": "new@example.com"}, ""), nil)
	code, found := e.sink.LastCode("new@example.com")
	if !found {
		t.Fatal("no e-mail code")
	}
	apitest.Result(t, e.post("/login/sendVerificationCode", map[string]any{"mobileOrEmail": "13800138000", "areaCode": "86", "type": 2}, ""), nil)
	if _, found := e.sink.LastCode("+8613800138000"); !found {
		t.Fatal("no mobile code")
	}
	v2Bad := e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "new@example.com", "checkCode": "000000"}, "")
	aliasBad := e.post("/login/checkCode", map[string]any{"mobileOrEmail": "new@example.com", "checkCode": "000000"}, "")
	if aliasBad.Env.ErrorCode != v2Bad.Env.ErrorCode || aliasBad.Env.Status != api.StatusFail {
		t.Fatalf("wrong code: alias %d, V2 %d", aliasBad.Env.ErrorCode, v2Bad.Env.ErrorCode)
	}
	var lr loginResult
	apitest.Result(t, e.post("/login/checkCode", map[string]any{"mobileOrEmail": "new@example.com", "checkCode": code}, ""), &lr)
	if !lr.NewUser || lr.Token == "" {
		t.Fatalf("checkCode registration %+v", lr)
	}
	// The resend rule holds across the alias and V2.
	again := e.post("/login/V2/sendEmailcheckCode", map[string]any{"mobileOrEmail": "new@example.com"}, "")
	aliasAgain := e.post("/login/sendVerificationCode", map[string]any{"email": "new@example.com"}, "")
	if again.Env.Status != api.StatusFail || aliasAgain.Env.ErrorCode != again.Env.ErrorCode {
		t.Fatalf("resend: V2 %d, alias %d", again.Env.ErrorCode, aliasAgain.Env.ErrorCode)
	}
}
