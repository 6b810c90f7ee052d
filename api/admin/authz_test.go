package admin_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"courtside/api/account"
	"courtside/api/admin"
	"courtside/api/errcode"
)

// TestRolesTimesAdminCalls calls every back-office call as each staff role, a user and a banned
// administrator: the server lets through exactly the roles whose permission the call needs. A call let
// through answers anything but 401/403 (the bodies are built to stop at validation, so nothing
// changes between rows).
func TestRolesTimesAdminCalls(t *testing.T) {
	e := newEnv(t)
	target := e.user("target")
	callers := []struct {
		name string
		p    person
	}{
		{"admin", e.staff("root", account.RoleAdmin)},
		{"moderator", e.staff("mod", account.RoleModerator)},
		{"finance", e.staff("fin", account.RoleFinance)},
		{"editor", e.staff("edit", account.RoleEditor)},
		{"user", e.user("plain")},
		{"banned admin", e.staff("fallen", account.RoleAdmin)},
	}
	fallen := callers[5].p
	if err := e.accounts.GrantRole(context.Background(), fallen.id, account.RoleBanned, e.now.AddDate(1, 0, 0), "test"); err != nil {
		t.Fatal(err)
	}
	u := fmt.Sprintf("u%d", target.id)
	const A, M, F, E = "admin", "moderator", "finance", "editor"
	rows := []struct {
		method, path, body string
		allowed            []string
	}{
		{"GET", "/java/admin/dashboard", "", []string{A, M, F, E}},
		{"GET", "/java/admin/users?q=tar", "", []string{A, M, F}},
		{"GET", "/java/admin/users/" + u, "", []string{A, M, F}},
		{"POST", "/java/admin/users/mute", `{"userId":"` + u + `","hours":1}`, []string{A, M}}, // no reason: 6004
		{"POST", "/java/admin/users/unmute", `{"userId":"u999999"}`, []string{A, M}},
		{"POST", "/java/admin/users/signout", `{"userId":"u999999"}`, []string{A, M}},
		{"POST", "/java/admin/users/ban", `{"userId":"` + u + `"}`, []string{A}},
		{"POST", "/java/admin/users/unban", `{"userId":"u999999"}`, []string{A}},
		{"POST", "/java/admin/users/role", `{"userId":"` + u + `","role":"banned","grant":true}`, []string{A}},
		{"POST", "/java/admin/staff/reset", `{"userId":"u999999"}`, []string{A}},
		{"GET", "/java/admin/reports", "", []string{A, M}},
		{"POST", "/java/admin/reports/handle", `{"room":"r1","messageId":"r1-1","action":"dismiss"}`, []string{A, M}},
		{"GET", "/java/admin/audit", "", []string{A}},
		{"POST", "/java/admin/user/role", `{"userId":"u999999","role":"muted","grant":true}`, []string{A}}, // the accounts' old call
		// Live rooms, moderation rules, orders and money (no reason or no such thing: nothing changes).
		{"GET", "/java/admin/dashboard/days", "", []string{A, M, F, E}},
		{"GET", "/java/admin/users/" + u + "/sessions", "", []string{A, M, F}},
		{"GET", "/java/admin/rooms", "", []string{A, M}},
		{"GET", "/java/admin/rooms/7001", "", []string{A, M}},
		{"POST", "/java/admin/rooms/end", `{"room":"7001"}`, []string{A, M}},
		{"POST", "/java/admin/rooms/access", `{"room":"7001","memberOnly":true}`, []string{A, M}},
		{"POST", "/java/admin/rooms/moderator", `{"room":"7001","userId":"u999999","add":true}`, []string{A, M}},
		{"GET", "/java/admin/words", "", []string{A, M}},
		{"GET", "/java/admin/words/preview?word=bad", "", []string{A, M}},
		{"GET", "/java/admin/words/rooms", "", []string{A, M}},
		{"POST", "/java/admin/words/add", `{"word":""}`, []string{A, M}},
		{"POST", "/java/admin/words/remove", `{"word":"never-listed"}`, []string{A, M}},
		{"GET", "/java/admin/money?kind=refund", "", []string{A, F}},
		{"POST", "/java/admin/money/refund", `{"orderNo":"none"}`, []string{A, F}},
	}
	for _, r := range rows {
		for _, c := range callers {
			t.Run(fmt.Sprintf("%s %s as %s", r.method, r.path, c.name), func(t *testing.T) {
				res := e.do(c.p, r.method, r.path, r.body)
				allowed := false
				for _, a := range r.allowed {
					allowed = allowed || a == c.name
				}
				denied := res.Status == http.StatusForbidden || res.Status == http.StatusUnauthorized
				if allowed == denied || res.Env.ErrorCode == errcode.SecondFactor {
					t.Fatalf("allowed %v, got %d: %s", allowed, res.Status, res.Body)
				}
			})
		}
	}
}

// A staff member who signed in but has not passed the second factor reaches no staff call, the other
// areas' /java/admin/ calls included; a code works once; the staff session ends after its TTL (shorter
// than the user session) and when the staff role is taken away.
func TestStaffCallsNeedTheSecondFactor(t *testing.T) {
	e := newEnv(t)
	root := e.user("root", account.RoleAdmin)
	for _, path := range []string{"/java/admin/dashboard", "/java/admin/audit"} {
		if res := e.do(root, "GET", path, ""); res.Env.ErrorCode != errcode.SecondFactor {
			t.Fatalf("%s before the second factor: %s", path, res.Body)
		}
	}
	if res := e.do(root, "POST", "/java/admin/user/role", `{"userId":"u1","role":"muted","grant":true}`); res.Env.ErrorCode != errcode.SecondFactor {
		t.Fatalf("the accounts' staff call before the second factor: %s", res.Body)
	}
	var st admin.StaffState
	e.ok(root, "GET", "/java/admin/staff/me", "", &st)
	if st.Enrolled || st.Verified || len(st.Roles) != 1 {
		t.Fatalf("state before enrolment: %+v", st)
	}
	var en admin.Enrolment
	e.ok(root, "POST", "/java/admin/staff/enrol", "", &en)
	if res := e.do(root, "POST", "/java/admin/staff/verify", `{"code":"000000"}`); res.Env.ErrorCode != errcode.SecondFactorWrong {
		t.Fatalf("a wrong code: %s", res.Body)
	}
	code := e.code(en.Secret)
	e.ok(root, "POST", "/java/admin/staff/verify", fmt.Sprintf(`{"code":%q}`, code), &st)
	if !st.Enrolled || !st.Verified {
		t.Fatalf("state after the second factor: %+v", st)
	}
	e.ok(root, "GET", "/java/admin/dashboard", "", nil)
	if res := e.do(root, "POST", "/java/admin/staff/enrol", ""); res.Env.ErrorCode != errcode.SecondFactorEnrolled {
		t.Fatalf("the secret was shown twice: %s", res.Body)
	}
	// Another session of the same staff member needs its own code, and the code just used is spent.
	again, err := e.accounts.PasswordLogin(context.Background(), account.Identity{Name: "root"}, "secret123", account.Client{})
	if err != nil {
		t.Fatal(err)
	}
	second := person{id: root.id, name: "root", token: again.Token}
	if res := e.do(second, "GET", "/java/admin/dashboard", ""); res.Env.ErrorCode != errcode.SecondFactor {
		t.Fatalf("a second session rode on the first one's factor: %s", res.Body)
	}
	if res := e.do(second, "POST", "/java/admin/staff/verify", fmt.Sprintf(`{"code":%q}`, code)); res.Env.ErrorCode != errcode.SecondFactorWrong {
		t.Fatalf("a code was accepted twice: %s", res.Body)
	}
	// Eight hours later the staff session is over; the user session is not.
	e.now = e.now.Add(8*60*60*1e9 + 1)
	if res := e.do(root, "GET", "/java/admin/dashboard", ""); res.Env.ErrorCode != errcode.SecondFactor {
		t.Fatalf("the staff session outlived its TTL: %s", res.Body)
	}
	e.ok(root, "GET", "/java/admin/staff/me", "", nil)

	// A moderator whose role is taken away loses the back office at once.
	e.now = testNow
	mod := e.staff("mod", account.RoleModerator)
	e.ok(mod, "GET", "/java/admin/reports", "", nil)
	if err := e.accounts.RevokeRole(context.Background(), mod.id, account.RoleModerator); err != nil {
		t.Fatal(err)
	}
	if res := e.do(mod, "GET", "/java/admin/reports", ""); res.Status != http.StatusForbidden {
		t.Fatalf("a former moderator: %s", res.Body)
	}
}
