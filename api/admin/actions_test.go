package admin_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"courtside/api/account"
	"courtside/api/admin"
	"courtside/api/audit"
	"courtside/api/errcode"
)

// Every staff action on a user goes through the accounts module and lands in the audit log with who,
// what, on whom, before, after and why.
func TestUserActionsAreAppliedAndAudited(t *testing.T) {
	e := newEnv(t)
	root := e.staff("root", account.RoleAdmin)
	target := e.user("target")
	u := fmt.Sprintf("u%d", target.id)
	ctx := context.Background()

	var page admin.UserPage
	e.ok(root, "GET", "/java/admin/users?q=TARG", "", &page)
	if page.Total != 1 || page.List[0].UserID != u {
		t.Fatalf("search by name: %+v", page)
	}
	e.ok(root, "GET", "/java/admin/users?q="+u, "", &page)
	if page.Total != 1 {
		t.Fatalf("search by id: %+v", page)
	}
	if res := e.do(root, "POST", "/java/admin/users/mute", `{"userId":"`+u+`","hours":2}`); res.Env.ErrorCode != errcode.AdminInput {
		t.Fatalf("a mute without a reason: %s", res.Body)
	}
	if res := e.do(root, "POST", "/java/admin/users/mute", `{"userId":"`+u+`","hours":0,"reason":"x"}`); res.Env.ErrorCode != errcode.AdminInput {
		t.Fatalf("a mute of 0 hours: %s", res.Body)
	}
	if res := e.do(root, "POST", "/java/admin/users/ban", fmt.Sprintf(`{"userId":"u%d","reason":"x"}`, root.id)); res.Env.ErrorCode != errcode.AdminInput {
		t.Fatalf("banning oneself: %s", res.Body)
	}
	e.ok(root, "POST", "/java/admin/users/mute", `{"userId":"`+u+`","hours":2,"reason":"abuse"}`, nil)
	got, _ := e.accounts.UserByID(ctx, target.id)
	if !got.Has(account.RoleMuted) || account.Can(got, account.PermChat) {
		t.Fatalf("not muted: %+v", got.Roles)
	}
	// The accounts' old name of the role call keeps the back office's rules: a ban or a mute is not a
	// role to grant (they have their own calls, with a reason and a duration), and a grant is audited.
	if res := e.do(root, "POST", "/java/admin/user/role", `{"userId":"`+u+`","role":"banned","grant":true}`); res.Env.ErrorCode != errcode.AdminInput {
		t.Fatalf("a ban through the old role call: %s", res.Body)
	}
	e.ok(root, "POST", "/java/admin/user/role", `{"userId":"`+u+`","role":"moderator","grant":true,"reason":"hired"}`, nil)
	e.ok(root, "POST", "/java/admin/users/signout", `{"userId":"`+u+`","reason":"lost phone"}`, nil)
	if _, err := e.accounts.Authenticate(ctx, target.token); err == nil {
		t.Fatal("the session survived sign out everywhere")
	}
	e.ok(root, "POST", "/java/admin/users/ban", `{"userId":"`+u+`","reason":"spam"}`, nil)
	e.ok(root, "POST", "/java/admin/users/unban", `{"userId":"`+u+`","reason":"appeal"}`, nil)
	var detail admin.UserDetail
	e.ok(root, "GET", "/java/admin/users/"+u, "", &detail)
	if detail.Banned || !detail.Muted || detail.Coins != 0 || detail.Sessions != 0 {
		t.Fatalf("detail: %+v", detail)
	}

	var log struct {
		List []audit.Record `json:"list"`
	}
	e.ok(root, "GET", "/java/admin/audit?target="+u, "", &log)
	var actions []string
	for _, r := range log.List {
		actions = append(actions, r.Action)
		if r.ActorName != "root" || r.TargetKind != "user" {
			t.Errorf("entry %+v", r)
		}
	}
	if want := "user.unban user.ban user.signOut user.roleGrant user.mute"; strings.Join(actions, " ") != want {
		t.Fatalf("audit: %v, want %s", actions, want)
	}
	ban := log.List[1]
	if ban.Reason != "spam" || !strings.Contains(string(ban.After), "banned") || strings.Contains(string(ban.Before), "banned") {
		t.Fatalf("ban entry: %+v %s %s", ban, ban.Before, ban.After)
	}
	e.ok(root, "GET", "/java/admin/audit?action=user.&actor="+fmt.Sprint(root.id)+"&from=2026-11-26&to=2026-11-26&size=2", "", &log)
	if len(log.List) != 2 {
		t.Fatalf("filtered page: %+v", log.List)
	}
	e.ok(root, "GET", "/java/admin/audit?from=2026-11-27", "", &log)
	if len(log.List) != 0 {
		t.Fatalf("a range after the actions: %+v", log.List)
	}
}

// Reports of the same line come as one entry with the line, its context, its reporters and its
// author; a decision closes them all, acts through the room and the accounts, and is audited.
func TestReportsAreGroupedAndHandled(t *testing.T) {
	e := newEnv(t)
	mod := e.staff("mod", account.RoleModerator)
	troll := e.user("troll")
	a, b := e.user("alice"), e.user("bob")
	tu := fmt.Sprintf("u%d", troll.id)
	e.lines.add("r1", 1, fmt.Sprintf("u%d", a.id), "alice", "hello")
	bad := e.lines.add("r1", 2, tu, "troll", "buy cheap coins at spam.example")
	e.lines.add("r1", 3, fmt.Sprintf("u%d", b.id), "bob", "stop it")
	other := e.lines.add("r2", 7, fmt.Sprintf("u%d", b.id), "bob", "hm")
	ctx := context.Background()
	for _, r := range []struct {
		room, msg string
		seq       int64
		by        person
		reason    string
	}{{"r1", bad, 2, a, "ads"}, {"r1", bad, 2, b, "ads"}, {"r1", bad, 2, mod, "spam"}, {"r2", other, 7, a, "attack"}} {
		if err := e.store.AddReport(ctx, r.room, r.msg, r.seq, fmt.Sprintf("u%d", r.by.id), r.reason, e.now); err != nil {
			t.Fatal(err)
		}
	}
	var page admin.ReportPage
	e.ok(mod, "GET", "/java/admin/reports", "", &page)
	if page.Total != 2 || len(page.List) != 2 {
		t.Fatalf("groups: %+v", page)
	}
	g := page.List[0]
	if g.MessageID != bad || g.Count != 3 || strings.Join(g.Reasons, ",") != "ads,spam" || len(g.Reporters) != 3 ||
		g.Reporters[0].Name != "alice" || g.Reported == nil || g.Reported.UserID != tu || g.Line.Text == "" || len(g.Context) != 3 ||
		!g.Context[1].Reported {
		t.Fatalf("group: %+v", g)
	}
	if res := e.do(mod, "POST", "/java/admin/reports/handle", `{"room":"r1","messageId":"`+bad+`","action":"ban","reason":"spam"}`); res.Status != 403 {
		t.Fatalf("a moderator banned: %s", res.Body)
	}
	if res := e.do(mod, "POST", "/java/admin/reports/handle", `{"room":"r1","messageId":"`+bad+`","action":"mutePlatform","hours":24}`); res.Env.ErrorCode != errcode.AdminInput {
		t.Fatalf("an action without a reason: %s", res.Body)
	}
	e.ok(mod, "POST", "/java/admin/reports/handle", `{"room":"r1","messageId":"`+bad+`","action":"mutePlatform","hours":24,"reason":"spam links"}`, nil)
	if u, _ := e.accounts.UserByID(ctx, troll.id); !u.Has(account.RoleMuted) {
		t.Fatal("the author is not muted")
	}
	if len(e.rooms.sent) != 1 || !strings.Contains(e.rooms.sent[0], "r1 delete "+bad) {
		t.Fatalf("room moderation: %v", e.rooms.sent)
	}
	if res := e.do(mod, "POST", "/java/admin/reports/handle", `{"room":"r1","messageId":"`+bad+`","action":"dismiss"}`); res.Env.ErrorCode != errcode.ReportNotFound {
		t.Fatalf("a handled report handled again: %s", res.Body)
	}
	e.ok(mod, "POST", "/java/admin/reports/handle", `{"room":"r2","messageId":"`+other+`","action":"dismiss"}`, nil)
	e.ok(mod, "GET", "/java/admin/reports", "", &page)
	if page.Total != 0 {
		t.Fatalf("open after handling: %+v", page)
	}
	e.ok(mod, "GET", "/java/admin/reports?status=actioned", "", &page)
	if page.Total != 1 || page.List[0].Result != "mutePlatform" || page.List[0].HandledBy == "" {
		t.Fatalf("actioned: %+v", page)
	}
	recs, _ := e.audit.List(ctx, audit.Filter{})
	var actions []string
	for _, r := range recs {
		actions = append(actions, r.Action)
	}
	if want := "report.dismiss report.mutePlatform user.mute chat.delete staff.enrol"; strings.Join(actions, " ") != want {
		t.Fatalf("audit: %v", actions)
	}
}
