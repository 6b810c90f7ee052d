package api

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"courtside/api/seo"
)

// Crawler files: /robots.txt, the sitemap index /sitemap.xml and its files /sitemaps/*.xml.
// They are built from the route table (which pages are public) and the areas' sitemap
// sections (Server.SitemapSection), never from a file of the build, so they follow the data.

// serveCrawlerFile answers the crawler files and reports whether name was one of them.
func (s *site) serveCrawlerFile(w http.ResponseWriter, r *http.Request, name string) bool {
	origin := requestOrigin(r)
	var data []byte
	switch {
	case name == "robots.txt":
		data = []byte(seo.Robots(origin, s.disallowed(), []string{Prefix + "/anchor/upload/", Prefix + "/videos/files/", Prefix + "/news/cover/"}))
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	case name == "sitemap.xml":
		var err error
		if data, err = s.sitemapsWithPages().Index(r.Context(), origin); err != nil {
			http.Error(w, http.StatusText(http.StatusServiceUnavailable), http.StatusServiceUnavailable)
			return true
		}
		w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	case strings.HasPrefix(name, "sitemaps/"):
		d, found, err := s.sitemapsWithPages().File(r.Context(), origin, strings.TrimPrefix(name, "sitemaps/"))
		switch {
		case err != nil:
			http.Error(w, http.StatusText(http.StatusServiceUnavailable), http.StatusServiceUnavailable)
			return true
		case !found:
			http.NotFound(w, r)
			return true
		}
		data = d
		w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	default:
		return false
	}
	// Short-lived: a crawler that comes back within minutes may reuse it; the lists behind
	// it are cached for seo.DefaultSitemapTTL anyway.
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	if r.Method != http.MethodHead {
		_, _ = w.Write(data)
	}
	return true
}

// disallowed is what robots.txt keeps crawlers out of: the REST API, the private pages of the
// route table (a user's, a streamer's, a channel's, staff's) and search results.
func (s *site) disallowed() []string {
	out := []string{Prefix + "/"}
	t := s.routeTable()
	if t == nil {
		return out
	}
	seen := map[string]bool{}
	for _, r := range t.Routes {
		if !seo.Private(r.Page) && r.Page != "search" && r.Page != "searchShort" {
			continue
		}
		p := staticPrefix(r.Path)
		if p == "/" || seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, p)
	}
	return out
}

// staticPrefix is a route's path up to its first parameter: "/userInfo/vip" stays itself,
// exact ("/userInfo/vip$"), "/search/:text" becomes the prefix "/search/", "/admin/*" "/admin/".
func staticPrefix(route string) string {
	var b strings.Builder
	for _, seg := range splitPath(route) {
		if strings.HasPrefix(seg, ":") || seg == "*" {
			return b.String() + "/"
		}
		b.WriteString("/" + seg)
	}
	return b.String() + "$"
}

// sitemapsWithPages is the areas' sitemaps plus, the first time, the "pages" section: the
// public pages of the route table that take no parameter (home, /live, /news, ...).
func (s *site) sitemapsWithPages() *seo.Sitemaps {
	s.pagesOnce.Do(func() {
		s.sitemaps.Add("pages", func(context.Context) ([]seo.URL, error) {
			t := s.routeTable()
			if t == nil {
				return []seo.URL{{Path: "/"}}, nil
			}
			var out []seo.URL
			for _, r := range t.Routes {
				if r.Missing != "" || seo.Private(r.Page) || strings.Contains(r.Path, "*") {
					continue
				}
				for _, p := range t.expand(r.Path) {
					out = append(out, seo.URL{Path: p})
				}
			}
			return out, nil
		})
	})
	return s.sitemaps
}

// expand is every path of a route whose parameters all take a listed set of values
// ("/news/:game" → "/news/soccer", "/news/basketball", ...; "/match/:game?" also "/match");
// nil for a route with a free parameter (an id), whose pages the areas' sections list.
func (t *RouteTable) expand(route string) []string {
	paths := []string{""}
	for _, seg := range splitPath(route) {
		name, isParam := strings.CutPrefix(seg, ":")
		if !isParam {
			for i := range paths {
				paths[i] += "/" + seg
			}
			continue
		}
		optional := strings.HasSuffix(name, "?")
		values := t.Params[strings.TrimSuffix(name, "?")]
		if len(values) == 0 {
			return nil
		}
		var next []string
		for _, p := range paths {
			if optional {
				next = append(next, p)
			}
			for _, v := range values {
				next = append(next, p+"/"+v)
			}
		}
		paths = next
	}
	for i, p := range paths {
		if p == "" {
			paths[i] = "/"
		}
	}
	return paths
}
