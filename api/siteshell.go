package api

import (
	"bytes"
	"html"
	"net/http"
	"regexp"
	"strings"

	"courtside/api/seo"
)

// The first HTML of a page carries a static shell of it (issue 19): the header bar as the web client
// draws it (logo, sections, search box, language switcher, log-in button) and, on the home page, a
// live room, the match list and the streamer list, the page's heading, in the reader's language and
// direction. Without it the body was an empty <div id="root"> and nothing painted before the entry chunk, the locale chunk and the
// route chunk had arrived and run: first paint and the largest paint waited for all of them. React
// renders over the shell (createRoot replaces the children of #root; no hydration): its first
// commit waits for the page's route chunk (webclient/src/main.tsx), so the shell gives way to the
// page itself.
//
// Everything the shell shows comes from the build, one source with the client: shell.json
// (webclient/build/appShell.ts) holds the translations of each language (read from the client's
// locale files), the generated class names of the CSS modules the shell copies, the header's
// sections (src/components/headerNav.ts) and the languages of the switcher. The markup below copies
// Header.tsx, Layout.tsx, the home page's <h1> (pages/Home/Home.tsx), the live room's head
// (pages/LiveRoom/LiveRoom.tsx, RoomHead.tsx), the match list's head (pages/Matches/MatchListPage.tsx)
// and the streamer list's (pages/Anchor/AnchorList.tsx), with its first screen of cards where the
// data was read (siteshelldata.go). The header's classes and the home, match
// list and streamer list heads' (Layout.module.css) are in the entry's style sheet; a live room's sheet is linked in the head (shellSheets, preload.json "styles",
// sitepreload.go). It holds no data-testid:
// tests wait for React's elements, never for the shell's.

// shellTable is dist/shell.json.
type shellTable struct {
	Classes   map[string]map[string]string `json:"classes"`
	Nav       []shellLink                  `json:"nav"`
	Groups    []string                     `json:"groups"`
	Languages []struct {
		Code string `json:"code"`
		Name string `json:"name"`
	} `json:"languages"`
	Strings map[string]map[string]string `json:"strings"`
}

// shellLink is one section of the header.
type shellLink struct {
	Key   string `json:"key"`
	To    string `json:"to"`
	End   bool   `json:"end"`
	Label string `json:"label"` // a translation key
	Match string `json:"match"` // a JavaScript regular expression; "" uses NavLink's rule
	match *regexp.Regexp
}

func parseShell(data []byte) (*shellTable, error) {
	var t shellTable
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, err
	}
	for i := range t.Nav {
		if t.Nav[i].Match == "" {
			continue
		}
		// The patterns are plain (anchors, groups, alternation, escaped slashes): RE2 reads them as
		// JavaScript does.
		re, err := regexp.Compile(t.Nav[i].Match)
		if err != nil {
			return nil, err
		}
		t.Nav[i].match = re
	}
	return &t, nil
}

// active is NavLink's rule (headerNav.ts navActive): the link's own pattern, else its path itself,
// or below it unless End.
func (l shellLink) active(path string) bool {
	if l.match != nil {
		return l.match.MatchString(path)
	}
	if path == l.To || path == l.To+"/" {
		return true
	}
	return !l.End && strings.HasPrefix(path, l.To+"/")
}

// shellSheets are the pages whose shell uses classes of their own route chunk's style sheets: those
// are linked in the head, so the shell is styled at its first paint. The header's classes and the
// home page's heading's (Layout.module.css) are in the entry's sheet already; a live room's frame
// is its page's whole module (its rules combine the room's, the head's and theatre mode's classes),
// too large to add to every page's entry sheet. The match page's shell is the frame only, but its
// content waits for its sheets (Vite's loader asks for them when the route's script runs, one round
// trip after it): linked here they come with the first HTML (Lighthouse, five runs: LCP unchanged at
// 3.46-3.62 s, blocking time 112-325 -> 0-88 ms, performance 79-86 -> 86-87; docs/BENCHMARKS.md).
// Every sheet linked is one more request before the first paint: keep this short.
var shellSheets = map[string]bool{"liveRoom": true, "match": true}

// shellWriter writes the shell of one page in one language. A class the table lacks (a build that
// does not match this node) spoils the shell: renderShell then writes none.
type shellWriter struct {
	t       *shellTable
	strings map[string]string
	fallbck map[string]string
	b       strings.Builder
	missing bool
}

// cls is the generated class name of local in module ("Header", "header__inner").
func (w *shellWriter) cls(module, local string) string {
	if c, ok := w.t.Classes[module][local]; ok && c != "" {
		return html.EscapeString(c)
	}
	w.missing = true
	return ""
}

// text is the escaped translation of key.
func (w *shellWriter) text(key string) string {
	if s, ok := w.strings[key]; ok {
		return html.EscapeString(s)
	}
	if s, ok := w.fallbck[key]; ok {
		return html.EscapeString(s)
	}
	w.missing = true
	return ""
}

func (w *shellWriter) w(parts ...string) {
	for _, p := range parts {
		w.b.WriteString(p)
	}
}

// shellInput is what the shell of a request depends on.
type shellInput struct {
	page     string
	path     string // the request's path, unescaped
	game     string // ?game= of the home page
	tab      string // ?tab= of the match list
	list     string // the match list's :list (routes.json): a game group of the header or a game
	lang     string
	signedIn bool // the userInfo cookie is set: the header shows the user's part, not "Log in"
	// title is a live room's title as its head names it: nil when the lookup failed (the shell
	// then keeps the title's place empty, as the client does while the room loads), "" untitled.
	title *string
	// data is the first screen of the page's data (siteshelldata.go), nil without.
	data *ShellData
}

// renderShell is the shell's HTML for the inside of #root, or "" without a usable shell.json.
func renderShell(t *shellTable, in shellInput) string {
	if t == nil || t.Strings[in.lang] == nil {
		return ""
	}
	w := &shellWriter{t: t, strings: t.Strings[in.lang], fallbck: t.Strings["en_US"]}
	w.w(`<div class="`, w.cls("Layout", "layout"), `" data-shell="`, html.EscapeString(in.page), `">`)
	w.w(`<a class="visually-hidden" href="#main">`, w.text("app.skipToContent"), `</a>`)
	w.header(in)
	w.w(`<main id="main" class="`, w.cls("Layout", "layout__main"), `">`)
	switch in.page {
	case "home":
		w.home(in)
	case "liveRoom":
		w.liveRoom(in)
	case "matchList":
		w.matchList(in)
	case "anchorIndex", "anchorList":
		w.streamers(in.data)
	}
	w.w(`</main>`)
	if !(in.signedIn && in.data != nil && in.data.GuestView) {
		w.seed(in.data)
	}
	w.w(`</div>`)
	if w.missing {
		return ""
	}
	return w.b.String()
}

// header copies components/Header.tsx (with HeaderSearchShell.tsx and LanguageSwitcher.tsx).
func (w *shellWriter) header(in shellInput) {
	w.w(`<header class="`, w.cls("Header", "header"), `"><div class="`, w.cls("Header", "header__inner"), `">`)
	w.w(`<button type="button" class="`, w.cls("Header", "header__burger"), `" aria-expanded="false" aria-controls="header-menu" aria-label="`, w.text("discover.nav.menu"), `">`,
		`<svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true"><path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path></svg></button>`)
	w.w(`<a href="/" class="`, w.cls("Header", "header__logo"), `" aria-label="`, seo.SiteName, `">`,
		`<svg width="26" height="26" viewBox="0 0 26 26" aria-hidden="true"><circle cx="13" cy="13" r="12" fill="var(--brand)"></circle>`,
		`<path d="M13 1v24M1 13h24" stroke="#fff" stroke-width="1.6"></path>`,
		`<path d="M5 4.5c4 3 4 14 0 17M21 4.5c-4 3-4 14 0 17" stroke="#fff" stroke-width="1.6" fill="none"></path></svg>`,
		`<span>`, seo.SiteName, `</span></a>`)
	w.w(`<nav class="`, w.cls("Header", "header__nav"), `" aria-label="`, w.text("discover.nav.label"), `">`)
	for _, l := range w.t.Nav {
		class := w.cls("Header", "header__nav-link")
		if l.active(in.path) {
			class += " " + w.cls("Header", "header__nav-link--active")
		}
		w.w(`<a class="`, class, `" href="`, html.EscapeString(l.To), `">`, w.text(l.Label), `</a>`)
	}
	w.w(`</nav>`)
	search := w.text("discover.nav.search")
	w.w(`<div class="`, w.cls("Header", "header__search-slot"), `"><form class="`, w.cls("Header", "header__search"), ` `, w.cls("HeaderSearch", "hsearch"), `" role="search" aria-busy="true">`,
		`<input type="search" readonly placeholder="`, w.text("search.placeholder"), `" aria-label="`, search, `">`,
		`<button type="submit" disabled aria-label="`, search, `"><svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">`,
		`<circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" stroke-width="1.8"></circle>`,
		`<path d="M11 11l3.5 3.5" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"></path></svg></button></form></div>`)
	// The language switcher's button (LanguageSwitcher.tsx): the current language's name only; its
	// list of every language is drawn when it opens.
	name := in.lang
	for _, l := range w.t.Languages {
		if l.Code == in.lang {
			name = l.Name
		}
	}
	w.w(`<div class="`, w.cls("Header", "header__tools"), `"><div class="`, w.cls("LanguageSwitcher", "lang-switch"), `">`,
		`<button type="button" class="`, w.cls("LanguageSwitcher", "lang-switch__button"), `" aria-expanded="false" aria-controls="lang-menu">`,
		`<svg class="`, w.cls("LanguageSwitcher", "lang-switch__icon"), `" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">`,
		`<circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" stroke-width="1.2"></circle>`,
		`<path d="M1.5 8h13M8 1.5c-2.2 2-2.2 11 0 13M8 1.5c2.2 2 2.2 11 0 13" fill="none" stroke="currentColor" stroke-width="1.2"></path></svg>`,
		`<span class="visually-hidden">`, w.text("header.language"), `: </span>`,
		`<span class="`, w.cls("LanguageSwitcher", "lang-switch__name"), `" lang="`, html.EscapeString(LangTag(in.lang)), `">`, html.EscapeString(name), `</span></button></div>`)
	if in.signedIn {
		w.w(`<div aria-busy="true"></div>`) // the user's part is a chunk of its own; its fallback
	} else {
		w.w(`<button type="button" class="`, w.cls("Header", "header__login"), `">`, w.text("header.login"), `</button>`)
	}
	w.w(`</div></div>`)
	if in.path == "/match" || strings.HasPrefix(in.path, "/match/") {
		current := "recommended"
		if rest := strings.TrimPrefix(in.path, "/match/"); rest != in.path && rest != "" {
			current, _, _ = strings.Cut(rest, "/")
		}
		w.w(`<nav class="`, w.cls("Header", "header__games"), `" aria-label="`, w.text("nav.label"), `"><div class="`, w.cls("Header", "header__games-inner"), `">`)
		for _, g := range w.t.Groups {
			class := w.cls("Header", "header__game")
			if g == current {
				class += " " + w.cls("Header", "header__game--active")
			}
			w.w(`<a class="`, class, `" href="/match/`, html.EscapeString(g), `">`, w.text("nav."+g), `</a>`)
		}
		w.w(`</div></nav>`)
	}
	w.w(`</header>`)
}

// home copies the heading of pages/Home/Home.tsx: the title, the game group (?game=) and the news link.
func (w *shellWriter) home(in shellInput) {
	group := "recommended"
	for _, g := range w.t.Groups {
		if g == in.game {
			group = g
		}
	}
	w.w(`<section><h1 class="`, w.cls("Layout", "home-title"), `">`, w.text("home.title"),
		` <span class="`, w.cls("Layout", "home-title__group"), `">· `, w.text("nav."+group), `</span>`,
		`<a href="/news" class="`, w.cls("Layout", "home-title__news"), `">`, w.text("news.homeLink"), ` ›</a></h1></section>`)
}

// listTabs are the match list's tabs (pages/Matches/MatchListPage.tsx LIST_TABS), the first the default.
var listTabs = []string{"matches", "results", "favourites"}

// matchList copies the head of pages/Matches/MatchListPage.tsx: the title (with the game group of
// /match/{group}) and the tabs (?tab=). A group wins over a game of the same name (soccer), as on
// the page. A single game's page (/match/lol) names the game as the catalogue spells it, which the
// shell does not know: it gets the header only, not a heading that React would widen.
func (w *shellWriter) matchList(in shellInput) {
	group := ""
	for _, g := range w.t.Groups {
		if g == in.list {
			group = g
		}
	}
	if group == "" && in.list != "" {
		return
	}
	c := func(local string) string { return w.cls("Layout", local) }
	w.w(`<section><div class="`, c("mlist-head"), `"><h1 class="`, c("mlist-title"), `">`, w.text("matches.list.title"))
	if group != "" {
		w.w(`<span class="`, c("mlist-title__group"), `"> · `, w.text("nav."+group), `</span>`)
	}
	w.w(`</h1><div class="`, c("mlist-tabs"), `" role="tablist">`)
	tab := listTabs[0]
	for _, k := range listTabs {
		if k == in.tab {
			tab = k
		}
	}
	for _, k := range listTabs {
		class, selected, index := w.cls("TabList", "tab")+" "+c("mlist-tab"), "false", "-1"
		if k == tab {
			class, selected, index = class+" "+c("mlist-tab--on"), "true", "0"
		}
		w.w(`<button role="tab" aria-selected="`, selected, `" tabindex="`, index, `" class="`, class, `" type="button">`, w.text("matches.list."+k), `</button>`)
	}
	w.w(`</div></div></section>`)
}

// streamers copies pages/Anchor/AnchorList.tsx (/anchor, /anchor/anchorList): the title, the "live
// now only" switch, off, and the first screen of cards when the data was read (siteshelldata.go).
func (w *shellWriter) streamers(d *ShellData) {
	c := func(local string) string { return w.cls("Layout", local) }
	w.w(`<main class="`, c("streamers"), `"><div class="`, c("streamers__head"), `"><h1 class="`, c("streamers__title"), `">`, w.text("anchor.list.title"), `</h1>`,
		`<label class="`, c("streamers__live"), `"><input type="checkbox"><span>`, w.text("anchor.list.liveOnly"), `</span></label></div>`)
	if d != nil {
		w.streamerCards(d.Streamers)
	}
	w.w(`</main>`)
}

// liveRoom copies the live room's frame (pages/LiveRoom/LiveRoom.tsx) and head (RoomHead.tsx): the
// title where the head names it, the player's box and the chat's column, so the title sits where
// React puts it.
func (w *shellWriter) liveRoom(in shellInput) {
	c := func(local string) string { return w.cls("LiveRoom", local) }
	title := "&nbsp;"
	switch {
	case in.title == nil:
	case strings.TrimSpace(*in.title) == "":
		title = w.text("live.room.untitled")
	default:
		title = html.EscapeString(*in.title)
	}
	w.w(`<section class="`, c("live-room"), `"><div class="`, c("live-room__stage"), `">`,
		`<div class="`, c("room-head-box"), `"><div class="`, c("room-head"), `" aria-busy="true">`,
		`<span class="`, c("room-head__avatar"), `"></span>`,
		`<div class="`, c("room-head__main"), `"><h1 class="`, c("live-room__title"), `" data-shell-title>`, title, `</h1>`,
		`<div class="`, c("room-head__line"), `">&nbsp;</div>`,
		`<div class="`, c("room-head__line"), ` `, c("room-head__line--meta"), `">&nbsp;</div></div>`,
		// The bullet chat is on unless the reader switched it off (its stored choice is the client's).
		`<span class="`, c("live-room__tools"), `">`,
		`<button type="button" class="`, c("live-room__toggle"), `" aria-pressed="true">`, w.text("live.danmu"), `</button>`,
		`<button type="button" class="`, c("live-room__toggle"), `" aria-pressed="false">`, w.text("live.theatre.enter"), `</button></span>`,
		`<div class="`, c("room-head__score-row"), `"></div></div></div>`,
		`<div class="`, c("live-room__player"), `" aria-label="`, w.text("live.player"), `"></div>`,
		`<div class="`, c("live-room__panels"), `"></div></div>`,
		`<aside class="`, c("live-room__chat"), `" aria-label="`, w.text("live.chat"), `">`,
		`<div class="`, c("live-room__chat-head"), `"><h2>`, w.text("live.chat"), `</h2></div></aside></section>`)
}

// shellFor is the shell of a page request, drawn with its data (nil without).
func (s *site) shellFor(r *http.Request, p resolved, lang string, data *ShellData) string {
	q := r.URL.Query()
	in := shellInput{page: p.page, path: r.URL.Path, game: q.Get("game"), tab: q.Get("tab"), list: p.params["list"], lang: lang}
	if c, err := r.Cookie("userInfo"); err == nil && c.Value != "" {
		in.signedIn = true
	}
	if p.entity != nil {
		in.title = &p.entity.Name
	}
	in.data = data
	return renderShell(s.shell.get(s.dir), in)
}

// rootDiv is the build's empty root element (webclient/index.html).
var rootDiv = []byte(`<div id="root"></div>`)

// withShell writes shell into the index's empty #root.
func withShell(index []byte, shell string) []byte {
	if shell == "" {
		return index
	}
	i := bytes.Index(index, rootDiv)
	if i < 0 {
		return index
	}
	at := i + len(rootDiv) - len("</div>")
	out := make([]byte, 0, len(index)+len(shell))
	out = append(out, index[:at]...)
	out = append(out, shell...)
	return append(out, index[at:]...)
}
