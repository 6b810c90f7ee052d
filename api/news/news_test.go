package news_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"courtside/api"
	"courtside/api/apitest"
	"courtside/api/audit"
	"courtside/api/comments"
	"courtside/api/news"
	"courtside/storage/postgres/pgtest"
)

// clock is the injected clock; tests move it.
type clock = apitest.Clock

type auditLog struct {
	mu      sync.Mutex
	actions []string
}

func (a *auditLog) Record(_ context.Context, e audit.Entry) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.actions = append(a.actions, e.Action)
	return nil
}

// staff: 900 holds editContent.
type staff struct{}

func (staff) Can(_ context.Context, uid int64, perm string) (bool, error) {
	return uid == 900 && (perm == "editContent" || perm == "comment"), nil
}

type matches struct{}

func (matches) Card(_ context.Context, id string) (news.MatchCard, bool, error) {
	if id != "m1" {
		return news.MatchCard{}, false, nil
	}
	return news.MatchCard{ID: "m1", Game: 202, Home: "Harbor City", Away: "Riverside", HomeID: "t1", AwayID: "t2"}, true, nil
}

// hooks records every article change (what search would index).
type hooks struct {
	mu   sync.Mutex
	seen []string
}

func (h *hooks) ArticleChanged(_ context.Context, a news.Article) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.seen = append(h.seen, fmt.Sprintf("%d:%s", a.ID, a.State))
}

var start = time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)

type env struct {
	svc   *news.Service
	clock *clock
	audit *auditLog
	hooks *hooks
	url   string
}

func newEnv(t *testing.T) *env {
	pool := pgtest.NewPool(t)
	e := &env{clock: apitest.NewClock(start), audit: &auditLog{}, hooks: &hooks{}}
	svc, err := news.New(news.Config{Now: e.clock.Now}, news.Deps{Pool: pool, Matches: matches{}, Audit: e.audit, Staff: staff{}})
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
	svc.AddHook(e.hooks)
	cs, err := comments.New(comments.Config{Now: e.clock.Now}, comments.Deps{Pool: pool, Targets: map[string]comments.Target{comments.KindNews: svc}})
	if err != nil {
		t.Fatal(err)
	}
	svc.SetComments(cs)
	srv := api.New(api.Config{})
	srv.SetGames(func(seg string) bool { _, ok := news.GameOf(seg); return ok })
	// A match route of the matches area, to show both live in the one dispatcher.
	srv.HandleGame("GET /{game}/{matchId}", func(r *api.Request) (any, error) { return "match " + r.PathValue("matchId"), nil })
	svc.Routes(srv, apitest.TokenUser{})
	cs.Routes(srv, apitest.TokenUser{}, staff{}, nil)
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	e.url = ts.URL
	return e
}

func body(paras ...string) json.RawMessage {
	var b []news.Block
	for _, p := range paras {
		b = append(b, news.Block{Type: "p", Text: p})
	}
	raw, _ := json.Marshal(b)
	return raw
}

var editor = news.Actor{ID: 900}

func draft(title string) news.Draft {
	return news.Draft{Game: 202, Type: "news", Title: title, Summary: "s", Body: body("Once upon a time."), Lang: "en_US"}
}

func (e *env) do(t *testing.T, method, path, b string, uid int64) apitest.Response {
	t.Helper()
	h := http.Header{"sysType": {"PC"}, "lan": {"en_US"}}
	if uid != 0 {
		h.Set("token", fmt.Sprintf("u%d", uid))
	}
	return apitest.Do(t, e.url, method, path, b, h)
}

func TestNews(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()

	t.Run("validation", func(t *testing.T) {
		for name, tc := range map[string]struct {
			mut  func(*news.Draft)
			want error
		}{
			"short title":       {func(d *news.Draft) { d.Title = "Hey" }, news.ErrTitle},
			"long title":        {func(d *news.Draft) { d.Title = strings.Repeat("a", 301) }, news.ErrTitle},
			"unknown game":      {func(d *news.Draft) { d.Game = 9999 }, news.ErrGame},
			"unknown type":      {func(d *news.Draft) { d.Type = "gossip" }, news.ErrType},
			"no body":           {func(d *news.Draft) { d.Body = json.RawMessage(`[]`) }, news.ErrBody},
			"html block":        {func(d *news.Draft) { d.Body = json.RawMessage(`[{"type":"html","text":"<script>x</script>"}]`) }, news.ErrBody},
			"foreign picture":   {func(d *news.Draft) { d.Body = json.RawMessage(`[{"type":"img","src":"https://evil.example/x.png"}]`) }, news.ErrPicture},
			"js picture":        {func(d *news.Draft) { d.Body = json.RawMessage(`[{"type":"img","src":"javascript:alert(1)"}]`) }, news.ErrPicture},
			"protocol-relative": {func(d *news.Draft) { d.Cover = "//evil.example/x.png" }, news.ErrPicture},
		} {
			d := draft("A valid title")
			tc.mut(&d)
			if _, err := e.svc.Save(ctx, editor, d); !errors.Is(err, tc.want) {
				t.Errorf("%s: got %v, want %v", name, err, tc.want)
			}
		}
	})

	t.Run("draft, publish, unpublish", func(t *testing.T) {
		a, err := e.svc.Save(ctx, editor, draft("Draft to publish"))
		if err != nil || a.State != news.StateDraft {
			t.Fatalf("save: %+v %v", a, err)
		}
		if _, err := e.svc.Read(ctx, "", a.ID); !errors.Is(err, news.ErrNotFound) {
			t.Fatalf("a draft is readable: %v", err)
		}
		if _, err := e.svc.Publish(ctx, editor, a.ID, time.Time{}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Publish(ctx, editor, a.ID, time.Time{}); !errors.Is(err, news.ErrState) {
			t.Fatalf("publish twice: %v", err)
		}
		v, err := e.svc.Read(ctx, "soccer", a.ID)
		if err != nil || v.State != news.StatePublished || v.Views != 1 || v.Link != fmt.Sprintf("/news/soccer/%d", a.ID) {
			t.Fatalf("read: %+v %v", v, err)
		}
		if _, err := e.svc.Read(ctx, "basketball", a.ID); !errors.Is(err, news.ErrNotFound) {
			t.Fatalf("read under another game: %v", err)
		}
		if _, err := e.svc.Unpublish(ctx, editor, a.ID, "outdated"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Read(ctx, "", a.ID); !errors.Is(err, news.ErrNotFound) {
			t.Fatalf("an unpublished article is readable: %v", err)
		}
		if _, err := e.svc.Unpublish(ctx, editor, a.ID, ""); !errors.Is(err, news.ErrState) {
			t.Fatalf("unpublish twice: %v", err)
		}
		if _, err := e.svc.Publish(ctx, editor, a.ID, time.Time{}); err != nil {
			t.Fatalf("republish: %v", err)
		}
		want := []string{"article.create", "article.publish", "article.unpublish", "article.publish"}
		if fmt.Sprint(e.audit.actions[len(e.audit.actions)-4:]) != fmt.Sprint(want) {
			t.Fatalf("audit: %v", e.audit.actions)
		}
		last := e.hooks.seen[len(e.hooks.seen)-1]
		if last != fmt.Sprintf("%d:published", a.ID) {
			t.Fatalf("hooks: %v", e.hooks.seen)
		}
	})

	t.Run("scheduled publishing follows the clock", func(t *testing.T) {
		a, _ := e.svc.Save(ctx, editor, draft("Scheduled for two hours"))
		s, err := e.svc.Publish(ctx, editor, a.ID, e.clock.Now().Add(2*time.Hour))
		if err != nil || s.State != news.StateScheduled {
			t.Fatalf("schedule: %+v %v", s, err)
		}
		listed := func() bool {
			g := 202
			rows, _, err := e.svc.List(ctx, news.ListQuery{Game: &g, Type: "all", Limit: 100})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rows {
				if r.ID == a.ID {
					return true
				}
			}
			return false
		}
		if _, err := e.svc.Read(ctx, "", a.ID); !errors.Is(err, news.ErrNotFound) || listed() {
			t.Fatalf("visible before its time: %v", err)
		}
		e.clock.Add(2*time.Hour - time.Second)
		if listed() {
			t.Fatal("visible a second early")
		}
		e.clock.Add(time.Second)
		v, err := e.svc.Read(ctx, "", a.ID)
		if err != nil || v.State != news.StatePublished || !listed() {
			t.Fatalf("not visible at its time: %+v %v", v, err)
		}
		// Rescheduling or republishing a live article is refused; unpublishing works.
		if _, err := e.svc.Publish(ctx, editor, a.ID, e.clock.Now().Add(time.Hour)); !errors.Is(err, news.ErrState) {
			t.Fatalf("reschedule a live article: %v", err)
		}
	})

	t.Run("users' posts wait for review", func(t *testing.T) {
		p, err := e.svc.Submit(ctx, 42, draft("My take on the derby"))
		if err != nil || p.State != news.StatePending || !p.UserPost || p.AuthorID != 42 {
			t.Fatalf("submit: %+v %v", p, err)
		}
		if _, err := e.svc.Read(ctx, "", p.ID); !errors.Is(err, news.ErrNotFound) {
			t.Fatalf("a pending post is readable: %v", err)
		}
		if _, err := e.svc.Publish(ctx, editor, p.ID, time.Time{}); !errors.Is(err, news.ErrState) {
			t.Fatalf("publish skips review: %v", err)
		}
		mine, total, _ := e.svc.MyPosts(ctx, 42, 10, 0)
		if total != 1 || mine[0].State != news.StatePending {
			t.Fatalf("my posts: %+v", mine)
		}
		if pub, _, _ := e.svc.UserPosts(ctx, 42, 10, 0); len(pub) != 0 {
			t.Fatalf("public list shows a pending post: %+v", pub)
		}
		if _, err := e.svc.Review(ctx, editor, p.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Review(ctx, editor, p.ID, false, "late"); !errors.Is(err, news.ErrState) {
			t.Fatalf("review twice: %v", err)
		}
		if pub, _, _ := e.svc.UserPosts(ctx, 42, 10, 0); len(pub) != 1 {
			t.Fatalf("approved post not public: %+v", pub)
		}
		r, _ := e.svc.Submit(ctx, 42, draft("Another take, rejected"))
		if x, err := e.svc.Review(ctx, editor, r.ID, false, "Please cite your sources"); err != nil || x.State != news.StateRejected || !x.PublishAt.IsZero() {
			t.Fatalf("reject: %+v %v", x, err)
		}
	})

	t.Run("match preview", func(t *testing.T) {
		d := draft("Harbor City vs Riverside: preview")
		d.Type, d.Matches = "preview", []string{"m1"}
		d.Body = json.RawMessage(`[{"type":"p","text":"Big game."},{"type":"match","matchId":"m1"}]`)
		a, err := e.svc.Save(ctx, editor, d)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Preview(ctx, "m1", "en_US"); !errors.Is(err, news.ErrNotFound) {
			t.Fatalf("draft preview shown: %v", err)
		}
		_, _ = e.svc.Publish(ctx, editor, a.ID, time.Time{})
		v, err := e.svc.Preview(ctx, "m1", "en_US")
		if err != nil || v.ID != a.ID || v.Cards["m1"].Home != "Harbor City" {
			t.Fatalf("preview: %+v %v", v, err)
		}
		svg, err := e.svc.Cover(ctx, a.ID)
		if err != nil || !strings.Contains(string(svg), "<svg") || !strings.Contains(string(svg), ">HC<") {
			t.Fatalf("cover: %s %v", svg, err)
		}
	})

	t.Run("the reader's language first", func(t *testing.T) {
		// Two articles of one game: English first, Spanish a minute later (the newest).
		en, es := draft("Valorant roundup in English"), draft("Resumen de Valorant en español")
		en.Game, es.Game, es.Lang = 14, 14, "es"
		for _, d := range []news.Draft{en, es} {
			a, err := e.svc.Save(ctx, editor, d)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.Publish(ctx, editor, a.ID, time.Time{}); err != nil {
				t.Fatal(err)
			}
			e.clock.Add(time.Minute)
		}
		titles := func(prefer string) []string {
			t.Helper()
			g := 14
			rows, _, err := e.svc.List(ctx, news.ListQuery{Game: &g, Type: "all", Prefer: prefer, Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, r := range rows {
				out = append(out, r.Title)
			}
			return out
		}
		for prefer, want := range map[string]string{
			"":      "[Resumen de Valorant en español Valorant roundup in English]", // newest first
			"en_US": "[Valorant roundup in English Resumen de Valorant en español]",
			"es":    "[Resumen de Valorant en español Valorant roundup in English]",
		} {
			if got := fmt.Sprint(titles(prefer)); got != want {
				t.Errorf("prefer %q: %s, want %s", prefer, got, want)
			}
		}
		// Over HTTP the reader's language is the request's (an English reader here).
		r := e.do(t, "GET", "/java/news/list?game=14&pageSize=10", "", 0)
		if i, j := strings.Index(string(r.Body), "Valorant roundup"), strings.Index(string(r.Body), "Resumen de Valorant"); i < 0 || j < 0 || i > j {
			t.Fatalf("an English reader's list: %s", r.Body)
		}
	})

	t.Run("http", func(t *testing.T) {
		a, _ := e.svc.Save(ctx, editor, draft("Read over HTTP"))
		_, _ = e.svc.Publish(ctx, editor, a.ID, time.Time{})
		r := e.do(t, "GET", fmt.Sprintf("/java/soccer/news%d", a.ID), "", 0)
		if r.Env.Status != api.StatusSuccess || !strings.Contains(string(r.Body), "Read over HTTP") {
			t.Fatalf("article: %s", r.Body)
		}
		if r := e.do(t, "GET", "/java/soccer/news999999", "", 0); r.Status != 404 || r.Env.ErrorCode != 6301 {
			t.Fatalf("missing article: %d %s", r.Status, r.Body)
		}
		r = e.do(t, "GET", "/java/soccer/news/1?pageSize=50", "", 0)
		if r.Env.Status != api.StatusSuccess || !strings.Contains(string(r.Body), "Read over HTTP") {
			t.Fatalf("list: %s", r.Body)
		}
		if r := e.do(t, "GET", "/java/soccer/gossip/1", "", 0); r.Status != 400 {
			t.Fatalf("unknown type: %d %s", r.Status, r.Body)
		}
		// The match detail still answers beside the news routes.
		if r := e.do(t, "GET", "/java/soccer/12345", "", 0); !strings.Contains(string(r.Body), "match 12345") {
			t.Fatalf("match route: %s", r.Body)
		}
		if r := e.do(t, "GET", "/java/news/getHotNewsByGame?gameId=202", "", 0); r.Env.Status != api.StatusSuccess {
			t.Fatalf("hot: %s", r.Body)
		}
		if r := e.do(t, "GET", "/java/news/userHot/u42", "", 0); r.Env.Status != api.StatusSuccess {
			t.Fatalf("user hot: %s", r.Body)
		}
		// Comments of an article through the spec's call.
		if r := e.do(t, "POST", "/java/comments/add", fmt.Sprintf(`{"kind":"news","id":"%d","text":"Good read"}`, a.ID), 7); r.Env.Status != api.StatusSuccess {
			t.Fatalf("comment: %s", r.Body)
		}
		r = e.do(t, "GET", fmt.Sprintf("/java/soccer/newsComment%d/1", a.ID), "", 0)
		if !strings.Contains(string(r.Body), "Good read") {
			t.Fatalf("newsComment: %s", r.Body)
		}
		r = e.do(t, "GET", "/java/user/u7/comments/1", "", 0)
		if !strings.Contains(string(r.Body), "Read over HTTP") {
			t.Fatalf("user's comments: %s", r.Body)
		}
		// Staff calls need editContent.
		if r := e.do(t, "GET", "/java/admin/news/articles", "", 7); r.Status != 403 {
			t.Fatalf("user in the editor: %d", r.Status)
		}
		r = e.do(t, "POST", "/java/admin/news/articles", `{"gameId":1,"type":"analysis","title":"Patch notes explained","body":[{"type":"p","text":"x"}],"lang":"zh_CN"}`, 900)
		var v news.View
		if err := json.Unmarshal(r.Env.Result, &v); err != nil || v.ID == 0 || v.State != "draft" || v.Game != "lol" {
			t.Fatalf("editor save: %s", r.Body)
		}
		r = e.do(t, "POST", "/java/admin/news/publish", fmt.Sprintf(`{"id":%d,"publishTime":%d}`, v.ID, e.clock.Now().Add(time.Hour).UnixMilli()), 900)
		if !strings.Contains(string(r.Body), `"state":"scheduled"`) {
			t.Fatalf("schedule over HTTP: %s", r.Body)
		}
		if r := e.do(t, "GET", fmt.Sprintf("/java/news/cover/%d.svg", v.ID), "", 0); r.Status != 200 {
			t.Fatalf("cover: %d", r.Status)
		}
		if r := e.do(t, "POST", "/java/news/submit", `{"gameId":202,"title":"Fan post over HTTP","body":[{"type":"p","text":"hello"}]}`, 0); r.Status != 401 {
			t.Fatalf("guest submits: %d", r.Status)
		}
	})
}

func TestDemoArticles(t *testing.T) {
	now := start
	ms := []news.DemoMatch{
		{Card: news.MatchCard{ID: "a", Game: 202, HomeID: "t1", Home: "Harbor City", AwayID: "t2", Away: "Riverside", Start: now.Add(5 * time.Hour).UnixMilli()}, League: "Premier"},
		{Card: news.MatchCard{ID: "b", Game: 202, HomeID: "t1", Home: "Harbor City", AwayID: "t1", Away: "Harbor City"}, League: "Premier"},
		{Card: news.MatchCard{ID: "c", Game: 1, HomeID: "t3", Home: "Nova", AwayID: "t4", Away: "Vertex", Start: now.Add(9 * time.Hour).UnixMilli()}, League: "LPL"},
	}
	arts := news.DemoArticles(ms, now)
	langs := map[string]bool{}
	games := map[int]bool{}
	for _, a := range arts {
		langs[a.Lang] = true
		games[a.Game] = true
		if a.Type == "preview" && len(a.Teams) == 2 && a.Teams[0] == a.Teams[1] {
			t.Fatalf("a team plays itself: %+v", a)
		}
		if _, err := news.ParseBody(a.Body); err != nil {
			t.Fatalf("demo body %q: %v", a.Title, err)
		}
		if a.DemoKey == "" {
			t.Fatalf("no demo key: %q", a.Title)
		}
	}
	for _, l := range []string{"en_US", "zh_CN", "es", "ar"} {
		if !langs[l] {
			t.Errorf("no demo article in %s", l)
		}
	}
	if len(games) < 5 {
		t.Errorf("demo articles cover %d games", len(games))
	}
	previews := 0
	for _, a := range arts {
		if a.Type == "preview" {
			previews++
		}
	}
	if previews != 2 {
		t.Fatalf("previews: %d (the match of a team against itself must be skipped)", previews)
	}
}
