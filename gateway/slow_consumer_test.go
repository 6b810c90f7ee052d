package gateway

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"syscall"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"courtside/gateway/wsframe"
)

// dialSmallWindow upgrades from a socket with a 4 KiB receive buffer, so a
// client that does not read pushes back on the server almost at once.
func dialSmallWindow(t *testing.T, s *Server) *rawClient {
	t.Helper()
	d := net.Dialer{Timeout: 5 * time.Second, Control: func(_, _ string, rc syscall.RawConn) error {
		var serr error
		err := rc.Control(func(fd uintptr) {
			serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096)
		})
		if err != nil {
			return err
		}
		return serr
	}}
	conn, err := d.DialContext(context.Background(), "tcp", s.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	rc := &rawClient{t: t, conn: conn, br: bufio.NewReader(conn), mask: [4]byte{1, 1, 1, 1}}
	rc.dec.ClientMode = true
	rc.write([]byte(upgradeRequest(s.Addr().String(), "/ws")))
	if resp := rc.response(); resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("status %d", resp.StatusCode)
	}
	return rc
}

func slowConfig(reg *prometheus.Registry) Config {
	return Config{
		OutboundLimit:     64 << 10,
		SlowConsumerGrace: 300 * time.Millisecond,
		CloseTimeout:      10 * time.Second, // time for the test to read the backlog
		SocketSendBuffer:  4096,
		Registerer:        reg,
	}
}

func TestSlowConsumerDropsOrdinaryKeepsPriorityThenCloses4008(t *testing.T) {
	reg := prometheus.NewRegistry()
	rec := newRecorder()
	rec.noEcho = true
	s := startServer(t, slowConfig(reg), rec)
	rc := dialSmallWindow(t, s)
	c := rec.waitOpen(t)

	// Send one frame at a time and let the loop hand it to gnet, so what
	// fills up is the socket path, not a burst in the ring: the first
	// refusal then means the client really stopped reading.
	ordinary := NewFrame(bytes.Repeat([]byte("o"), 8<<10), false)
	accepted := 0
	for c.Send(ordinary) {
		accepted++
		if accepted > 1000 {
			t.Fatal("1000 frames (8 MiB) accepted for a client that never reads")
		}
		eventually(t, 5*time.Second, "frame handed to gnet", func() bool {
			c.mu.Lock()
			defer c.mu.Unlock()
			return c.n == 0
		})
	}
	for range 10 {
		if c.Send(ordinary) {
			t.Fatal("ordinary frame accepted while over the limit")
		}
	}
	if c.Dropped() != 11 {
		t.Fatalf("Dropped() = %d, want 11", c.Dropped())
	}
	if got := metricValue(t, reg, "courtside_gateway_frames_dropped_total"); got != 11 {
		t.Fatalf("frames_dropped_total = %v, want 11", got)
	}
	// A priority frame as big as the ordinary ones being dropped is queued.
	priority := append([]byte("PRIORITY"), bytes.Repeat([]byte("p"), 8<<10)...)
	if !c.Send(NewFrame(priority, true)) {
		t.Fatal("priority frame refused below the hard cap")
	}
	eventually(t, 5*time.Second, "slow-consumer close", func() bool {
		return metricValue(t, reg, "courtside_gateway_slow_consumer_closes_total") == 1
	})
	if c.Send(NewFrame([]byte("late"), true)) {
		t.Fatal("Send accepted a frame after the close started")
	}

	// Now read the backlog: every accepted frame, the priority one, then 4008.
	got := 0
	for {
		ev := rc.next()
		if ev.Kind == wsframe.EventClose {
			if ev.Code != CloseSlowConsumer {
				t.Fatalf("close code %d, want 4008", ev.Code)
			}
			break
		}
		if ev.Kind != wsframe.EventMessage {
			continue
		}
		if bytes.HasPrefix(ev.Payload, []byte("PRIORITY")) {
			if got != accepted {
				t.Fatalf("priority frame after %d ordinary frames, %d were accepted", got, accepted)
			}
			got = -1 << 20
			continue
		}
		got++
	}
	if got >= 0 {
		t.Fatal("priority frame never delivered")
	}
	rc.sendFrame(true, wsframe.OpClose, []byte{0x0f, 0xa8})
	rc.expectEOF()
	if code := rec.waitClose(t); code != CloseSlowConsumer {
		t.Fatalf("OnClose code %d", code)
	}
	if v := metricValue(t, reg, "courtside_gateway_close_codes_sent_total", "code", "4008"); v != 1 {
		t.Fatalf("close_codes_sent_total{code=4008} = %v", v)
	}
}

func TestPriorityFramesPastHardCapClose4008(t *testing.T) {
	reg := prometheus.NewRegistry()
	rec := newRecorder()
	rec.noEcho = true
	cfg := slowConfig(reg)
	cfg.SlowConsumerGrace = time.Hour // only the hard cap may close it
	s := startServer(t, cfg, rec)
	rc := dialSmallWindow(t, s)
	c := rec.waitOpen(t)

	prio := NewFrame(bytes.Repeat([]byte("p"), 8<<10), true)
	sent := 0
	for c.Send(prio) {
		sent++
		if sent > 1000 {
			t.Fatal("hard cap never reached")
		}
	}
	if min := cfg.OutboundLimit / prio.Len(); sent < min {
		t.Fatalf("refused after %d priority frames, below the %d-byte limit", sent, cfg.OutboundLimit)
	}
	if v := metricValue(t, reg, "courtside_gateway_slow_consumer_closes_total"); v != 1 {
		t.Fatalf("slow_consumer_closes_total = %v", v)
	}
	for { // the queued priority frames come first
		ev := rc.next()
		if ev.Kind == wsframe.EventMessage {
			continue
		}
		if ev.Kind != wsframe.EventClose || ev.Code != CloseSlowConsumer {
			t.Fatalf("got %v code %d, want close 4008", ev.Kind, ev.Code)
		}
		break
	}
	rc.conn.Close()
	if code := rec.waitClose(t); code != CloseSlowConsumer {
		t.Fatalf("OnClose code %d", code)
	}
}

func TestReadingClientRecoversFromBackpressure(t *testing.T) {
	reg := prometheus.NewRegistry()
	rec := newRecorder()
	rec.noEcho = true
	cfg := slowConfig(reg)
	cfg.SlowConsumerGrace = time.Second // generous: a loaded machine must not make it flaky
	s := startServer(t, cfg, rec)
	rc := dialSmallWindow(t, s)
	c := rec.waitOpen(t)
	ordinary := NewFrame(bytes.Repeat([]byte("o"), 8<<10), false)
	for range 50 {
		c.Send(ordinary)
	}
	if c.Dropped() == 0 {
		t.Fatal("expected drops while the client was not reading")
	}
	// The client catches up well within the grace period and keeps reading.
	go func() { _, _ = io.Copy(io.Discard, rc.conn) }()
	eventually(t, 5*time.Second, "queue drained", func() bool {
		return c.Send(NewFrame([]byte("after"), false))
	})
	consistently(t, s.cfg.SlowConsumerGrace*3/2, "no slow-consumer close", func() bool {
		return metricValue(t, reg, "courtside_gateway_slow_consumer_closes_total") == 0
	})
}
