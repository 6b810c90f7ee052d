package seo

import (
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"courtside/api/locale"
)

var now = time.Date(2026, 3, 14, 18, 0, 0, 0, time.UTC)

func input(page string, e *Entity) Input {
	return Input{Page: page, Lang: "en_US", Origin: "https://courtside.test", Path: "/x", Entity: e, Now: now,
		Params: map[string]string{"game": "soccer", "text": "derby"}}
}

var (
	matchEntity = &Entity{Name: "Arsenal vs Chelsea", Game: "soccer", Image: "/images/teams/ars.svg", Published: now,
		Match: &Match{Home: "Arsenal", Away: "Chelsea", HomeImage: "/images/teams/ars.svg", AwayImage: "/images/teams/che.svg",
			League: "Premier League", Venue: "Emirates Stadium", Start: now, Status: StatusScheduled}}
	liveEntity = &Entity{Name: "Derby night", Image: "/java/anchor/upload/7", Game: "soccer",
		Live: &Live{Streamer: "Kay", OnAir: true, Since: now.Add(-time.Hour)}}
	articleEntity = &Entity{Name: "Title of the piece", Description: "What happened.", Image: "/java/news/cover/3.svg",
		Published: now, Modified: now, Author: "Ann"}
	videoEntity = &Entity{Name: "All the goals", Image: "/java/videos/files/9/poster.jpg", Published: now,
		Video: &Video{Duration: 3*time.Minute + 5*time.Second}}
)

// The structured data each kind of page must carry: the properties schema.org's consumers
// require or recommend (Google's structured-data guidelines for each type), by dotted path.
var requiredLD = []struct {
	page   string
	entity *Entity
	typ    string
	props  []string
}{
	{"home", nil, "WebSite", []string{"name", "url", "potentialAction.@type", "potentialAction.target.urlTemplate", "potentialAction.query-input"}},
	{"liveRoom", liveEntity, "VideoObject", []string{"name", "description", "thumbnailUrl", "uploadDate", "embedUrl",
		"publication.@type", "publication.isLiveBroadcast", "publication.startDate"}},
	{"match", matchEntity, "SportsEvent", []string{"name", "startDate", "eventStatus", "location.@type", "location.name",
		"competitor", "homeTeam.name", "awayTeam.name", "sport", "image", "description"}},
	{"news", articleEntity, "NewsArticle", []string{"headline", "image", "datePublished", "dateModified", "author.name", "publisher.name"}},
	{"video", videoEntity, "VideoObject", []string{"name", "description", "thumbnailUrl", "uploadDate", "embedUrl", "duration"}},
	{"anchor", &Entity{Name: "Kay"}, "ProfilePage", []string{"mainEntity.@type", "mainEntity.name"}},
	{"player", &Entity{Name: "Bukayo Saka", Game: "soccer"}, "ProfilePage", []string{"mainEntity.@type", "mainEntity.name"}},
	{"team", &Entity{Name: "Arsenal", Game: "soccer"}, "SportsTeam", []string{"name", "sport", "url"}},
	{"league", &Entity{Name: "Premier League", Game: "soccer"}, "SportsOrganization", []string{"name", "sport", "url"}},
	{"matchList", nil, "CollectionPage", []string{"name", "url"}},
	{"about", nil, "WebPage", []string{"name", "url"}},
}

// lookup follows a dotted path through decoded JSON.
func lookup(v any, path string) (any, bool) {
	for _, key := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[key]; !ok {
			return nil, false
		}
	}
	return v, true
}

var ldScript = regexp.MustCompile(`<script type="application/ld\+json"[^>]*>(.*?)</script>`)

func TestStructuredDataHasRequiredProperties(t *testing.T) {
	for _, tt := range requiredLD {
		t.Run(tt.page, func(t *testing.T) {
			h := Build(input(tt.page, tt.entity))
			m := ldScript.FindAllStringSubmatch(h.HTML(), -1)
			if len(m) != 1 {
				t.Fatalf("%d JSON-LD scripts, want 1", len(m))
			}
			var ld map[string]any
			if err := json.Unmarshal([]byte(m[0][1]), &ld); err != nil {
				t.Fatalf("JSON-LD does not parse: %v\n%s", err, m[0][1])
			}
			if ld["@context"] != "https://schema.org" || ld["@type"] != tt.typ {
				t.Fatalf("@context %v @type %v, want schema.org %s", ld["@context"], ld["@type"], tt.typ)
			}
			for _, p := range tt.props {
				v, ok := lookup(ld, p)
				if !ok || v == "" || v == nil {
					t.Errorf("%s: %s missing in %s", tt.typ, p, m[0][1])
				}
			}
			for _, date := range []string{"uploadDate", "startDate", "datePublished", "publication.startDate"} {
				if v, ok := lookup(ld, date); ok {
					if _, err := time.Parse(time.RFC3339, v.(string)); err != nil {
						t.Errorf("%s = %v is not an ISO 8601 date-time", date, v)
					}
				}
			}
		})
	}
}

func TestMatchEventDetails(t *testing.T) {
	ld := Build(input("match", matchEntity)).JSONLD[0]
	if c := ld["competitor"].([]map[string]any); len(c) != 2 || c[0]["name"] != "Arsenal" || c[1]["name"] != "Chelsea" {
		t.Errorf("competitor %v", ld["competitor"])
	}
	if ld["eventStatus"] != "https://schema.org/EventScheduled" || ld["sport"] != "Football" {
		t.Errorf("eventStatus %v sport %v", ld["eventStatus"], ld["sport"])
	}
	online := *matchEntity.Match
	online.Venue, online.Status = "", StatusPostponed
	e := *matchEntity
	e.Match = &online
	ld = Build(input("match", &e)).JSONLD[0]
	if loc := ld["location"].(map[string]any); loc["@type"] != "VirtualLocation" || ld["eventStatus"] != "https://schema.org/EventPostponed" {
		t.Errorf("online postponed match: location %v status %v", loc, ld["eventStatus"])
	}
}

func TestHreflangIsComplete(t *testing.T) {
	h := Build(input("about", nil))
	out := h.HTML()
	seen := map[string]bool{}
	for _, m := range regexp.MustCompile(`hreflang="([^"]+)" href="([^"]+)"`).FindAllStringSubmatch(out, -1) {
		if seen[m[1]] {
			t.Errorf("hreflang %s twice", m[1])
		}
		seen[m[1]] = true
		if !strings.HasPrefix(html.UnescapeString(m[2]), "https://courtside.test/x") {
			t.Errorf("hreflang %s points at %s", m[1], m[2])
		}
	}
	for _, code := range locale.All {
		if !seen[LangTag(code)] {
			t.Errorf("no hreflang for %s (%s)", code, LangTag(code))
		}
	}
	if !seen["x-default"] || len(seen) != len(locale.All)+1 {
		t.Errorf("%d hreflang links, want %d plus x-default", len(seen), len(locale.All))
	}
	if !strings.Contains(out, `<link rel="canonical" href="https://courtside.test/x" />`) {
		t.Errorf("canonical missing: %s", out)
	}
}

// A page asked for in one language (?lang=de, what the hreflang links point at) is its own
// canonical, so the alternates are not discarded as duplicates of the bare address.
func TestLanguageVersionIsItsOwnCanonical(t *testing.T) {
	in := input("about", nil)
	in.Lang, in.LangInURL = "de", true
	h := Build(in)
	if h.Canonical != "https://courtside.test/x?lang=de" {
		t.Errorf("canonical %q", h.Canonical)
	}
	for _, a := range h.Alternates {
		if a.Lang == "de" && a.Href != h.Canonical || a.Lang == "x-default" && a.Href != "https://courtside.test/x" {
			t.Errorf("alternate %s = %s", a.Lang, a.Href)
		}
	}
}

func TestMobileAlternate(t *testing.T) {
	in := input("about", nil)
	if got := Build(in).Mobile; got != "https://courtside.test/x" {
		t.Errorf("default mobile alternate %q, want this host with the same path", got)
	}
	in.MobileOrigin = "https://m.courtside.test/"
	if got := Build(in).Mobile; got != "https://m.courtside.test/x" {
		t.Errorf("configured mobile alternate %q", got)
	}
}

// Names are user input: nothing in them may open an element, close an attribute or end the
// JSON-LD script.
func TestHeadEscapesNames(t *testing.T) {
	evil := `</script><script>alert(1)</script>"' onload=x <b>&amp;`
	for _, e := range []*Entity{
		{Name: evil, Live: &Live{Streamer: evil}, Image: `javascript:alert(1)`},
		{Name: evil, Description: evil, Author: evil},
		{Name: evil, Game: "soccer", Match: &Match{Home: evil, Away: evil, League: evil, Venue: evil, HomeImage: `"><x>`, Start: now}},
	} {
		for _, page := range []string{"liveRoom", "news", "match", "team"} {
			out := Build(input(page, e)).HTML()
			if strings.Contains(out, "<script>") || strings.Contains(out, "<b>") || strings.Contains(out, "<x>") ||
				strings.Contains(out, `" onload`) || strings.Contains(out, "javascript:") {
				t.Errorf("%s: unescaped input in head: %s", page, out)
			}
			for _, m := range ldScript.FindAllStringSubmatch(out, -1) {
				var v any
				if err := json.Unmarshal([]byte(m[1]), &v); err != nil {
					t.Errorf("%s: JSON-LD broken by input: %v", page, err)
				}
			}
			if n := strings.Count(out, "</script>"); n != len(ldScript.FindAllString(out, -1)) {
				t.Errorf("%s: %d </script> for %d scripts", page, n, len(ldScript.FindAllString(out, -1)))
			}
		}
	}
	// A search is shown as typed, escaped.
	in := input("search", nil)
	in.Params = map[string]string{"text": evil}
	if h := Build(in); strings.Contains(h.HTML(), "<script>alert") || h.Robots == "" {
		t.Errorf("search head: robots %q, %s", h.Robots, h.HTML())
	}
}

// Every page has its own title in every language, with the entity's real name where it has one.
func TestTitlesAreDistinctPerRoute(t *testing.T) {
	for _, lang := range locale.All {
		seen := map[string]string{}
		for name, p := range pages {
			if needsEntity(p.kind) {
				continue
			}
			in := input(name, nil)
			in.Lang = lang
			title := Build(in).Title
			if strings.Contains(title, "%!") || strings.Contains(title, "seo.") {
				t.Errorf("%s %s: broken title %q", lang, name, title)
			}
			if other, dup := seen[title]; dup && !aliases[name+"|"+other] && !aliases[other+"|"+name] {
				t.Errorf("%s: %s and %s share the title %q", lang, name, other, title)
			}
			seen[title] = name
		}
	}
	for _, tt := range requiredLD {
		if tt.entity == nil {
			continue
		}
		title := Build(input(tt.page, tt.entity)).Title
		name := tt.entity.Name
		if tt.entity.Match != nil {
			name = tt.entity.Match.Home
		}
		if !strings.Contains(title, name) {
			t.Errorf("%s: title %q does not name %q", tt.page, title, name)
		}
	}
	zh := input("match", matchEntity)
	zh.Lang = "zh_CN"
	if got := Build(zh); !strings.Contains(got.Title, "Arsenal 对 Chelsea") || !strings.Contains(got.Description, "Premier League") {
		t.Errorf("zh_CN match head: %q / %q", got.Title, got.Description)
	}
}

// aliases are pages that are the same page under two paths.
var aliases = map[string]bool{"search|searchShort": true}

func TestPrivatePagesAreNotIndexed(t *testing.T) {
	if h := Build(input("orders", nil)); h.Robots != "noindex, nofollow" {
		t.Errorf("orders robots %q", h.Robots)
	}
	if h := Build(input("matchList", nil)); h.Robots != "" || !strings.Contains(h.Title, "Football") {
		t.Errorf("matchList robots %q title %q", h.Robots, h.Title)
	}
}

// An entity page whose lookup failed gets its section's head, never a format error.
func TestEntityPageWithoutEntity(t *testing.T) {
	h := Build(input("liveRoom", nil))
	if h.Title != "Live streams · Courtside" || h.JSONLD[0]["@type"] != "CollectionPage" {
		t.Errorf("title %q type %v", h.Title, h.JSONLD[0]["@type"])
	}
}

// Every page about an entity has a list page that stands in when the entity is not found (or
// not looked up), so no head ever shows a bare message key.
func TestEveryEntityPageHasAStandIn(t *testing.T) {
	for name, p := range pages {
		if !needsEntity(p.kind) {
			continue
		}
		h := Build(input(name, nil))
		if sectionOf[name] == "" || strings.Contains(h.Title, "seo.") {
			t.Errorf("%s without its entity: stand-in %q, title %q", name, sectionOf[name], h.Title)
		}
	}
}

func TestOpenGraphNeverShowsSVG(t *testing.T) {
	h := Build(input("match", matchEntity))
	if h.OGImage != "https://courtside.test"+DefaultImage || !strings.HasSuffix(h.Image, ".svg") {
		t.Errorf("og %q ld %q", h.OGImage, h.Image)
	}
	h = Build(input("liveRoom", liveEntity))
	if h.OGImage != "https://courtside.test/java/anchor/upload/7" || h.OGType != "video.other" {
		t.Errorf("live room og:image %q type %q", h.OGImage, h.OGType)
	}
}

// The route table (routes.json) and the page table name the same pages.
func TestEveryRouteHasAPage(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "webclient", "public", "routes.json"))
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Routes []struct{ Page string } `json:"routes"`
	}
	if err := json.Unmarshal(data, &table); err != nil {
		t.Fatal(err)
	}
	for _, r := range table.Routes {
		if _, ok := pages[r.Page]; !ok {
			t.Errorf("page %q of routes.json has no entry in pages.go (and no seo.title.%s)", r.Page, r.Page)
		}
	}
	for name := range pages {
		if _, ok := locale.Lookup(locale.Fallback, "seo.title."+name); !ok {
			t.Errorf("seo.title.%s missing from the catalogue", name)
		}
	}
}

// readWebLocale decodes a file of the web client's locales (a path under src/i18n/locales) into v.
func readWebLocale(t *testing.T, file string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "webclient", "src", "i18n", "locales", file))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}

// games.go is generated from the web client's names; it must not drift.
func TestGameNamesMatchTheWebClient(t *testing.T) {
	for _, lang := range locale.All {
		var web struct {
			Game map[string]string `json:"game"`
		}
		readWebLocale(t, filepath.Join("matches", lang+".json"), &web)
		for slug, name := range gameNames[lang] {
			if web.Game[slug] != name {
				t.Errorf("%s %s: games.go %q, web client %q (regenerate games.go)", lang, slug, name, web.Game[slug])
			}
		}
	}
	table := routeParams(t)
	groups := headerGroups(t)
	for _, lang := range locale.All {
		if got := sortedKeys(gameNames[lang]); !slices.Equal(got, sorted(table["game"])) {
			t.Errorf("%s: games.go names %v, routes.json's games are %v (regenerate games.go)", lang, got, sorted(table["game"]))
		}
		var web struct {
			Nav map[string]string `json:"nav"`
		}
		readWebLocale(t, lang+".json", &web)
		if got := sortedKeys(groupNames[lang]); !slices.Equal(got, sorted(groups)) {
			t.Errorf("%s: games.go names the groups %v, headerNav.ts GAME_GROUPS is %v (regenerate games.go)", lang, got, groups)
		}
		for _, g := range groups {
			if name := groupNames[lang][g]; name == "" || name != web.Nav[g] {
				t.Errorf("%s group %s: games.go %q, web client nav.%s %q (regenerate games.go)", lang, g, name, g, web.Nav[g])
			}
		}
	}
}

// The match list (/match/{list}) is named after its game group (the header's name, which wins over
// a game of the same name, as on the page) or its game; a match page standing in for its unknown
// match names the match's game.
func TestMatchListNamesItsGroupOrGame(t *testing.T) {
	list := func(lang string, params map[string]string) Head {
		return Build(Input{Page: "matchList", Lang: lang, Origin: "https://courtside.test", Path: "/match", Params: params, Now: now})
	}
	for _, tt := range []struct {
		lang, list, title string
	}{
		{"en_US", "esports", "Esports: live scores and fixtures · Courtside"},
		{"en_US", "recommended", "Recommended: live scores and fixtures · Courtside"},
		{"en_US", "other", "Other: live scores and fixtures · Courtside"},
		{"en_US", "soccer", "Soccer: live scores and fixtures · Courtside"}, // the group, not the game ("Football")
		{"en_US", "lol", "League of Legends: live scores and fixtures · Courtside"},
		{"de", "esports", "E-Sport: Live-Ergebnisse und Spielplan · Courtside"},
		{"zh_CN", "esports", "电竞：比分直播与赛程 · Courtside"},
	} {
		h := list(tt.lang, map[string]string{"list": tt.list})
		if h.Title != tt.title {
			t.Errorf("%s /match/%s: title %q, want %q", tt.lang, tt.list, h.Title, tt.title)
		}
		name := groupNames[tt.lang][tt.list]
		if name == "" {
			name = gameNames[tt.lang][tt.list]
		}
		if !strings.Contains(h.Description, name) {
			t.Errorf("%s /match/%s: description %q does not name %q", tt.lang, tt.list, h.Description, name)
		}
	}
	if h := list("en_US", nil); h.Title != "All sports: live scores and fixtures · Courtside" {
		t.Errorf("/match: title %q", h.Title)
	}
	stand := input("match", nil) // game "soccer", the lookup failed
	if h := Build(stand); h.Title != "Football: live scores and fixtures · Courtside" {
		t.Errorf("a match without its entity: title %q", h.Title)
	}
	// Every value routes.json lets /match/{list} take has a name in every language.
	for _, lang := range locale.All {
		for _, v := range routeParams(t)["list"] {
			if groupNames[lang][v] == "" && gameNames[lang][v] == "" {
				t.Errorf("%s: /match/%s has no name (regenerate games.go)", lang, v)
			}
		}
	}
}

// routeParams is routes.json's params: the values each limited route parameter takes.
func routeParams(t *testing.T) map[string][]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "webclient", "public", "routes.json"))
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Params map[string][]string `json:"params"`
	}
	if err := json.Unmarshal(data, &table); err != nil {
		t.Fatal(err)
	}
	return table.Params
}

// headerGroups is the header's game groups, GAME_GROUPS of webclient/src/components/headerNav.ts.
func headerGroups(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "webclient", "src", "components", "headerNav.ts"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`export const GAME_GROUPS = (\[[^\]]*\]) as const;`).FindSubmatch(data)
	if m == nil {
		t.Fatal("headerNav.ts: no GAME_GROUPS")
	}
	var groups []string
	if err := json.Unmarshal(m[1], &groups); err != nil || len(groups) == 0 {
		t.Fatalf("headerNav.ts GAME_GROUPS %s: %v", m[1], err)
	}
	return groups
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return sorted(out)
}

func sorted(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}

func TestISODuration(t *testing.T) {
	for d, want := range map[time.Duration]string{0: "PT0S", 65 * time.Second: "PT1M5S", time.Hour + 2*time.Second: "PT1H2S"} {
		if got := isoDuration(d); got != want {
			t.Errorf("%v: %s, want %s", d, got, want)
		}
	}
}
