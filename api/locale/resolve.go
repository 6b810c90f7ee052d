package locale

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"sort"
	"strconv"
	"strings"

	"github.com/oschwald/maxminddb-golang/v2"
)

// Config configures a Resolver. The zero value resolves from headers only: no GeoIP
// database and no trusted proxies.
type Config struct {
	// GeoIPPath is a MaxMind GeoIP2/GeoLite2-Country (or -City) .mmdb file. Empty skips
	// the country step of the resolution.
	GeoIPPath string `json:"geoipPath"`
	// TrustedProxies are IP addresses or CIDR prefixes of reverse proxies whose
	// X-Forwarded-For header is believed. Requests from any other peer are located by
	// the peer address alone.
	TrustedProxies []string `json:"trustedProxies"`
}

// Source says which step of the resolution chose the language.
type Source uint8

// The steps of the resolution, in order of precedence.
const (
	FromDefault Source = iota
	FromHeader
	FromCookie
	FromAcceptLanguage
	FromGeoIP
)

func (s Source) String() string {
	switch s {
	case FromHeader:
		return "header"
	case FromCookie:
		return "cookie"
	case FromAcceptLanguage:
		return "accept-language"
	case FromGeoIP:
		return "geoip"
	}
	return "default"
}

// Resolver picks the language of a request. A nil *Resolver is usable and behaves as
// one built from the zero Config.
type Resolver struct {
	proxies []netip.Prefix
	geo     *maxminddb.Reader
}

// New builds a Resolver, opening the GeoIP database when cfg.GeoIPPath is set.
// It fails with ErrBadProxy or ErrGeoIP (wrapped) on a bad configuration.
func New(cfg Config) (*Resolver, error) {
	r := &Resolver{}
	for _, p := range cfg.TrustedProxies {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if pfx, err := netip.ParsePrefix(p); err == nil {
			r.proxies = append(r.proxies, pfx.Masked())
			continue
		}
		addr, err := netip.ParseAddr(p)
		if err != nil {
			return nil, fmt.Errorf("%w: %q", ErrBadProxy, p)
		}
		addr = addr.Unmap()
		r.proxies = append(r.proxies, netip.PrefixFrom(addr, addr.BitLen()))
	}
	if cfg.GeoIPPath != "" {
		db, err := maxminddb.Open(cfg.GeoIPPath)
		if err != nil {
			return nil, fmt.Errorf("%w %s: %w", ErrGeoIP, cfg.GeoIPPath, err)
		}
		r.geo = db
	}
	return r, nil
}

// Close releases the GeoIP database. Call it once, after the last Resolve.
func (r *Resolver) Close() error {
	if r == nil || r.geo == nil {
		return nil
	}
	return r.geo.Close()
}

// HasGeoIP reports whether a GeoIP database is loaded.
func (r *Resolver) HasGeoIP() bool { return r != nil && r.geo != nil }

// Resolve returns the language of a client that sent headers h from socket peer
// address peer (the zero Addr when unknown). It never fails: the last resort is
// Default.
func (r *Resolver) Resolve(h http.Header, peer netip.Addr) string {
	lang, _ := r.ResolveSource(h, peer)
	return lang
}

// ResolveRequest is Resolve for an HTTP request, taking the peer from RemoteAddr.
func (r *Resolver) ResolveRequest(req *http.Request) string {
	return r.Resolve(req.Header, PeerAddr(req.RemoteAddr))
}

// ResolveSource is Resolve that also says which step decided.
func (r *Resolver) ResolveSource(h http.Header, peer netip.Addr) (string, Source) {
	if lang, src, ok := fromHeaders(h); ok {
		return lang, src
	}
	if r.HasGeoIP() {
		if lang, ok := CountryLocale(r.Country(r.ClientIP(h, peer))); ok {
			return lang, FromGeoIP
		}
	}
	return Default, FromDefault
}

// Resolve resolves from headers alone (no GeoIP), for callers without a Resolver.
func Resolve(h http.Header) string {
	lang, _, ok := fromHeaders(h)
	if !ok {
		return Default
	}
	return lang
}

// fromHeaders applies the header, cookie and Accept-Language steps.
func fromHeaders(h http.Header) (string, Source, bool) {
	if lang, ok := Normalize(h.Get("lan")); ok {
		return lang, FromHeader, true
	}
	if c, err := (&http.Request{Header: h}).Cookie("lang"); err == nil {
		if lang, ok := Normalize(c.Value); ok {
			return lang, FromCookie, true
		}
	}
	if lang, ok := FromAcceptLanguageHeader(strings.Join(h.Values("Accept-Language"), ",")); ok {
		return lang, FromAcceptLanguage, true
	}
	return "", FromDefault, false
}

// FromAcceptLanguageHeader picks the supported language with the highest q-weight from
// an Accept-Language value; among equal weights the earlier entry wins. Entries with
// q=0 or a malformed weight are ignored.
func FromAcceptLanguageHeader(v string) (string, bool) {
	if v == "" {
		return "", false
	}
	type choice struct {
		lang string
		q    float64
	}
	var choices []choice
	for entry := range strings.SplitSeq(v, ",") {
		if len(choices) >= 32 { // a header is not a place to make us sort thousands
			break
		}
		tag, params, _ := strings.Cut(entry, ";")
		q := 1.0
		bad := false
		for p := range strings.SplitSeq(params, ";") {
			k, val, found := strings.Cut(strings.TrimSpace(p), "=")
			if !found || !strings.EqualFold(strings.TrimSpace(k), "q") {
				continue
			}
			f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
			if err != nil || f < 0 || f > 1 {
				bad = true
				break
			}
			q = f
		}
		if bad || q == 0 {
			continue
		}
		if lang, ok := Normalize(tag); ok {
			choices = append(choices, choice{lang, q})
		}
	}
	if len(choices) == 0 {
		return "", false
	}
	sort.SliceStable(choices, func(i, j int) bool { return choices[i].q > choices[j].q })
	return choices[0].lang, true
}

// PeerAddr parses an http.Request.RemoteAddr ("ip:port", "[ipv6]:port" or a bare IP).
// It returns the zero Addr when the value is not an IP address (a Unix socket, say).
func PeerAddr(remoteAddr string) netip.Addr {
	if ap, err := netip.ParseAddrPort(remoteAddr); err == nil {
		return ap.Addr().Unmap()
	}
	host := remoteAddr
	if h, _, err := net.SplitHostPort(remoteAddr); err == nil {
		host = h
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	return a.Unmap()
}

// Trusted reports whether addr is one of the configured trusted proxies.
func (r *Resolver) Trusted(addr netip.Addr) bool {
	if r == nil || !addr.IsValid() {
		return false
	}
	addr = addr.Unmap()
	for _, p := range r.proxies {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// ClientIP is the address a request came from: the socket peer, unless the peer is a
// trusted proxy, in which case X-Forwarded-For is walked from the right and the first
// hop that is not itself a trusted proxy is the client. Malformed hops stop the walk
// (everything left of them could be forged); if every hop is trusted the left-most is
// taken.
func (r *Resolver) ClientIP(h http.Header, peer netip.Addr) netip.Addr {
	peer = peer.Unmap()
	if !r.Trusted(peer) {
		return peer
	}
	var hops []string
	for _, v := range h.Values("X-Forwarded-For") {
		for hop := range strings.SplitSeq(v, ",") {
			hops = append(hops, strings.TrimSpace(hop))
		}
	}
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		a := PeerAddr(hops[i])
		if !a.IsValid() {
			break
		}
		client = a
		if !r.Trusted(a) {
			break
		}
	}
	return client
}

// Country returns the ISO 3166-1 alpha-2 code of ip from the GeoIP database, or "" when
// there is no database, the address is unknown or the lookup fails.
func (r *Resolver) Country(ip netip.Addr) string {
	if !r.HasGeoIP() || !ip.IsValid() {
		return ""
	}
	res := r.geo.Lookup(ip.Unmap())
	if !res.Found() {
		return ""
	}
	var rec struct {
		Country struct {
			ISOCode string `maxminddb:"iso_code"`
		} `maxminddb:"country"`
		Registered struct {
			ISOCode string `maxminddb:"iso_code"`
		} `maxminddb:"registered_country"`
	}
	if err := res.Decode(&rec); err != nil {
		return ""
	}
	if rec.Country.ISOCode != "" {
		return rec.Country.ISOCode
	}
	return rec.Registered.ISOCode
}
