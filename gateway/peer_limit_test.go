package gateway

import (
	"net"
	"net/http"
	"net/netip"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
)

func TestPeerKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{"203.0.113.7", "203.0.113.7"},
		{"::ffff:203.0.113.7", "203.0.113.7"}, // IPv4-mapped counts as the IPv4 address
		{"127.0.0.2", "127.0.0.2"},
		{"2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::"}, // a whole /64 is one client
		{"2001:db8:1:2::1", "2001:db8:1:2::"},
		{"2001:db8:1:3::1", "2001:db8:1:3::"},
		{"::1", "::"},
	}
	for _, tt := range tests {
		if got := peerKey(netip.MustParseAddr(tt.in)); got.String() != tt.want {
			t.Errorf("peerKey(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestPeerLimiterCounts(t *testing.T) {
	a, b := netip.MustParseAddr("10.0.0.1"), netip.MustParseAddr("10.0.0.2")
	l := newPeerLimiter(2)
	if !l.acquire(a) || !l.acquire(a) {
		t.Fatal("refused within the cap")
	}
	if l.acquire(a) {
		t.Fatal("third connection of one address admitted with a cap of 2")
	}
	if !l.acquire(b) {
		t.Fatal("another address refused")
	}
	l.release(a)
	if !l.acquire(a) {
		t.Fatal("refused after a release")
	}
	l.release(a)
	l.release(a)
	l.release(b)
	if len(l.count) != 0 {
		t.Fatalf("counts left after every release: %v", l.count)
	}
	off := newPeerLimiter(-1)
	for range 10 {
		if !off.acquire(a) {
			t.Fatal("a negative cap refused")
		}
	}
}

// dialFrom opens a TCP connection to s from a chosen loopback address.
func dialFrom(t *testing.T, s *Server, src string, request string) *rawClient {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(src)}, Timeout: 5 * time.Second}
	conn, err := d.Dial("tcp", s.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	rc := wrapRaw(t, conn)
	if request != "" {
		rc.write([]byte(request))
	}
	return rc
}

func TestMaxConnsPerIPAnswers503BeforeUpgrade(t *testing.T) {
	core, logs := observer.New(zapcore.WarnLevel)
	reg := prometheus.NewRegistry()
	rec := newRecorder()
	s := startServer(t, Config{MaxConnsPerIP: 3, Logger: zap.New(core), Registerer: reg}, rec)
	req := upgradeRequest(s.Addr().String(), "/ws")

	// Two upgraded connections and one held in the handshake (slowloris):
	// all three count.
	var upgraded []*rawClient
	for range 2 {
		rc := dialFrom(t, s, "127.0.0.1", req)
		if resp := rc.response(); resp.StatusCode != http.StatusSwitchingProtocols {
			t.Fatalf("status %d within the cap", resp.StatusCode)
		}
		rec.waitOpen(t)
		upgraded = append(upgraded, rc)
	}
	dialFrom(t, s, "127.0.0.1", "GET /ws HTTP/1.1\r\n") // never finishes its head
	eventually(t, 5*time.Second, "three counted connections", func() bool {
		return s.peers.open(netip.MustParseAddr("127.0.0.1")) == 3
	})

	over := dialFrom(t, s, "127.0.0.1", req)
	resp := over.response()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("status %d past the cap, want 503", resp.StatusCode)
	}
	over.expectEOF()

	// Another address has its own count.
	other := dialFrom(t, s, "127.0.0.2", req)
	if resp := other.response(); resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("status %d from another address", resp.StatusCode)
	}
	rec.waitOpen(t)

	// A closed connection frees its place.
	upgraded[0].conn.Close()
	rec.waitClose(t)
	eventually(t, 5*time.Second, "a freed place", func() bool {
		return s.peers.open(netip.MustParseAddr("127.0.0.1")) == 2
	})
	again := dialFrom(t, s, "127.0.0.1", req)
	if resp := again.response(); resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("status %d after a connection closed", resp.StatusCode)
	}
	rec.waitOpen(t)

	if got := metricValue(t, reg, "courtside_gateway_ip_cap_refusals_total"); got != 1 {
		t.Fatalf("ip_cap_refusals_total = %v, want 1", got)
	}
	if got := metricValue(t, reg, "courtside_gateway_handshakes_total", "status", "503"); got != 1 {
		t.Fatalf("handshakes_total{status=503} = %v, want 1", got)
	}
	entries := logs.FilterMessageSnippet("too many connections").All()
	if len(entries) != 1 || entries[0].ContextMap()["peer"] != "127.0.0.1" {
		t.Fatalf("log entries %+v, want one naming 127.0.0.1", entries)
	}
}

func TestMaxConnsPerIPRefusalsAreLoggedAtMostOnceASecond(t *testing.T) {
	core, logs := observer.New(zapcore.WarnLevel)
	s := startServer(t, Config{MaxConnsPerIP: 1, Logger: zap.New(core)}, newRecorder())
	req := upgradeRequest(s.Addr().String(), "/ws")
	first := dialFrom(t, s, "127.0.0.1", req)
	if resp := first.response(); resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("status %d", resp.StatusCode)
	}
	start := time.Now()
	for range 5 {
		rc := dialFrom(t, s, "127.0.0.1", req)
		if resp := rc.response(); resp.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("status %d, want 503", resp.StatusCode)
		}
	}
	if time.Since(start) < time.Second {
		if n := logs.FilterMessageSnippet("too many connections").Len(); n != 1 {
			t.Fatalf("%d log lines for 5 refusals within a second, want 1", n)
		}
	}
}
