package account_test

import (
	"testing"
	"time"

	"courtside/api/account"
	"courtside/api/apitest"
	"courtside/api/errcode"
)

// TestPasswordWorkIsBoundedByMemory: while the argon2 budget is taken, sign-in waits
// Argon2QueueWait and then answers "busy" in the caller's language, without counting an attempt;
// once the budget is free the same sign-in succeeds.
func TestPasswordWorkIsBoundedByMemory(t *testing.T) {
	e := newEnv(t, func(c *account.Config, _ *account.Deps) { c.Argon2QueueWait = 50 * time.Millisecond })
	e.register("busy@example.com", "busyfan", "right1234")
	release := e.svc.HoldArgon2()
	for i := 0; i < account.DefaultLoginMaxFailures+1; i++ {
		start := time.Now()
		r := e.do("POST", "/login/V2/mobileOrNameToLogin", map[string]any{"name": "busyfan", "password": "wrong1234"}, hdr("", "zh_CN", "192.0.2.9"))
		apitest.Failure(t, r, errcode.Busy, "")
		if r.Status != 503 || r.Env.ErrorMsg != "服务器繁忙，请稍后再试" {
			t.Fatalf("busy answer: HTTP %d %q", r.Status, r.Env.ErrorMsg)
		}
		if d := time.Since(start); d < 50*time.Millisecond {
			t.Fatalf("refused after %v, without queueing", d)
		}
	}
	// Registration waits for the budget too, before the code is spent.
	code := e.sendCode("new@example.com")
	apitest.Failure(t, e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "new@example.com", "checkCode": code, "password": "abcd1234"}, ""), errcode.Busy, "")
	release()
	apitest.Result(t, e.post("/login/V2/getLoginByEmailCheckCode", map[string]any{"mobileOrEmail": "new@example.com", "checkCode": code, "password": "abcd1234"}, ""), nil)
	// The refused attempts were not counted: no lock.
	apitest.Result(t, e.do("POST", "/login/V2/mobileOrNameToLogin", map[string]any{"name": "busyfan", "password": "right1234"}, hdr("", "", "192.0.2.9")), nil)
}
