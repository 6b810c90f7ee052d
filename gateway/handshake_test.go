package gateway

import (
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"courtside/gateway/wsframe"
)

// chromiumRequest is the upgrade request Chromium sends (header order and
// values as captured from a browser).
const chromiumRequest = "GET /ws?v=1 HTTP/1.1\r\n" +
	"Host: localhost:8081\r\n" +
	"Connection: Upgrade\r\n" +
	"Pragma: no-cache\r\n" +
	"Cache-Control: no-cache\r\n" +
	"User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36\r\n" +
	"Upgrade: websocket\r\n" +
	"Origin: http://localhost:8081\r\n" +
	"Sec-WebSocket-Version: 13\r\n" +
	"Accept-Encoding: gzip, deflate, br, zstd\r\n" +
	"Accept-Language: en-US,en;q=0.9\r\n" +
	"Cookie: cs_session=abc\r\n" +
	"Sec-WebSocket-Key: x3JJHMbDL1EzLkh9GBhXDw==\r\n" +
	"Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n"

func TestAcceptKeyMatchesRFCExample(t *testing.T) {
	// RFC 6455 §1.3.
	if got := acceptKey("dGhlIHNhbXBsZSBub25jZQ=="); got != "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=" {
		t.Fatalf("accept key %q", got)
	}
}

func TestChromiumRequestIsAcceptedWithItsHeaders(t *testing.T) {
	u := newUpgradeChecker(&Config{Path: "/ws", AllowedOrigins: []string{"https://courtside.example"}})
	req, key, herr := u.parse([]byte(chromiumRequest))
	if herr != nil {
		t.Fatalf("refused: %d %s", herr.status, herr.msg)
	}
	if key != "x3JJHMbDL1EzLkh9GBhXDw==" || req.Path != "/ws" || req.Query().Get("v") != "1" || req.Host != "localhost:8081" {
		t.Fatalf("request %+v key %q", req, key)
	}
	if req.Header.Get("Accept-Language") != "en-US,en;q=0.9" || req.Header.Get("Cookie") != "cs_session=abc" {
		t.Fatalf("headers %v", req.Header)
	}
	resp := string(appendSwitchingProtocols(nil, key, ""))
	if !strings.Contains(resp, "Sec-WebSocket-Accept: HSmrc0sMlYUkAGmm5OPpG2HaGWk=\r\n") || strings.Contains(resp, "Extensions") {
		t.Fatalf("response %q", resp)
	}
}

func TestOriginPolicy(t *testing.T) {
	tests := []struct {
		name    string
		allowed []string
		origin  string
		host    string
		want    bool
	}{
		{"empty list refuses a foreign origin", nil, "https://anything.example", "gw:8081", false},
		{"empty list allows the own host", nil, "http://gw:8081", "gw:8081", true},
		{"own host on another port (site :8080, gateway :8081)", nil, "http://gw:8080", "gw:8081", true},
		{"own host without port", nil, "https://gw", "gw:8081", true},
		{"own host, Host without port", nil, "https://gw:8443", "gw", true},
		{"own IPv6 host", nil, "http://[::1]:8080", "[::1]:8081", true},
		{"another name of the same machine is another host", nil, "http://localhost:8080", "127.0.0.1:8081", false},
		{"host as a prefix is not the host", nil, "http://gw.evil.example", "gw:8081", false},
		{"host as a suffix is not the host", nil, "http://evilgw:8081", "gw:8081", false},
		{"user info cannot smuggle the host", nil, "http://gw@evil.example", "gw:8081", false},
		{"empty list refuses null", nil, "null", "gw:8081", false},
		{"star allows all", []string{"*"}, "https://anything.example", "gw:8081", true},
		{"star allows null", []string{"*"}, "null", "gw:8081", true},
		{"no origin header", []string{"https://a.example"}, "", "gw:8081", true},
		{"no origin header, empty list", nil, "", "gw:8081", true},
		{"same host always", []string{"https://a.example"}, "http://gw:8081", "gw:8081", true},
		{"same host, case-insensitive", []string{"https://a.example"}, "http://GW:8081", "gw:8081", true},
		{"listed exactly", []string{"https://a.example/"}, "https://a.example", "gw:8081", true},
		{"listed, case-insensitive", []string{"HTTPS://A.example"}, "https://a.EXAMPLE", "gw:8081", true},
		{"listed without the default port", []string{"https://a.example"}, "https://a.example:443", "gw:8081", true},
		{"listed with the default port", []string{"http://a.example:80"}, "http://a.example", "gw:8081", true},
		{"listed port must match", []string{"https://a.example"}, "https://a.example:8443", "gw:8081", false},
		{"scheme must match", []string{"https://a.example"}, "http://a.example", "gw:8081", false},
		{"subdomain pattern", []string{"*.a.example"}, "https://live.a.example", "gw:8081", true},
		{"pattern needs a subdomain", []string{"*.a.example"}, "https://evil-a.example", "gw:8081", false},
		{"not listed", []string{"https://a.example"}, "https://b.example", "gw:8081", false},
		{"null origin", []string{"https://a.example"}, "null", "gw:8081", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := newUpgradeChecker(&Config{Path: "/ws", AllowedOrigins: tc.allowed})
			if got := u.originAllowed(tc.origin, tc.host); got != tc.want {
				t.Fatalf("originAllowed(%q, %q) = %v", tc.origin, tc.host, got)
			}
		})
	}
}

func handshakeSeeds() []string {
	return []string{
		chromiumRequest,
		"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:8081\r\nUser-Agent: Go-http-client/1.1\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nUpgrade: websocket\r\n\r\n",
		"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: keep-alive, Upgrade\r\nSec-WebSocket-Key: AAAAAAAAAAAAAAAAAAAAAA==\r\nSec-WebSocket-Version: 13\r\nOrigin: https://evil.example\r\n\r\n",
		"POST /ws HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n",
		"GET /ws HTTP/1.0\r\n\r\n",
		"GET /other HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: short\r\nSec-WebSocket-Version: 13\r\n\r\n",
		"\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nX: \x00\xff\r\n\r\n",
		// Origin policy: the own host on another port, null, user info, an IPv6 host.
		"GET /ws HTTP/1.1\r\nHost: gw.example:8081\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: AAAAAAAAAAAAAAAAAAAAAA==\r\nSec-WebSocket-Version: 13\r\nOrigin: https://gw.example:8080\r\n\r\n",
		"GET /ws HTTP/1.1\r\nHost: gw.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: AAAAAAAAAAAAAAAAAAAAAA==\r\nSec-WebSocket-Version: 13\r\nOrigin: null\r\n\r\n",
		"GET /ws HTTP/1.1\r\nHost: gw.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: AAAAAAAAAAAAAAAAAAAAAA==\r\nSec-WebSocket-Version: 13\r\nOrigin: https://gw.example@evil.example\r\n\r\n",
		"GET /ws HTTP/1.1\r\nHost: [::1]:8081\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: AAAAAAAAAAAAAAAAAAAAAA==\r\nSec-WebSocket-Version: 13\r\nOrigin: http://[::1]:8080\r\n\r\n",
		"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: AAAAAAAAAAAAAAAAAAAAAA==\r\nSec-WebSocket-Version: 13\r\nOrigin: https://courtside.example:443\r\n\r\n",
	}
}

// FuzzHandshake feeds arbitrary request heads to the upgrade parser: it must
// never panic, and anything it accepts must be a complete, valid upgrade.
func FuzzHandshake(f *testing.F) {
	for _, s := range handshakeSeeds() {
		f.Add([]byte(s))
	}
	u := newUpgradeChecker(&Config{Path: "/ws", AllowedOrigins: []string{"https://courtside.example"}})
	f.Fuzz(func(t *testing.T, head []byte) {
		end := headerEnd(head)
		if end < 0 {
			return
		}
		req, key, herr := u.parse(head[:end])
		if herr != nil {
			if herr.status != 400 && herr.status != 403 && herr.status != 404 {
				t.Fatalf("unexpected status %d", herr.status)
			}
			_ = appendHTTPError(nil, herr)
			return
		}
		if req.Path != "/ws" {
			t.Fatalf("accepted path %q", req.Path)
		}
		if raw, err := base64.StdEncoding.DecodeString(key); err != nil || len(raw) != 16 {
			t.Fatalf("accepted key %q", key)
		}
		if !u.originAllowed(req.Header.Get("Origin"), req.Host) {
			t.Fatal("accepted a refused origin")
		}
	})
}

// TestWriteHandshakeSeedCorpus regenerates testdata/fuzz/FuzzHandshake.
// Run with GATEWAY_WRITE_CORPUS=1; normal runs skip it.
func TestWriteHandshakeSeedCorpus(t *testing.T) {
	if os.Getenv("GATEWAY_WRITE_CORPUS") == "" {
		t.Skip("set GATEWAY_WRITE_CORPUS=1 to rewrite testdata/fuzz/FuzzHandshake")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzHandshake")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i, s := range handshakeSeeds() {
		body := fmt.Sprintf("go test fuzz v1\n[]byte(%s)\n", strconv.Quote(s))
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed_%02d", i)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// An open connection keeps its upgrade request only while OnOpen runs: an idle connection that
// held its headers cost about a kilobyte more, and the rest of the request 160 bytes (issue 24).
func TestTheRequestIsReadableInOnOpenAndDroppedAfter(t *testing.T) {
	rec := newRecorder()
	langInOpen := make(chan string, 1)
	inOpen := make(chan *Request, 1)
	rec.onOpenF = func(c *Conn) {
		langInOpen <- c.Request().Header.Get("Accept-Language")
		inOpen <- c.Request()
	}
	s := startServer(t, Config{}, rec)
	rc := dialRaw(t, s, upgradeRequest(s.Addr().String(), "/ws?v=1", "Accept-Language: ar-SA"))
	if resp := rc.response(); resp.StatusCode != 101 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	c := rec.waitOpen(t)
	if got := <-langInOpen; got != "ar-SA" {
		t.Fatalf("Accept-Language in OnOpen = %q", got)
	}
	// OnOpen's caller drops the headers when OnOpen returns, on the connection's event loop; the
	// recorder's channel fires inside OnOpen. An echoed message is handled on the same loop after
	// that, so once it is back the headers are gone or never will be.
	rc.sendFrame(true, wsframe.OpText, []byte("after open"))
	if ev := rc.next(); string(ev.Payload) != "after open" {
		t.Fatalf("echo %q", ev.Payload)
	}
	if req := c.Request(); req != nil {
		t.Fatalf("request kept after OnOpen: %+v", req)
	}
	if !c.RemoteIP().IsLoopback() {
		t.Fatalf("remote address after OnOpen %v", c.RemoteIP())
	}
	if req := <-inOpen; req.Path != "/ws" || req.Query().Get("v") != "1" || !req.RemoteIP.IsLoopback() {
		t.Fatalf("request in OnOpen %+v", req)
	}
}
