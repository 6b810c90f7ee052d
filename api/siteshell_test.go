package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"courtside/api"
	"courtside/api/seo"
)

// localeString reads key ("news.homeLink": a feature's key under the feature's folder) from the web
// client's locale files, as the build does (webclient/build/appShell.ts).
func localeString(t *testing.T, code, key string) string {
	t.Helper()
	dir := filepath.Join("..", "webclient", "src", "i18n", "locales")
	file, path := filepath.Join(dir, code+".json"), strings.Split(key, ".")
	if _, err := os.Stat(filepath.Join(dir, path[0], code+".json")); err == nil {
		file, path = filepath.Join(dir, path[0], code+".json"), path[1:]
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var at any
	if err := json.Unmarshal(data, &at); err != nil {
		t.Fatal(err)
	}
	for _, p := range path {
		m, _ := at.(map[string]any)
		at = m[p]
	}
	s, ok := at.(string)
	if !ok {
		t.Fatalf("%s: no %s", code, key)
	}
	return s
}

var shellKeys = []string{"app.skipToContent", "discover.nav.menu", "discover.nav.label", "discover.nav.search", "search.placeholder",
	"header.language", "header.login", "nav.label", "home.title", "news.homeLink", "live.room.untitled", "live.danmu",
	"live.theatre.enter", "live.chat", "live.player", "discover.nav.home", "discover.nav.live", "discover.nav.schedule",
	"discover.nav.data", "news.nav", "videos.title", "experts.nav.header", "shop.nav",
	"nav.recommended", "nav.soccer", "nav.basketball", "nav.esports", "nav.baseball", "nav.tennis", "nav.other",
	"matches.list.title", "matches.list.matches", "matches.list.results", "matches.list.favourites", "anchor.list.title", "anchor.list.liveOnly",
	"anchor.list.live", "anchor.broadcast.noTitle", "anchor.player.viewers", "discover.followers"}

// shellJSON is a shell.json as the build writes it, with the real translations of en_US and ar and
// made-up generated class names ("<local>_h").
func shellJSON(t *testing.T) string {
	t.Helper()
	locals := map[string][]string{
		"Layout": {"layout", "layout__main", "home-title", "home-title__group", "home-title__news", "mlist-head", "mlist-title", "mlist-title__group",
			"mlist-tabs", "mlist-tab", "mlist-tab--on", "streamers", "streamers__head", "streamers__title", "streamers__live",
			"streamers__cards", "streamer-card", "streamer-card__cover", "streamer-card__placeholder", "streamer-card__badge", "streamer-card__title", "streamer-card__who", "avatar", "avatar--letter"},
		"TabList":          {"tab"},
		"Header":           {"header", "header__inner", "header__burger", "header__logo", "header__nav", "header__nav-link", "header__nav-link--active", "header__search-slot", "header__search", "header__tools", "header__login", "header__games", "header__games-inner", "header__game", "header__game--active"},
		"HeaderSearch":     {"hsearch"},
		"LanguageSwitcher": {"lang-switch", "lang-switch__button", "lang-switch__icon", "lang-switch__name"},
		"LiveRoom":         {"live-room", "live-room__stage", "room-head-box", "room-head", "room-head__avatar", "room-head__main", "live-room__title", "room-head__line", "room-head__line--meta", "live-room__tools", "live-room__toggle", "room-head__score-row", "live-room__player", "live-room__panels", "live-room__chat", "live-room__chat-head"},
	}
	classes := map[string]map[string]string{}
	for m, ls := range locals {
		classes[m] = map[string]string{}
		for _, l := range ls {
			classes[m][l] = l + "_h"
		}
	}
	strs := map[string]map[string]string{}
	for _, code := range []string{"en_US", "ar"} {
		strs[code] = map[string]string{}
		for _, k := range shellKeys {
			strs[code][k] = localeString(t, code, k)
		}
	}
	table := map[string]any{
		"classes": classes,
		"nav": []map[string]any{
			{"key": "home", "to": "/", "end": true, "label": "discover.nav.home"},
			{"key": "live", "to": "/live", "end": false, "label": "discover.nav.live"},
			{"key": "schedule", "to": "/schedule", "end": false, "label": "discover.nav.schedule", "match": `^\/(match|schedule)(\/|$)`},
			{"key": "data", "to": "/leagueLibrary", "end": false, "label": "discover.nav.data", "match": `^\/(leagueLibrary|squadLibrary|playerLibrary)(\/|$)`},
			{"key": "news", "to": "/news", "end": false, "label": "news.nav"},
			{"key": "videos", "to": "/videos/videoList", "end": false, "label": "videos.title", "match": `^\/videos(\/|$)`},
			{"key": "experts", "to": "/expert", "end": false, "label": "experts.nav.header"},
			{"key": "shop", "to": "/mall", "end": false, "label": "shop.nav"},
		},
		"groups":    []string{"recommended", "soccer", "basketball", "esports", "baseball", "tennis", "other"},
		"languages": []map[string]string{{"code": "en_US", "name": "English"}, {"code": "ar", "name": "العربية"}},
		"strings":   strs,
	}
	data, err := json.Marshal(table)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// shellSite is a built client with routes.json, preload.json and shell.json, and a live room lookup;
// wire adds to the server's wiring.
func shellSite(t *testing.T, wire ...func(*api.Server)) (*httptest.Server, string) {
	t.Helper()
	dir := writeSite(t)
	routes, err := os.ReadFile(filepath.Join("..", "webclient", "public", "routes.json"))
	if err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"index.html": `<!doctype html><html lang="zh-CN"><head><title>Courtside</title><link rel="stylesheet" crossorigin href="/assets/index-1.css">` +
			`<script type="module" crossorigin src="/assets/index-1.js"></script></head>` +
			`<body><div id="root"></div></body></html>`,
		"routes.json":  string(routes),
		"preload.json": `{"pages": {"home": ["/assets/Home-1.js"]}, "locales": {}, "styles": {"home": ["/assets/Home-1.css"], "liveRoom": ["/assets/LiveRoom-2.css"], "matchList": ["/assets/MatchList-3.css"], "match": ["/assets/MatchDetail-4.css"]}}`,
		"shell.json":   shellJSON(t),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := api.New(api.Config{SiteDir: dir})
	s.PageHead("liveRoom", func(_ context.Context, p map[string]string) (seo.Entity, bool, error) {
		switch p["id"] {
		case "1002":
			return seo.Entity{Name: `Derby <b>night</b> & more`, Live: &seo.Live{}}, true, nil
		case "1003":
			return seo.Entity{Live: &seo.Live{}}, true, nil // a room without a title
		case "1004":
			return seo.Entity{}, false, context.DeadlineExceeded // the lookup failed
		}
		return seo.Entity{}, false, nil
	})
	for _, f := range wire {
		f(s)
	}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return srv, dir
}

// root is what the first HTML's #root holds.
func root(t *testing.T, body string) string {
	t.Helper()
	i, j := strings.Index(body, `<div id="root">`), strings.LastIndex(body, `</div></body>`)
	if i < 0 || j < i {
		t.Fatalf("no #root in %s", body)
	}
	return body[i+len(`<div id="root">`) : j]
}

var tagText = regexp.MustCompile(`<[^>]*>`)

// The first HTML paints the header and the page's heading before any script has run (issue 19), in
// the reader's language, with the classes of the CSS modules React uses.
func TestSiteWritesTheShellOfThePage(t *testing.T) {
	srv, dir := shellSite(t)
	en, ar := http.Header{"Cookie": {"lang=en_US"}}, http.Header{"Cookie": {"lang=ar"}}
	s := func(code, key string) string { return localeString(t, code, key) }
	h1 := regexp.MustCompile(`<h1[^>]*>(.*?)</h1>`)
	heading := func(shell string) string {
		m := h1.FindStringSubmatch(shell)
		if m == nil {
			return ""
		}
		return tagText.ReplaceAllString(m[1], "")
	}

	tests := []struct {
		name, path string
		h          http.Header
		heading    string // the <h1>'s text; "" none
		want, not  []string
	}{
		{"home, English", "/", en, s("en_US", "home.title") + " · " + s("en_US", "nav.recommended") + s("en_US", "news.homeLink") + " ›",
			[]string{`class="layout_h"`, `<header class="header_h">`, `class="header__nav-link_h header__nav-link--active_h" href="/">` + s("en_US", "discover.nav.home") + `<`,
				`class="header__nav-link_h" href="/mall">` + s("en_US", "shop.nav") + `<`, `class="header__login_h">` + s("en_US", "header.login") + `<`,
				`placeholder="` + s("en_US", "search.placeholder") + `"`, `<button type="button" class="lang-switch__button_h" aria-expanded="false" aria-controls="lang-menu">`,
				`<span class="visually-hidden">` + s("en_US", "header.language") + `: </span><span class="lang-switch__name_h" lang="en-US">English</span></button>`,
				`<main id="main" class="layout__main_h"><section><h1 class="home-title_h">`, `<a href="/news" class="home-title__news_h">`},
			[]string{"data-testid", "header__games_h", "<option", "العربية"}},
		{"home of a game group, Arabic", "/?game=esports", ar, s("ar", "home.title") + " · " + s("ar", "nav.esports") + s("ar", "news.homeLink") + " ›",
			[]string{`class="header__login_h">` + s("ar", "header.login") + `<`, `<span class="lang-switch__name_h" lang="ar">العربية</span>`, `aria-label="` + s("ar", "discover.nav.menu") + `"`},
			[]string{s("en_US", "home.title"), s("en_US", "header.login")}},
		{"an unknown game group is the recommended one", "/?game=%3Cx%3E", en, s("en_US", "home.title") + " · " + s("en_US", "nav.recommended") + s("en_US", "news.homeLink") + " ›", nil, []string{"<x>"}},
		{"live room", "/live/1002", en, "Derby &lt;b&gt;night&lt;/b&gt; &amp; more",
			[]string{`class="header__nav-link_h header__nav-link--active_h" href="/live">`, `<section class="live-room_h"><div class="live-room__stage_h">`,
				`<h1 class="live-room__title_h" data-shell-title>`, `class="live-room__player_h"`, `<h2>` + s("en_US", "live.chat") + `</h2>`,
				`aria-pressed="true">` + s("en_US", "live.danmu") + `<`},
			[]string{"<b>night"}},
		{"live room without a title, Arabic", "/live/1003", ar, s("ar", "live.room.untitled"), []string{`aria-pressed="false">` + s("ar", "live.theatre.enter") + `<`}, nil},
		{"live room whose lookup failed keeps the title's place", "/live/1004", en, "&nbsp;", nil, []string{s("en_US", "live.room.untitled") + "<"}},
		// (/match/soccer: a group and a game; the group wins, as on the page.)
		{"match list of a game group: the games bar under the header, the title and the tabs", "/match/soccer", en, s("en_US", "matches.list.title") + " · " + s("en_US", "nav.soccer"),
			[]string{`class="header__nav-link_h header__nav-link--active_h" href="/schedule">`, `<nav class="header__games_h" aria-label="` + s("en_US", "nav.label") + `">`,
				`class="header__game_h header__game--active_h" href="/match/soccer">` + s("en_US", "nav.soccer") + `<`,
				`<main id="main" class="layout__main_h"><section><div class="mlist-head_h"><h1 class="mlist-title_h">`, `<span class="mlist-title__group_h"> · `,
				`<div class="mlist-tabs_h" role="tablist">`,
				`aria-selected="true" tabindex="0" class="tab_h mlist-tab_h mlist-tab--on_h" type="button">` + s("en_US", "matches.list.matches") + `<`,
				`aria-selected="false" tabindex="-1" class="tab_h mlist-tab_h" type="button">` + s("en_US", "matches.list.favourites") + `<`},
			nil},
		{"match list of a group that is no game, Arabic", "/match/esports", ar, s("ar", "matches.list.title") + " · " + s("ar", "nav.esports"),
			[]string{`class="header__game_h header__game--active_h" href="/match/esports">` + s("ar", "nav.esports") + `<`,
				`<span class="mlist-title__group_h"> · ` + s("ar", "nav.esports") + `</span>`},
			[]string{`header__game--active_h" href="/match/recommended"`}},
		{"match list, the results tab, Arabic", "/match?tab=results", ar, s("ar", "matches.list.title"),
			[]string{`class="tab_h mlist-tab_h mlist-tab--on_h" type="button">` + s("ar", "matches.list.results") + `<`,
				`class="tab_h mlist-tab_h" type="button">` + s("ar", "matches.list.matches") + `<`},
			[]string{"mlist-title__group_h", s("en_US", "matches.list.title")}},
		{"match list, an unknown tab is the first", "/match/?tab=%3Cx%3E", en, s("en_US", "matches.list.title"),
			[]string{`mlist-tab--on_h" type="button">` + s("en_US", "matches.list.matches") + `<`}, []string{"<x>"}},
		// The game's name is the catalogue's: React would widen a heading without it.
		{"match list of one game: no heading", "/match/lol", en, "", []string{`<nav class="header__games_h"`}, []string{"<h1", "mlist-head_h"}},
		{"streamer list, Arabic", "/anchor", ar, s("ar", "anchor.list.title"),
			[]string{`<main id="main" class="layout__main_h"><main class="streamers_h"><div class="streamers__head_h"><h1 class="streamers__title_h">`,
				`<label class="streamers__live_h"><input type="checkbox"><span>` + s("ar", "anchor.list.liveOnly") + `</span></label>`},
			[]string{s("en_US", "anchor.list.title")}},
		{"streamer list by its long name", "/anchor/anchorList", en, s("en_US", "anchor.list.title"), []string{`<main class="streamers_h">`}, nil},
		{"a streamer's page: the header only", "/anchor/42", en, "", nil, []string{"<h1", "streamers_h"}},
		{"another page: the header only", "/about", en, "", []string{`<header class="header_h">`, `<main id="main" class="layout__main_h"></main>`}, []string{"--active_h", "<h1"}},
		{"a page that does not exist", "/soccer/nope/x/y", en, "", []string{`<header class="header_h">`}, nil},
		{"signed in: no log-in button", "/", http.Header{"Cookie": {`lang=en_US; userInfo=%7B%22uid%22%3A%221%22%7D`}}, s("en_US", "home.title") + " · " + s("en_US", "nav.recommended") + s("en_US", "news.homeLink") + " ›",
			[]string{`<div aria-busy="true"></div>`}, []string{"header__login_h"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := string(apiDo(t, srv.URL, tt.path, tt.h).Body)
			shell := root(t, body)
			if got := heading(shell); got != tt.heading {
				t.Errorf("heading %q, want %q", got, tt.heading)
			}
			for _, w := range tt.want {
				if !strings.Contains(shell, w) {
					t.Errorf("the shell lacks %s", w)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(shell, n) {
					t.Errorf("the shell has %s", n)
				}
			}
		})
	}

	// Arabic pages are right to left from the first byte: the shell inherits <html dir>.
	if body := string(apiDo(t, srv.URL, "/", ar).Body); !strings.Contains(body, `<html lang="ar" dir="rtl"`) {
		t.Errorf("Arabic page: %s", body[:200])
	}

	// A live room links its own style sheet (its frame's classes are in it), and a match page its
	// sheets (its content waits for them); the others leave theirs to the client (the home heading's
	// classes are in the entry's sheet).
	for path, want := range map[string]string{"/live/1002": "/assets/LiveRoom-2.css", "/soccer/sim-1": "/assets/MatchDetail-4.css"} {
		body := string(apiDo(t, srv.URL, path, en).Body)
		head := body[:strings.Index(body, "</head>")]
		if !strings.Contains(head, `<link rel="stylesheet" href="`+want+`">`) || strings.Index(head, want) < strings.Index(head, "index-1.css") {
			t.Errorf("%s: the head does not link %s after the entry's sheet: %s", path, want, head)
		}
	}
	for path, sheet := range map[string]string{"/": "Home-1.css", "/match/soccer": "MatchList-3.css"} {
		if body := string(apiDo(t, srv.URL, path, en).Body); strings.Contains(body, sheet) {
			t.Errorf("%s links %s: one more request before the first paint, for classes the shell does not use", path, sheet)
		}
	}

	// A build whose classes do not match the shell (one missing) gets no shell, never an unstyled one.
	var table map[string]any
	if err := json.Unmarshal([]byte(shellJSON(t)), &table); err != nil {
		t.Fatal(err)
	}
	delete(table["classes"].(map[string]any)["Layout"].(map[string]any), "home-title__news")
	broken, _ := json.Marshal(table)
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Remove(filepath.Join(dir, "shell.json"))
	write("shell.json", string(broken))
	// buildFile reads the file again when its modification time changes; make sure it does.
	later := mustStat(t, filepath.Join(dir, "shell.json")).ModTime().Add(2e9)
	if err := os.Chtimes(filepath.Join(dir, "shell.json"), later, later); err != nil {
		t.Fatal(err)
	}
	if shell := root(t, string(apiDo(t, srv.URL, "/", en).Body)); shell != "" {
		t.Errorf("a shell with a missing class: %s", shell)
	}
	if shell := root(t, string(apiDo(t, srv.URL, "/about", en).Body)); !strings.Contains(shell, "header_h") {
		t.Errorf("a page that does not use the missing class lost its shell: %q", shell)
	}

	// Without shell.json (an older build) #root stays empty, and no page sheet is linked.
	os.Remove(filepath.Join(dir, "shell.json"))
	body := string(apiDo(t, srv.URL, "/live/1002", en).Body)
	if shell := root(t, body); shell != "" || strings.Contains(body, "LiveRoom-2.css") {
		t.Errorf("without shell.json: %s", body)
	}
}

func mustStat(t *testing.T, name string) os.FileInfo {
	t.Helper()
	st, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	return st
}
