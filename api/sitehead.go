package api

import (
	"bytes"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"courtside/api/locale"
)

// The first HTML of every page is written for its reader (spec §1, §2): the <html> element
// carries the language the server resolved for this request (the lang cookie, a ?lang=
// link, Accept-Language, the country of the address, then zh_CN) and its direction, so the
// page arrives in that language with no flash of another; the head carries the canonical
// URL and the hreflang alternates of the 22 languages, which crawlers and link previews read
// without running any script. The web client starts in the language of data-locale unless
// the reader picked another (the lang cookie).

var htmlTag = regexp.MustCompile(`(?i)<html[^>]*>`)

// bcp47 is the tag of each of our locale codes for lang and hreflang attributes.
var bcp47 = map[string]string{
	"en_US": "en-US", "zh_CN": "zh-CN", "zh_tw": "zh-TW", "thai": "th", "jp": "ja",
}

// LangTag is the BCP-47 tag of one of the 22 locale codes ("zh_tw" → "zh-TW", "jp" → "ja").
func LangTag(code string) string {
	if t, ok := bcp47[code]; ok {
		return t
	}
	return code
}

// rtl lists the right-to-left languages among the 22.
var rtl = map[string]bool{"ar": true}

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

// renderIndex writes lang, dir and the head links into index.html.
func renderIndex(index []byte, lang string, r *http.Request) []byte {
	dir := "ltr"
	if rtl[lang] {
		dir = "rtl"
	}
	out := htmlTag.ReplaceAllLiteral(index, []byte(`<html lang="`+LangTag(lang)+`" dir="`+dir+`" data-locale="`+lang+`">`))
	head := headLinks(r)
	if i := bytes.Index(bytes.ToLower(out), []byte("</head>")); i >= 0 {
		out = append(out[:i:i], append([]byte(head), out[i:]...)...)
	}
	return out
}

// headLinks is the canonical link and one alternate per language plus x-default.
func headLinks(r *http.Request) string {
	origin := requestOrigin(r)
	canonical := origin + r.URL.EscapedPath()
	var b strings.Builder
	b.WriteString(`<link rel="canonical" href="` + html.EscapeString(canonical) + `" />`)
	b.WriteString(`<meta property="og:url" content="` + html.EscapeString(canonical) + `" />`)
	for _, code := range locale.All {
		b.WriteString(`<link rel="alternate" hreflang="` + LangTag(code) + `" href="` +
			html.EscapeString(canonical+"?lang="+url.QueryEscape(code)) + `" />`)
	}
	b.WriteString(`<link rel="alternate" hreflang="x-default" href="` + html.EscapeString(canonical) + `" />`)
	return b.String()
}

// requestOrigin is scheme://host of the request as the reader typed it.
func requestOrigin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") {
		scheme = "https"
	}
	host := r.Host
	if host == "" || strings.ContainsAny(host, "\"<> /\\") {
		host = "localhost"
	}
	return scheme + "://" + host
}
