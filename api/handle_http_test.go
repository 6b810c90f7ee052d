package api_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"courtside/api"
	"courtside/api/apitest"
)

func TestHandleHTTP(t *testing.T) {
	core, logs := observer.New(zapcore.InfoLevel)
	s := api.New(api.Config{Logger: zap.New(core), SiteDir: t.TempDir()})
	s.HandleHTTP("POST /pay/notify", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m, ok := api.MetaFrom(r.Context())
		if !ok {
			http.Error(w, "no meta", 500)
			return
		}
		io.WriteString(w, "success:"+m.Lang)
	}))
	s.HandleHTTP("GET /half", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "100")
		io.WriteString(w, "partial")
		panic("after the first byte")
	}))
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	resp := apitest.Do(t, srv.URL, "POST", "/java/pay/notify", "x=1", http.Header{"Lan": {"tr"}})
	if resp.Status != 200 || string(resp.Body) != "success:tr" {
		t.Errorf("plain handler: %d %q", resp.Status, resp.Body)
	}

	// A panic after the response started cannot become an envelope: the response is
	// aborted, so the client sees an error instead of a truncated answer.
	r, err := http.Get(srv.URL + "/java/half")
	if err == nil {
		_, err = io.ReadAll(r.Body)
		r.Body.Close()
	}
	if err == nil {
		t.Error("a half-written response followed by a panic was delivered as complete")
	}
	// The client's transport retries an idempotent GET once on a broken connection,
	// so the panic may be logged twice.
	if logs.FilterMessage("api: panic in handler").Len() == 0 {
		t.Error("panic not logged")
	}
}
