package api_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"courtside/api"
	"courtside/api/apitest"
	"courtside/api/errcode"
)

// TestGamePrefixedCallsAndMethodNotAllowed: the game dispatcher serves every game-prefixed shape of
// spec §7 with its path values, and no longer swallows other two-segment paths: a GET to a POST
// call is 405 with Allow, a POST to a game GET call is 405, an unknown game is 404.
func TestGamePrefixedCallsAndMethodNotAllowed(t *testing.T) {
	s := api.New(api.Config{SiteDir: t.TempDir()})
	s.Handle("POST /match/pcMatches", func(*api.Request) (any, error) { return "list", nil })
	s.Handle("GET /user/info", func(*api.Request) (any, error) { return "info", nil })
	s.SetGames(func(seg string) bool { return seg == "lol" || seg == "soccer" || seg == "202" })
	echo := func(names ...string) api.HandlerFunc {
		return func(r *api.Request) (any, error) {
			out := r.PathValue("game")
			for _, n := range names {
				out += "|" + n + "=" + r.PathValue(n)
			}
			return out, nil
		}
	}
	s.HandleGame("GET /{game}/{matchId}", echo("matchId"))
	s.HandleGame("GET /{game}/{type}/{pageIndex}", echo("type", "pageIndex"))
	s.HandleGame("GET /{game}/news{id}", echo("id"))
	s.HandleGame("GET /{game}/newsComment{id}/{pageIndex}", echo("id", "pageIndex"))
	s.HandleGame("GET /{game}/video{id}", echo("id"))
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(hs.Close)
	for _, c := range []struct {
		method, path string
		status       int
		result       string
		allow        string
	}{
		{"GET", "/java/lol/12345", 200, `"lol|matchId=12345"`, ""},
		{"GET", "/java/202/m-1", 200, `"202|matchId=m-1"`, ""},
		{"GET", "/java/soccer/hot/3", 200, `"soccer|type=hot|pageIndex=3"`, ""},
		{"GET", "/java/lol/news77", 200, `"lol|id=77"`, ""},
		{"GET", "/java/lol/newsComment77/2", 200, `"lol|id=77|pageIndex=2"`, ""},
		{"GET", "/java/lol/video9", 200, `"lol|id=9"`, ""},
		{"GET", "/java/match/pcMatches", 405, "", "POST"},
		{"POST", "/java/lol/12345", 405, "", "GET"},
		{"GET", "/java/user/info", 200, `"info"`, ""},
		{"GET", "/java/nogame/12345", 404, "", ""},
		{"GET", "/java/lol/a/b/c", 404, "", ""},
	} {
		r := apitest.Do(t, hs.URL, c.method, c.path, "", http.Header{})
		if r.Status != c.status {
			t.Errorf("%s %s: %d, want %d: %s", c.method, c.path, r.Status, c.status, r.Body)
			continue
		}
		if c.result != "" && string(r.Env.Result) != c.result {
			t.Errorf("%s %s: %s, want %s", c.method, c.path, r.Env.Result, c.result)
		}
		if c.status == 405 && (r.Env.ErrorCode != errcode.MethodNotAllowed || r.Header.Get("Allow") != c.allow) {
			t.Errorf("%s %s: code %d Allow %q, want 1005 and %q", c.method, c.path, r.Env.ErrorCode, r.Header.Get("Allow"), c.allow)
		}
	}
}
