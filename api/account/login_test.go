package account_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"courtside/api"
	"courtside/api/account"
	"courtside/api/apitest"
	"courtside/api/errcode"
	"courtside/storage/postgres"
)

func TestRegisterWithAnEmailCodeThenNewUserStepThenPasswordSignIn(t *testing.T) {
	e := newEnv(t)
	code := e.sendCode("New.Fan@Example.com")
	var lr loginResult
	apitest.Result(t, e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "New.Fan@Example.com", "checkCode": code, "type": 3}, ""), &lr)
	if !lr.NewUser || lr.Token == "" || lr.UID == "" || lr.User.Email != "new.fan@example.com" || !lr.User.Private {
		t.Fatalf("registration answer %+v", lr)
	}
	if n := e.welcomes(lr.UID); n != 1 {
		t.Fatalf("welcome granted %d times, want 1", n)
	}
	// The new-user step: username and initial password.
	var info loginResult
	apitest.Result(t, e.post("/user/V2/modifyUser", map[string]any{"uname": "fan2026", "password": "goal2026"}, lr.Token), &info.User)
	if info.User.Username != "fan2026" || info.User.NewUser || !info.User.HasPassword {
		t.Fatalf("after the new-user step: %+v", info.User)
	}
	apitest.Failure(t, e.post("/user/V2/modifyUser", map[string]any{"uname": "other", "password": "goal2027"}, lr.Token), errcode.SetupDone, "")

	for _, id := range []map[string]any{
		{"name": "fan2026"}, {"name": "FAN2026"}, {"mobileOrEmail": "new.fan@example.com"}, {"mobileOrEmail": "fan2026"},
	} {
		id["password"] = "goal2026"
		var again loginResult
		apitest.Result(t, e.post("/login/V2/mobileOrNameToLogin", id, ""), &again)
		if again.UID != lr.UID || again.NewUser || again.Token == lr.Token {
			t.Fatalf("sign-in with %v: %+v", id, again)
		}
	}
	// Signing in again with a code finds the same account: no second gift.
	e.clock.Add(61 * time.Second)
	code = e.sendCode("new.fan@example.com")
	var third loginResult
	apitest.Result(t, e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "new.fan@example.com", "checkCode": code}, ""), &third)
	if third.UID != lr.UID || third.NewUser {
		t.Fatalf("code sign-in of an existing account: %+v", third)
	}
	if n := e.welcomes(lr.UID); n != 1 {
		t.Fatalf("welcome granted %d times, want 1", n)
	}
	// Register mode refuses an existing account without spending the code.
	e.clock.Add(61 * time.Second)
	code = e.sendCode("new.fan@example.com")
	apitest.Failure(t, e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "new.fan@example.com", "checkCode": code, "type": 3}, ""), errcode.Exists, "")
	apitest.Result(t, e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "new.fan@example.com", "checkCode": code}, ""), nil)
}

func TestRegisterWithAPhoneCodeAndPassword(t *testing.T) {
	e := newEnv(t)
	code := e.sendCode("13800138000")
	var lr loginResult
	apitest.Result(t, e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "13800138000", "areaCode": 86,
		"checkCode": code, "password": "pass1234", "type": 3}, ""), &lr)
	if !lr.NewUser || lr.User.Phone != "+8613800138000" || !lr.User.HasPassword {
		t.Fatalf("answer %+v", lr)
	}
	// Still newUser: no username yet. Password sign-in by phone works already.
	var again loginResult
	apitest.Result(t, e.post("/login/V2/mobileOrNameToLogin", map[string]any{"mobileOrEmail": "13800138000", "areaCode": "86", "password": "pass1234"}, ""), &again)
	if again.UID != lr.UID || !again.NewUser {
		t.Fatalf("phone sign-in: %+v", again)
	}
}

func TestGuestAndLogout(t *testing.T) {
	e := newEnv(t)
	var g struct {
		UID   string `json:"uid"`
		Guest bool   `json:"guest"`
		Token string `json:"token"`
	}
	apitest.Result(t, e.get("/login/testLogin", ""), &g)
	if !g.Guest || g.Token != "" || len(g.UID) < 4 || g.UID[:2] != "g-" {
		t.Fatalf("guest = %+v", g)
	}
	lr := e.register("a@example.com", "alice", "alice1234")
	apitest.Result(t, e.get("/user/info", lr.Token), nil)
	apitest.Result(t, e.post("/login/logout", nil, lr.Token), nil)
	apitest.Failure(t, e.get("/user/info", lr.Token), errcode.SessionRevoked, "")
	apitest.Result(t, e.post("/login/logout", nil, lr.Token), nil) // idempotent
}

func TestSessions(t *testing.T) {
	e := newEnv(t)
	lr := e.register("s@example.com", "sam", "sam12345")
	tok := lr.Token

	apitest.Failure(t, e.get("/user/info", "not-a-token"), errcode.SessionRevoked, "")
	apitest.Failure(t, e.get("/user/info", ""), errcode.AuthRequired, "")

	// Sliding renewal: used shortly before it would expire, the session lives on past the
	// original expiry.
	e.clock.Add(account.DefaultSessionTTL - 2*time.Hour)
	apitest.Result(t, e.get("/user/info", tok), nil)
	e.clock.Add(3 * time.Hour)
	apitest.Result(t, e.get("/user/info", tok), nil)
	// Unused for a whole TTL: expired (3000, not 3001).
	e.clock.Add(account.DefaultSessionTTL + time.Second)
	apitest.Failure(t, e.get("/user/info", tok), errcode.SessionExpired, "")

	// The token cookie works like the header.
	second, _ := e.login("sam", "sam12345")
	h := hdr("", "", "")
	h.Set("Cookie", (&http.Cookie{Name: "token", Value: second.Token}).String())
	apitest.Result(t, e.do("GET", "/user/info", nil, h), nil)

	// The real-time side authenticates the same token.
	u, err := e.svc.Authenticate(context.Background(), second.Token)
	if err != nil || u.UID() != lr.UID || u.Name() != "sam" || u.Level < 1 {
		t.Fatalf("Authenticate = %+v, %v", u, err)
	}
}

func TestPasswordChangeRevokesOtherSessionsAndResetRevokesAll(t *testing.T) {
	e := newEnv(t)
	lr := e.register("p@example.com", "pat", "pat12345")
	a, _ := e.login("pat", "pat12345")
	b, _ := e.login("pat", "pat12345")

	code := e.sendCode("p@example.com")
	// A code sent to someone else's address proves nothing.
	apitest.Failure(t, e.post("/user/V2/mobileOrNameToChangePass", map[string]any{"mobileOrEmail": "x@example.com", "checkCode": code, "password": "newpass99"}, a.Token), errcode.Forbidden, "")
	apitest.Result(t, e.post("/user/V2/mobileOrNameToChangePass", map[string]any{"checkCode": code, "password": "newpass99"}, a.Token), nil)
	apitest.Result(t, e.get("/user/info", a.Token), nil)
	apitest.Failure(t, e.get("/user/info", b.Token), errcode.SessionRevoked, "")
	apitest.Failure(t, e.get("/user/info", lr.Token), errcode.SessionRevoked, "")
	if _, r := e.login("pat", "pat12345"); r.Env.ErrorCode != errcode.BadCredentials {
		t.Fatalf("old password still works: %s", r.Body)
	}
	if _, r := e.login("pat", "newpass99"); r.Env.Status != api.StatusSuccess {
		t.Fatalf("new password refused: %s", r.Body)
	}

	// Forgotten password (signed out): reset with a code revokes every session.
	e.clock.Add(61 * time.Second)
	code = e.sendCode("p@example.com")
	apitest.Failure(t, e.post("/login/modifyPassword", map[string]any{"mobileOrEmail": "p@example.com", "checkCode": code, "password": "short"}, ""), errcode.BadRequest, "")
	apitest.Result(t, e.post("/login/modifyPassword", map[string]any{"mobileOrEmail": "p@example.com", "checkCode": code, "password": "reset1234"}, ""), nil)
	apitest.Failure(t, e.get("/user/info", a.Token), errcode.SessionRevoked, "")
	if _, r := e.login("pat", "reset1234"); r.Env.Status != api.StatusSuccess {
		t.Fatalf("reset password refused: %s", r.Body)
	}
	e.clock.Add(61 * time.Second)
	code = e.sendCode("nobody@example.com")
	apitest.Failure(t, e.post("/login/modifyPassword", map[string]any{"mobileOrEmail": "nobody@example.com", "checkCode": code, "password": "reset1234"}, ""), errcode.AccountNotFound, "")
}

func TestWelcomeGiftExactlyOnceUnderConcurrentDuplicateRegistrations(t *testing.T) {
	e := newEnv(t)
	code := e.sendCode("race@example.com")
	const n = 8
	var wg sync.WaitGroup
	uids := make(chan string, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "race@example.com", "checkCode": code}, "")
			if r.Env.Status == api.StatusSuccess {
				var lr loginResult
				apitest.Result(t, r, &lr)
				uids <- lr.UID
			} else if r.Env.ErrorCode != errcode.CodeExpired {
				t.Errorf("unexpected answer %s", r.Body)
			}
		}()
	}
	wg.Wait()
	close(uids)
	var got []string
	for u := range uids {
		got = append(got, u)
	}
	if len(got) != 1 {
		t.Fatalf("%d registrations succeeded with one code, want exactly 1: %v", len(got), got)
	}
	var users, gifts int
	_ = e.pool.QueryRow(context.Background(), `SELECT count(*) FROM users WHERE email='race@example.com'`).Scan(&users)
	_ = e.pool.QueryRow(context.Background(), `SELECT count(*) FROM test_welcome`).Scan(&gifts)
	if users != 1 || gifts != 1 {
		t.Fatalf("users=%d gifts=%d, want 1 and 1", users, gifts)
	}
}

func TestRegistrationIsUndoneWhenTheWelcomeGiftFails(t *testing.T) {
	e := newEnv(t, func(_ *account.Config, d *account.Deps) { d.Welcome = tableWelcome{fail: true} })
	code := e.sendCode("gift@example.com")
	apitest.Failure(t, e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "gift@example.com", "checkCode": code}, ""), errcode.Server, "")
	var users int
	_ = e.pool.QueryRow(context.Background(), `SELECT count(*) FROM users`).Scan(&users)
	if users != 0 {
		t.Fatalf("%d users kept after the gift failed", users)
	}
}

func TestCountryList(t *testing.T) {
	e := newEnv(t)
	var list []struct {
		Abbr string `json:"countryAbbr"`
		Area string `json:"countryArea"`
	}
	apitest.Result(t, e.get("/login/loginCountryList", ""), &list)
	if len(list) < 20 || list[0].Abbr != "CN" || list[0].Area != "86" {
		t.Fatalf("country list %+v", list[:min(3, len(list))])
	}
}

func TestCodeSignInByUsernameUsesTheAccountsEmail(t *testing.T) {
	e := newEnv(t)
	lr := e.register("named@example.com", "named", "named123")
	code := e.sendCode("named@example.com")
	var again loginResult
	apitest.Result(t, e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"name": "named", "checkCode": code}, ""), &again)
	if again.UID != lr.UID || again.NewUser {
		t.Fatalf("code sign-in by username: %+v", again)
	}
	apitest.Failure(t, e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"name": "nobody", "checkCode": code}, ""), errcode.AccountNotFound, "")
}

func TestWelcomeThroughTheWalletLedger(t *testing.T) {
	e := newEnv(t, func(_ *account.Config, d *account.Deps) {
		wallet := postgres.NewWalletStore(d.Pool)
		d.Welcome = account.WelcomeFunc(postgres.GrantWelcome)
		d.Balances = account.BalancesFunc(func(ctx context.Context, id int64) (int64, int64, error) {
			b, err := wallet.Balances(ctx, id)
			return b.Coins, b.Diamonds, err
		})
	})
	code := e.sendCode("coins@example.com")
	var lr struct {
		User struct {
			Coin int64 `json:"coin"`
		} `json:"user"`
	}
	apitest.Result(t, e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "coins@example.com", "checkCode": code}, ""), &lr)
	if lr.User.Coin != postgres.WelcomeBonusCoins {
		t.Fatalf("coins after registration = %d, want %d", lr.User.Coin, postgres.WelcomeBonusCoins)
	}
}
