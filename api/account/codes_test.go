package account_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"courtside/actors/ratelimit"
	"courtside/api"
	"courtside/api/account"
)

func codeLogin(e *env, dest, code string) (loginResult, int) {
	var lr loginResult
	r := e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": dest, "checkCode": code}, "")
	if r.Env.Status == api.StatusSuccess {
		ok(e.t, r, &lr)
	}
	return lr, r.Env.ErrorCode
}

// wrongCode returns a 6-digit code different from c.
func wrongCode(c string) string {
	if c == "000000" {
		return "000001"
	}
	return "000000"
}

func TestVerificationCodeRules(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T, e *env)
	}{
		{"a code is six digits", func(t *testing.T, e *env) {
			c := e.sendCode("six@example.com")
			if len(c) != 6 || strings.Trim(c, "0123456789") != "" {
				t.Fatalf("code %q", c)
			}
		}},
		{"a right code signs in once and is refused the second time", func(t *testing.T, e *env) {
			c := e.sendCode("once@example.com")
			if _, code := codeLogin(e, "once@example.com", c); code != 0 {
				t.Fatalf("first use: errorCode %d", code)
			}
			if _, code := codeLogin(e, "once@example.com", c); code != account.CodeCodeExpired {
				t.Fatalf("reuse: errorCode %d, want %d", code, account.CodeCodeExpired)
			}
		}},
		{"a wrong code is refused and the right one still works", func(t *testing.T, e *env) {
			c := e.sendCode("wrong@example.com")
			if _, code := codeLogin(e, "wrong@example.com", wrongCode(c)); code != account.CodeCodeWrong {
				t.Fatalf("wrong code: errorCode %d", code)
			}
			if _, code := codeLogin(e, "wrong@example.com", c); code != 0 {
				t.Fatalf("right code after one wrong: errorCode %d", code)
			}
		}},
		{"the fifth wrong attempt voids the code", func(t *testing.T, e *env) {
			c := e.sendCode("void@example.com")
			for i := 1; i <= account.DefaultCodeMaxAttempts; i++ {
				if _, code := codeLogin(e, "void@example.com", wrongCode(c)); code != account.CodeCodeWrong && !(i == account.DefaultCodeMaxAttempts && code == account.CodeCodeExpired) {
					t.Fatalf("attempt %d: errorCode %d", i, code)
				}
			}
			if _, code := codeLogin(e, "void@example.com", c); code != account.CodeCodeExpired {
				t.Fatalf("right code after the cap: errorCode %d, want %d (void)", code, account.CodeCodeExpired)
			}
		}},
		{"a code expires after ten minutes", func(t *testing.T, e *env) {
			c := e.sendCode("late@example.com")
			e.clock.Advance(account.DefaultCodeTTL + time.Second)
			if _, code := codeLogin(e, "late@example.com", c); code != account.CodeCodeExpired {
				t.Fatalf("expired code: errorCode %d", code)
			}
		}},
		{"a new code within 60 s is refused, after 60 s it replaces the old one", func(t *testing.T, e *env) {
			old := e.sendCode("again@example.com")
			r := e.post("/login/V2/sendEmailcheckCode", map[string]any{"mobileOrEmail": "again@example.com"}, "")
			fail(t, r, account.CodeCodeTooSoon)
			if !strings.Contains(r.Env.ErrorMsg, "60") {
				t.Errorf("message %q does not say how long to wait", r.Env.ErrorMsg)
			}
			e.clock.Advance(30 * time.Second)
			r = e.post("/login/V2/sendEmailcheckCode", map[string]any{"mobileOrEmail": "again@example.com"}, "")
			fail(t, r, account.CodeCodeTooSoon)
			if !strings.Contains(r.Env.ErrorMsg, "30") {
				t.Errorf("message %q does not say 30 s", r.Env.ErrorMsg)
			}
			e.clock.Advance(30 * time.Second)
			c := e.sendCode("again@example.com")
			if c != old {
				if _, code := codeLogin(e, "again@example.com", old); code != account.CodeCodeWrong {
					t.Fatalf("the replaced code: errorCode %d", code)
				}
			}
			if _, code := codeLogin(e, "again@example.com", c); code != 0 {
				t.Fatalf("the new code: errorCode %d", code)
			}
		}},
		{"an empty code is refused with the required message", func(t *testing.T, e *env) {
			e.sendCode("empty@example.com")
			r := e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "empty@example.com"}, "")
			fail(t, r, api.CodeBadRequest)
			if r.Env.ErrorMsg != "Please enter the verification code" {
				t.Fatalf("message %q", r.Env.ErrorMsg)
			}
		}},
		{"a code for one address does not work for another", func(t *testing.T, e *env) {
			c := e.sendCode("one@example.com")
			e.sendCode("two@example.com")
			if _, code := codeLogin(e, "two@example.com", c); code == 0 {
				// Both could be equal by chance (1 in a million); then the check proves nothing.
				if got, _ := e.sink.LastCode("two@example.com"); got != c {
					t.Fatal("one address's code signed in another")
				}
			}
		}},
	}
	// One database for all: every case uses its own addresses, and the clock only moves forward.
	e := newEnv(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.t = t
			tt.run(t, e)
			e.clock.Advance(61 * time.Second)
		})
	}
}

func TestCodeRateLimitsPerDestinationAndPerIP(t *testing.T) {
	e := newEnv(t, func(c *account.Config, _ *account.Deps) {
		c.CodePerDestination = ratelimit.Limit{Count: 3, Period: time.Hour}
		c.CodePerIP = ratelimit.Limit{Count: 5, Period: time.Hour}
	})
	send := func(dest, ip string) int {
		r := e.do("POST", "/login/V2/sendEmailcheckCode", map[string]any{"mobileOrEmail": dest}, hdr("", "", ip))
		return r.Env.ErrorCode
	}
	for i := 0; i < 3; i++ {
		if code := send("target@example.com", fmt.Sprintf("198.51.100.%d", i+1)); code != 0 {
			t.Fatalf("code %d to the destination: errorCode %d", i+1, code)
		}
		e.clock.Advance(61 * time.Second) // resend rule
	}
	// A fourth code to the same address, even from a fresh IP, is refused.
	if code := send("target@example.com", "198.51.100.99"); code != account.CodeRateLimited {
		t.Fatalf("4th code to one destination: errorCode %d, want %d", code, account.CodeRateLimited)
	}
	// Per IP: five codes to five addresses, the sixth refused; another IP is unaffected.
	for i := 0; i < 5; i++ {
		if code := send(fmt.Sprintf("d%d@example.com", i), "203.0.113.7"); code != 0 {
			t.Fatalf("code %d from one IP: errorCode %d", i+1, code)
		}
	}
	if code := send("d9@example.com", "203.0.113.7"); code != account.CodeRateLimited {
		t.Fatalf("6th code from one IP: errorCode %d, want %d", code, account.CodeRateLimited)
	}
	if code := send("d9@example.com", "203.0.113.8"); code != 0 {
		t.Fatalf("another IP: errorCode %d", code)
	}
}

func TestWrongPasswordsAreThrottledPerAccountAndPerIP(t *testing.T) {
	e := newEnv(t, func(c *account.Config, _ *account.Deps) { c.IPMaxFailures = 8 })
	e.register("victim@example.com", "victim", "right1234")
	e.register("other@example.com", "other", "right1234")
	try := func(name, pw, ip string) int {
		r := e.do("POST", "/login/V2/mobileOrNameToLogin", map[string]any{"name": name, "password": pw}, hdr("", "", ip))
		return r.Env.ErrorCode
	}
	// Per account: four wrong answers say so; the fifth locks the account, from any IP.
	for i := 1; i < account.DefaultLoginMaxFailures; i++ {
		if code := try("victim", "wrong1234", fmt.Sprintf("192.0.2.%d", i)); code != account.CodeBadCredentials {
			t.Fatalf("wrong password %d: errorCode %d", i, code)
		}
	}
	if code := try("victim", "wrong1234", "192.0.2.50"); code != account.CodeLocked {
		t.Fatalf("5th wrong password: errorCode %d, want %d", code, account.CodeLocked)
	}
	if code := try("victim", "right1234", "192.0.2.51"); code != account.CodeLocked {
		t.Fatalf("right password while locked: errorCode %d, want %d", code, account.CodeLocked)
	}
	if code := try("other", "right1234", "192.0.2.52"); code != 0 {
		t.Fatalf("another account is affected: errorCode %d", code)
	}
	e.clock.Advance(account.DefaultLoginLockout + time.Second)
	if code := try("victim", "right1234", "192.0.2.53"); code != 0 {
		t.Fatalf("right password after the lockout: errorCode %d", code)
	}

	// Per IP: wrong passwords spread over accounts (and unknown names) lock the IP.
	ip := "198.51.100.200"
	for i := 1; i < 8; i++ {
		name := []string{"victim", "other", "nobody"}[i%3]
		if code := try(name, fmt.Sprintf("guess%04d", i), ip); code != account.CodeBadCredentials && code != account.CodeLocked {
			t.Fatalf("guess %d: errorCode %d", i, code)
		}
	}
	if code := try("nobody2", "guess9999", ip); code != account.CodeLocked {
		t.Fatalf("8th failure from one IP: errorCode %d, want %d", code, account.CodeLocked)
	}
	if code := try("other", "right1234", ip); code != account.CodeLocked {
		t.Fatalf("right password from a locked IP: errorCode %d, want %d", code, account.CodeLocked)
	}
	if code := try("other", "right1234", "198.51.100.201"); code != 0 {
		t.Fatalf("another IP: errorCode %d", code)
	}
}

func TestValidationMessagesAreLocalized(t *testing.T) {
	e := newEnv(t)
	tests := []struct {
		name, path string
		body       map[string]any
		key        string
	}{
		{"empty mobile", "/login/V2/sendMobilecheckCode", map[string]any{"areaCode": "86", "mobileOrEmail": ""}, "validation.mobileEmpty"},
		{"CN mobile with second digit 2", "/login/V2/sendMobilecheckCode", map[string]any{"areaCode": "86", "mobileOrEmail": "12800138000"}, "validation.mobileFormat"},
		{"CN mobile of 10 digits", "/login/V2/sendMobilecheckCode", map[string]any{"areaCode": "86", "mobileOrEmail": "1380013800"}, "validation.mobileFormat"},
		{"CN mobile of 12 digits", "/login/V2/sendMobilecheckCode", map[string]any{"areaCode": "86", "mobileOrEmail": "138001380001"}, "validation.mobileFormat"},
		{"other area code, 4 digits", "/login/V2/sendMobilecheckCode", map[string]any{"areaCode": "44", "mobileOrEmail": "1234"}, "validation.mobileFormat"},
		{"other area code, 16 digits", "/login/V2/sendMobilecheckCode", map[string]any{"areaCode": "44", "mobileOrEmail": "1234567890123456"}, "validation.mobileFormat"},
		{"letters in a mobile", "/login/V2/sendMobilecheckCode", map[string]any{"areaCode": "44", "mobileOrEmail": "7700a00000"}, "validation.mobileFormat"},
		{"e-mail without domain", "/login/V2/sendEmailcheckCode", map[string]any{"mobileOrEmail": "fan@"}, "validation.emailFormat"},
		{"e-mail without dot", "/login/V2/sendEmailcheckCode", map[string]any{"mobileOrEmail": "fan@localhost"}, "validation.emailFormat"},
		{"empty e-mail", "/login/V2/sendEmailcheckCode", map[string]any{"mobileOrEmail": ""}, "validation.emailFormat"},
		{"e-mail with a display name", "/login/V2/sendEmailcheckCode", map[string]any{"mobileOrEmail": "Fan <fan@example.com>"}, "validation.emailFormat"},
		{"register with a 7-character password", "/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "a@example.com", "checkCode": "123456", "password": "abc1234"}, "validation.passwordWeak"},
		{"register with a password without digit", "/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "a@example.com", "checkCode": "123456", "password": "abcdefgh"}, "validation.passwordWeak"},
		{"register with a password without letter", "/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "a@example.com", "checkCode": "123456", "password": "12345678"}, "validation.passwordWeak"},
		{"password sign-in with no password", "/login/V2/mobileOrNameToLogin", map[string]any{"name": "someone"}, "validation.passwordWeak"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, lang := range []string{"en_US", "zh_CN", "ar"} {
				r := e.do("POST", tt.path, tt.body, hdr("", lang, ""))
				fail(t, r, api.CodeBadRequest)
				if want := messageOf(lang, tt.key); r.Env.ErrorMsg != want {
					t.Errorf("%s: message %q, want %q", lang, r.Env.ErrorMsg, want)
				}
			}
		})
	}
	// Accepted forms.
	for _, body := range []map[string]any{
		{"areaCode": "86", "mobileOrEmail": "13900139000"},
		{"areaCode": "+44", "mobileOrEmail": "7700900123"},
		{"areaCode": 852, "mobileOrEmail": "51234567"},
	} {
		ok(t, e.post("/login/V2/sendMobilecheckCode", body, ""), nil)
	}
}

func TestUsernameRules(t *testing.T) {
	e := newEnv(t)
	e.register("taken@example.com", "Taken", "taken123")
	code := e.sendCode("new@example.com")
	var lr loginResult
	ok(t, e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "new@example.com", "checkCode": code}, ""), &lr)
	for _, tt := range []struct {
		uname string
		code  int
	}{
		{"has space", api.CodeBadRequest},
		{"名字", api.CodeBadRequest},
		{"under_score", api.CodeBadRequest},
		{"", api.CodeBadRequest},
		{strings.Repeat("a", 33), api.CodeBadRequest},
		{"taken", account.CodeUsernameTaken}, // unique whatever the case
	} {
		fail(t, e.post("/user/V2/modifyUser", map[string]any{"uname": tt.uname, "password": "good1234"}, lr.Token), tt.code)
	}
	ok(t, e.post("/user/V2/modifyUser", map[string]any{"uname": "Fresh2026", "password": "good1234"}, lr.Token), nil)
}
