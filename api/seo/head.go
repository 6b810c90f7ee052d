package seo

import (
	"fmt"
	"html"
	"net/url"
	"strconv"
	"strings"
	"time"

	"courtside/api/locale"
)

// SiteName is the site's name in titles, og:site_name and structured data.
const SiteName = "Courtside"

// DefaultImage is the site's cover picture (webclient/public/og-cover.jpg, 1200×630) for pages
// whose entity has none: link previews and VideoObject need a picture.
const DefaultImage = "/og-cover.jpg"

// MobileMedia is the media query of the mobile alternate link (as the web client writes it).
const MobileMedia = "only screen and (max-width: 640px)"

// Entity is what a page is about, as the area that owns it looked it up. Names are user input
// (team names, streamer names, article titles): Build escapes them.
type Entity struct {
	// Name is the page's subject: a room's title, an article's headline, a team's name. A match
	// is named by Match.Home and Match.Away.
	Name string
	// Description is the entity's own summary (an article's summary); empty: the catalogue's
	// description of the page.
	Description string
	// Image is the cover picture, absolute or relative to the site; empty: DefaultImage.
	Image string
	// Game is the game's slug ("soccer", "lol") when the entity belongs to one.
	Game string
	// Published and Modified are when the entity appeared and last changed (zero: unknown).
	Published, Modified time.Time
	// Author of an article (empty: the site).
	Author string

	Match *Match // set for a match
	Live  *Live  // set for a live room
	Video *Video // set for a recorded video
}

// Match is the sports event of a match page.
type Match struct {
	Home, Away           string
	HomeImage, AwayImage string
	League               string
	Venue                string // "" for an online (esports) match
	Start                time.Time
	Status               EventStatus
}

// EventStatus is where a match stands.
type EventStatus string

// The statuses of a match.
const (
	StatusScheduled EventStatus = "scheduled"
	StatusLive      EventStatus = "live"
	StatusFinished  EventStatus = "finished"
	StatusPostponed EventStatus = "postponed"
	StatusCancelled EventStatus = "cancelled"
)

// Live is the broadcast of a live room.
type Live struct {
	Streamer string
	OnAir    bool
	Since    time.Time // when the current (or last) broadcast started; zero: unknown
}

// Video is a recorded video.
type Video struct {
	Duration time.Duration
}

// Input is one page request as the head needs it.
type Input struct {
	Page   string            // the route table's page name; "notFound" for a 404
	Params map[string]string // the route's parameters
	Lang   string            // one of locale.All
	Origin string            // scheme://host the reader used
	Path   string            // the escaped path, without the query
	// MobileOrigin is the mobile site's scheme://host; empty: Origin (same path, never a 404).
	MobileOrigin string
	Entity       *Entity // nil: the page has no entity or none was found
	Now          time.Time
	// LangInURL is set when the reader asked for the language in the address (?lang=de, the
	// hreflang links): that page is its own canonical, so each language version is indexed
	// under the address its alternate link names; the bare address is the x-default.
	LangInURL bool
}

// Alternate is one hreflang link.
type Alternate struct {
	Lang string // BCP-47 tag or "x-default"
	Href string
}

// Head is everything the server writes into the first HTML of a page.
type Head struct {
	Lang        string // the page's locale code
	Title       string // the full <title>
	Description string
	Canonical   string
	Image       string // absolute: structured data's picture
	OGImage     string // absolute: the link previews' picture (never SVG, which they do not show)
	Robots      string // "" or "noindex, nofollow"
	Alternates  []Alternate
	Mobile      string // the mobile alternate's href
	OGType      string
	JSONLD      []map[string]any
}

// Build makes the head of one page.
func Build(in Input) Head {
	p, ok := pages[in.Page]
	if !ok {
		p = page{kind: KindPage}
	}
	in.Entity = complete(p.kind, in.Entity)
	path := in.Path
	if path == "" {
		path = "/"
	}
	page := in.Origin + path
	h := Head{Lang: in.Lang, Canonical: page}
	if in.LangInURL {
		h.Canonical = page + "?lang=" + url.QueryEscape(in.Lang)
	}
	for _, code := range locale.All {
		h.Alternates = append(h.Alternates, Alternate{LangTag(code), page + "?lang=" + url.QueryEscape(code)})
	}
	h.Alternates = append(h.Alternates, Alternate{"x-default", page})
	mobile := strings.TrimRight(in.MobileOrigin, "/")
	if mobile == "" {
		mobile = in.Origin
	}
	h.Mobile = mobile + path
	if p.private || p.kind == KindSearch {
		h.Robots = "noindex, nofollow"
	}
	title, desc := texts(in, p)
	h.Title = title
	if in.Page != "home" {
		h.Title += " · " + SiteName
	}
	h.Description = desc
	h.Image = absolute(in.Origin, DefaultImage)
	if e := in.Entity; e != nil && e.Image != "" {
		h.Image = absolute(in.Origin, e.Image)
	} else if e != nil && e.Match != nil && e.Match.HomeImage != "" {
		h.Image = absolute(in.Origin, e.Match.HomeImage)
	}
	h.OGImage = h.Image
	if strings.HasSuffix(strings.ToLower(h.Image), ".svg") {
		h.OGImage = absolute(in.Origin, DefaultImage)
	}
	h.OGType = ogType(p.kind, in.Entity)
	h.JSONLD = structured(in, p, h, title)
	return h
}

// texts is the page's own title (without the site name) and its description, in in.Lang.
func texts(in Input, p page) (string, string) {
	lang := in.Lang
	e := in.Entity
	key := in.Page
	if _, ok := pages[key]; !ok {
		key = "home"
	}
	if needsEntity(p.kind) && e == nil {
		// The lookup failed or is not wired: the section's page stands in, never "%!s(MISSING)".
		// A match's stand-in (the match list) names the match's game (listName).
		key = sectionOf[key]
		p = pages[key]
	}
	var args []any
	switch {
	case e != nil && e.Match != nil:
		args = []any{e.Match.Home, e.Match.Away, e.Match.League, e.Match.Start.UTC().Format("2006-01-02 15:04 UTC")}
	case e != nil && e.Live != nil:
		args = []any{e.Name, e.Live.Streamer}
	case e != nil:
		args = []any{e.Name}
	case p.param == "game":
		args = []any{GameName(lang, in.Params["game"])}
	case p.param == "list":
		args = []any{listName(lang, in.Params)}
	case p.param == "text":
		args = []any{in.Params["text"]}
	}
	title := message(lang, "seo.title."+key, args)
	var desc string
	switch {
	case e != nil && e.Description != "":
		desc = e.Description
	default:
		if _, ok := locale.Lookup(locale.Fallback, "seo.desc."+key); ok {
			desc = message(lang, "seo.desc."+key, args)
		} else {
			desc = locale.Message(lang, "seo.desc.site")
		}
	}
	return clip(title, 120), clip(desc, 300)
}

// message is the catalogue's message for key, formatted with as many of args as it uses: a
// message without verbs is returned as it is rather than with fmt's "%!(EXTRA ...)".
func message(lang, key string, args []any) string {
	raw := locale.Message(lang, key)
	n := 0
	for i := 1; i <= len(args); i++ {
		if strings.Contains(raw, "%["+strconv.Itoa(i)+"]") {
			n = i
		}
	}
	if n == 0 {
		return raw
	}
	return fmt.Sprintf(raw, args[:n]...)
}

// complete fills what a kind of page needs of its entity: a match page without its Match is as
// good as unknown; a live room without its Live is the site's own, not on air.
func complete(k Kind, e *Entity) *Entity {
	if e == nil {
		return nil
	}
	c := *e
	switch {
	case k == KindMatch && c.Match == nil:
		return nil
	case k == KindLive && c.Live == nil:
		c.Live = &Live{}
	}
	if c.Live != nil && c.Live.Streamer == "" {
		l := *c.Live
		l.Streamer = SiteName
		c.Live = &l
	}
	return &c
}

// sectionOf is the list page that stands in for an entity page whose entity is unknown.
var sectionOf = map[string]string{
	"liveRoom": "liveIndex", "match": "matchList", "news": "newsIndex", "newsArticle": "newsIndex",
	"video": "videoListAll", "videoNoGame": "videoListAll", "anchor": "anchorList", "league": "leagueIndex",
	"team": "teamIndex", "player": "playerIndex",
	"leagueTab": "leagueIndex", "teamTab": "teamIndex", "playerTab": "playerIndex",
}

func needsEntity(k Kind) bool {
	switch k {
	case KindLive, KindMatch, KindArticle, KindVideo, KindStreamer, KindLeague, KindTeam, KindPlayer:
		return true
	}
	return false
}

// ListName is the localized name of the match list's subject (/match/{list}): a game group of
// the header by the header's name ("esports" → "Esports"; a group wins over a game of the same
// name, "soccer" → "Soccer", as the page does), else a game by its name ("lol" → "League of
// Legends"); "" is every game.
func ListName(lang, list string) string {
	if name := groupNames[lang][list]; name != "" {
		return name
	}
	if name := groupNames[locale.Fallback][list]; name != "" {
		return name
	}
	return GameName(lang, list)
}

// listName names a match list from its route's parameters; a match page standing in for its
// unknown match (sectionOf) has no list, and names its game.
func listName(lang string, params map[string]string) string {
	if list, ok := params["list"]; ok {
		return ListName(lang, list)
	}
	return GameName(lang, params["game"])
}

// GameName is the localized name of a game slug ("soccer" → "Football"); "" is every game.
func GameName(lang, slug string) string {
	if slug == "" {
		return locale.Message(lang, "seo.game.all")
	}
	if name := gameNames[lang][slug]; name != "" {
		return name
	}
	if name := gameNames[locale.Fallback][slug]; name != "" {
		return name
	}
	return slug
}

func ogType(k Kind, e *Entity) string {
	switch k {
	case KindArticle:
		return "article"
	case KindVideo, KindLive:
		return "video.other"
	case KindStreamer, KindPlayer:
		return "profile"
	}
	return "website"
}

// absolute makes a site-relative URL absolute; an absolute http(s) URL stays as it is, anything
// else (a javascript: URL in a name field) becomes the default picture.
func absolute(origin, u string) string {
	switch {
	case strings.HasPrefix(u, "https://"), strings.HasPrefix(u, "http://"):
		return u
	case strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//"):
		return origin + u
	}
	return origin + DefaultImage
}

// clip shortens s to at most n runes at a word boundary, with an ellipsis.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := string(r[:n-1])
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return cut + "…"
}

// LangTag is the BCP-47 tag of a locale code ("zh_tw" → "zh-TW", "jp" → "ja").
func LangTag(code string) string {
	if t, ok := bcp47[code]; ok {
		return t
	}
	return code
}

var bcp47 = map[string]string{"en_US": "en-US", "zh_CN": "zh-CN", "zh_tw": "zh-TW", "thai": "th", "jp": "ja"}

// ogLocale is og:locale's spelling (language_TERRITORY).
func ogLocale(code string) string { return strings.ReplaceAll(LangTag(code), "-", "_") }

// HTML is the head's tags, every value escaped, for insertion before </head>. The <title> of the
// built index.html is replaced by the caller.
func (h Head) HTML() string {
	var b strings.Builder
	esc := html.EscapeString
	meta := func(attr, name, content string) {
		if content == "" {
			return
		}
		b.WriteString(`<meta ` + attr + `="` + name + `" content="` + esc(content) + `" />`)
	}
	meta("name", "description", h.Description)
	meta("name", "robots", h.Robots)
	b.WriteString(`<link rel="canonical" href="` + esc(h.Canonical) + `" />`)
	for _, a := range h.Alternates {
		b.WriteString(`<link rel="alternate" hreflang="` + esc(a.Lang) + `" href="` + esc(a.Href) + `" />`)
	}
	b.WriteString(`<link rel="alternate" media="` + MobileMedia + `" href="` + esc(h.Mobile) + `" />`)
	meta("property", "og:site_name", SiteName)
	meta("property", "og:type", h.OGType)
	meta("property", "og:title", h.Title)
	meta("property", "og:description", h.Description)
	meta("property", "og:url", h.Canonical)
	meta("property", "og:image", h.OGImage)
	meta("property", "og:locale", ogLocale(h.Lang))
	meta("name", "twitter:card", "summary_large_image")
	meta("name", "twitter:title", h.Title)
	meta("name", "twitter:description", h.Description)
	meta("name", "twitter:image", h.OGImage)
	for _, ld := range h.JSONLD {
		b.WriteString(`<script type="application/ld+json" data-head="server">` + jsonLD(ld) + `</script>`)
	}
	return b.String()
}
