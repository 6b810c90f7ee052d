package locale_test

import (
	"errors"
	"net/http"
	"net/netip"
	"testing"

	"courtside/api/apitest"
	"courtside/api/locale"
)

// Documentation prefixes stand in for countries.
var testNetworks = map[string]string{
	"192.0.2.0/24":    "FR", // a French visitor
	"198.51.100.0/24": "JP", // a Japanese visitor
	"203.0.113.0/24":  "AQ", // a country with no locale of its own
	"2001:db8::/32":   "DE",
}

func newResolver(t *testing.T, proxies ...string) *locale.Resolver {
	t.Helper()
	r, err := locale.New(locale.Config{
		GeoIPPath:      apitest.WriteGeoIP(t, testNetworks),
		TrustedProxies: proxies,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

func hdr(kv ...string) http.Header {
	h := http.Header{}
	for i := 0; i+1 < len(kv); i += 2 {
		h.Add(kv[i], kv[i+1])
	}
	return h
}

func TestResolvePrecedence(t *testing.T) {
	r := newResolver(t, "10.0.0.0/8")
	french := netip.MustParseAddr("192.0.2.7")
	tests := []struct {
		name   string
		h      http.Header
		peer   netip.Addr
		want   string
		source locale.Source
	}{
		{"header beats everything",
			hdr("lan", "ko", "Cookie", "lang=ru", "Accept-Language", "de"), french, "ko", locale.FromHeader},
		{"header in any case",
			hdr("lan", "EN_us"), french, "en_US", locale.FromHeader},
		{"unknown header falls to cookie",
			hdr("lan", "it", "Cookie", "lang=ru", "Accept-Language", "de"), french, "ru", locale.FromCookie},
		{"cookie beats accept-language",
			hdr("Cookie", "a=1; lang=zh_tw", "Accept-Language", "de"), french, "zh_tw", locale.FromCookie},
		{"unknown cookie falls to accept-language",
			hdr("Cookie", "lang=xx", "Accept-Language", "de"), french, "de", locale.FromAcceptLanguage},
		{"accept-language beats geoip",
			hdr("Accept-Language", "es-MX,es;q=0.9"), french, "es", locale.FromAcceptLanguage},
		{"accept-language q-weights, highest wins",
			hdr("Accept-Language", "de;q=0.3, ja;q=0.8, en;q=0.5"), french, "jp", locale.FromAcceptLanguage},
		{"accept-language equal q keeps order",
			hdr("Accept-Language", "pl;q=0.5, nl;q=0.5"), french, "pl", locale.FromAcceptLanguage},
		{"accept-language skips unsupported and q=0",
			hdr("Accept-Language", "it, th;q=0, fil;q=0.2"), french, "tl", locale.FromAcceptLanguage},
		{"accept-language implicit q=1 beats explicit lower",
			hdr("Accept-Language", "ru;q=0.9, zh-Hant"), french, "zh_tw", locale.FromAcceptLanguage},
		{"accept-language ignores malformed q",
			hdr("Accept-Language", "fr;q=abc, el;q=0.1"), french, "el", locale.FromAcceptLanguage},
		{"accept-language wildcard only falls to geoip",
			hdr("Accept-Language", "*"), french, "fr", locale.FromGeoIP},
		{"geoip ipv4", hdr(), french, "fr", locale.FromGeoIP},
		{"geoip second country", hdr(), netip.MustParseAddr("198.51.100.1"), "jp", locale.FromGeoIP},
		{"geoip ipv6", hdr(), netip.MustParseAddr("2001:db8::1"), "de", locale.FromGeoIP},
		{"geoip ipv4-mapped ipv6", hdr(), netip.MustParseAddr("::ffff:192.0.2.9"), "fr", locale.FromGeoIP},
		{"country without a locale falls to default",
			hdr(), netip.MustParseAddr("203.0.113.5"), "zh_CN", locale.FromDefault},
		{"address not in database falls to default",
			hdr(), netip.MustParseAddr("127.0.0.1"), "zh_CN", locale.FromDefault},
		{"no address falls to default", hdr(), netip.Addr{}, "zh_CN", locale.FromDefault},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, src := r.ResolveSource(tt.h, tt.peer)
			if got != tt.want || src != tt.source {
				t.Fatalf("ResolveSource = %q (%v), want %q (%v)", got, src, tt.want, tt.source)
			}
		})
	}
}

func TestResolveTrustedProxy(t *testing.T) {
	r := newResolver(t, "10.0.0.0/8", "fd00::1")
	tests := []struct {
		name string
		xff  []string
		peer string
		want string
		ip   string
	}{
		{"untrusted peer: forwarded-for ignored",
			[]string{"198.51.100.1"}, "192.0.2.1", "fr", "192.0.2.1"},
		{"trusted peer: forwarded-for believed",
			[]string{"198.51.100.1"}, "10.1.2.3", "jp", "198.51.100.1"},
		{"trusted ipv6 peer",
			[]string{"2001:db8::5"}, "fd00::1", "de", "2001:db8::5"},
		{"right-most untrusted hop is the client, left hops may be forged",
			[]string{"198.51.100.1, 192.0.2.44, 10.0.0.9"}, "10.1.2.3", "fr", "192.0.2.44"},
		{"several header lines read as one list",
			[]string{"198.51.100.1", "10.0.0.9"}, "10.1.2.3", "jp", "198.51.100.1"},
		{"garbage hop stops the walk",
			[]string{"198.51.100.1, not-an-ip"}, "10.1.2.3", "zh_CN", "10.1.2.3"},
		{"hop with port",
			[]string{"198.51.100.1:5555"}, "10.1.2.3", "jp", "198.51.100.1"},
		{"trusted peer without header is the client",
			nil, "10.1.2.3", "zh_CN", "10.1.2.3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			for _, v := range tt.xff {
				h.Add("X-Forwarded-For", v)
			}
			peer := netip.MustParseAddr(tt.peer)
			if got := r.Resolve(h, peer); got != tt.want {
				t.Errorf("Resolve = %q, want %q", got, tt.want)
			}
			if got := r.ClientIP(h, peer); got != netip.MustParseAddr(tt.ip) {
				t.Errorf("ClientIP = %v, want %v", got, tt.ip)
			}
		})
	}
}

func TestResolveWithoutGeoIP(t *testing.T) {
	var nilResolver *locale.Resolver
	if got := nilResolver.Resolve(hdr(), netip.MustParseAddr("192.0.2.7")); got != "zh_CN" {
		t.Errorf("nil Resolver = %q, want zh_CN", got)
	}
	if got := locale.Resolve(hdr("Accept-Language", "sv")); got != "sv" {
		t.Errorf("locale.Resolve = %q, want sv", got)
	}
	if got := locale.Resolve(hdr()); got != locale.Default {
		t.Errorf("locale.Resolve = %q, want %s", got, locale.Default)
	}
}

func TestResolveRequestUsesRemoteAddr(t *testing.T) {
	r := newResolver(t)
	req, _ := http.NewRequest("GET", "/", nil)
	req.RemoteAddr = "198.51.100.20:40000"
	if got := r.ResolveRequest(req); got != "jp" {
		t.Fatalf("ResolveRequest = %q, want jp", got)
	}
}

func TestNewRejectsBadConfig(t *testing.T) {
	if _, err := locale.New(locale.Config{TrustedProxies: []string{"10.0.0.0/33"}}); !errors.Is(err, locale.ErrBadProxy) {
		t.Errorf("bad proxy: err = %v, want ErrBadProxy", err)
	}
	if _, err := locale.New(locale.Config{GeoIPPath: "/nonexistent/country.mmdb"}); !errors.Is(err, locale.ErrGeoIP) {
		t.Errorf("missing database: err = %v, want ErrGeoIP", err)
	}
}

func TestPeerAddr(t *testing.T) {
	tests := map[string]string{
		"192.0.2.1:80":        "192.0.2.1",
		"[2001:db8::1]:443":   "2001:db8::1",
		"[::ffff:1.2.3.4]:80": "1.2.3.4",
		"192.0.2.1":           "192.0.2.1",
		"@":                   "invalid IP",
		"":                    "invalid IP",
	}
	for in, want := range tests {
		if got := locale.PeerAddr(in).String(); got != want {
			t.Errorf("PeerAddr(%q) = %s, want %s", in, got, want)
		}
	}
}
