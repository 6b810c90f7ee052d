package engine

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestEveryResponseCarriesTheSecurityHeaders: CSP with frame-ancestors, X-Frame-Options and
// nosniff on the operational endpoints, the API and the site alike, errors included.
func TestEveryResponseCarriesTheSecurityHeaders(t *testing.T) {
	n := &Node{cfg: Config{Env: "prod"}}
	app := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/java/missing" {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write([]byte("<html></html>"))
	})
	mux := http.NewServeMux()
	mux.Handle("/", withSecurityHeaders(app))
	srv := httptest.NewServer(withSecurityHeaders(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		operationsGuard(n.cfg.Env, "", app).ServeHTTP(w, r)
	})))
	t.Cleanup(srv.Close)
	for _, p := range []string{"/", "/java/missing", "/metrics"} {
		resp, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		h := resp.Header
		if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") ||
			h.Get("X-Frame-Options") != "DENY" || h.Get("X-Content-Type-Options") != "nosniff" {
			t.Fatalf("%s: headers %v", p, h)
		}
	}
}

// TestOperationalEndpointsNeedTheTokenInProd: /metrics and /debug are not served in prod without
// the token, and only with the right one; dev without a token keeps them open.
func TestOperationalEndpointsNeedTheTokenInProd(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("metrics")) })
	for _, c := range []struct {
		env, token, auth string
		want             int
	}{
		{"prod", "", "", 404},
		{"prod", "", "Bearer ", 404},
		{"prod", "s3cret", "", 404},
		{"prod", "s3cret", "Bearer wrong", 404},
		{"prod", "s3cret", "Bearer s3cret", 200},
		{"dev", "", "", 200},
		{"dev", "s3cret", "", 404},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/metrics", nil)
		if c.auth != "" {
			req.Header.Set("Authorization", c.auth)
		}
		operationsGuard(c.env, c.token, ok).ServeHTTP(rec, req)
		if rec.Code != c.want {
			t.Errorf("env %s token %q auth %q: %d, want %d", c.env, c.token, c.auth, rec.Code, c.want)
		}
	}
}

// TestHTTPServerTimeoutsAndPerIPCap: every timeout is set; a slow body is cut; one address gets at
// most max connections at once, and a closed one frees its slot.
func TestHTTPServerTimeoutsAndPerIPCap(t *testing.T) {
	s := newHTTPServer(http.NotFoundHandler())
	if s.ReadHeaderTimeout <= 0 || s.ReadTimeout <= 0 || s.WriteTimeout <= 0 || s.IdleTimeout <= 0 {
		t.Fatalf("timeouts: header %v read %v write %v idle %v", s.ReadHeaderTimeout, s.ReadTimeout, s.WriteTimeout, s.IdleTimeout)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln = limitPerIP(ln, 2)
	t.Cleanup(func() { ln.Close() })
	accepted := make(chan net.Conn, 10)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	dial := func() net.Conn {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	dial()
	dial()
	first := <-accepted
	<-accepted
	third := dial()
	_ = third.SetReadDeadline(time.Now().Add(2 * time.Second))
	if _, err := third.Read(make([]byte, 1)); err == nil || strings.Contains(err.Error(), "timeout") {
		t.Fatalf("the third connection from one address was not closed: %v", err)
	}
	first.Close()
	dial()
	select {
	case <-accepted:
	case <-time.After(2 * time.Second):
		t.Fatal("a freed slot is not reused")
	}
}
