package api

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"io"
	"mime"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"courtside/api/seo"
)

// Cache-Control values of the site. Vite names everything under /assets/ by content
// hash, so those never change; anything else (index.html above all) must be
// revalidated or a deploy would leave browsers on the old bundle.
const (
	cacheImmutable   = "public, max-age=31536000, immutable"
	cacheRevalidate  = "no-cache"
	notBuiltTemplate = `Courtside: the web client is not built.

The server looks for it in %s (Config.SiteDir, default webclient/dist).
Build it from the repository root with:

    cd webclient && npm ci && npm run build

then reload this page. The REST API under /java works without it.
`
)

// Site serves the built web client in dir for GET and HEAD:
//
//   - /assets/<file>: the file with a one-year immutable cache, 404 when absent (a
//     missing script must not be answered with HTML);
//   - any other existing file (favicon.ico, robots.txt, locales/...): the file,
//     revalidated on every use;
//   - everything else: index.html, revalidated, so the client-side router can show
//     the page (SPA routing), with status 200 for a page of the route table
//     (routes.json, see RouteTable) whose ids exist, and 404 for any other path: the
//     React router shows its not-found page either way, but the status tells the truth.
//     Without routes.json (an old build) every path answers 200.
//
// When dir holds no index.html it answers 503 with a short plain-text page saying how
// to build the client; it checks on every request, so a build finishing while the
// server runs is picked up. Files are opened with os.OpenInRoot, so neither ".." nor a
// symlink can reach outside dir.
func Site(dir string) http.Handler {
	return newSite(dir)
}

func newSite(dir string) *site {
	return &site{dir: dir, lookups: map[string]PageExists{}, entities: map[string]PageEntity{}, data: map[string]PageData{}, sitemaps: &seo.Sitemaps{},
		now: time.Now, routes: buildFile[RouteTable]{name: "routes.json", parse: ParseRouteTable},
		preloads: buildFile[preloadTable]{name: "preload.json", parse: parsePreloads},
		shell:    buildFile[shellTable]{name: "shell.json", parse: parseShell}}
}

type site struct {
	dir      string
	resolve  func(*http.Request) string // the language rule; nil: headers only
	lookups  map[string]PageExists      // by PageRoute.Page; set while wiring, read-only after
	entities map[string]PageEntity      // by PageRoute.Page; set while wiring, read-only after
	data     map[string]PageData        // by PageRoute.Page: the first screen of its data for the shell (siteshelldata.go)
	// mobileOrigin is the mobile site (Config.MobileHost); "": this host, same path.
	mobileOrigin string
	sitemaps     *seo.Sitemaps
	pagesOnce    sync.Once // adds the "pages" section last, after the areas' (sitecrawl.go)
	now          func() time.Time
	compressed   assetCache              // the hashed assets, compressed once (compress.go)
	routes       buildFile[RouteTable]   // routes.json, the route table
	preloads     buildFile[preloadTable] // preload.json, the modulepreload hints of each page (sitepreload.go)
	shell        buildFile[shellTable]   // shell.json, what the static shell of the first HTML shows (siteshell.go)
}

func (s *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if s.serveCrawlerFile(w, r, name) {
		return
	}
	if name != "" && s.serveFile(w, r, name) {
		return
	}
	if strings.HasPrefix(name, "assets/") {
		http.NotFound(w, r)
		return
	}
	if s.serveIndex(w, r, s.page(r)) {
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusServiceUnavailable)
	_, _ = strings.NewReplacer("%s", s.dir).WriteString(w, notBuiltTemplate)
}

// serveFile serves a regular file under dir and reports whether it did.
func (s *site) serveFile(w http.ResponseWriter, r *http.Request, name string) bool {
	f, err := os.OpenInRoot(s.dir, name)
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return false
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if !strings.HasPrefix(name, "assets/") {
		w.Header().Set("Cache-Control", cacheRevalidate)
		http.ServeContent(w, r, st.Name(), st.ModTime(), f)
		return true
	}
	w.Header().Set("Cache-Control", cacheImmutable)
	// A hashed asset never changes: its compressed copy is made once (assetCache).
	ctype := mime.TypeByExtension(path.Ext(name))
	if enc := acceptedEncoding(r); enc != "" && r.Header.Get("Range") == "" && compressible(ctype) {
		if data, ok := s.compressed.get(enc, name, func() ([]byte, error) { return io.ReadAll(f) }); ok {
			w.Header().Set("Content-Type", ctype)
			w.Header().Set("Content-Encoding", enc)
			w.Header().Add("Vary", "Accept-Encoding")
			http.ServeContent(w, r, st.Name(), st.ModTime(), bytes.NewReader(data))
			return true
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return false
		}
	}
	http.ServeContent(w, r, st.Name(), st.ModTime(), f)
	return true
}

// resolved is a page request as the route table and the lookups answered it.
type resolved struct {
	status int
	page   string // the route table's page name; "notFound" for a 404
	params map[string]string
	entity *seo.Entity
}

// page resolves r: 200 for a page of the route table whose ids exist, 404 otherwise; with the
// page's entity when an area registered a PageEntity for it.
func (s *site) page(r *http.Request) resolved {
	notFound := resolved{status: http.StatusNotFound, page: "notFound"}
	t := s.routeTable()
	if t == nil {
		return resolved{status: http.StatusOK, page: "home"}
	}
	route, params, ok := t.Match(r.URL.Path)
	if !ok || route.Missing != "" {
		return notFound
	}
	out := resolved{status: http.StatusOK, page: route.Page, params: params}
	// On a lookup error the page itself shows the network-problem state: answer 200 with the
	// section's head rather than tell a crawler that a page which may exist is gone.
	if lookup := s.entities[route.Page]; lookup != nil {
		e, found, err := lookup(r.Context(), params)
		switch {
		case err != nil:
		case !found:
			return notFound
		default:
			out.entity = &e
		}
	} else if exists := s.lookups[route.Page]; exists != nil {
		found, err := exists(r.Context(), params)
		if err == nil && !found {
			return notFound
		}
	}
	return out
}

// routeTable is routes.json, read again when it changed (a new build while the node runs).
func (s *site) routeTable() *RouteTable { return s.routes.get(s.dir) }

// serveIndex writes index.html, rendered for this request (renderIndex), with the page's
// status, and reports whether index.html exists. A page that exists can be revalidated: its
// ETag is a hash of the rendered page, so a reader who switches language, or a page whose
// team was renamed, never gets a 304 for the old text.
func (s *site) serveIndex(w http.ResponseWriter, r *http.Request, p resolved) bool {
	f, err := os.OpenInRoot(s.dir, "index.html")
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return false
	}
	index, err := io.ReadAll(f)
	if err != nil {
		return false
	}
	lang := s.pageLang(r)
	head := seo.Build(seo.Input{Page: p.page, Params: p.params, Lang: lang, Origin: requestOrigin(r),
		Path: r.URL.EscapedPath(), MobileOrigin: s.mobileOrigin, Entity: p.entity, Now: s.now(), LangInURL: langInURL(r)})
	var shellData *ShellData
	if s.shell.get(s.dir) != nil {
		shellData = s.shellData(r.Context(), p)
	}
	data := withShell(renderIndex(index, lang, head, s.preloadLinks(p.page, lang), pictureFirst(shellData)), s.shellFor(r, p, lang, shellData))
	status := p.status
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", cacheRevalidate)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Language", LangTag(lang))
	h.Add("Vary", "Cookie, Accept-Language")
	if status == http.StatusOK {
		sum := fnv.New64a()
		_, _ = sum.Write([]byte(lang + "|")) // Content-Language differs even where the page does not
		_, _ = sum.Write(data)
		h.Set("ETag", fmt.Sprintf(`"%x"`, sum.Sum64()))
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(data))
		return true
	}
	h.Set("Content-Length", strconv.Itoa(len(data)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(data)
	}
	return true
}
