package gateway

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"courtside/gateway/wsframe"
)

func TestRawClientProtocolViolationsGetCloseCodes(t *testing.T) {
	mask := [4]byte{1, 2, 3, 4}
	tests := []struct {
		name string
		send []byte
		want uint16
	}{
		{"unmasked frame", wsframe.AppendFrame(nil, wsframe.OpText, []byte("hi")), 1002},
		{"reserved bit", wsframe.AppendMaskedFrame(nil, true, 4, wsframe.OpText, mask, []byte("hi")), 1002},
		{"unknown data opcode", wsframe.AppendMaskedFrame(nil, true, 0, 0x3, mask, []byte("hi")), 1002},
		{"unknown control opcode", wsframe.AppendMaskedFrame(nil, true, 0, 0xC, mask, nil), 1002},
		{"ping over 125 bytes", wsframe.AppendMaskedFrame(nil, true, 0, wsframe.OpPing, mask, bytes.Repeat([]byte("p"), 126)), 1002},
		{"fragmented ping", wsframe.AppendMaskedFrame(nil, false, 0, wsframe.OpPing, mask, nil), 1002},
		{"continuation without start", wsframe.AppendMaskedFrame(nil, true, 0, wsframe.OpContinuation, mask, []byte("x")), 1002},
		{"invalid utf8", wsframe.AppendMaskedFrame(nil, true, 0, wsframe.OpText, mask, []byte("ok\xc3\x28")), 1007},
		{"invalid utf8 across fragments", append(
			wsframe.AppendMaskedFrame(nil, false, 0, wsframe.OpText, mask, []byte("\xe2\x82")),
			wsframe.AppendMaskedFrame(nil, true, 0, wsframe.OpContinuation, mask, []byte("\x28"))...), 1007},
		// Only the header of a 1 MiB frame: refused before any payload arrives.
		{"declared length over the limit", []byte{0x81, 0x80 | 127, 0, 0, 0, 0, 0, 0x10, 0, 0, 1, 2, 3, 4}, 1009},
		{"fragments adding up over the limit", append(
			wsframe.AppendMaskedFrame(nil, false, 0, wsframe.OpText, mask, bytes.Repeat([]byte("a"), 600)),
			wsframe.AppendMaskedFrame(nil, true, 0, wsframe.OpContinuation, mask, bytes.Repeat([]byte("a"), 600))...), 1009},
		{"binary message", wsframe.AppendMaskedFrame(nil, true, 0, wsframe.OpBinary, mask, []byte{1, 2}), 1003},
		{"close with invalid code", wsframe.AppendMaskedFrame(nil, true, 0, wsframe.OpClose, mask, []byte{0x03, 0xed}), 1002},
	}
	reg := prometheus.NewRegistry()
	rec := newRecorder()
	s := startServer(t, Config{MaxMessageSize: 1000, Registerer: reg}, rec)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rc := upgrade(t, s)
			rec.waitOpen(t)
			rc.write(tc.send)
			rc.expectClose(tc.want)
			rc.conn.Close()
			if got := rec.waitClose(t); got != tc.want {
				t.Fatalf("OnClose code %d, want %d", got, tc.want)
			}
		})
	}
	if got := metricValue(t, reg, "courtside_gateway_close_codes_sent_total", "code", "1002"); got < 7 {
		t.Fatalf("close_codes_sent_total{code=1002} = %v, want >= 7", got)
	}
	if got := metricValue(t, reg, "courtside_gateway_connections_open"); got != 0 {
		t.Fatalf("connections_open = %v after all closed", got)
	}
}

func TestRawClientValidTraffic(t *testing.T) {
	rec := newRecorder()
	s := startServer(t, Config{}, rec)

	t.Run("frame delivered one byte at a time is echoed", func(t *testing.T) {
		rc := upgrade(t, s)
		frame := wsframe.AppendMaskedFrame(nil, true, 0, wsframe.OpText, rc.mask, []byte(strings.Repeat("incremental ", 20)))
		for i := range frame {
			rc.write(frame[i : i+1])
		}
		if ev := rc.next(); ev.Kind != wsframe.EventMessage || string(ev.Payload) != strings.Repeat("incremental ", 20) {
			t.Fatalf("got %v %q", ev.Kind, ev.Payload)
		}
	})
	t.Run("fragmented message with ping in between is reassembled", func(t *testing.T) {
		rc := upgrade(t, s)
		rc.sendFrame(false, wsframe.OpText, []byte("frag"))
		rc.sendFrame(false, wsframe.OpContinuation, []byte("men"))
		rc.sendFrame(true, wsframe.OpPing, []byte("mid"))
		rc.sendFrame(true, wsframe.OpContinuation, []byte("ted"))
		if ev := rc.next(); ev.Kind != wsframe.EventPong || string(ev.Payload) != "mid" {
			t.Fatalf("want pong mid, got %v %q", ev.Kind, ev.Payload)
		}
		if ev := rc.next(); ev.Kind != wsframe.EventMessage || string(ev.Payload) != "fragmented" {
			t.Fatalf("got %v %q", ev.Kind, ev.Payload)
		}
	})
	t.Run("frames pipelined with the upgrade request are read", func(t *testing.T) {
		req := upgradeRequest(s.Addr().String(), "/ws") +
			string(wsframe.AppendMaskedFrame(nil, true, 0, wsframe.OpText, [4]byte{5, 5, 5, 5}, []byte("early")))
		rc := dialRaw(t, s, req)
		if resp := rc.response(); resp.StatusCode != 101 {
			t.Fatalf("status %d", resp.StatusCode)
		}
		if ev := rc.next(); string(ev.Payload) != "early" {
			t.Fatalf("got %q", ev.Payload)
		}
	})
	t.Run("ping is answered with the same payload", func(t *testing.T) {
		rc := upgrade(t, s)
		rc.sendFrame(true, wsframe.OpPing, []byte("are you there"))
		if ev := rc.next(); ev.Kind != wsframe.EventPong || string(ev.Payload) != "are you there" {
			t.Fatalf("got %v %q", ev.Kind, ev.Payload)
		}
		rc.sendFrame(true, wsframe.OpPong, []byte("unsolicited")) // must be ignored
		rc.sendFrame(true, wsframe.OpText, []byte("still open"))
		if ev := rc.next(); string(ev.Payload) != "still open" {
			t.Fatalf("got %q", ev.Payload)
		}
	})
	t.Run("close is echoed and the TCP connection closed", func(t *testing.T) {
		rc := upgrade(t, s)
		rc.sendFrame(true, wsframe.OpClose, []byte{0x0f, 0xa0, 'b', 'y', 'e'}) // 4000
		rc.expectClose(4000)
		rc.expectEOF()
	})
	t.Run("empty close is answered with an empty close", func(t *testing.T) {
		rc := upgrade(t, s)
		rc.sendFrame(true, wsframe.OpClose, nil)
		rc.expectClose(wsframe.CloseNoStatus)
		rc.expectEOF()
	})
	for len(rec.opened) > 0 {
		<-rec.opened
	}
}

func TestRawClientBadUpgradesGetHTTPErrors(t *testing.T) {
	s := startServer(t, Config{AllowedOrigins: []string{"https://courtside.example", "*.partner.example"}}, newRecorder())
	host := s.Addr().String()
	base := func(path string, drop string, extra ...string) string {
		var lines []string
		for _, l := range strings.Split(upgradeRequest(host, path, extra...), "\r\n") {
			if drop == "" || !strings.HasPrefix(l, drop) {
				lines = append(lines, l)
			}
		}
		return strings.Join(lines, "\r\n")
	}
	tests := []struct {
		name    string
		request string
		status  int
	}{
		{"missing Upgrade header", base("/ws", "Upgrade:"), 400},
		{"missing Connection header", base("/ws", "Connection:"), 400},
		{"missing key", base("/ws", "Sec-WebSocket-Key:"), 400},
		{"short key", strings.Replace(base("/ws", ""), testKey, "c2hvcnQ=", 1), 400},
		{"wrong version", strings.Replace(base("/ws", ""), "Version: 13", "Version: 8", 1), 400},
		{"POST", strings.Replace(base("/ws", ""), "GET", "POST", 1), 400},
		{"HTTP/1.0", strings.Replace(base("/ws", ""), "HTTP/1.1", "HTTP/1.0", 1), 400},
		{"garbage", "NOT HTTP AT ALL\r\n\r\n", 400},
		{"wrong path", base("/other", ""), 404},
		{"origin not allowed", base("/ws", "", "Origin: https://evil.example"), 403},
		{"origin with other port", base("/ws", "", "Origin: https://courtside.example:8443"), 403},
		{"listed origin", base("/ws", "", "Origin: https://courtside.example"), 101},
		{"listed subdomain pattern", base("/ws", "", "Origin: https://live.partner.example"), 101},
		{"origin equal to host", base("/ws", "", "Origin: http://"+host), 101},
		{"no origin (non-browser client)", base("/ws", ""), 101},
		{"tokens in lists and any case", strings.Replace(base("/ws", ""), "Connection: Upgrade", "Connection: keep-alive, UPGRADE", 1), 101},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rc := dialRaw(t, s, tc.request)
			resp := rc.response()
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.status)
			}
			if tc.status != http.StatusSwitchingProtocols {
				rc.expectEOF()
			}
		})
	}
	t.Run("header larger than the limit", func(t *testing.T) {
		rc := dialRaw(t, s, "GET /ws HTTP/1.1\r\nX-Big: "+strings.Repeat("b", maxHandshakeSize))
		if resp := rc.response(); resp.StatusCode != 431 {
			t.Fatalf("status %d, want 431", resp.StatusCode)
		}
	})
}

func TestIdleConnectionIsClosedWith4009(t *testing.T) {
	rec := newRecorder()
	s := startServer(t, Config{IdleTimeout: 150 * time.Millisecond, PingInterval: time.Hour}, rec)
	start := time.Now() // before the upgrade, so the server's idle clock starts later
	rc := upgrade(t, s)
	rc.expectClose(CloseIdleTimeout)
	if waited := time.Since(start); waited < 150*time.Millisecond {
		t.Fatalf("closed after %v, before the idle timeout", waited)
	}
	rc.sendFrame(true, wsframe.OpClose, []byte{0x0f, 0xa9})
	rc.expectEOF()
	if got := rec.waitClose(t); got != CloseIdleTimeout {
		t.Fatalf("OnClose code %d", got)
	}
}

func TestServerPingsKeepAnAnsweringClientAlive(t *testing.T) {
	rec := newRecorder()
	s := startServer(t, Config{IdleTimeout: 500 * time.Millisecond, PingInterval: 50 * time.Millisecond}, rec)
	rc := upgrade(t, s)
	deadline := time.Now().Add(1200 * time.Millisecond) // more than two idle timeouts
	pings := 0
	for time.Now().Before(deadline) {
		ev := rc.next()
		if ev.Kind != wsframe.EventPing {
			t.Fatalf("got %v (code %d) while answering pings", ev.Kind, ev.Code)
		}
		pings++
		rc.sendFrame(true, wsframe.OpPong, ev.Payload)
	}
	if pings < 5 {
		t.Fatalf("%d pings in 1.2s at a 50ms interval", pings)
	}
}

func TestHandshakeTimeoutDropsSilentSockets(t *testing.T) {
	s := startServer(t, Config{HandshakeTimeout: 100 * time.Millisecond}, newRecorder())
	rc := dialRaw(t, s, "GET /ws HTTP/1.1\r\n") // never finishes
	rc.expectEOF()
}

// TestInvalidUTF8FailsFast checks RFC 6455 §8.1 on the wire: the server
// closes with 1007 as soon as the bad byte arrives, without waiting for the
// end of the message (which these clients never send).
func TestInvalidUTF8FailsFast(t *testing.T) {
	mask := [4]byte{7, 7, 7, 7}
	euro := []byte("€")
	cut := wsframe.AppendMaskedFrame(nil, true, 0, wsframe.OpText, mask, []byte("ab\xe0\x80 and 500 more bytes"+strings.Repeat(".", 500)))
	tests := []struct {
		name  string
		sends [][]byte // written one after the other (separate TCP writes)
		rest  []byte   // the end of a frame cut short, sent after the server's close
	}{
		{"in a non-final fragment", [][]byte{
			wsframe.AppendMaskedFrame(nil, false, 0, wsframe.OpText, mask, []byte("fine so far \xff")),
		}, nil},
		{"in a continuation of an open message", [][]byte{
			wsframe.AppendMaskedFrame(nil, false, 0, wsframe.OpText, mask, []byte("part one, ")),
			wsframe.AppendMaskedFrame(nil, false, 0, wsframe.OpContinuation, mask, []byte("surrogate \xed\xa0\x80")),
		}, nil},
		{"in the first bytes of a frame whose rest has not come", [][]byte{cut[:12]}, cut[12:]},
		{"bad continuation byte in the next TCP read", [][]byte{
			wsframe.AppendMaskedFrame(nil, false, 0, wsframe.OpText, mask, euro[:2]),
			wsframe.AppendMaskedFrame(nil, false, 0, wsframe.OpContinuation, mask, []byte("(")),
		}, nil},
	}
	rec := newRecorder()
	s := startServer(t, Config{CloseTimeout: time.Minute}, rec)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rc := upgrade(t, s)
			rec.waitOpen(t)
			for _, b := range tc.sends {
				rc.write(b)
			}
			rc.expectClose(CloseInvalidPayload)
			rc.write(tc.rest) // the server reads past the frame to find the close
			rc.sendFrame(true, wsframe.OpClose, []byte{0x03, 0xef})
			rc.expectEOF()
			if got := rec.waitClose(t); got != CloseInvalidPayload {
				t.Fatalf("OnClose code %d", got)
			}
		})
	}
	t.Run("code point split across fragments is valid", func(t *testing.T) {
		rc := upgrade(t, s)
		rec.waitOpen(t)
		rc.sendFrame(false, wsframe.OpText, euro[:1])
		rc.sendFrame(false, wsframe.OpContinuation, euro[1:2])
		rc.sendFrame(true, wsframe.OpContinuation, euro[2:])
		if ev := rc.next(); ev.Kind != wsframe.EventMessage || string(ev.Payload) != "€" {
			t.Fatalf("got %v %q", ev.Kind, ev.Payload)
		}
	})
}

// TestServerCloseEndsTCPWhenThePeerAnswers checks RFC 6455 §7.1.1 after a
// close the server started: data frames the client sends afterwards are
// discarded, and TCP is closed as soon as the client's close frame arrives,
// long before CloseTimeout (a minute here; expectEOF gives up after 5 s).
func TestServerCloseEndsTCPWhenThePeerAnswers(t *testing.T) {
	mask := [4]byte{3, 1, 4, 1}
	text := func(s string) []byte { return wsframe.AppendMaskedFrame(nil, true, 0, wsframe.OpText, mask, []byte(s)) }
	tests := []struct {
		name    string
		trigger []byte
		code    uint16
		// tail is what the client sends between the server's close and its
		// own (the rest of an oversize frame, more messages, pings).
		tail []byte
	}{
		{"protocol error", wsframe.AppendFrame(nil, wsframe.OpText, []byte("unmasked")), CloseProtocolError,
			concatBytes(text("after the close"), wsframe.AppendMaskedFrame(nil, true, 0, wsframe.OpPing, mask, []byte("p")))},
		{"invalid utf8 mid-frame", wsframe.AppendMaskedFrame(nil, false, 0, wsframe.OpText, mask, []byte("x\xffy")), CloseInvalidPayload,
			concatBytes(wsframe.AppendMaskedFrame(nil, true, 0, wsframe.OpContinuation, mask, []byte("end")), text("more"))},
		{"message too big, payload sent anyway", []byte{0x81, 0x80 | 126, 0x07, 0xd0, 1, 2, 3, 4}, CloseMessageTooBig,
			concatBytes(bytes.Repeat([]byte{'z'}, 2000), text("and another"))},
		{"binary message", wsframe.AppendMaskedFrame(nil, true, 0, wsframe.OpBinary, mask, []byte{1}), CloseUnsupportedData, text("late")},
		{"policy close by the handler", text("close:1008"), ClosePolicyViolation, text("still talking")},
	}
	rec := newRecorder()
	s := startServer(t, Config{MaxMessageSize: 1000, CloseTimeout: time.Minute}, rec)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rc := upgrade(t, s)
			rec.waitOpen(t)
			rc.write(tc.trigger)
			rc.expectClose(tc.code)
			start := time.Now()
			rc.write(concatBytes(tc.tail, wsframe.AppendMaskedFrame(nil, true, 0, wsframe.OpClose, mask, []byte{byte(tc.code >> 8), byte(tc.code)})))
			rc.expectEOF()
			if waited := time.Since(start); waited > 2*time.Second {
				t.Fatalf("TCP closed %v after the client's close", waited)
			}
			if got := rec.waitClose(t); got != tc.code {
				t.Fatalf("OnClose code %d, want %d", got, tc.code)
			}
		})
	}
	t.Run("the peer's invalid close ends TCP at once", func(t *testing.T) {
		rc := upgrade(t, s)
		rec.waitOpen(t)
		rc.sendFrame(true, wsframe.OpClose, []byte{0x03}) // one-byte payload
		rc.expectClose(CloseProtocolError)
		rc.expectEOF()
		if got := rec.waitClose(t); got != CloseProtocolError {
			t.Fatalf("OnClose code %d", got)
		}
	})
	rec.mu.Lock()
	defer rec.mu.Unlock()
	for _, m := range rec.msgs {
		switch string(m) {
		case "after the close", "more", "and another", "late", "still talking":
			t.Errorf("message %q sent after the server's close reached the handler", m)
		}
	}
}

func concatBytes(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func TestDefaultOriginPolicyOnTheWire(t *testing.T) {
	s := startServer(t, Config{}, newRecorder()) // no AllowedOrigins: the own host only
	host := s.Addr().String()                    // 127.0.0.1:port
	tests := []struct {
		name   string
		origin string
		status int
	}{
		{"no Origin (bench harness, Go clients)", "", 101},
		{"the page's own host and port", "http://" + host, 101},
		{"the page's own host on the site's port", "http://127.0.0.1:8080", 101},
		{"the own host over https", "https://127.0.0.1", 101},
		{"a foreign origin", "https://evil.example", 403},
		{"another name of this machine", "http://localhost:8080", 403},
		{"null origin", "null", 403},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var extra []string
			if tc.origin != "" {
				extra = append(extra, "Origin: "+tc.origin)
			}
			rc := dialRaw(t, s, upgradeRequest(host, "/ws", extra...))
			resp := rc.response()
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.status)
			}
			if tc.status != http.StatusSwitchingProtocols {
				rc.expectEOF()
			}
		})
	}
}

func TestSlowlorisHeadIsDroppedAtTheHandshakeTimeout(t *testing.T) {
	s := startServer(t, Config{HandshakeTimeout: 200 * time.Millisecond}, newRecorder())
	rc := dialRaw(t, s, "")
	req := upgradeRequest(s.Addr().String(), "/ws")
	start := time.Now()
	tick := time.NewTicker(20 * time.Millisecond) // the attacker's pace: one byte per tick
	defer tick.Stop()
	for i := 0; i < len(req)-1; i++ {
		if _, err := rc.conn.Write([]byte{req[i]}); err != nil {
			break // dropped while trickling
		}
		if time.Since(start) > 5*time.Second {
			t.Fatal("still accepting bytes of the head after 5s")
		}
		<-tick.C
	}
	rc.expectEOF()
	if waited := time.Since(start); waited < 200*time.Millisecond {
		t.Fatalf("dropped after %v, before the handshake timeout", waited)
	}
}
