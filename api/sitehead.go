package api

import (
	"bytes"
	"context"
	"html"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"strings"

	"courtside/api/locale"
	"courtside/api/seo"
)

// The first HTML of every page is written for its reader (spec §1, §2): the <html> element
// carries the language the server resolved for this request (the lang cookie, a ?lang=
// link, Accept-Language, the country of the address, then zh_CN) and its direction, so the
// page arrives in that language with no flash of another; the head carries the page's own
// title, description, canonical URL, hreflang alternates of the 22 languages, the mobile
// alternate, Open Graph and Twitter card tags and JSON-LD (package seo), which crawlers and
// link previews read without running any script. The web client starts in the language of
// data-locale unless the reader picked another (the lang cookie), and leaves the server's head
// alone until the reader moves to another page (webclient/src/seo/HeadManager.tsx).

var (
	htmlTag  = regexp.MustCompile(`(?i)<html[^>]*>`)
	titleTag = regexp.MustCompile(`(?is)<title>.*?</title>`)
)

// LangTag is the BCP-47 tag of one of the 22 locale codes ("zh_tw" → "zh-TW", "jp" → "ja").
func LangTag(code string) string { return seo.LangTag(code) }

// rtl lists the right-to-left languages among the 22.
var rtl = map[string]bool{"ar": true}

// PageEntity looks up what a page of the route table is about (a match, a live room, a
// team) for its head: false answers 404, as PageExists does, and a page with a PageEntity
// needs no PageExists. It is asked only for paths whose shape already matched.
type PageEntity func(ctx context.Context, params map[string]string) (seo.Entity, bool, error)

// pageLang is the language of a page request: a valid ?lang= (the hreflang links) wins,
// then the resolver's rule.
func (s *site) pageLang(r *http.Request) string {
	if l, ok := locale.Normalize(r.URL.Query().Get("lang")); ok {
		return l
	}
	if s.resolve != nil {
		return s.resolve(r)
	}
	return locale.Resolve(r.Header)
}

// langInURL reports whether r names its language in the address (?lang=, the hreflang links).
func langInURL(r *http.Request) bool {
	_, ok := locale.Normalize(r.URL.Query().Get("lang"))
	return ok
}

// renderIndex writes lang and dir into <html>, replaces the build's <title> and adds the
// page's preload links (sitepreload.go) and head before </head>, and early (pictureFirst) before
// the head's first style sheet or script: the first request after the document.
func renderIndex(index []byte, lang string, head seo.Head, preload, early string) []byte {
	dir := "ltr"
	if rtl[lang] {
		dir = "rtl"
	}
	out := htmlTag.ReplaceAllLiteral(index, []byte(`<html lang="`+LangTag(lang)+`" dir="`+dir+`" data-locale="`+lang+`">`))
	title := `<title>` + html.EscapeString(head.Title) + `</title>`
	tags := preload + head.HTML()
	if titleTag.Match(out) {
		out = titleTag.ReplaceAllLiteral(out, []byte(title))
	} else {
		tags = title + tags
	}
	end := bytes.Index(bytes.ToLower(out), []byte("</head>"))
	if end < 0 {
		return out
	}
	out = insertAt(out, end, tags)
	if early != "" {
		at := end
		lower := bytes.ToLower(out[:end])
		for _, first := range [][]byte{[]byte(`<link rel="stylesheet"`), []byte("<script")} {
			if i := bytes.Index(lower, first); i >= 0 && i < at {
				at = i
			}
		}
		out = insertAt(out, at, early)
	}
	return out
}

// insertAt is b with s inserted at i.
func insertAt(b []byte, i int, s string) []byte {
	out := make([]byte, 0, len(b)+len(s))
	out = append(append(append(out, b[:i]...), s...), b[i:]...)
	return out
}

// requestOrigin is scheme://host of the request as the reader typed it.
func requestOrigin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") {
		scheme = "https"
	}
	host := r.Host
	if host == "" || strings.ContainsAny(host, "\"<> /\\'`") {
		host = "localhost"
	}
	return scheme + "://" + host
}

// SiteHeadResult is the result of GET /java/site/head: the head of one page of the site as the
// first HTML would carry it, for the web client after an in-app navigation (it does not know
// the real names the server writes).
type SiteHeadResult struct {
	Status      int              `json:"status"` // 200, or 404 for a page that does not exist
	Title       string           `json:"title"`
	Description string           `json:"description"`
	Robots      string           `json:"robots,omitempty"`
	Canonical   string           `json:"canonical"`
	Image       string           `json:"image"` // og:image
	OGType      string           `json:"ogType"`
	JSONLD      []map[string]any `json:"jsonLd"`
}

// siteHead is GET /java/site/head?path=/live/1001: the head of that page in the request's
// language (the client's lan header).
func (s *Server) siteHead(r *Request) (any, error) {
	p := path.Clean("/" + r.Query("path"))
	if len(p) > 2048 {
		p = "/"
	}
	page := r.HTTP.Clone(r.Context())
	page.URL = &url.URL{Path: p}
	res := s.site.page(page)
	head := seo.Build(seo.Input{Page: res.page, Params: res.params, Lang: r.Lang, Origin: requestOrigin(r.HTTP),
		Path: page.URL.EscapedPath(), MobileOrigin: s.site.mobileOrigin, Entity: res.entity, Now: s.site.now()})
	return SiteHeadResult{Status: res.status, Title: head.Title, Description: head.Description, Robots: head.Robots,
		Canonical: head.Canonical, Image: head.OGImage, OGType: head.OGType, JSONLD: head.JSONLD}, nil
}
