package api_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"courtside/api"
)

// The first HTML names the page's route chunk and the reader's locale chunk as modulepreloads
// (preload.json of the build), so they load beside the entry chunk (issue 19).
func TestSitePreloadsThePagesChunks(t *testing.T) {
	dir := writeSite(t)
	routes, err := os.ReadFile(filepath.Join("..", "webclient", "public", "routes.json"))
	if err != nil {
		t.Fatal(err)
	}
	preload := `{"pages": {"home": ["/assets/Home-1.js", "/assets/MatchRow-2.js"], "liveRoom": ["/assets/LiveRoom-3.js"], "bad": ["https://evil.test/x.js"]},
	 "locales": {"en_US": ["/assets/en_US-4.js"], "de": ["/assets/de-5.js"]}}`
	for name, body := range map[string]string{
		"index.html":   `<!doctype html><html><head><title>Courtside</title></head><body><div id="root"></div></body></html>`,
		"routes.json":  string(routes),
		"preload.json": preload,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(api.New(api.Config{SiteDir: dir}).Handler())
	defer srv.Close()
	link := func(f string) string { return `<link rel="modulepreload" crossorigin href="` + f + `">` }
	tests := []struct {
		path, lang string
		want, not  []string
	}{
		{"/", "en_US", []string{link("/assets/en_US-4.js"), link("/assets/Home-1.js"), link("/assets/MatchRow-2.js")}, []string{"LiveRoom-3", "de-5"}},
		{"/live/1001", "de", []string{link("/assets/de-5.js"), link("/assets/LiveRoom-3.js")}, []string{"Home-1", "en_US-4"}},
		// A page without its own entry still gets its language's chunk.
		{"/about", "en_US", []string{link("/assets/en_US-4.js")}, []string{"Home-1", "LiveRoom-3"}},
	}
	for _, tt := range tests {
		resp := apiDo(t, srv.URL, tt.path, http.Header{"Cookie": {"lang=" + tt.lang}})
		body := string(resp.Body)
		head := body[:strings.Index(body, "</head>")]
		for _, w := range tt.want {
			if !strings.Contains(head, w) {
				t.Errorf("%s (%s): the head lacks %s", tt.path, tt.lang, w)
			}
		}
		for _, n := range tt.not {
			if strings.Contains(body, n) {
				t.Errorf("%s (%s): preloads %s, another page's or language's chunk", tt.path, tt.lang, n)
			}
		}
		if strings.Contains(body, "evil.test") {
			t.Errorf("%s: a preload outside /assets/", tt.path)
		}
	}

	// Without preload.json (an older build) the page is served as before.
	if err := os.Remove(filepath.Join(dir, "preload.json")); err != nil {
		t.Fatal(err)
	}
	if body := string(apiDo(t, srv.URL, "/", nil).Body); strings.Contains(body, "modulepreload") || !strings.Contains(body, `<div id="root">`) {
		t.Errorf("without preload.json: %s", body)
	}
}
