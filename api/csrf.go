package api

import (
	"net/http"
	"net/url"
	"strings"
)

// Cross-site request forgery. A browser attaches the `token` cookie to any request, also one a
// foreign page makes; the `token` header only the site's own client sets. So the cookie stands
// for the user only when the request cannot be forged: a read (GET/HEAD/OPTIONS that changes
// nothing), or a request that proves it comes from our own pages (sameOrigin). Otherwise the
// cookie is ignored and a call that needs a user answers "please log in first".
//
// stateChangingGets are the calls of spec §7 that change state on GET: they keep working for the
// site's own client (it sends the header) and from our own pages, never from a foreign one.
var stateChangingGets = map[string]bool{
	Prefix + "/user/followUser":          true,
	Prefix + "/anchor/broadcast":         true,
	Prefix + "/anchor/downcast":          true,
	Prefix + "/addIpWhite":               true, // the stream key's source allow-list (api/anchor)
	Prefix + "/anchor/cancelReservation": true, // a viewer's reservation of a broadcast (api/anchor)
	Prefix + "/chatroom/delete":          true, // a moderator deletes a chat line (api/chat)
}

// cookieTokenAllowed reports whether r may be authenticated by the `token` cookie.
func (s *Server) cookieTokenAllowed(r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		if !stateChangingGets[r.URL.Path] {
			return true
		}
	}
	return s.sameOrigin(r)
}

// sameOrigin reports whether r provably comes from a page of this site (or of
// Config.AllowedOrigins): the browser's Sec-Fetch-Site, else its Origin, else its Referer. A
// request that carries none of them proves nothing and is not same-origin.
func (s *Server) sameOrigin(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin", "none": // "none": the user typed the address or used a bookmark
		return true
	case "":
	default: // same-site, cross-site
		return false
	}
	for _, h := range []string{"Origin", "Referer"} {
		if v := r.Header.Get(h); v != "" && v != "null" {
			return s.allowedOrigin(r, v)
		}
	}
	return false
}

// allowedOrigin reports whether the scheme://host of raw (an Origin or a Referer) is the
// request's own host or one of Config.AllowedOrigins.
func (s *Server) allowedOrigin(r *http.Request, raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	origin := strings.ToLower(u.Scheme + "://" + u.Host)
	for _, o := range s.cfg.AllowedOrigins {
		if strings.EqualFold(strings.TrimRight(o, "/"), origin) {
			return true
		}
	}
	return false
}
