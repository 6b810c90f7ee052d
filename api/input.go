package api

import (
	"bytes"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"
)

// Text that no call accepts: a NUL byte (Postgres refuses it in text, C code truncates at it) or
// bytes that are not UTF-8. withCleanInput refuses both, in the path, the query and any text body
// (JSON, form, plain text), before a handler runs, with ErrBadText in the caller's language: one
// check at the edge instead of one per field. Binary bodies (multipart uploads) are left to their
// handlers.

// ErrBadText: NUL bytes or invalid UTF-8 in the request (1001).
var ErrBadText = BadRequest("security.badText")

func (s *Server) withCleanInput(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m, _ := MetaFrom(r.Context())
		if !cleanText(r.URL.Path) || !cleanQuery(r.URL.RawQuery) {
			writeFail(w, m.Lang, ErrBadText)
			return
		}
		if textBody(r) {
			body, err := io.ReadAll(r.Body) // bounded by withBodyLimit
			if err != nil {
				writeFail(w, m.Lang, ErrTooLarge)
				return
			}
			if !cleanText(string(body)) || ((isJSON(r) || mediaType(r) == "") && jsonNUL(body)) || (isForm(r) && !cleanQuery(string(body))) {
				writeFail(w, m.Lang, ErrBadText)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		next.ServeHTTP(w, r)
	})
}

// cleanText: valid UTF-8 without NUL.
func cleanText(s string) bool { return utf8.ValidString(s) && strings.IndexByte(s, 0) < 0 }

// cleanQuery checks every key and value of a query string or form body once unescaped.
func cleanQuery(raw string) bool {
	if raw == "" {
		return true
	}
	q, err := url.ParseQuery(raw)
	if err != nil {
		return cleanText(raw) // a malformed escape is the handler's business; bytes are checked
	}
	for k, vs := range q {
		if !cleanText(k) {
			return false
		}
		for _, v := range vs {
			if !cleanText(v) {
				return false
			}
		}
	}
	return true
}

func mediaType(r *http.Request) string {
	t, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return t
}

func isJSON(r *http.Request) bool {
	t := mediaType(r)
	return t == "application/json" || strings.HasSuffix(t, "+json")
}
func isForm(r *http.Request) bool { return mediaType(r) == "application/x-www-form-urlencoded" }

// textBody: a body of a text type (or of none declared, which handlers decode as JSON).
func textBody(r *http.Request) bool {
	if r.Body == nil || r.Body == http.NoBody {
		return false
	}
	t := mediaType(r)
	return t == "" || isJSON(r) || isForm(r) || strings.HasPrefix(t, "text/")
}

// jsonNUL finds the escape \u0000 in a JSON text (an escaped backslash before "u0000" is text).
func jsonNUL(b []byte) bool {
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' {
			continue
		}
		if i+5 < len(b) && b[i+1] == 'u' && string(b[i+2:i+6]) == "0000" {
			return true
		}
		i++ // skip the escaped character
	}
	return false
}
