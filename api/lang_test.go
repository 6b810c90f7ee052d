package api_test

import (
	"net/http"
	"testing"

	"courtside/api"
	"courtside/api/apitest"
	"courtside/api/locale"
)

func TestErrorMessageIsLocalized(t *testing.T) {
	url, _, _ := newTestServer(t, api.Config{})
	tests := []struct {
		lan  string
		want string
	}{
		{"en_US", "Phone number cannot be empty"},
		{"zh_CN", "手机号不能为空"},
		{"zh_tw", "手機號碼不能為空"},
		{"jp", "電話番号を入力してください"},
		{"ar", "لا يمكن ترك رقم الهاتف فارغًا"},
		{"thai", "หมายเลขโทรศัพท์ต้องไม่ว่างเปล่า"},
		{"el", "Ο αριθμός τηλεφώνου δεν μπορεί να είναι κενός"},
		{"de", "Die Telefonnummer darf nicht leer sein"},
		{"", "手机号不能为空"},            // nothing known about the client: zh_CN
		{"it", "手机号不能为空"},          // not one of ours: falls through to the default
		{"ja-JP", "電話番号を入力してください"}, // a BCP-47 tag in the header is understood
	}
	for _, tt := range tests {
		t.Run("lan="+tt.lan, func(t *testing.T) {
			h := http.Header{}
			if tt.lan != "" {
				h.Set("lan", tt.lan)
			}
			resp := apitest.Do(t, url, "GET", "/java/apierr", "", h)
			if resp.Env.ErrorMsg != tt.want || resp.Env.Msg != tt.want {
				t.Fatalf("errorMsg %q msg %q, want %q", resp.Env.ErrorMsg, resp.Env.Msg, tt.want)
			}
		})
	}
}

// Every failure the middleware itself produces is localized too.
func TestMiddlewareFailuresAreLocalized(t *testing.T) {
	url, _, _ := newTestServer(t, api.Config{MaxBodyBytes: 8})
	ko := http.Header{"Lan": {"ko"}}
	tests := []struct{ method, path, body, key string }{
		{"GET", "/java/none", "", "notFound"},
		{"PUT", "/java/ok", "", "method.notAllowed"},
		{"POST", "/java/echo", `{"name":"too long"}`, "request.tooLarge"},
		{"GET", "/java/panic", "", "server.error"},
		{"POST", "/java/echo", `{`, "format.error"},
	}
	for _, tt := range tests {
		resp := apitest.Do(t, url, tt.method, tt.path, tt.body, ko)
		if want := locale.Message("ko", tt.key); resp.Env.ErrorMsg != want {
			t.Errorf("%s %s: errorMsg %q, want %q", tt.method, tt.path, resp.Env.ErrorMsg, want)
		}
	}
}

func TestLanguagePrecedenceOverHTTP(t *testing.T) {
	geo := apitest.WriteGeoIP(t, map[string]string{"192.0.2.0/24": "TH", "127.0.0.0/8": "PT"})
	url, _, _ := newTestServer(t, api.Config{GeoIPPath: geo, TrustedProxies: []string{"127.0.0.1"}})
	tests := []struct {
		name string
		h    http.Header
		want string
	}{
		{"lan header", http.Header{"Lan": {"vi"}, "Cookie": {"lang=sv"}, "Accept-Language": {"da"}}, "vi"},
		{"lang cookie", http.Header{"Cookie": {"lang=sv"}, "Accept-Language": {"da"}}, "sv"},
		{"accept-language q-weights", http.Header{"Accept-Language": {"da;q=0.2, ms;q=0.9"}}, "ms"},
		{"geoip of the forwarded client", http.Header{"X-Forwarded-For": {"192.0.2.10"}}, "thai"},
		{"geoip of the peer", http.Header{}, "pt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := apitest.Do(t, url, "GET", "/java/meta", "", tt.h)
			var m map[string]string
			mustResult(t, resp, &m)
			if m["lang"] != tt.want {
				t.Fatalf("lang %q, want %q", m["lang"], tt.want)
			}
		})
	}
}

func TestForwardedForNeedsTrustedPeer(t *testing.T) {
	geo := apitest.WriteGeoIP(t, map[string]string{"192.0.2.0/24": "TH"})
	url, _, _ := newTestServer(t, api.Config{GeoIPPath: geo}) // no trusted proxies
	resp := apitest.Do(t, url, "GET", "/java/meta", "", http.Header{"X-Forwarded-For": {"192.0.2.10"}})
	var m map[string]string
	mustResult(t, resp, &m)
	if m["lang"] != "zh_CN" || m["ip"] != "127.0.0.1" {
		t.Fatalf("lang %q ip %q: a forwarded-for from an untrusted peer must be ignored", m["lang"], m["ip"])
	}
}

func TestMetaHeaders(t *testing.T) {
	url, _, _ := newTestServer(t, api.Config{TrustedProxies: []string{"127.0.0.0/8"}})
	tests := []struct {
		name string
		h    http.Header
		want map[string]string
	}{
		{"headers", http.Header{"sysType": {"PC"}, "token": {"tok-h"}, "Cookie": {"token=tok-c"}, "lan": {"es"}},
			map[string]string{"sysType": "PC", "token": "tok-h", "lang": "es", "ip": "127.0.0.1"}},
		{"token cookie when header absent", http.Header{"Cookie": {"token=tok-c"}},
			map[string]string{"sysType": "", "token": "tok-c", "lang": "zh_CN", "ip": "127.0.0.1"}},
		{"client ip behind trusted proxy", http.Header{"X-Forwarded-For": {"198.51.100.7"}},
			map[string]string{"sysType": "", "token": "", "lang": "zh_CN", "ip": "198.51.100.7"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m map[string]string
			mustResult(t, apitest.Do(t, url, "GET", "/java/meta", "", tt.h), &m)
			for k, v := range tt.want {
				if m[k] != v {
					t.Errorf("%s = %q, want %q", k, m[k], v)
				}
			}
		})
	}
}

func TestBadResolverConfigIsLoggedNotFatal(t *testing.T) {
	url, logs, _ := newTestServer(t, api.Config{GeoIPPath: "/nonexistent.mmdb"})
	if logs.FilterMessage("api: language resolver misconfigured; resolving from headers only").Len() != 1 {
		t.Error("misconfiguration not logged")
	}
	var m map[string]string
	mustResult(t, apitest.Do(t, url, "GET", "/java/meta", "", http.Header{"Accept-Language": {"nl"}}), &m)
	if m["lang"] != "nl" {
		t.Errorf("lang %q, want nl", m["lang"])
	}
}
