package api_test

import (
	"net/http"
	"testing"

	"courtside/api"
	"courtside/api/apitest"
	"courtside/api/errcode"
)

// TestNULAndInvalidUTF8AreRefusedAtTheEdge: wherever they hide (path, query, JSON body, escaped
// or raw, form body), a NUL byte or invalid UTF-8 gets 1001 with a clear message in the caller's
// language, never a 5xx and never the handler; ordinary text, also non-Latin, passes.
func TestNULAndInvalidUTF8AreRefusedAtTheEdge(t *testing.T) {
	url, _, _ := newTestServer(t, api.Config{})
	json := map[string]string{"Content-Type": "application/json", "lan": "en_US"}
	tests := []struct {
		name, method, path, body string
		hdr                      map[string]string
		bad                      bool
	}{
		{"NUL in the query", "GET", "/java/ok?q=a%00b", "", nil, true},
		{"invalid UTF-8 in the query", "GET", "/java/ok?q=%ff%fe", "", nil, true},
		{"NUL in the path", "GET", "/java/user/u1%00/2", "", nil, true},
		{"invalid UTF-8 in the path", "GET", "/java/user/%c3%28/2", "", nil, true},
		{"escaped NUL in a JSON body", "POST", "/java/echo", `{"name":"a\u0000b"}`, json, true},
		{"raw NUL in a JSON body", "POST", "/java/echo", "{\"name\":\"a\x00b\"}", json, true},
		{"invalid UTF-8 in a JSON body", "POST", "/java/echo", "{\"name\":\"\xff\"}", json, true},
		{"NUL in a form body", "POST", "/java/echo", "name=a%00b", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, true},
		{"an escaped backslash before u0000 is text", "POST", "/java/echo", `{"name":"a\\u0000b"}`, json, false},
		{"Chinese and emoji pass", "POST", "/java/echo", `{"name":"球迷 ⚽ ünïcode"}`, json, false},
		{"a clean query passes", "GET", "/java/ok?q=%E4%B8%AD", "", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := apitest.Do(t, url, tt.method, tt.path, tt.body, hdrOf(tt.hdr))
			if !tt.bad {
				if r.Status != 200 {
					t.Fatalf("refused: %d %s", r.Status, r.Body)
				}
				return
			}
			if r.Status != 400 || r.Env.ErrorCode != errcode.BadRequest {
				t.Fatalf("HTTP %d code %d, want 400/1001: %s", r.Status, r.Env.ErrorCode, r.Body)
			}
			if r.Env.ErrorMsg != "The request contains invalid characters (a NUL byte or text that is not UTF-8)" {
				t.Fatalf("message %q", r.Env.ErrorMsg)
			}
		})
	}
}

func hdrOf(m map[string]string) http.Header {
	h := http.Header{"lan": {"en_US"}}
	for k, v := range m {
		h.Set(k, v)
	}
	return h
}
