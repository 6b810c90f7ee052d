package locale_test

import (
	"net/http"
	"net/netip"
	"testing"

	"courtside/api/locale"
)

// FuzzResolveHeaders feeds arbitrary header values to the resolver: it must never
// panic and must always answer one of the 22 locales.
func FuzzResolveHeaders(f *testing.F) {
	f.Add("en-US,en;q=0.9,zh-CN;q=0.8", "zh_tw", "lang=jp; token=abc", "10.0.0.1, 192.0.2.1")
	f.Add("*;q=0.1, fil;q=1.0, th", "", "", "")
	f.Add("zh-Hant-HK;q=0.7;level=1", "EN_us", "lang=", "not-an-ip")
	f.Add(";q=,;;,,q=1", "\x00", "lang=\"ko\"", "[2001:db8::1]:80")
	r, err := locale.New(locale.Config{TrustedProxies: []string{"127.0.0.1"}})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, accept, lan, cookie, xff string) {
		h := http.Header{}
		h.Set("Accept-Language", accept)
		h.Set("lan", lan)
		h.Set("Cookie", cookie)
		h.Set("X-Forwarded-For", xff)
		got := r.Resolve(h, netip.MustParseAddr("127.0.0.1"))
		if !locale.Supported(got) {
			t.Fatalf("Resolve = %q, not a locale", got)
		}
		if l, ok := locale.FromAcceptLanguageHeader(accept); ok && !locale.Supported(l) {
			t.Fatalf("FromAcceptLanguageHeader(%q) = %q, not a locale", accept, l)
		}
	})
}

func BenchmarkResolve(b *testing.B) {
	h := http.Header{}
	h.Set("Accept-Language", "fr-CA,fr;q=0.9,en-US;q=0.8,en;q=0.7")
	h.Set("Cookie", "sid=1; theme=dark")
	b.ReportAllocs()
	for b.Loop() {
		if locale.Resolve(h) != "fr" {
			b.Fatal("wrong language")
		}
	}
}
