package api_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"go.uber.org/zap"

	"courtside/api"
)

// BenchmarkEnvelope measures the whole /java chain (meta, access log disabled at
// info level, recovery, body limit, routing, envelope encoding) without the network.
func BenchmarkEnvelope(b *testing.B) {
	s := api.New(api.Config{Logger: zap.NewNop(), SiteDir: b.TempDir()})
	type item struct {
		ID    int    `json:"id"`
		Title string `json:"title"`
	}
	s.Handle("GET /news/getHotNewsByGame", func(r *api.Request) (any, error) {
		return []item{{1, "Final tonight"}, {2, "Transfer news"}, {3, "Preview"}}, nil
	})
	s.Handle("GET /fail", func(r *api.Request) (any, error) { return nil, api.BadRequest("validation.codeWrong") })
	h := s.JavaHandler()
	for _, bc := range []struct{ name, path string }{
		{"success", "/java/news/getHotNewsByGame?_t=1"},
		{"fail", "/java/fail"},
		{"notFound", "/java/none"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, bc.path, nil)
			req.Header.Set("lan", "en_US")
			req.Header.Set("sysType", "PC")
			b.ReportAllocs()
			for b.Loop() {
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				if w.Code == 0 {
					b.Fatal("no answer")
				}
			}
		})
	}
}
