package paidmsg_test

import (
	"net/http"
	"strings"
	"testing"

	"courtside/api"
	"courtside/api/apitest"
	"courtside/api/errcode"
)

// The REST edge: tiers for anyone, sending for a signed-in user, refusals in the request's language.
func TestRESTSendsAndRefusesInTheRequestsLanguage(t *testing.T) {
	e := newEnv(t)
	url := apitest.ServeArea(t, api.Config{}, e.svc)
	do := func(method, path, body, token, lang string) apitest.Response {
		h := http.Header{"sysType": {"PC"}, "lan": {lang}}
		if token != "" {
			h.Set("token", token)
		}
		return apitest.Do(t, url, method, path, body, h)
	}

	if r := do("GET", "/java/paidmsg/tiers", "", "", "en_US"); r.Env.Status != "success" || !strings.Contains(string(r.Body), `"pinSecs":120`) {
		t.Fatalf("tiers: %s", r.Body)
	}
	if r := do("POST", "/java/paidmsg/send", `{"room":"paid-room","text":"hi","coins":100,"nonce":"a"}`, "", "en_US"); r.Env.ErrorCode != errcode.AuthRequired {
		t.Fatalf("guest send: %s", r.Body)
	}
	cases := []struct {
		body, lang, msg string
		code            errcode.Code
	}{
		{`{"room":"paid-room","text":"hi","coins":42,"nonce":"a"}`, "de", "Dieser Betrag ist keine Stufe für bezahlte Nachrichten", errcode.PaidTier},
		{`{"room":"paid-room","text":"","coins":100,"nonce":"a"}`, "zh_CN", "请输入1到300个字符的留言", errcode.PaidText},
		{`{"room":"paid-room","text":"hi","coins":100,"nonce":"a"}`, "fr", "Solde insuffisant", errcode.InsufficientCoins},
	}
	for _, c := range cases {
		r := do("POST", "/java/paidmsg/send", c.body, "u101", c.lang)
		if r.Env.ErrorCode != c.code || (c.code != errcode.InsufficientCoins && r.Env.ErrorMsg != c.msg) {
			t.Fatalf("%s in %s: %s", c.body, c.lang, r.Body)
		}
	}
	e.fund(sender, 100)
	r := do("POST", "/java/paidmsg/send", `{"room":"paid-room","text":"Vamos!","coins":100,"nonce":"a"}`, "u101", "es")
	if r.Env.Status != "success" || !strings.Contains(string(r.Body), `"balance":0`) {
		t.Fatalf("send: %s", r.Body)
	}
	if r := do("GET", "/java/paidmsg/pinned?room=paid-room", "", "", "en_US"); !strings.Contains(string(r.Body), `"text":"Vamos!"`) {
		t.Fatalf("pinned: %s", r.Body)
	}
	if r := do("POST", "/java/paidmsg/remove", `{"room":"paid-room","id":"1","reason":"nope"}`, "u300", "ru"); r.Env.ErrorCode != errcode.PaidReason || r.Env.ErrorMsg != "Выберите причину удаления" {
		t.Fatalf("bad reason: %s", r.Body)
	}
}
