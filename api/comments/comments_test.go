package comments_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"courtside/actors/wordfilter"
	"courtside/api"
	"courtside/api/apitest"
	"courtside/api/comments"
	"courtside/storage/postgres/pgtest"
)

// clock is the injected clock; tests move it.
type clock = apitest.Clock

// articles stand in for the news: ids "1" and "2" exist, "9" is not visible.
type articles struct{}

func (articles) Lookup(_ context.Context, id string) (comments.TargetInfo, bool, error) {
	if id == "1" || id == "2" {
		return comments.TargetInfo{Title: "Article " + id, Link: "/news/soccer/" + id}, true, nil
	}
	return comments.TargetInfo{}, false, nil
}

// users: 66 is muted by role (may not comment); 900 is staff with handleReports, 901 an editor.
type users struct{}

func (users) Can(_ context.Context, uid int64, perm string) (bool, error) {
	switch perm {
	case "comment":
		return uid != 66, nil
	case "handleReports":
		return uid == 900, nil
	case "editContent":
		return uid == 901, nil
	}
	return false, nil
}

type mutes struct{ until map[string]time.Time }

func (m mutes) MutedUntil(uid string) (time.Time, bool) { t, ok := m.until[uid]; return t, ok }

var start = time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)

type env struct {
	t     *testing.T
	svc   *comments.Service
	clock *clock
	audit *apitest.AuditLog
	url   string
}

func newEnv(t *testing.T) *env {
	pool := pgtest.NewPool(t)
	e := &env{t: t, clock: apitest.NewClock(start), audit: &apitest.AuditLog{}}
	svc, err := comments.New(comments.Config{Now: e.clock.Now, MaxRunes: 50}, comments.Deps{Pool: pool,
		Targets: map[string]comments.Target{comments.KindNews: articles{}}, Users: users{},
		Mutes:  mutes{until: map[string]time.Time{"u77": start.Add(time.Hour), "u78": start.Add(-time.Hour)}},
		Filter: wordfilter.New([]string{"scamlink"}), Audit: e.audit})
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
	srv := api.New(api.Config{})
	svc.Routes(srv, apitest.TokenUser{}, users{}, nil)
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	e.url = ts.URL
	return e
}

func (e *env) post(uid int64, target string, parent int64, text string) (comments.Comment, error) {
	return e.svc.Post(context.Background(), uid, comments.KindNews, target, parent, text)
}

func (e *env) must(c comments.Comment, err error) comments.Comment {
	e.t.Helper()
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

func TestThreadsAreOneLevelDeep(t *testing.T) {
	e := newEnv(t)
	top := e.must(e.post(1, "1", 0, "Great preview"))
	reply := e.must(e.post(2, "1", top.ID, "Agreed"))
	if reply.ParentID != top.ID {
		t.Fatalf("reply parent %d", reply.ParentID)
	}
	if _, err := e.post(3, "1", reply.ID, "a reply to a reply"); !errors.Is(err, comments.ErrTooDeep) {
		t.Fatalf("reply to a reply: %v", err)
	}
	// A reply must be on the same target as its parent.
	if _, err := e.post(3, "2", top.ID, "elsewhere"); !errors.Is(err, comments.ErrNotFound) {
		t.Fatalf("reply across targets: %v", err)
	}
	page, err := e.svc.List(context.Background(), 0, comments.KindNews, "1", comments.SortNewest, 10, 0)
	if err != nil {
		t.Fatal(err)
	}
	if page.Total != 1 || len(page.List[0].Thread) != 1 || page.List[0].Replies != 1 || page.List[0].Thread[0].Text != "Agreed" {
		t.Fatalf("thread: %+v", page)
	}
}

func TestTargetsAndTextRules(t *testing.T) {
	e := newEnv(t)
	for name, tc := range map[string]struct {
		kind, target, text string
		want               error
	}{
		"unknown kind":     {"video", "1", "hi", comments.ErrNotFound},
		"invisible target": {comments.KindNews, "9", "hi", comments.ErrNotFound},
		"empty":            {comments.KindNews, "1", "   ", comments.ErrEmpty},
		"too long":         {comments.KindNews, "1", strings.Repeat("é", 51), comments.ErrTooLong},
		"banned word":      {comments.KindNews, "1", "visit ScamLink now", comments.ErrBanned},
	} {
		_, err := e.svc.Post(context.Background(), 1, tc.kind, tc.target, 0, tc.text)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: got %v, want %v", name, err, tc.want)
		}
	}
}

func TestMutedUsersCannotComment(t *testing.T) {
	e := newEnv(t)
	if _, err := e.post(66, "1", 0, "hello"); !errors.Is(err, comments.ErrMuted) {
		t.Fatalf("muted by role: %v", err)
	}
	if _, err := e.post(77, "1", 0, "hello"); !errors.Is(err, comments.ErrMuted) {
		t.Fatalf("platform mute in force: %v", err)
	}
	e.must(e.post(78, "1", 0, "my mute ended an hour ago"))
}

func TestLikeOncePerUser(t *testing.T) {
	e := newEnv(t)
	c := e.must(e.post(1, "1", 0, "Nice"))
	ctx := context.Background()
	for i := 0; i < 3; i++ {
		n, err := e.svc.Like(ctx, 2, c.ID, true)
		if err != nil || n != 1 {
			t.Fatalf("like %d: %d %v", i, n, err)
		}
	}
	if n, _ := e.svc.Like(ctx, 3, c.ID, true); n != 2 {
		t.Fatalf("second user: %d", n)
	}
	if n, _ := e.svc.Like(ctx, 2, c.ID, false); n != 1 {
		t.Fatalf("unlike: %d", n)
	}
	if n, _ := e.svc.Like(ctx, 2, c.ID, false); n != 1 {
		t.Fatalf("unlike twice: %d", n)
	}
	// Top order follows likes.
	other := e.must(e.post(4, "1", 0, "Newer but unliked"))
	top, _ := e.svc.List(ctx, 3, comments.KindNews, "1", comments.SortTop, 10, 0)
	newest, _ := e.svc.List(ctx, 3, comments.KindNews, "1", comments.SortNewest, 10, 0)
	if top.List[0].ID != c.ID || !top.List[0].Liked || newest.List[0].ID != other.ID {
		t.Fatalf("orders: top %+v newest %+v", top.List, newest.List)
	}
}

func TestReportThenStaffDelete(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	c := e.must(e.post(1, "1", 0, "You are all idiots"))
	if err := e.svc.Report(ctx, 2, c.ID, "spam-ish"); !errors.Is(err, comments.ErrReason) {
		t.Fatalf("unknown reason: %v", err)
	}
	for _, uid := range []int64{2, 2, 3} {
		if err := e.svc.Report(ctx, uid, c.ID, "attack"); err != nil {
			t.Fatal(err)
		}
	}
	open, total, err := e.svc.Reports(ctx, "", 10, 0)
	if err != nil || total != 1 || open[0].Count != 2 || open[0].Comment.Text != "You are all idiots" || open[0].Target != "Article 1" {
		t.Fatalf("queue: %+v %d %v", open, total, err)
	}
	if err := e.svc.Delete(ctx, comments.Actor{ID: 900, IP: "10.0.0.1"}, c.ID, "personal attack"); err != nil {
		t.Fatal(err)
	}
	if _, total, _ := e.svc.Reports(ctx, "", 10, 0); total != 0 {
		t.Fatalf("open reports after delete: %d", total)
	}
	if _, total, _ := e.svc.Reports(ctx, "actioned", 10, 0); total != 1 {
		t.Fatalf("actioned: %d", total)
	}
	page, _ := e.svc.List(ctx, 0, comments.KindNews, "1", "", 10, 0)
	if !page.List[0].Deleted || page.List[0].Text != "" {
		t.Fatalf("deleted comment still shows: %+v", page.List[0])
	}
	if len(e.audit.Entries()) != 1 || e.audit.Entries()[0].Action != "comment.delete" || e.audit.Entries()[0].Reason != "personal attack" {
		t.Fatalf("audit: %+v", e.audit.Entries())
	}
	if _, err := e.post(2, "1", c.ID, "reply to removed"); !errors.Is(err, comments.ErrDeleted) {
		t.Fatalf("reply to removed: %v", err)
	}
}

func do(t *testing.T, url, method, path, body string, uid int64) apitest.Response {
	t.Helper()
	h := http.Header{"sysType": {"PC"}, "lan": {"en_US"}}
	if uid != 0 {
		h.Set("token", fmt.Sprintf("u%d", uid))
	}
	return apitest.Do(t, url, method, path, body, h)
}

func TestHTTP(t *testing.T) {
	e := newEnv(t)
	if r := do(t, e.url, "POST", "/java/comments/add", `{"kind":"news","id":"1","text":"hi"}`, 0); r.Status != 401 {
		t.Fatalf("guest comment: %d %s", r.Status, r.Body)
	}
	r := do(t, e.url, "POST", "/java/comments/add", `{"kind":"news","id":"1","text":"First!"}`, 5)
	var c comments.Comment
	if err := json.Unmarshal(r.Env.Result, &c); err != nil || c.ID == 0 || c.UserID != "u5" {
		t.Fatalf("add: %s", r.Body)
	}
	if r := do(t, e.url, "POST", "/java/comments/report", fmt.Sprintf(`{"id":%d,"reason":"ads"}`, c.ID), 6); r.Env.Status != api.StatusSuccess {
		t.Fatalf("report: %s", r.Body)
	}
	// Only staff with handleReports or editContent may read the queue and delete.
	if r := do(t, e.url, "GET", "/java/admin/comments/reports", "", 6); r.Status != 403 {
		t.Fatalf("user reads queue: %d", r.Status)
	}
	if r := do(t, e.url, "GET", "/java/admin/comments/reports", "", 901); r.Env.Status != api.StatusSuccess || !strings.Contains(string(r.Body), "First!") {
		t.Fatalf("editor reads queue: %s", r.Body)
	}
	if r := do(t, e.url, "POST", "/java/admin/comments/delete", fmt.Sprintf(`{"id":%d}`, c.ID), 900); r.Env.Status != api.StatusSuccess {
		t.Fatalf("delete: %s", r.Body)
	}
	r = do(t, e.url, "GET", "/java/comments/list?kind=news&id=1", "", 0)
	if !strings.Contains(string(r.Body), `"deleted":true`) {
		t.Fatalf("list after delete: %s", r.Body)
	}
	r = do(t, e.url, "POST", "/java/comments/add", `{"kind":"news","id":"1","text":"scamlink"}`, 5)
	if r.Status != 400 || r.Env.ErrorCode != 6306 {
		t.Fatalf("banned word over HTTP: %d %s", r.Status, r.Body)
	}
}
