package api_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"courtside/api"
	"courtside/api/apitest"
)

// writeSite lays out a small built client: index.html, a hashed asset, a root file.
func writeSite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"index.html":             "<!doctype html><div id=root>courtside-index</div>",
		"assets/index-4f2a9c.js": "console.log('courtside')",
		"assets/app-77aa.css":    "body{margin:0}",
		"favicon.ico":            "ICO",
		"locales/en_US.json":     `{"hello":"Hello"}`,
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A secret next to the site must stay unreachable, even through a symlink.
	secret := filepath.Join(filepath.Dir(dir), filepath.Base(dir)+"-secret.txt")
	if err := os.WriteFile(secret, []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(secret) })
	if err := os.Symlink(secret, filepath.Join(dir, "link.txt")); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestSite(t *testing.T) {
	dir := writeSite(t)
	s := api.New(api.Config{SiteDir: dir})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	const immutable = "public, max-age=31536000, immutable"
	tests := []struct {
		name      string
		method    string
		path      string
		status    int
		body      string // substring
		cache     string
		typPrefix string
	}{
		{"root is index", "GET", "/", 200, "courtside-index", "no-cache", "text/html"},
		{"index by name", "GET", "/index.html", 200, "courtside-index", "no-cache", "text/html"},
		{"spa route gets index", "GET", "/live/1001", 200, "courtside-index", "no-cache", "text/html"},
		{"deep spa route gets index", "GET", "/football/news123?tab=x", 200, "courtside-index", "no-cache", "text/html"},
		{"directory gets index", "GET", "/locales/", 200, "courtside-index", "no-cache", "text/html"},
		{"hashed asset cached for a year", "GET", "/assets/index-4f2a9c.js", 200, "console.log", immutable, "text/javascript"},
		{"css asset", "GET", "/assets/app-77aa.css", 200, "margin", immutable, "text/css"},
		{"missing asset is 404 not html", "GET", "/assets/index-old.js", 404, "", "", "text/plain"},
		{"root file revalidated", "GET", "/favicon.ico", 200, "ICO", "no-cache", ""},
		{"nested file", "GET", "/locales/en_US.json", 200, "Hello", "no-cache", "application/json"},
		{"dot-dot stays inside", "GET", "/../../../etc/passwd", 200, "courtside-index", "no-cache", "text/html"},
		{"symlink out of the root is not followed", "GET", "/link.txt", 200, "courtside-index", "no-cache", "text/html"},
		{"head works", "HEAD", "/assets/index-4f2a9c.js", 200, "", immutable, ""},
		{"post is refused", "POST", "/live/1001", 405, "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := apitest.Do(t, srv.URL, tt.method, tt.path, "", nil)
			if resp.Status != tt.status {
				t.Fatalf("status %d, want %d; body %q", resp.Status, tt.status, resp.Body)
			}
			if !strings.Contains(string(resp.Body), tt.body) {
				t.Errorf("body %q does not contain %q", resp.Body, tt.body)
			}
			if strings.Contains(string(resp.Body), "secret") {
				t.Errorf("body leaks a file outside the site: %q", resp.Body)
			}
			if tt.cache != "" && resp.Header.Get("Cache-Control") != tt.cache {
				t.Errorf("Cache-Control %q, want %q", resp.Header.Get("Cache-Control"), tt.cache)
			}
			if ct := resp.Header.Get("Content-Type"); tt.typPrefix != "" && !strings.HasPrefix(ct, tt.typPrefix) {
				t.Errorf("Content-Type %q, want %s...", ct, tt.typPrefix)
			}
		})
	}
}

func TestSiteConditionalGet(t *testing.T) {
	dir := writeSite(t)
	srv := httptest.NewServer(api.Site(dir))
	defer srv.Close()
	first := apitest.Do(t, srv.URL, "GET", "/", "", nil)
	tag := first.Header.Get("ETag")
	if tag == "" {
		t.Fatal("no ETag on index.html")
	}
	again := apitest.Do(t, srv.URL, "GET", "/", "", http.Header{"If-None-Match": {tag}})
	if again.Status != http.StatusNotModified {
		t.Fatalf("revalidation status %d, want 304", again.Status)
	}
	// The page is written in the reader's language: another language is another page.
	other := apitest.Do(t, srv.URL, "GET", "/", "", http.Header{"If-None-Match": {tag}, "Accept-Language": {"de"}})
	if other.Status != http.StatusOK {
		t.Fatalf("revalidation in another language: %d, want 200", other.Status)
	}
}

func TestSiteNotBuilt(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "dist") // does not exist
	srv := httptest.NewServer(api.Site(dir))
	defer srv.Close()
	for _, path := range []string{"/", "/live/1"} {
		resp := apitest.Do(t, srv.URL, "GET", path, "", nil)
		body := string(resp.Body)
		if resp.Status != http.StatusServiceUnavailable ||
			!strings.Contains(body, "not built") || !strings.Contains(body, "npm run build") ||
			!strings.Contains(body, dir) || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
			t.Fatalf("%s: %d %q %q", path, resp.Status, resp.Header.Get("Content-Type"), body)
		}
	}
	// A build that appears while the server runs is served without a restart.
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("built now"), 0o644); err != nil {
		t.Fatal(err)
	}
	if resp := apitest.Do(t, srv.URL, "GET", "/live/1", "", nil); resp.Status != 200 || string(resp.Body) != "built now" {
		t.Fatalf("after build: %d %q", resp.Status, resp.Body)
	}
}

// /java paths never reach the site, even when a file of that name exists.
func TestSiteDoesNotShadowJava(t *testing.T) {
	dir := writeSite(t)
	if err := os.MkdirAll(filepath.Join(dir, "java"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "java", "x"), []byte("file"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api.New(api.Config{SiteDir: dir}).Handler())
	defer srv.Close()
	resp := apitest.Do(t, srv.URL, "GET", "/java/x", "", nil)
	if resp.Status != 404 || resp.Env.Status != api.StatusFail {
		t.Fatalf("/java/x: %d %q, want a 404 envelope", resp.Status, resp.Body)
	}
}
