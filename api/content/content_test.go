package content_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"courtside/api"
	"courtside/api/account"
	"courtside/api/apitest"
	"courtside/api/content"
	"courtside/api/errcode"
	"courtside/api/locale"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// clock is the injected clock; tests move it.
type clock = apitest.Clock

// Users by id and their roles, judged by the accounts module's own permission table (account.Can):
// 900 a content editor, 901 a platform moderator, 902 an administrator, 903 a banned administrator,
// 904 finance, 5 and 6 fans.
var roles = map[int64][]account.Role{
	900: {account.RoleEditor}, 901: {account.RoleModerator}, 902: {account.RoleAdmin},
	903: {account.RoleAdmin, account.RoleBanned}, 904: {account.RoleFinance}, 5: nil, 6: nil,
}

type staff struct{}

func (staff) Can(_ context.Context, uid int64, perm string) (bool, error) {
	rs, ok := roles[uid]
	if !ok {
		return false, nil
	}
	u := account.User{ID: uid}
	for _, r := range rs {
		u.Roles = append(u.Roles, account.RoleGrant{Role: r})
	}
	return account.Can(u, account.Permission(perm)), nil
}

var start = time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)

type env struct {
	t     testing.TB
	svc   *content.Service
	clock *clock
	audit *apitest.AuditLog
	url   string
}

func newEnv(t testing.TB) *env {
	t.Helper()
	pool := pgtest.NewPool(t)
	e := &env{t: t, clock: apitest.NewClock(start), audit: &apitest.AuditLog{}}
	svc, err := content.New(content.Config{Now: e.clock.Now}, content.Deps{Store: postgres.NewContentStore(pool), Audit: e.audit, Staff: staff{}})
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
	e.url = apitest.ServeArea(t, api.Config{}, svc)
	return e
}

// do sends a call as user uid (0: a guest) reading lang.
func (e *env) do(method, path, body string, uid int64, lang string) apitest.Response {
	e.t.Helper()
	return apitest.Do(e.t, e.url, method, path, body, apitest.Header(uid, lang))
}

var editor = content.Actor{ID: 900}

func (e *env) create(in content.ProclamationInput) content.Proclamation {
	e.t.Helper()
	p, err := e.svc.SaveProclamation(context.Background(), editor, in)
	if err != nil {
		e.t.Fatal(err)
	}
	return p
}

// shown is the id of the proclamation a reader of lang sees now (0: none).
func (e *env) shown(lang string, uid int64) int64 {
	e.t.Helper()
	p, ok, err := e.svc.Current(context.Background(), lang, uid)
	if err != nil {
		e.t.Fatal(err)
	}
	if !ok {
		return 0
	}
	return p.ID
}

func wantCode(t testing.TB, err error, code errcode.Code) {
	t.Helper()
	var ce *errcode.Error
	if !errorsAs(err, &ce) || ce.Code != code {
		t.Fatalf("want code %d, got %v", code, err)
	}
}

func errorsAs(err error, target **errcode.Error) bool {
	ce, ok := err.(*errcode.Error)
	if ok {
		*target = ce
	}
	return ok
}

func TestAScheduledProclamationShowsFromItsStartUntilItsEnd(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	p := e.create(content.ProclamationInput{Lang: "en_US", Content: "Maintenance tonight 02:00–03:00 UTC",
		Start: start.Add(time.Hour), End: start.Add(3 * time.Hour)})
	if p.State != content.StateScheduled || e.shown("en_US", 0) != 0 {
		t.Fatalf("before its start: %+v, shown %d", p, e.shown("en_US", 0))
	}
	e.clock.Add(time.Hour)
	if e.shown("en_US", 0) != p.ID || e.shown("zh_CN", 0) != 0 {
		t.Fatalf("at its start: en %d, zh %d", e.shown("en_US", 0), e.shown("zh_CN", 0))
	}
	// One for every language shows to readers of any language; the latest started wins.
	e.clock.Add(10 * time.Minute)
	all := e.create(content.ProclamationInput{Content: "Welcome to the new season", Level: content.LevelWarning})
	if e.shown("zh_CN", 0) != all.ID || e.shown("en_US", 0) != all.ID || e.shown("nonsense", 0) != all.ID {
		t.Fatal("the proclamation for every language is not shown to everybody")
	}
	// Staff see each one's state now.
	list, total, err := e.svc.Proclamations(ctx, content.ProclamationQuery{Limit: 10})
	if err != nil || total != 2 || list[0].State != content.StateActive || list[1].State != content.StateActive {
		t.Fatalf("staff list %+v %d %v", list, total, err)
	}
	e.clock.Add(2 * time.Hour) // past the first one's end
	active, _, _ := e.svc.Proclamations(ctx, content.ProclamationQuery{State: content.StateActive, Limit: 10})
	ended, _, _ := e.svc.Proclamations(ctx, content.ProclamationQuery{State: content.StateEnded, Limit: 10})
	if len(active) != 1 || active[0].ID != all.ID || len(ended) != 1 || ended[0].ID != p.ID {
		t.Fatalf("after the end: active %+v ended %+v", active, ended)
	}
	// An ended one is on record and cannot change.
	_, err = e.svc.SaveProclamation(ctx, editor, content.ProclamationInput{ID: p.ID, Lang: "en_US", Content: "x"})
	wantCode(t, err, errcode.ContentState)
}

func TestTheRulesOfAProclamation(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	for name, c := range map[string]struct {
		in  content.ProclamationInput
		key string
	}{
		"empty text":         {content.ProclamationInput{Content: "  "}, "content.text"},
		"too long":           {content.ProclamationInput{Content: strings.Repeat("é", 501)}, "content.text"},
		"unknown language":   {content.ProclamationInput{Content: "x", Lang: "klingon"}, "content.lang"},
		"script link":        {content.ProclamationInput{Content: "x", Link: "javascript:alert(1)"}, "content.link"},
		"plain http link":    {content.ProclamationInput{Content: "x", Link: "http://example.com/"}, "content.link"},
		"another host by //": {content.ProclamationInput{Content: "x", Link: "//evil.example/"}, "content.link"},
		"unknown level":      {content.ProclamationInput{Content: "x", Level: "party"}, "content.level"},
		"end before start":   {content.ProclamationInput{Content: "x", Start: start.Add(2 * time.Hour), End: start.Add(time.Hour)}, "content.window"},
		"end already past":   {content.ProclamationInput{Content: "x", Start: start.Add(-2 * time.Hour), End: start.Add(-time.Hour)}, "content.window"},
	} {
		_, err := e.svc.SaveProclamation(ctx, editor, c.in)
		ce, ok := err.(*errcode.Error)
		if !ok || ce.Code != errcode.ContentInvalid || ce.Key != c.key {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, l := range []string{"", "/live/1001", "https://courtside.example/season"} {
		if !content.ValidLink(l) {
			t.Errorf("link %q refused", l)
		}
	}
	// Withdrawing needs a reason, takes it down at once, and happens once.
	p := e.create(content.ProclamationInput{Lang: "en_US", Content: "Cup final tonight", Link: "/live/1001"})
	_, err := e.svc.WithdrawProclamation(ctx, editor, p.ID, " ")
	wantCode(t, err, errcode.ContentInvalid)
	if _, err := e.svc.WithdrawProclamation(ctx, editor, p.ID, "wrong date"); err != nil {
		t.Fatal(err)
	}
	if e.shown("en_US", 0) != 0 {
		t.Fatal("a withdrawn proclamation still shows")
	}
	_, err = e.svc.WithdrawProclamation(ctx, editor, p.ID, "again")
	wantCode(t, err, errcode.ContentState)
	_, err = e.svc.SaveProclamation(ctx, editor, content.ProclamationInput{ID: p.ID, Content: "fixed"})
	wantCode(t, err, errcode.ContentState)
	_, err = e.svc.WithdrawProclamation(ctx, editor, 99999, "x")
	wantCode(t, err, errcode.ContentNotFound)
}

func TestADismissedProclamationStaysDismissedForThatUserOnly(t *testing.T) {
	e := newEnv(t)
	older := e.create(content.ProclamationInput{Lang: "en_US", Content: "Older news"})
	e.clock.Add(time.Minute)
	newer := e.create(content.ProclamationInput{Lang: "en_US", Content: "Newer news"})
	if e.shown("en_US", 5) != newer.ID {
		t.Fatal("the latest started is not the one shown")
	}
	// Through the REST calls, as the banner does.
	if r := e.do("POST", "/java/app/dismissProclamation", fmt.Sprintf(`{"id":%d}`, newer.ID), 0, "en_US"); r.Env.ErrorCode != errcode.AuthRequired {
		t.Fatalf("a guest's dismissal reached the server: %s", r.Body)
	}
	apitest.Result(t, e.do("POST", "/java/app/dismissProclamation", fmt.Sprintf(`{"id":%d}`, newer.ID), 5, "en_US"), new(any))
	apitest.Result(t, e.do("POST", "/java/app/dismissProclamation", fmt.Sprintf(`{"id":%d}`, newer.ID), 5, "en_US"), new(any)) // again: fine
	var got *content.Proclamation
	apitest.Result(t, e.do("GET", "/java/app/getProclamation", "", 5, "en_US"), &got)
	if got == nil || got.ID != older.ID || got.Content != "Older news" {
		t.Fatalf("after dismissing the newer one, user 5 sees %+v", got)
	}
	apitest.Result(t, e.do("GET", "/java/app/getProclamation", "", 6, "en_US"), &got)
	if got == nil || got.ID != newer.ID {
		t.Fatalf("another user sees %+v", got)
	}
	apitest.Result(t, e.do("GET", "/java/app/getProclamation", "", 0, "en_US"), &got)
	if got == nil || got.ID != newer.ID || got.StartTime != newer.StartTime {
		t.Fatalf("a guest sees %+v", got)
	}
	// A guest names the ones closed in their browser.
	apitest.Result(t, e.do("GET", fmt.Sprintf("/java/app/getProclamation?dismissed=%d,x", newer.ID), "", 0, "en_US"), &got)
	if got == nil || got.ID != older.ID {
		t.Fatalf("a guest who closed the newer one sees %+v", got)
	}
	apitest.Result(t, e.do("POST", "/java/app/dismissProclamation", fmt.Sprintf(`{"id":%d}`, older.ID), 5, "en_US"), new(any))
	r := e.do("GET", "/java/app/getProclamation", "", 5, "en_US")
	if r.Env.Status != api.StatusSuccess || string(r.Env.Result) != "null" {
		t.Fatalf("everything dismissed: %s", r.Body)
	}
	if r := e.do("POST", "/java/app/dismissProclamation", `{"id":424242}`, 5, "en_US"); r.Env.ErrorCode != errcode.ContentNotFound || r.Status != 404 {
		t.Fatalf("unknown id: %d %s", r.Status, r.Body)
	}
}

// TestOnlyContentEditorsAndAdministratorsEditContent: every staff call of the content, for each
// role, through the REST edge.
func TestOnlyContentEditorsAndAdministratorsEditContent(t *testing.T) {
	e := newEnv(t)
	calls := []struct{ method, path, body string }{
		{"GET", "/java/admin/content/proclamations", ""},
		{"POST", "/java/admin/content/proclamations", `{"lang":"en_US","content":"Hello fans"}`},
		{"POST", "/java/admin/content/proclamations/withdraw", `{"id":1,"reason":"test"}`},
		{"GET", "/java/admin/content/pages", ""},
		{"GET", "/java/admin/content/pages/about?lang=en_US", ""},
		{"POST", "/java/admin/content/pages", `{"slug":"about","lang":"en_US","title":"About us","body":[{"type":"p","text":"Hi"}]}`},
		{"POST", "/java/admin/content/pages/reset", `{"slug":"about","lang":"en_US","reason":"test"}`},
	}
	for _, who := range []struct {
		name string
		uid  int64
		want errcode.Code
	}{
		{"guest", 0, errcode.AuthRequired},
		{"fan", 5, errcode.Forbidden},
		{"moderator", 901, errcode.Forbidden},
		{"finance", 904, errcode.Forbidden},
		{"banned administrator", 903, errcode.Forbidden},
		{"editor", 900, 0},
		{"administrator", 902, 0},
	} {
		for _, c := range calls {
			r := e.do(c.method, c.path, c.body, who.uid, "en_US")
			if who.want == 0 {
				// Allowed: any answer but a refusal of the caller (the withdraw of id 1 may find it withdrawn).
				if r.Env.ErrorCode == errcode.Forbidden || r.Env.ErrorCode == errcode.AuthRequired {
					t.Errorf("%s %s %s: refused %s", who.name, c.method, c.path, r.Body)
				}
				continue
			}
			if r.Env.ErrorCode != who.want {
				t.Errorf("%s %s %s: want %d, got %s", who.name, c.method, c.path, who.want, r.Body)
			}
		}
	}
}

func TestEveryStaffActionIsAudited(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	p := e.create(content.ProclamationInput{Lang: "en_US", Content: "First text"})
	if _, err := e.svc.SaveProclamation(ctx, editor, content.ProclamationInput{ID: p.ID, Lang: "en_US", Content: "Second text"}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.WithdrawProclamation(ctx, content.Actor{ID: 902, IP: "10.0.0.9"}, p.ID, "typo"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.SavePage(ctx, editor, "about", "en_US", "About us", json.RawMessage(`[{"type":"p","text":"We love sport."}]`)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.ResetPage(ctx, editor, "about", "en_US", "back to the shipped text"); err != nil {
		t.Fatal(err)
	}
	// A refused action writes nothing.
	_, _ = e.svc.SaveProclamation(ctx, editor, content.ProclamationInput{Content: ""})
	got := e.audit.Entries()
	want := []string{"proclamation.create", "proclamation.update", "proclamation.withdraw", "page.update", "page.reset"}
	if len(got) != len(want) {
		t.Fatalf("entries %+v", got)
	}
	for i, a := range want {
		if got[i].Action != a {
			t.Errorf("entry %d: %s, want %s", i, got[i].Action, a)
		}
	}
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	if got[0].Before != nil || !strings.Contains(js(got[0].After), "First text") || got[0].ActorID != 900 || got[0].TargetKind != "proclamation" {
		t.Errorf("create: %+v", got[0])
	}
	if !strings.Contains(js(got[1].Before), "First text") || !strings.Contains(js(got[1].After), "Second text") {
		t.Errorf("update: before %s after %s", js(got[1].Before), js(got[1].After))
	}
	if got[2].Reason != "typo" || got[2].ActorID != 902 || got[2].IP != "10.0.0.9" || !strings.Contains(js(got[2].After), `"withdrawn"`) {
		t.Errorf("withdraw: %+v", got[2])
	}
	if got[3].TargetID != "about:en_US" || !strings.Contains(js(got[3].Before), "About Courtside") || !strings.Contains(js(got[3].After), "We love sport.") {
		t.Errorf("page update: %+v", got[3])
	}
	if got[4].Reason == "" || !strings.Contains(js(got[4].After), "About Courtside") {
		t.Errorf("page reset: %+v", got[4])
	}
}

func TestPagesFallBackToEnglishAndKeepToSafeBlocks(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	zh, err := e.svc.Page(ctx, "about", "zh_CN")
	if err != nil || zh.Lang != "zh_CN" || zh.Edited || !strings.Contains(zh.Title, "Courtside") || len(zh.Body) < 3 {
		t.Fatalf("Chinese default %+v %v", zh, err)
	}
	// A locale with no text of this page reads English (staff's English once saved), and says so.
	e.svc.DropDefault("tl", "certificate")
	if p, err := e.svc.Page(ctx, "certificate", "tl"); err != nil || p.Lang != "en_US" || p.Title != "Licences and Certificates" {
		t.Fatalf("tl without a text: %+v %v", p, err)
	}
	if _, err := e.svc.SavePage(ctx, editor, "certificate", "en_US", "Our licences", json.RawMessage(`[{"type":"p","text":"x"}]`)); err != nil {
		t.Fatal(err)
	}
	if p, _ := e.svc.Page(ctx, "certificate", "tl"); p.Lang != "en_US" || p.Title != "Our licences" {
		t.Fatalf("tl after the English edit: %+v", p)
	}
	if p, _ := e.svc.Page(ctx, "certificate", "nonsense"); p.Lang != "en_US" {
		t.Fatalf("an unknown language: %+v", p)
	}
	// Staff's text replaces the default in its language only, at once.
	saved, err := e.svc.SavePage(ctx, editor, "about", "en_US", "About us",
		json.RawMessage(`[{"type":"h","text":"Who we are"},{"type":"p","text":"<script>alert(1)</script> stays text"},{"type":"list","items":["a"," ","b"]},{"type":"p","text":"  "}]`))
	if err != nil || len(saved.Body) != 3 || saved.Body[2].Items[1] != "b" {
		t.Fatalf("saved %+v %v", saved, err)
	}
	var page content.Page
	apitest.Result(t, e.do("GET", "/java/content/page/about", "", 0, "en_US"), &page)
	if page.Title != "About us" || !page.Edited || page.Body[1].Text != "<script>alert(1)</script> stays text" {
		t.Fatalf("reader sees %+v", page)
	}
	apitest.Result(t, e.do("GET", "/java/content/page/about", "", 0, "zh_CN"), &page)
	if page.Edited || page.Lang != "zh_CN" {
		t.Fatalf("the Chinese page changed too: %+v", page)
	}
	for name, body := range map[string]string{
		"raw html":   `[{"type":"html","text":"<b>x</b>"}]`,
		"a picture":  `[{"type":"img","src":"https://evil.example/x.png"}]`,
		"not a list": `{"type":"p"}`,
		"empty":      `[{"type":"p","text":" "}]`,
	} {
		if _, err := e.svc.SavePage(ctx, editor, "about", "en_US", "About", json.RawMessage(body)); err == nil {
			t.Errorf("%s saved", name)
		}
	}
	if _, err := e.svc.SavePage(ctx, editor, "secret", "en_US", "x", json.RawMessage(`[{"type":"p","text":"x"}]`)); err == nil {
		t.Error("a page that is not one of the site's was saved")
	}
	// Reset brings the default back; resetting an unsaved page is not found.
	if p, err := e.svc.ResetPage(ctx, editor, "about", "en_US", "x"); err != nil || p.Edited || p.Title != "About Courtside" {
		t.Fatalf("reset %+v %v", p, err)
	}
	_, err = e.svc.ResetPage(ctx, editor, "about", "en_US", "x")
	wantCode(t, err, errcode.ContentNotFound)

	// /protocol/{id}: the numbered pages, the privacy alias, and 404 for anything else.
	var one, two, alias content.Page
	apitest.Result(t, e.do("GET", "/java/content/protocol/1", "", 0, "en_US"), &one)
	apitest.Result(t, e.do("GET", "/java/content/protocol/2", "", 0, "en_US"), &two)
	apitest.Result(t, e.do("GET", "/java/content/protocol/privacy", "", 0, "en_US"), &alias)
	if one.Slug != "agreement" || two.Slug != "privacy" || alias.Title != two.Title {
		t.Fatalf("protocol pages: %s %s %s", one.Slug, two.Slug, alias.Slug)
	}
	if r := e.do("GET", "/java/content/protocol/3", "", 0, "en_US"); r.Status != 404 || r.Env.ErrorCode != errcode.ContentNotFound {
		t.Fatalf("/protocol/3: %d %s", r.Status, r.Body)
	}
	for id, want := range map[string]bool{"1": true, "privacy": true, "streamer": true, "3": false, "about": false} {
		if ok, _ := e.svc.PageExists(ctx, map[string]string{"id": id}); ok != want {
			t.Errorf("PageExists(%s) = %v", id, ok)
		}
	}
	// The index lists every page with its title in the reader's language.
	var idx struct {
		List []content.PageLink `json:"list"`
	}
	apitest.Result(t, e.do("GET", "/java/content/pages", "", 0, "zh_CN"), &idx)
	if len(idx.List) != len(content.Pages) || idx.List[1].Path != "/protocol/1" || idx.List[1].Title == "" {
		t.Fatalf("index %+v", idx.List)
	}
}

// TestEveryPageHasItsTexts: every locale ships every page (English and Simplified Chinese must;
// the README lists any other locale that falls back to English).
func TestEveryPageHasItsTexts(t *testing.T) {
	e := newEnv(t)
	have := e.svc.DefaultLocales()
	for _, p := range content.Pages {
		for _, l := range locale.All {
			if !contains(have[p.Slug], l) {
				t.Errorf("%s has no %s text", p.Slug, l)
			}
		}
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
