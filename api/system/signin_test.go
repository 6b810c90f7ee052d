package system_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"courtside/api"
	"courtside/api/account"
	"courtside/api/account/mail"
	"courtside/api/apitest"
	"courtside/api/errcode"
	"courtside/api/system"
	"courtside/storage/postgres/pgtest"
)

// A password sign-in sent sealed reaches the accounts module's handler as the plain call would:
// the right password signs in, a wrong one is the same 2xxx as unsealed, a tampered body is 6652
// and never reaches the handler, a key of another session does not open it.
func TestSealedPasswordSignIn(t *testing.T) {
	pool := pgtest.NewPool(t)
	c := &clock{time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)}
	sink := mail.NewDevSink()
	acc, err := account.New(account.Config{Now: c.Now, Secret: "s", Argon2MemoryK: 1024, Argon2Time: 1, AvatarDir: t.TempDir()},
		account.Deps{Pool: pool, Mail: sink, SMS: sink})
	if err != nil {
		t.Fatal(err)
	}
	srv := api.New(api.Config{})
	acc.Routes(srv)
	newService(c).Routes(srv)
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	h := http.Header{"sysType": {"PC"}, "lan": {"en_US"}}
	post := func(path string, body any, hdr http.Header) apitest.Response {
		b, _ := json.Marshal(body)
		return apitest.Do(t, ts.URL, "POST", "/java"+path, string(b), hdr)
	}
	// Register fan@example.com with a password (a sealed registration).
	if r := post("/login/V2/sendEmailcheckCode", map[string]any{"mobileOrEmail": "fan@example.com"}, h); r.Env.Status != api.StatusSuccess {
		t.Fatal(string(r.Body))
	}
	code, _ := sink.LastCode("fan@example.com")
	key := func(token string) system.Key {
		hh := h.Clone()
		if token != "" {
			hh.Set("token", token)
		}
		var k system.Key
		r := apitest.Do(t, ts.URL, "GET", "/java/system/getPrivateKey", "", hh)
		if err := json.Unmarshal(r.Env.Result, &k); err != nil {
			t.Fatal(string(r.Body))
		}
		return k
	}
	seal := func(k system.Key, v any) map[string]string {
		b, _ := json.Marshal(v)
		s, err := system.Seal(k, b)
		if err != nil {
			t.Fatal(err)
		}
		return map[string]string{"sealed": s}
	}
	k := key("")
	r := post("/login/V2/getLoginByEmailCheckCode", seal(k, map[string]any{"mobileOrEmail": "fan@example.com", "checkCode": code, "type": 3,
		"password": "goodpass1"}), h)
	var reg struct{ Token string }
	if err := json.Unmarshal(r.Env.Result, &reg); err != nil || reg.Token == "" {
		t.Fatalf("sealed registration: %s", r.Body)
	}
	// Sealed sign-in with the right and the wrong password.
	r = post("/login/V2/mobileOrNameToLogin", seal(k, map[string]any{"mobileOrEmail": "fan@example.com", "password": "goodpass1"}), h)
	if r.Env.Status != api.StatusSuccess {
		t.Fatalf("sealed sign-in: %s", r.Body)
	}
	wrongPlain := post("/login/V2/mobileOrNameToLogin", map[string]any{"mobileOrEmail": "fan@example.com", "password": "wrongpass1"}, h)
	wrongSealed := post("/login/V2/mobileOrNameToLogin", seal(k, map[string]any{"mobileOrEmail": "fan@example.com", "password": "wrongpass1"}), h)
	if wrongPlain.Env.ErrorCode == 0 || wrongSealed.Env.ErrorCode != wrongPlain.Env.ErrorCode {
		t.Fatalf("wrong password: sealed %d, plain %d", wrongSealed.Env.ErrorCode, wrongPlain.Env.ErrorCode)
	}
	// A key issued to a session does not open a body sent without it.
	other := seal(key(reg.Token), map[string]any{"mobileOrEmail": "fan@example.com", "password": "goodpass1"})
	if r := post("/login/V2/mobileOrNameToLogin", other, h); r.Env.ErrorCode != errcode.PayloadDecrypt {
		t.Fatalf("another session's key: %s", r.Body)
	}
	body := seal(k, map[string]any{"mobileOrEmail": "fan@example.com", "password": "goodpass1"})
	body["sealed"] = body["sealed"][:len(body["sealed"])-3] + "AAA"
	if r := post("/login/V2/mobileOrNameToLogin", body, h); r.Env.ErrorCode != errcode.PayloadDecrypt {
		t.Fatalf("tampered: %s", r.Body)
	}
	c.t = c.t.Add(11 * time.Minute)
	if r := post("/login/V2/mobileOrNameToLogin", seal(k, map[string]any{"mobileOrEmail": "fan@example.com", "password": "goodpass1"}), h); r.Env.ErrorCode != errcode.PayloadKey {
		t.Fatalf("expired: %s", r.Body)
	}
}
