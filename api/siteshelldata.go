package api

import (
	"context"
	"html"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// The first screen of a page's data in the first HTML (issue 19). Where a page's largest paint is
// data (the streamer list's first cover), the shell's heading alone cannot end the chain: the cover
// waited for the entry chunk, the route chunk and the list's REST call. For such a page an area
// registers a PageData lookup (Server.PageShellData) that reads the first screen from the same
// service its REST call uses; the shell draws it with the classes React uses (siteshell.go), and
// the same answer goes into the page as JSON (<script type="application/json" data-shell-data>),
// under the web client's resource key, so the page's first render shows it as loaded
// (webclient/src/data/seed.ts) instead of a spinner that would blank the shell until the call
// returns.

// ShellData is the first screen of a page's data.
type ShellData struct {
	// Key is the web client's resource key of the answer (useResource's key in the page's
	// component) and Value the answer as the REST call gives it (JSON).
	Key   string
	Value any
	// GuestView: Value is what a guest sees (a signed-in reader's answer differs, say by their
	// booking of the match): not seeded for a signed-in reader, whose page then loads it as before.
	GuestView bool
	// Streamers are the streamer list's first cards (pages/Anchor/AnchorList.tsx).
	Streamers []StreamerCard
}

// StreamerCard is what a card of the streamer list shows (anchor.ListEntry's fields).
type StreamerCard struct {
	AnchorID, Name, Title, CoverURL, Avatar, CustomTag string
	Live                                               bool
	Viewers                                            int
	Followers                                          int64
}

// PageData looks up the first screen of a page's data for its shell. An error leaves the shell
// without data: the page then loads it as before.
type PageData func(ctx context.Context, params map[string]string) (ShellData, error)

// ShellCards is how many cards of the streamer list the first HTML carries: those on the first
// screen at 1280 × 823 px, three rows of four (the list is at most 1,100 px wide, cards at least
// 220 px); a phone's first screen shows three.
const ShellCards = 12

// shellEagerCovers are the covers loaded at once, at a high priority: the first, the page's largest
// paint; the others load lazily, after layout (a phone's first screen shows two more: loaded beside
// the first, they shared the slow link with it and moved the largest paint back; Lighthouse's median
// LCP 2.78 -> 2.63-2.71 s, docs/BENCHMARKS.md). AnchorList.tsx says the same.
const shellEagerCovers = 1

// shellDataTimeout bounds the lookup: the first HTML must not wait long for the data it can do without.
const shellDataTimeout = 400 * time.Millisecond

// PageShellData tells the site how to read the first screen of a page's data for its static
// shell. Call it while wiring, before serving.
func (s *Server) PageShellData(page string, lookup PageData) { s.site.data[page] = lookup }

// shellData is the page's data for its shell, or nil.
func (s *site) shellData(ctx context.Context, p resolved) *ShellData {
	lookup := s.data[p.page]
	if lookup == nil || p.status != 200 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, shellDataTimeout)
	defer cancel()
	d, err := lookup(ctx, p.params)
	if err != nil || d.Key == "" {
		return nil
	}
	return &d
}

// pictureFirst is the head's preload of the picture a page's first screen is drawn around (the
// streamer list's first cover, its largest paint), or "". The shell's <img> would be found by the
// parser at once, but over HTTP/1.1 a browser opens six connections to a host and hands them out in
// document order: the cover waited behind the scripts' module preloads (about 20 of them) while the
// static shell was already painted around its empty frame. renderIndex puts this link first in the
// head, so the cover is in the first paint (Lighthouse's LCP is then its FCP's).
func pictureFirst(d *ShellData) string {
	if d == nil || len(d.Streamers) == 0 || d.Streamers[0].CoverURL == "" {
		return ""
	}
	return `<link rel="preload" as="image" fetchpriority="high" href="` + html.EscapeString(d.Streamers[0].CoverURL) + `">`
}

// seed is the data's JSON for the client (json.Marshal escapes <, > and &: the text cannot close
// the script element).
func (w *shellWriter) seed(d *ShellData) {
	if d == nil || d.Value == nil {
		return
	}
	data, err := json.Marshal(map[string]any{"key": d.Key, "value": d.Value})
	if err != nil {
		return
	}
	w.w(`<script type="application/json" data-shell-data>`, string(data), `</script>`)
}

// interpolation is i18next's {{name}}.
var interpolation = regexp.MustCompile(`\{\{\s*([A-Za-z0-9_]+)\s*\}\}`)

// textWith is the escaped translation of key with its {{variables}} replaced, as i18next does.
func (w *shellWriter) textWith(key string, vars map[string]string) string {
	s, ok := w.strings[key]
	if !ok {
		s, ok = w.fallbck[key]
	}
	if !ok {
		w.missing = true
		return ""
	}
	return html.EscapeString(interpolation.ReplaceAllStringFunc(s, func(m string) string {
		return vars[interpolation.FindStringSubmatch(m)[1]]
	}))
}

// streamerCards copies the cards of pages/Anchor/AnchorList.tsx (AnchorCard, with
// components/Avatar.tsx): the cover (eager for the first screen at a phone's width, the first at a
// high priority), the live badge, the title and the streamer's line.
func (w *shellWriter) streamerCards(cards []StreamerCard) {
	if len(cards) == 0 {
		return
	}
	c := func(local string) string { return w.cls("Layout", local) }
	w.w(`<ul class="`, c("streamers__cards"), `">`)
	for i, a := range cards {
		w.w(`<li class="`, c("streamer-card"), `"><a href="/anchor/`, html.EscapeString(url.PathEscape(a.AnchorID)), `">`,
			`<div class="`, c("streamer-card__cover"), `">`)
		if a.CoverURL != "" {
			loading, priority := "lazy", "auto"
			if i < shellEagerCovers {
				loading = "eager"
			}
			if i == 0 {
				priority = "high"
			}
			w.w(`<img src="`, html.EscapeString(a.CoverURL), `" alt="" loading="`, loading, `" fetchpriority="`, priority, `" width="320" height="180">`)
		} else {
			w.w(`<span class="`, c("streamer-card__placeholder"), `">▶</span>`)
		}
		if a.Live {
			w.w(`<span class="`, c("streamer-card__badge"), `">`, w.text("anchor.list.live"), `</span>`)
		}
		title := html.EscapeString(a.Title)
		if a.Title == "" {
			title = w.text("anchor.broadcast.noTitle")
		}
		w.w(`</div><p class="`, c("streamer-card__title"), `">`, title, `</p><p class="`, c("streamer-card__who"), `">`)
		w.avatar(a.Avatar, a.Name, 22)
		w.w(`<span>`, html.EscapeString(a.Name), `</span><span>`, w.textWith("discover.followers", map[string]string{"n": formatCount(a.Followers)}), `</span>`)
		if a.Live {
			w.w(`<span>`, w.textWith("anchor.player.viewers", map[string]string{"count": strconv.Itoa(a.Viewers)}), `</span>`)
		}
		if a.CustomTag != "" {
			w.w(`<span>#`, html.EscapeString(a.CustomTag), `</span>`)
		}
		w.w(`</p></a></li>`)
	}
	w.w(`</ul>`)
}

// avatar copies components/Avatar.tsx: the picture (at avatarSrc's address), or the name's first
// letter on a disc whose hue the name sets.
func (w *shellWriter) avatar(src, name string, size int) {
	px := strconv.Itoa(size) + "px"
	if src != "" {
		w.w(`<img class="`, w.cls("Layout", "avatar"), `" src="`, html.EscapeString(avatarSrc(src, size)), `" alt="" width="`, strconv.Itoa(size), `" height="`, strconv.Itoa(size),
			`" style="width: `, px, `; height: `, px, `;">`)
		return
	}
	letter, hue := avatarLetter(name)
	w.w(`<span class="`, w.cls("Layout", "avatar"), ` `, w.cls("Layout", "avatar--letter"), `" aria-hidden="true" style="width: `, px, `; height: `, px,
		`; font-size: `, strconv.FormatFloat(float64(size)*0.45, 'f', -1, 64), `px; background: hsl(`, strconv.Itoa(hue), ` 55% 45%);">`, html.EscapeString(letter), `</span>`)
}

// ShellAvatarSides are the sides the account module makes of an uploaded avatar
// (account.AvatarThumbSides; this package cannot import it, a test checks they agree).
var ShellAvatarSides = []int{48, 96}

// avatarSrc is Avatar.tsx's avatarSrc: an uploaded avatar at the smallest side the server makes
// at least twice the drawn size; other addresses as they are.
func avatarSrc(src string, size int) string {
	if !strings.HasPrefix(src, "/java/user/avatar/") || strings.Contains(src, "?") {
		return src
	}
	for _, side := range ShellAvatarSides {
		if side >= size*2 {
			return src + "?s=" + strconv.Itoa(side)
		}
	}
	return src
}

// avatarLetter is Avatar.tsx's letter and hue: the trimmed name's first character in upper case
// ("?" for none), and the hue (h·31 + the first UTF-16 unit of each character) mod 360 from 200.
func avatarLetter(name string) (string, int) {
	letter := "?"
	for _, r := range strings.TrimSpace(name) {
		letter = strings.ToUpper(string(r))
		break
	}
	hue := 200
	for _, r := range name {
		unit := int(r)
		if r >= 0x10000 {
			unit = 0xD800 + (int(r)-0x10000)>>10
		}
		hue = (hue*31 + unit) % 360
	}
	return letter, hue
}

// formatCount is features/matches/format.ts formatCount: under 1,000 as is, else thousands with
// one decimal, truncated ("1.9k" for 1,999).
func formatCount(n int64) string {
	abs := n
	if abs < 0 {
		abs = -abs
	}
	if abs < 1000 {
		return strconv.FormatInt(n, 10)
	}
	s := strconv.FormatInt(abs/1000, 10) + "." + strconv.FormatInt(abs/100%10, 10) + "k"
	if n < 0 {
		s = "-" + s
	}
	return s
}
