package api

import (
	"net/http"
	"os"
	"path"
	"strings"
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
//     the page (SPA routing).
//
// When dir holds no index.html it answers 503 with a short plain-text page saying how
// to build the client; it checks on every request, so a build finishing while the
// server runs is picked up. Files are opened with os.OpenInRoot, so neither ".." nor a
// symlink can reach outside dir.
func Site(dir string) http.Handler {
	return &site{dir: dir}
}

type site struct{ dir string }

func (s *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name != "" && s.serveFile(w, r, name) {
		return
	}
	if strings.HasPrefix(name, "assets/") {
		http.NotFound(w, r)
		return
	}
	if !s.serveFile(w, r, "index.html") {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = strings.NewReplacer("%s", s.dir).WriteString(w, notBuiltTemplate)
	}
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
	if strings.HasPrefix(name, "assets/") {
		w.Header().Set("Cache-Control", cacheImmutable)
	} else {
		w.Header().Set("Cache-Control", cacheRevalidate)
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, st.Name(), st.ModTime(), f)
	return true
}
