package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"courtside/api"
	"courtside/api/account"
)

// The streamer list's first HTML carries its first screen of cards (issue 19: the first cover is
// the page's largest paint), drawn as AnchorList.tsx draws them, escaped, in the reader's language,
// with the same answer as JSON under the page's resource key, so React's first render draws the
// same cards in place.
func TestSiteWritesTheFirstCardsOfTheStreamerList(t *testing.T) {
	type entry struct {
		AnchorID string `json:"anchorId"`
		Title    string `json:"title"`
	}
	cards := []api.StreamerCard{
		{AnchorID: "u41", Name: `Hannah <img src=x onerror=alert(1)>`, Title: `Hoops talk </script><script>alert(1)</script> & more`, CoverURL: "/java/anchor/upload/11",
			Avatar: "/java/user/avatar/u41.png", Live: true, Viewers: 5, Followers: 1999},
		{AnchorID: "u42", Name: "  karim", CoverURL: "/java/anchor/upload/13", CustomTag: "derby<3", Followers: 31},
		{AnchorID: "u43", Name: "", CoverURL: "/java/anchor/upload/15"},
		{AnchorID: "u44", Name: "Dee", CoverURL: "/java/anchor/upload/17"},
		{AnchorID: "u/45", Name: "Eve"}, // no cover: the placeholder
	}
	value := make([]entry, len(cards))
	for i, c := range cards {
		value[i] = entry{AnchorID: c.AnchorID, Title: c.Title}
	}
	var fail error
	asked := 0
	srv, _ := shellSite(t, func(s *api.Server) {
		lookup := func(ctx context.Context, _ map[string]string) (api.ShellData, error) {
			asked++
			if fail != nil {
				if errors.Is(fail, context.DeadlineExceeded) {
					<-ctx.Done() // a slow database: the first HTML does not wait for it
					return api.ShellData{}, ctx.Err()
				}
				return api.ShellData{}, fail
			}
			return api.ShellData{Key: "anchors:all", Value: value, Streamers: cards}, nil
		}
		s.PageShellData("anchorIndex", lookup)
		s.PageShellData("anchorList", lookup)
	})
	en, ar := http.Header{"Cookie": {"lang=en_US"}}, http.Header{"Cookie": {"lang=ar"}}
	s := func(code, key string) string { return localeString(t, code, key) }
	li := regexp.MustCompile(`<li class="streamer-card_h">.*?</li>`)

	page := string(apiDo(t, srv.URL, "/anchor", en).Body)
	shell := root(t, page)
	got := li.FindAllString(shell, -1)
	// The first cover (the page's largest paint) is preloaded first in the head, ahead of the style
	// sheets and scripts: over HTTP/1.1 the image in the body waited behind the module preloads for
	// a connection, and came after the first paint.
	preload := `<link rel="preload" as="image" fetchpriority="high" href="/java/anchor/upload/11">`
	i, j, k := strings.Index(page, preload), strings.Index(page, `<link rel="stylesheet"`), strings.Index(page, "<script")
	if i < 0 || j < 0 || k < 0 || i > j || i > k || strings.Count(page, `rel="preload" as="image"`) != 1 {
		t.Errorf("the first cover is not preloaded once, before the sheets and scripts (at %d, sheet at %d, script at %d): %s", i, j, k, page[:min(len(page), 1500)])
	}
	if len(got) != len(cards) {
		t.Fatalf("%d cards, want %d: %s", len(got), len(cards), shell)
	}
	for _, w := range []string{
		`<h1 class="streamers__title_h">` + s("en_US", "anchor.list.title") + `</h1>`,
		`</label></div><ul class="streamers__cards_h"><li class="streamer-card_h">`,
	} {
		if !strings.Contains(shell, w) {
			t.Errorf("the shell lacks %s", w)
		}
	}
	wantCards := [][]string{
		{`<a href="/anchor/u41"><div class="streamer-card__cover_h"><img src="/java/anchor/upload/11" alt="" loading="eager" fetchpriority="high" width="320" height="180">`,
			`<span class="streamer-card__badge_h">` + s("en_US", "anchor.list.live") + `</span>`,
			`<p class="streamer-card__title_h">Hoops talk &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>`,
			`<p class="streamer-card__who_h"><img class="avatar_h" src="/java/user/avatar/u41.png?s=48" alt="" width="22" height="22" style="width: 22px; height: 22px;">`,
			`<span>Hannah &lt;img src=x onerror=alert(1)&gt;</span>`,
			`<span>` + strings.ReplaceAll(s("en_US", "discover.followers"), "{{n}}", "1.9k") + `</span>`,
			`<span>` + strings.ReplaceAll(s("en_US", "anchor.player.viewers"), "{{count}}", "5") + `</span></p>`},
		{`<img src="/java/anchor/upload/13" alt="" loading="lazy" fetchpriority="auto"`, `<p class="streamer-card__title_h">` + s("en_US", "anchor.broadcast.noTitle") + `</p>`,
			// Avatar.tsx's letter: the trimmed name's first, upper case; hue from the untrimmed name.
			`<span class="avatar_h avatar--letter_h" aria-hidden="true" style="width: 22px; height: 22px; font-size: 9.9px; background: hsl(` + hueOf("  karim") + ` 55% 45%);">K</span>`,
			`<span>` + strings.ReplaceAll(s("en_US", "discover.followers"), "{{n}}", "31") + `</span><span>#derby&lt;3</span></p>`},
		{`loading="lazy" fetchpriority="auto"`, `background: hsl(200 55% 45%);">?</span><span></span>`},
		{`loading="lazy" fetchpriority="auto"`},
		{`<a href="/anchor/u%2F45">`, `<span class="streamer-card__placeholder_h">▶</span></div>`},
	}
	for i, want := range wantCards {
		for _, w := range want {
			if !strings.Contains(got[i], w) {
				t.Errorf("card %d lacks %s: %s", i, w, got[i])
			}
		}
	}
	for i, c := range got[1:] {
		if strings.Contains(c, "streamer-card__badge_h") || strings.Contains(c, "fetchpriority=\"high\"") {
			t.Errorf("card %d: a live badge or a high priority: %s", i+1, c)
		}
	}
	if strings.Contains(shell, "<script>alert") || strings.Contains(shell, "<img src=x") {
		t.Errorf("unescaped names in the shell: %s", shell)
	}

	// The same answer for the page's first render, under its resource key; the text cannot close the
	// script element.
	seed := regexp.MustCompile(`<script type="application/json" data-shell-data>(.*?)</script>`).FindStringSubmatch(shell)
	if seed == nil {
		t.Fatalf("no seed: %s", shell)
	}
	if !strings.HasSuffix(shell, `</main>`+seed[0]+`</div>`) {
		t.Errorf("the seed is not the shell's last child: %s", shell[len(shell)-200:])
	}
	var d struct {
		Key   string  `json:"key"`
		Value []entry `json:"value"`
	}
	if err := json.Unmarshal([]byte(seed[1]), &d); err != nil {
		t.Fatalf("seed %s: %v", seed[1], err)
	}
	if d.Key != "anchors:all" || len(d.Value) != len(cards) || d.Value[0].Title != cards[0].Title {
		t.Errorf("seed %+v", d)
	}

	// Arabic, by the list's long path.
	shell = root(t, string(apiDo(t, srv.URL, "/anchor/anchorList", ar).Body))
	for _, w := range []string{`<span class="streamer-card__badge_h">` + s("ar", "anchor.list.live") + `</span>`,
		`<span>` + strings.ReplaceAll(s("ar", "anchor.player.viewers"), "{{count}}", "5") + `</span>`,
		`<p class="streamer-card__title_h">` + s("ar", "anchor.broadcast.noTitle") + `</p>`} {
		if !strings.Contains(shell, w) {
			t.Errorf("Arabic: the shell lacks %s", w)
		}
	}

	// A streamer's own page asks nothing.
	before := asked
	if shell := root(t, string(apiDo(t, srv.URL, "/anchor/42", en).Body)); strings.Contains(shell, "streamer-card") || strings.Contains(shell, "data-shell-data") || asked != before {
		t.Errorf("a streamer's page: %d lookups, %s", asked-before, shell)
	}

	// A failed or slow lookup: the heading without cards or seed; the page loads them as before.
	for _, err := range []error{errors.New("db down"), context.DeadlineExceeded} {
		fail = err
		shell := root(t, string(apiDo(t, srv.URL, "/anchor", en).Body))
		if strings.Contains(shell, "streamer-card") || strings.Contains(shell, "data-shell-data") || !strings.Contains(shell, `<h1 class="streamers__title_h">`) {
			t.Errorf("lookup %v: %s", err, shell)
		}
	}
}

// hueOf is Avatar.tsx's hue, written out for the test.
func hueOf(name string) string {
	h := 200
	for _, r := range name {
		h = (h*31 + int(r)) % 360
	}
	return strconv.Itoa(h)
}

// The match page's answer goes into its first HTML for a guest; a signed-in reader's answer differs
// (their booking of the match), so their page loads it as before and never shows a guest's view.
func TestSiteSeedsAGuestViewOnlyForGuests(t *testing.T) {
	srv, _ := shellSite(t, func(s *api.Server) {
		s.PageShellData("match", func(_ context.Context, p map[string]string) (api.ShellData, error) {
			return api.ShellData{Key: p["game"] + "/" + p["id"], Value: map[string]string{"reservation": "bookable"}, GuestView: true}, nil
		})
	})
	seed := `<script type="application/json" data-shell-data>{"key":"soccer/sim-spl-1","value":{"reservation":"bookable"}}</script>`
	guest := string(apiDo(t, srv.URL, "/soccer/sim-spl-1", http.Header{"Cookie": {"lang=en_US"}}).Body)
	if !strings.Contains(guest, seed) {
		t.Errorf("a guest's match page has no seed: %s", root(t, guest))
	}
	member := string(apiDo(t, srv.URL, "/soccer/sim-spl-1", http.Header{"Cookie": {`lang=en_US; userInfo=%7B%22id%22%3A1%7D`}}).Body)
	if strings.Contains(member, "data-shell-data") {
		t.Errorf("a signed-in reader's match page carries a guest's answer: %s", root(t, member))
	}
}

// The shell asks for an avatar at a side the account module makes (the two packages cannot share
// the list: account imports api).
func TestShellAvatarSidesAreTheAccountModules(t *testing.T) {
	if !slices.Equal(api.ShellAvatarSides, account.AvatarThumbSides) {
		t.Fatalf("api.ShellAvatarSides %v, account.AvatarThumbSides %v", api.ShellAvatarSides, account.AvatarThumbSides)
	}
}
