package api

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/netip"

	jsoniter "github.com/json-iterator/go"
	"go.uber.org/zap"

	"courtside/api/locale"
)

// json is the codec of the envelope and of request bodies: the standard library's
// behaviour (sorted map keys, unknown fields ignored, trailing data rejected) at
// jsoniter's speed.
var json = jsoniter.ConfigCompatibleWithStandardLibrary

// Meta is what the middleware learns about a request before any handler runs. It is
// stored in the request context (MetaFrom) so plain http.Handlers see it too.
type Meta struct {
	// SysType is the `sysType` header ("PC" from the web client).
	SysType string
	// Token is the `token` header, or the `token` cookie when the header is absent and the
	// request cannot be forged from another site (csrf.go).
	Token string
	// Lang is the resolved locale, one of locale.All.
	Lang string
	// ClientIP is the socket peer, or the X-Forwarded-For client behind a trusted proxy.
	ClientIP netip.Addr
}

type metaKey struct{}

// MetaFrom returns the Meta the middleware stored in ctx.
func MetaFrom(ctx context.Context) (Meta, bool) {
	m, ok := ctx.Value(metaKey{}).(*Meta)
	if !ok {
		return Meta{}, false
	}
	return *m, true
}

// Request is what a HandlerFunc gets: the request's Meta, the http.Request and a
// logger carrying the request's method and path.
type Request struct {
	Meta
	// HTTP is the underlying request. Its body is already limited to
	// Config.MaxBodyBytes; prefer Decode to reading it.
	HTTP *http.Request
	// Log is the server's logger.
	Log *zap.Logger

	w http.ResponseWriter
}

// HandlerFunc handles one /java call. The result (nil is fine) goes into the success
// envelope; an error becomes a failure envelope (see Error).
type HandlerFunc func(r *Request) (any, error)

// Middleware wraps a HandlerFunc, for instance to require a signed-in user or to load
// the session named by r.Token.
type Middleware func(next HandlerFunc) HandlerFunc

// Context is the request's context.
func (r *Request) Context() context.Context { return r.HTTP.Context() }

// WithValue stores a value in the request's context, for the handlers after a
// Middleware (the signed-in user, say).
func (r *Request) WithValue(key, val any) {
	r.HTTP = r.HTTP.WithContext(context.WithValue(r.HTTP.Context(), key, val))
}

// PathValue returns a {wildcard} of the route pattern.
func (r *Request) PathValue(name string) string { return r.HTTP.PathValue(name) }

// Query returns the first value of a query parameter.
func (r *Request) Query(name string) string { return r.HTTP.URL.Query().Get(name) }

// Header is the response header, for handlers that set one.
func (r *Request) Header() http.Header { return r.w.Header() }

// SetCookie adds a Set-Cookie header to the response.
func (r *Request) SetCookie(c *http.Cookie) { http.SetCookie(r.w, c) }

// Message localizes a catalogue key in the request's language.
func (r *Request) Message(key string, args ...any) string {
	return locale.Message(r.Lang, key, args...)
}

// Decode reads the JSON body into v. An empty body leaves v untouched (some clients
// send none for parameterless POSTs); unknown fields are ignored. Malformed JSON, a
// value of the wrong type or trailing data is ErrFormat (400 "format error"); a body
// over Config.MaxBodyBytes is ErrTooLarge (413).
func (r *Request) Decode(v any) error {
	return decodeJSON(r.HTTP.Body, v)
}

func decodeJSON(body io.Reader, v any) error {
	if body == nil || body == http.NoBody {
		return nil
	}
	data, err := io.ReadAll(body)
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return ErrTooLarge.Wrap(err)
		}
		return ErrFormat.Wrap(err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	if err := json.Unmarshal(data, v); err != nil {
		return ErrFormat.Wrap(err)
	}
	return nil
}

// IP is ClientIP as text, empty when the address is unknown (what the audit log and the areas'
// records store).
func (m Meta) IP() string {
	if !m.ClientIP.IsValid() {
		return ""
	}
	return m.ClientIP.String()
}
