package api

import (
	"context"
	"fmt"
	"net/http"
	"runtime/debug"
	"time"

	"go.uber.org/zap"

	"courtside/api/errcode"
	"courtside/api/locale"
)

// statusWriter remembers what was sent, for the access log and for the panic handler
// (which must not write a second envelope after a first one started).
type statusWriter struct {
	http.ResponseWriter
	status    int
	bytes     int64
	errorCode errcode.Code
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(p)
	w.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// withMeta reads sysType, token and the client's address and language into a Meta in
// the request context. It runs first so every later layer, the panic handler
// included, answers in the request's language.
func (s *Server) withMeta(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		peer := locale.PeerAddr(r.RemoteAddr)
		m := &Meta{
			SysType:  r.Header.Get("sysType"),
			Token:    r.Header.Get("token"),
			ClientIP: s.resolver.ClientIP(r.Header, peer),
			Lang:     s.resolver.Resolve(r.Header, peer),
		}
		if m.Token == "" && s.cookieTokenAllowed(r) { // csrf.go
			if c, err := r.Cookie("token"); err == nil {
				m.Token = c.Value
			}
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), metaKey{}, m)))
	})
}

// withAccessLog logs one debug line per request. The `_t` cache-buster is dropped from
// the logged path along with the rest of the query, which may hold personal data.
func (s *Server) withAccessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w}
		if !s.log.Core().Enabled(zap.DebugLevel) {
			next.ServeHTTP(sw, r)
			return
		}
		start := time.Now()
		next.ServeHTTP(sw, r)
		m, _ := MetaFrom(r.Context())
		s.log.Debug("api: request",
			zap.String("method", r.Method),
			zap.String("path", r.URL.Path),
			zap.Int("status", sw.status),
			zap.Int("errorCode", int(sw.errorCode)),
			zap.Int64("bytes", sw.bytes),
			zap.Duration("dur", time.Since(start)),
			zap.String("lang", m.Lang),
			zap.String("ip", m.ClientIP.String()),
		)
	})
}

// withRecover turns a panic into a logged error and a 500 envelope. The stack goes to
// the log only. http.ErrAbortHandler keeps its meaning (abort the response quietly).
func (s *Server) withRecover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			p := recover()
			if p == nil {
				return
			}
			if p == http.ErrAbortHandler {
				panic(p)
			}
			s.log.Error("api: panic in handler",
				zap.String("method", r.Method),
				zap.String("path", r.URL.Path),
				zap.String("panic", fmt.Sprint(p)),
				zap.ByteString("stack", debug.Stack()),
			)
			if sw, ok := w.(*statusWriter); ok && sw.status != 0 {
				// Part of a response is out; nothing sane can follow it. Abort so the
				// client sees a broken response rather than a truncated "success".
				panic(http.ErrAbortHandler)
			}
			m, _ := MetaFrom(r.Context())
			writeFail(w, m.Lang, ErrServer)
		}()
		next.ServeHTTP(w, r)
	})
}

// withBodyLimit refuses a declared Content-Length over the limit at once and caps
// what a handler can read from a body of unknown length (Decode maps the cap to 413).
func (s *Server) withBodyLimit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > s.cfg.MaxBodyBytes {
			m, _ := MetaFrom(r.Context())
			w.Header().Set("Connection", "close") // don't drain a huge body
			writeFail(w, m.Lang, ErrTooLarge)
			return
		}
		if r.Body != nil && r.Body != http.NoBody {
			r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes)
		}
		next.ServeHTTP(w, r)
	})
}

// route dispatches on the ServeMux, answering what it would have answered with a
// plain-text 404 or 405 with an envelope instead. Allow is kept on a 405.
func (s *Server) route(w http.ResponseWriter, r *http.Request) {
	h, pattern := s.mux.Handler(r)
	if pattern != "" {
		s.mux.ServeHTTP(w, r)
		return
	}
	probe := &headerProbe{header: http.Header{}}
	h.ServeHTTP(probe, r)
	m, _ := MetaFrom(r.Context())
	if probe.status != http.StatusMethodNotAllowed && s.serveGame(w, r, m.Lang) { // gamepath.go
		return
	}
	if probe.status == http.StatusMethodNotAllowed {
		if allow := probe.header.Get("Allow"); allow != "" {
			w.Header().Set("Allow", allow)
		}
		writeFail(w, m.Lang, ErrMethodNotAllowed)
		return
	}
	writeFail(w, m.Lang, ErrNotFound)
}

// headerProbe records what ServeMux's own 404/405 handler would send.
type headerProbe struct {
	header http.Header
	status int
}

func (p *headerProbe) Header() http.Header { return p.header }
func (p *headerProbe) WriteHeader(code int) {
	if p.status == 0 {
		p.status = code
	}
}
func (p *headerProbe) Write(b []byte) (int, error) {
	if p.status == 0 {
		p.status = http.StatusOK
	}
	return len(b), nil
}
