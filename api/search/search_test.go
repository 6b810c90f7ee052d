package search_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"courtside/api/errcode"
	"courtside/api/search"
)

// seed is a small world: two clubs of one league, their match, players, a Chinese club with its
// native name, a streamer and an expert.
func seed(e *env) {
	e.league("l1", "Liga Iberica")
	e.team("t-barca", "Barcelona", "Spain", 90)
	e.team("t-bar2", "Barcelona Atletic", "Spain", 40)
	e.team("t-real", "Real Montecillo", "Spain", 80)
	e.team("t-sh", "Shanghai Harbour", "China", 70)
	e.exec(`INSERT INTO search_aliases (kind, id, name, lang) VALUES ('team', 't-sh', '上海海港', 'zh_CN')`)
	e.player("p1", "t-barca", "Javier Navarro")
	e.player("p2", "t-sh", "Zhang Tao")
	e.exec(`INSERT INTO search_aliases (kind, id, name, lang) VALUES ('player', 'p2', '张涛', 'zh_CN')`)
	e.match("m1", "l1", "t-barca", "t-real")
	e.streamer("KickoffKai", "Barcelona watch-along")
	e.exec(`INSERT INTO users (username) VALUES ('TipsterTom')`)
	e.exec(`INSERT INTO expert_profiles (user_id, status, nickname, real_name, id_number, phone, intro, submitted_at)
		SELECT id, 'approved', 'Tom the Tipster', 'T', '1', '+1', 'Liga Iberica picks', now() FROM users WHERE username='TipsterTom'`)
	if err := e.svc.Reindex(e.ctx); err != nil {
		e.t.Fatal(err)
	}
}

// One query finds every kind, grouped in page order, the best of each kind first.
func oneQueryFindsEveryKindGrouped(t *testing.T, e *env) {
	r := e.search("barcelona")
	var kinds []string
	for _, g := range r.Groups {
		kinds = append(kinds, g.Kind)
	}
	if want := []string{"match", "team", "player", "streamer", "room"}; !slices.Equal(kinds, want) {
		t.Fatalf("groups %v, want %v (%v)", kinds, want, r.ids())
	}
	if g := r.Groups[1]; g.Total != 2 || g.List[0].ID != "t-barca" || g.List[0].Target != "/squadLibrary/t-barca" {
		t.Fatalf("teams: the exact name first: %+v", g)
	}
	if m := r.Groups[0].List[0]; m.Title != "Barcelona vs Real Montecillo" || m.Target != "/soccer/m1" {
		t.Fatalf("match hit %+v", m)
	}
	if r.Typo {
		t.Fatal("an exact query is not a typo")
	}
	// Prefix: the start of a word is enough, and every word must match.
	if r := e.search("barc atl"); !slices.Equal(r.ids(), []string{"team:t-bar2"}) {
		t.Fatalf("barc atl: %v", r.ids())
	}
	if r := e.search("liga"); !r.has("league", "l1") || !r.has("match", "m1") || !r.has("expert", idOf(e, "TipsterTom")) {
		t.Fatalf("liga: %v", r.ids())
	}
	// One kind, paged.
	if r := e.search("barcelona", "kind=team"); len(r.Groups) != 1 || r.Groups[0].Kind != "team" || len(r.Groups[0].List) != 2 {
		t.Fatalf("kind=team: %+v", r)
	}
	if r := e.search("barcelona", "kind=team", "page=2"); len(r.Groups) != 0 {
		t.Fatalf("page 2: %+v", r)
	}
}

func idOf(e *env, username string) string {
	var id int64
	if err := e.pool.QueryRow(e.ctx, `SELECT id FROM users WHERE username=$1`, username).Scan(&id); err != nil {
		e.t.Fatal(err)
	}
	return "u" + itoa(id)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// A misspelt name finds the thing when nothing matches exactly.
func typoTolerance(t *testing.T, e *env) {
	r := e.search("Barcelonna")
	if !r.Typo || !r.has("team", "t-barca") {
		t.Fatalf("Barcelonna: typo=%v %v", r.Typo, r.ids())
	}
	if r := e.search("Navaro"); !r.has("player", "p1") {
		t.Fatalf("Navaro: %v", r.ids())
	}
	if r := e.search("Qwertyuiop"); len(r.Groups) != 0 {
		t.Fatalf("nonsense found %v", r.ids())
	}
}

// A team or player with a Latin and a native name is found by either, and by part of the native
// one (no spaces in Chinese).
func nativeAndLatinNames(t *testing.T, e *env) {
	for _, q := range []string{"Shanghai Harbour", "shang", "上海海港", "上海", "海港"} {
		if r := e.search(q); !r.has("team", "t-sh") {
			t.Errorf("%q does not find the team: %v", q, r.ids())
		}
	}
	for _, q := range []string{"张涛", "涛", "Zhang Tao"} {
		if r := e.search(q); !r.has("player", "p2") {
			t.Errorf("%q does not find the player: %v", q, r.ids())
		}
	}
	if r := e.search("北京"); len(r.Groups) != 0 {
		t.Errorf("北京 found %v", r.ids())
	}
}

// Things created or changed after the start are found after the next refresh; a banned streamer
// is no longer found.
func indexStaysFresh(t *testing.T, e *env) {
	if r := e.search("Nightowl"); len(r.Groups) != 0 {
		t.Fatalf("before: %v", r.ids())
	}
	uid, room := e.streamer("Nightowl", "Late kick-offs with Nightowl")
	if err := e.svc.Refresh(e.ctx); err != nil {
		t.Fatal(err)
	}
	r := e.search("nightowl")
	if !r.has("streamer", "u"+itoa(uid)) || !r.has("room", room) {
		t.Fatalf("after refresh: %v", r.ids())
	}
	e.exec(`UPDATE rooms SET title='Derby night', updated_at=now() WHERE id=$1`, room)
	e.exec(`UPDATE anchors SET status='banned', reason='x', reviewed_at=now() WHERE user_id=$1`, uid)
	if err := e.svc.Refresh(e.ctx); err != nil {
		t.Fatal(err)
	}
	if r := e.search("nightowl"); r.has("streamer", "u"+itoa(uid)) {
		t.Fatalf("banned streamer still found: %v", r.ids())
	}
	// A deleted team disappears at the next full reindex.
	e.exec(`DELETE FROM sport_players WHERE team_id='t-bar2'`)
	e.exec(`DELETE FROM sport_teams WHERE id='t-bar2'`)
	if err := e.svc.Reindex(e.ctx); err != nil {
		t.Fatal(err)
	}
	if r := e.search("atletic"); len(r.Groups) != 0 {
		t.Fatalf("deleted team found: %v", r.ids())
	}
}

// The news and video areas put and delete their documents through the Indexer.
func indexerPutAndDeleteNews(t *testing.T, e *env) {
	var ix search.Indexer = e.svc
	doc := search.Document{Kind: search.KindNews, ID: "42", Title: "巴塞罗那逆转皇家蒙特西略", Body: "Barcelona comeback derby report",
		Subtitle: "Derby report", Lang: "zh_CN", Game: 202, Target: "/news/soccer/42", Rank: 0.5,
		Time: time.Date(2026, 5, 2, 8, 0, 0, 0, time.UTC)}
	if err := ix.Put(e.ctx, doc); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"巴塞罗那", "逆转", "comeback", "derby rep"} {
		r := e.search(q)
		if !r.has("news", "42") {
			t.Fatalf("%q: %v", q, r.ids())
		}
	}
	r := e.search("comeback")
	if h := r.Groups[0].List[0]; h.Target != "/news/soccer/42" || h.Title != doc.Title {
		t.Fatalf("news hit %+v", h)
	}
	// Put again replaces; Delete removes; a full reindex of the other kinds leaves news alone.
	doc.Title = "Barcelona comeback"
	if err := ix.Put(e.ctx, doc); err != nil {
		t.Fatal(err)
	}
	if r := e.search("逆转"); r.has("news", "42") {
		t.Fatalf("old title still found: %v", r.ids())
	}
	if err := e.svc.Reindex(e.ctx); err != nil {
		t.Fatal(err)
	}
	if r := e.search("comeback"); !r.has("news", "42") {
		t.Fatalf("reindex dropped news: %v", r.ids())
	}
	if err := ix.Delete(e.ctx, search.KindNews, "42"); err != nil {
		t.Fatal(err)
	}
	if r := e.search("comeback"); r.has("news", "42") {
		t.Fatalf("deleted news found: %v", r.ids())
	}
	if err := ix.Put(e.ctx, search.Document{Kind: "poem", ID: "1", Title: "x"}); err == nil {
		t.Fatal("unknown kind accepted")
	}
}

// Bad requests are refused with their code, in the request's language.
func validationInTheRequestsLanguage(t *testing.T, e *env) {
	long := ""
	for range 101 {
		long += "a"
	}
	for _, c := range []struct {
		path, lang string
		code       errcode.Code
		msg        string
	}{
		{"/java/search/all?q=", "zh_CN", errcode.SearchQueryEmpty, "请输入搜索内容"},
		{"/java/search/all?q=%20%21%21", "en_US", errcode.SearchQueryEmpty, "Type something to search for"},
		{"/java/search/all?q=" + long, "de", errcode.SearchQueryTooLong, "Der Suchtext ist zu lang (höchstens 100 Zeichen)"},
		{"/java/search/all?q=a&kind=poem", "fr", errcode.SearchKindUnknown, "Type de résultat inconnu"},
		{"/java/search/all?q=a&kind=team&page=51", "jp", errcode.SearchPageInvalid, "ページは 1 から 50 までの数字で指定してください"},
		{"/java/search/all?q=a&page=0", "en_US", errcode.SearchPageInvalid, "Page must be a number from 1 to 50"},
		{"/java/search/all?q=a&page=x", "en_US", errcode.Format, ""},
		{"/java/search/suggest?q=", "thai", errcode.SearchQueryEmpty, "กรุณาพิมพ์คำที่ต้องการค้นหา"},
	} {
		r := e.get(c.path, c.lang)
		if r.Env.ErrorCode != c.code || (c.msg != "" && r.Env.ErrorMsg != c.msg) || r.Status < 400 {
			t.Errorf("%s (%s): %d %s", c.path, c.lang, r.Status, r.Body)
		}
	}
}

// Suggestions are the best hits of any kind.
func suggest(t *testing.T, e *env) {
	r := e.get("/java/search/suggest?q=barc", "en_US")
	if r.Env.ErrorCode != 0 || !containsAll(string(r.Env.Result), `"target":"/squadLibrary/t-barca"`, `"kind":"match"`) {
		t.Fatalf("suggest: %s", r.Body)
	}
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// TestSearch runs every case on one seeded database (a fresh database costs seconds); the cases
// that change the data run last.
func TestSearch(t *testing.T) {
	e := newEnv(t)
	seed(e)
	for _, c := range []struct {
		name string
		fn   func(*testing.T, *env)
	}{
		{"OneQueryFindsEveryKindGrouped", oneQueryFindsEveryKindGrouped},
		{"TypoTolerance", typoTolerance},
		{"NativeAndLatinNames", nativeAndLatinNames},
		{"IndexerPutAndDeleteNews", indexerPutAndDeleteNews},
		{"Suggest", suggest},
		{"ValidationInTheRequestsLanguage", validationInTheRequestsLanguage},
		{"IndexStaysFresh", indexStaysFresh},
	} {
		e.t = t
		if !t.Run(c.name, func(t *testing.T) { e.t = t; c.fn(t, e) }) {
			return
		}
	}
}
