package engine

import (
	"crypto/subtle"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// HTTP hardening of the node's one HTTP server (issue 15): timeouts, per-address connection cap,
// security headers on every response, and the operational endpoints behind a token in prod.

// Timeouts of the HTTP server. A slow body or a silent keep-alive connection is cut; HTTP-FLV
// playback extends its own write deadline at every flush (gateway/media).
const (
	httpReadHeaderTimeout = 10 * time.Second
	httpReadTimeout       = 60 * time.Second // a 4 MiB upload at 70 KB/s
	httpWriteTimeout      = 60 * time.Second
	httpIdleTimeout       = 120 * time.Second
)

// newHTTPServer is the node's HTTP server with every timeout set.
func newHTTPServer(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: httpReadHeaderTimeout, ReadTimeout: httpReadTimeout,
		WriteTimeout: httpWriteTimeout, IdleTimeout: httpIdleTimeout}
}

// contentSecurityPolicy: scripts and styles from our own origin only (styles may be inline: the
// player and virtualised lists set them), images and media also from https hosts (providers'
// logos, streams on a CDN) and blob: (HLS), connections to the gateway (another port: ws/wss),
// never framed by anyone (clickjacking), no plugins, no <base> tricks, forms post to us.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob: https:; media-src 'self' blob: https:; font-src 'self' data:; " +
	"connect-src 'self' ws: wss: https:; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; " +
	"form-action 'self'; frame-ancestors 'none'"

// withSecurityHeaders sets CSP, X-Frame-Options, nosniff and a referrer policy on every response.
func withSecurityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Frame-Options", "DENY")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		next.ServeHTTP(w, r)
	})
}

// operationsGuard serves /metrics and /debug/pprof only to whoever shows token (Authorization:
// Bearer <token>); in dev with no token they are open; in prod with no token they are not served
// (404), so a node never exposes them by accident.
func operationsGuard(env, token string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if token == "" && env == "dev" {
			next.ServeHTTP(w, r)
			return
		}
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if token == "" || !ok || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
			http.NotFound(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// capPerIP accepts at most max open connections from one client address (IPv6: one /64); more
// are closed at once. max <= 0: no cap.
type capPerIP struct {
	net.Listener
	max int
	mu  sync.Mutex
	n   map[string]int
}

func limitPerIP(l net.Listener, max int) net.Listener {
	if max <= 0 {
		return l
	}
	return &capPerIP{Listener: l, max: max, n: map[string]int{}}
}

func (l *capPerIP) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := addrKey(c.RemoteAddr())
		l.mu.Lock()
		if l.n[key] >= l.max {
			l.mu.Unlock()
			_ = c.Close()
			continue
		}
		l.n[key]++
		l.mu.Unlock()
		return &countedConn{Conn: c, release: func() { l.release(key) }}, nil
	}
}

func (l *capPerIP) release(key string) {
	l.mu.Lock()
	if l.n[key]--; l.n[key] <= 0 {
		delete(l.n, key)
	}
	l.mu.Unlock()
}

// addrKey is the client address, an IPv6 address cut to its /64.
func addrKey(a net.Addr) string {
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	ip := net.ParseIP(host)
	if ip == nil || ip.To4() != nil {
		return host
	}
	return ip.Mask(net.CIDRMask(64, 128)).String()
}

type countedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *countedConn) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}
