package account_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"courtside/actors/ratelimit"
	"courtside/api"
	"courtside/api/account"
	"courtside/api/apitest"
	"courtside/api/errcode"
)

func codeLogin(e *env, dest, code string) (loginResult, errcode.Code) {
	var lr loginResult
	r := e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": dest, "checkCode": code}, "")
	if r.Env.Status == api.StatusSuccess {
		apitest.Result(e.t, r, &lr)
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
			if _, code := codeLogin(e, "once@example.com", c); code != errcode.CodeExpired {
				t.Fatalf("reuse: errorCode %d, want %d", code, errcode.CodeExpired)
			}
		}},
		{"a wrong code is refused and the right one still works", func(t *testing.T, e *env) {
			c := e.sendCode("wrong@example.com")
			if _, code := codeLogin(e, "wrong@example.com", wrongCode(c)); code != errcode.CodeWrong {
				t.Fatalf("wrong code: errorCode %d", code)
			}
			if _, code := codeLogin(e, "wrong@example.com", c); code != 0 {
				t.Fatalf("right code after one wrong: errorCode %d", code)
			}
		}},
		{"the fifth wrong attempt voids the code", func(t *testing.T, e *env) {
			c := e.sendCode("void@example.com")
			for i := 1; i <= account.DefaultCodeMaxAttempts; i++ {
				if _, code := codeLogin(e, "void@example.com", wrongCode(c)); code != errcode.CodeWrong && !(i == account.DefaultCodeMaxAttempts && code == errcode.CodeExpired) {
					t.Fatalf("attempt %d: errorCode %d", i, code)
				}
			}
			if _, code := codeLogin(e, "void@example.com", c); code != errcode.CodeExpired {
				t.Fatalf("right code after the cap: errorCode %d, want %d (void)", code, errcode.CodeExpired)
			}
		}},
		{"a code expires after ten minutes", func(t *testing.T, e *env) {
			c := e.sendCode("late@example.com")
			e.clock.Add(account.DefaultCodeTTL + time.Second)
			if _, code := codeLogin(e, "late@example.com", c); code != errcode.CodeExpired {
				t.Fatalf("expired code: errorCode %d", code)
			}
		}},
		{"a new code within 60 s is refused, after 60 s it replaces the old one", func(t *testing.T, e *env) {
			old := e.sendCode("again@example.com")
			r := e.post("/login/V2/sendEmailcheckCode", map[string]any{"mobileOrEmail": "again@example.com"}, "")
			apitest.Failure(t, r, errcode.CodeTooSoon, "")
			if !strings.Contains(r.Env.ErrorMsg, "60") {
				t.Errorf("message %q does not say how long to wait", r.Env.ErrorMsg)
			}
			e.clock.Add(30 * time.Second)
			r = e.post("/login/V2/sendEmailcheckCode", map[string]any{"mobileOrEmail": "again@example.com"}, "")
			apitest.Failure(t, r, errcode.CodeTooSoon, "")
			if !strings.Contains(r.Env.ErrorMsg, "30") {
				t.Errorf("message %q does not say 30 s", r.Env.ErrorMsg)
			}
			e.clock.Add(30 * time.Second)
			c := e.sendCode("again@example.com")
			if c != old {
				if _, code := codeLogin(e, "again@example.com", old); code != errcode.CodeWrong {
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
			apitest.Failure(t, r, errcode.BadRequest, "")
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
			e.clock.Add(61 * time.Second)
		})
	}
}

func TestCodeRateLimitsPerDestinationAndPerIP(t *testing.T) {
	e := newEnv(t, func(c *account.Config, _ *account.Deps) {
		c.CodePerDestination = ratelimit.Limit{Count: 3, Period: time.Hour}
		c.CodePerIP = ratelimit.Limit{Count: 5, Period: time.Hour}
	})
	send := func(dest, ip string) errcode.Code {
		r := e.do("POST", "/login/V2/sendEmailcheckCode", map[string]any{"mobileOrEmail": dest}, hdr("", "", ip))
		return r.Env.ErrorCode
	}
	for i := 0; i < 3; i++ {
		if code := send("target@example.com", fmt.Sprintf("198.51.100.%d", i+1)); code != 0 {
			t.Fatalf("code %d to the destination: errorCode %d", i+1, code)
		}
		e.clock.Add(61 * time.Second) // resend rule
	}
	// A fourth code to the same address, even from a fresh IP, is refused.
	if code := send("target@example.com", "198.51.100.99"); code != errcode.CodeRateLimited {
		t.Fatalf("4th code to one destination: errorCode %d, want %d", code, errcode.CodeRateLimited)
	}
	// Per IP: five codes to five addresses, the sixth refused; another IP is unaffected.
	for i := 0; i < 5; i++ {
		if code := send(fmt.Sprintf("d%d@example.com", i), "203.0.113.7"); code != 0 {
			t.Fatalf("code %d from one IP: errorCode %d", i+1, code)
		}
	}
	if code := send("d9@example.com", "203.0.113.7"); code != errcode.CodeRateLimited {
		t.Fatalf("6th code from one IP: errorCode %d, want %d", code, errcode.CodeRateLimited)
	}
	if code := send("d9@example.com", "203.0.113.8"); code != 0 {
		t.Fatalf("another IP: errorCode %d", code)
	}
}

func TestWrongPasswordsAreThrottledPerAccountAndSourceAndPerIP(t *testing.T) {
	e := newEnv(t, func(c *account.Config, _ *account.Deps) { c.IPMaxFailures = 8 })
	e.register("victim@example.com", "victim", "right1234")
	e.register("other@example.com", "other", "right1234")
	try := func(name, pw, ip string) apitest.Response {
		return e.do("POST", "/login/V2/mobileOrNameToLogin", map[string]any{"name": name, "password": pw}, hdr("", "", ip))
	}
	code := func(name, pw, ip string) errcode.Code { return try(name, pw, ip).Env.ErrorCode }
	// Per account and source: four wrong answers say so; the fifth locks the pair.
	attacker := "192.0.2.66"
	for i := 1; i < account.DefaultLoginMaxFailures; i++ {
		if c := code("victim", "wrong1234", attacker); c != errcode.BadCredentials {
			t.Fatalf("wrong password %d: errorCode %d", i, c)
		}
	}
	r := try("victim", "wrong1234", attacker)
	apitest.Failure(t, r, errcode.Locked, "")
	if !strings.Contains(r.Env.ErrorMsg, "15 minutes") {
		t.Fatalf("the lock does not say when to retry: %q", r.Env.ErrorMsg)
	}
	if c := code("victim", "right1234", attacker); c != errcode.Locked {
		t.Fatalf("right password while locked: errorCode %d, want %d", c, errcode.Locked)
	}
	// The owner, elsewhere, is not locked out by a stranger.
	if c := code("victim", "right1234", "192.0.2.67"); c != 0 {
		t.Fatalf("the owner from another address is locked out: errorCode %d", c)
	}
	// Code sign-in stays open, even from the locked address.
	vc := e.sendCode("victim@example.com")
	apitest.Result(t, e.do("POST", "/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "victim@example.com", "checkCode": vc}, hdr("", "", attacker)), nil)
	e.clock.Add(account.DefaultLoginLockout + time.Second)
	if c := code("victim", "right1234", attacker); c != 0 {
		t.Fatalf("right password after the lockout: errorCode %d", c)
	}

	// Per IP: wrong passwords spread over accounts (and unknown names) lock the IP.
	ip := "198.51.100.200"
	for i := 1; i < 8; i++ {
		name := []string{"victim", "other", "nobody"}[i%3]
		if c := code(name, fmt.Sprintf("guess%04d", i), ip); c != errcode.BadCredentials && c != errcode.Locked {
			t.Fatalf("guess %d: errorCode %d", i, c)
		}
	}
	if c := code("nobody2", "guess9999", ip); c != errcode.Locked {
		t.Fatalf("8th failure from one IP: errorCode %d, want %d", c, errcode.Locked)
	}
	if c := code("other", "right1234", ip); c != errcode.Locked {
		t.Fatalf("right password from a locked IP: errorCode %d, want %d", c, errcode.Locked)
	}
	if c := code("other", "right1234", "198.51.100.201"); c != 0 {
		t.Fatalf("another IP: errorCode %d", c)
	}
}

// TestParallelGuessesAreCountedBeforeTheyAreEvaluated: 40 guesses at once from one address get at
// most LoginMaxFailures evaluations; the right password is then refused until the lock ends.
func TestParallelGuessesAreCountedBeforeTheyAreEvaluated(t *testing.T) {
	e := newEnv(t)
	e.register("target@example.com", "target", "right1234")
	before := e.svc.PasswordEvaluations()
	var wg sync.WaitGroup
	codes := make([]errcode.Code, 40)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := e.do("POST", "/login/V2/mobileOrNameToLogin", map[string]any{"name": "target", "password": fmt.Sprintf("guess%04d", i)}, hdr("", "", "203.0.113.9"))
			codes[i] = r.Env.ErrorCode
		}()
	}
	wg.Wait()
	if n := e.svc.PasswordEvaluations() - before; n > int64(account.DefaultLoginMaxFailures) {
		t.Fatalf("%d parallel guesses evaluated, want at most %d", n, account.DefaultLoginMaxFailures)
	}
	bad := 0
	for _, c := range codes {
		switch c {
		case errcode.BadCredentials:
			bad++
		case errcode.Locked:
		default:
			t.Fatalf("a guess answered errorCode %d", c)
		}
	}
	if bad >= account.DefaultLoginMaxFailures {
		t.Fatalf("%d guesses answered 'wrong password', want fewer than %d", bad, account.DefaultLoginMaxFailures)
	}
	r := e.do("POST", "/login/V2/mobileOrNameToLogin", map[string]any{"name": "target", "password": "right1234"}, hdr("", "", "203.0.113.9"))
	apitest.Failure(t, r, errcode.Locked, "")
}

// TestGuessesFromManyAddressesHitTheAccountCeiling: spread guesses lock password sign-in to the
// account everywhere, and code sign-in still lets the owner in.
func TestGuessesFromManyAddressesHitTheAccountCeiling(t *testing.T) {
	e := newEnv(t, func(c *account.Config, _ *account.Deps) { c.AccountMaxFailures = 6 })
	e.register("spread@example.com", "spread", "right1234")
	var last errcode.Code
	for i := 1; i <= 6; i++ {
		r := e.do("POST", "/login/V2/mobileOrNameToLogin", map[string]any{"name": "spread", "password": "wrong1234"}, hdr("", "", fmt.Sprintf("192.0.2.%d", 100+i)))
		last = r.Env.ErrorCode
	}
	if last != errcode.Locked {
		t.Fatalf("6th spread guess: errorCode %d, want %d", last, errcode.Locked)
	}
	apitest.Failure(t, e.do("POST", "/login/V2/mobileOrNameToLogin", map[string]any{"name": "spread", "password": "right1234"}, hdr("", "", "192.0.2.200")), errcode.Locked, "")
	vc := e.sendCode("spread@example.com")
	apitest.Result(t, e.do("POST", "/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "spread@example.com", "checkCode": vc}, hdr("", "", "192.0.2.200")), nil)
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
				apitest.Failure(t, r, errcode.BadRequest, "")
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
		apitest.Result(t, e.post("/login/V2/sendMobilecheckCode", body, ""), nil)
	}
}

func TestUsernameRules(t *testing.T) {
	e := newEnv(t)
	e.register("taken@example.com", "Taken", "taken123")
	code := e.sendCode("new@example.com")
	var lr loginResult
	apitest.Result(t, e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "new@example.com", "checkCode": code}, ""), &lr)
	for _, tt := range []struct {
		uname string
		code  errcode.Code
	}{
		{"has space", errcode.BadRequest},
		{"名字", errcode.BadRequest},
		{"under_score", errcode.BadRequest},
		{"", errcode.BadRequest},
		{strings.Repeat("a", 33), errcode.BadRequest},
		{"taken", errcode.UsernameTaken}, // unique whatever the case
	} {
		apitest.Failure(t, e.post("/user/V2/modifyUser", map[string]any{"uname": tt.uname, "password": "good1234"}, lr.Token), tt.code, "")
	}
	apitest.Result(t, e.post("/user/V2/modifyUser", map[string]any{"uname": "Fresh2026", "password": "good1234"}, lr.Token), nil)
}
