package api_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"courtside/api"
)

// TestCookieTokenCannotBeForgedFromAnotherSite: the `token` cookie authenticates reads, and
// state changes (POST, and the spec's state-changing GETs) only from our own pages; the
// `token` header always works.
func TestCookieTokenCannotBeForgedFromAnotherSite(t *testing.T) {
	s := api.New(api.Config{SiteDir: t.TempDir(), AllowedOrigins: []string{"https://m.courtside.example"}})
	who := func(r *api.Request) (any, error) { return r.Token, nil }
	s.Handle("GET /user/followUser", who)
	s.Handle("GET /anchor/broadcast", who)
	s.Handle("GET /anchor/downcast", who)
	s.Handle("GET /addIpWhite", who)
	s.Handle("GET /anchor/cancelReservation", who)
	s.Handle("GET /user/info", who)
	s.Handle("POST /wallet/pay", who)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	host := strings.TrimPrefix(srv.URL, "http://")
	tests := []struct {
		name, method, path string
		hdr                map[string]string
		want               string // the token the handler saw
	}{
		{"a read with the cookie", "GET", "/user/info", nil, "cookie-tok"},
		{"a cross-site read still reads", "GET", "/user/info", map[string]string{"Sec-Fetch-Site": "cross-site"}, "cookie-tok"},
		{"followUser from a foreign page", "GET", "/user/followUser", map[string]string{"Sec-Fetch-Site": "cross-site"}, ""},
		{"broadcast from a foreign page (img tag)", "GET", "/anchor/broadcast", map[string]string{"Referer": "https://evil.example/x"}, ""},
		{"downcast with no provenance at all", "GET", "/anchor/downcast", nil, ""},
		{"addIpWhite from a foreign page", "GET", "/addIpWhite", map[string]string{"Sec-Fetch-Site": "cross-site"}, ""},
		{"cancelReservation from a foreign page", "GET", "/anchor/cancelReservation", map[string]string{"Sec-Fetch-Site": "cross-site"}, ""},
		{"followUser from our own page", "GET", "/user/followUser", map[string]string{"Sec-Fetch-Site": "same-origin"}, "cookie-tok"},
		{"POST from a foreign origin", "POST", "/wallet/pay", map[string]string{"Origin": "https://evil.example"}, ""},
		{"POST from a sibling site", "POST", "/wallet/pay", map[string]string{"Sec-Fetch-Site": "same-site"}, ""},
		{"POST with origin null (sandboxed frame)", "POST", "/wallet/pay", map[string]string{"Origin": "null"}, ""},
		{"POST from our own origin", "POST", "/wallet/pay", map[string]string{"Origin": "http://" + host}, "cookie-tok"},
		{"POST from an allowed origin", "POST", "/wallet/pay", map[string]string{"Origin": "https://m.courtside.example"}, "cookie-tok"},
		{"the token header always works", "POST", "/wallet/pay", map[string]string{"Origin": "https://evil.example", "token": "header-tok"}, "header-tok"},
		{"the site's client: GET followUser with the header", "GET", "/user/followUser", map[string]string{"token": "header-tok"}, "header-tok"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(tt.method, srv.URL+"/java"+tt.path, nil)
			req.AddCookie(&http.Cookie{Name: "token", Value: "cookie-tok"})
			for k, v := range tt.hdr {
				req.Header.Set(k, v)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			raw, _ := io.ReadAll(resp.Body)
			var env struct{ Result string }
			_ = json.Unmarshal(raw, &env)
			if env.Result != tt.want {
				t.Fatalf("the handler saw token %q, want %q (%s)", env.Result, tt.want, raw)
			}
		})
	}
}
