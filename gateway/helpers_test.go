package gateway

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"courtside/gateway/wsframe"
)

// recorder is a Handler that echoes text messages (as priority frames) and
// records what happened. A message "close:<code>" makes the server close.
type recorder struct {
	mu      sync.Mutex
	opened  chan *Conn
	closed  chan uint16
	msgs    [][]byte
	noEcho  bool
	onOpenF func(*Conn)
}

func newRecorder() *recorder {
	return &recorder{opened: make(chan *Conn, 64), closed: make(chan uint16, 64)}
}

func (r *recorder) OnOpen(c *Conn) {
	if r.onOpenF != nil {
		r.onOpenF(c)
	}
	r.opened <- c
}

func (r *recorder) OnMessage(c *Conn, msg []byte) {
	r.mu.Lock()
	r.msgs = append(r.msgs, bytes.Clone(msg))
	r.mu.Unlock()
	if code, ok := strings.CutPrefix(string(msg), "close:"); ok {
		var n uint16
		fmt.Sscan(code, &n)
		c.Close(n, "asked")
		return
	}
	if !r.noEcho {
		c.SendText(msg)
	}
}

func (r *recorder) OnClose(c *Conn, code uint16) { r.closed <- code }

func (r *recorder) waitOpen(t *testing.T) *Conn {
	t.Helper()
	select {
	case c := <-r.opened:
		return c
	case <-time.After(5 * time.Second):
		t.Fatal("no OnOpen within 5s")
		return nil
	}
}

func (r *recorder) waitClose(t *testing.T) uint16 {
	t.Helper()
	select {
	case code := <-r.closed:
		return code
	case <-time.After(10 * time.Second):
		t.Fatal("no OnClose within 10s")
		return 0
	}
}

// startServer runs a server on 127.0.0.1:0 until the test ends.
func startServer(t testing.TB, cfg Config, h Handler) *Server {
	t.Helper()
	if cfg.Addr == "" {
		cfg.Addr = "127.0.0.1:0"
	}
	s := New(cfg, h)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	select {
	case <-s.Ready():
	case err := <-done:
		cancel()
		t.Fatalf("server did not start: %v", err)
	case <-time.After(10 * time.Second):
		cancel()
		t.Fatal("server not ready within 10s")
	}
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run: %v", err)
			}
		case <-time.After(20 * time.Second):
			t.Error("Run did not return within 20s of cancel")
		}
	})
	return s
}

// rawClient speaks WebSocket by hand so tests can send anything.
type rawClient struct {
	t    testing.TB
	conn net.Conn
	br   *bufio.Reader
	dec  wsframe.Decoder
	buf  []byte
	mask [4]byte
}

const testKey = "dGhlIHNhbXBsZSBub25jZQ=="

func upgradeRequest(host, path string, extra ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n", path, host, testKey)
	for _, h := range extra {
		b.WriteString(h + "\r\n")
	}
	b.WriteString("\r\n")
	return b.String()
}

// dialRaw opens a TCP connection and sends request (nothing when empty).
func dialRaw(t testing.TB, s *Server, request string) *rawClient {
	t.Helper()
	conn, err := net.DialTimeout("tcp", s.Addr().String(), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	rc := wrapRaw(t, conn)
	if request != "" {
		if _, err := io.WriteString(conn, request); err != nil {
			t.Fatal(err)
		}
	}
	return rc
}

// wrapRaw makes a raw client of an open connection, closed when the test ends.
func wrapRaw(t testing.TB, conn net.Conn) *rawClient {
	t.Cleanup(func() { conn.Close() })
	rc := &rawClient{t: t, conn: conn, br: bufio.NewReader(conn), mask: [4]byte{9, 8, 7, 6}}
	rc.dec.ClientMode = true
	return rc
}

// upgrade dials and completes a valid handshake.
func upgrade(t testing.TB, s *Server) *rawClient {
	t.Helper()
	rc := dialRaw(t, s, upgradeRequest(s.Addr().String(), "/ws"))
	resp := rc.response()
	if resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("status %d, want 101", resp.StatusCode)
	}
	if got := resp.Header.Get("Sec-WebSocket-Accept"); got != "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=" {
		t.Fatalf("Sec-WebSocket-Accept %q", got)
	}
	return rc
}

func (rc *rawClient) response() *http.Response {
	rc.t.Helper()
	rc.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(rc.br, nil)
	if err != nil {
		rc.t.Fatalf("reading HTTP response: %v", err)
	}
	return resp
}

func (rc *rawClient) write(b []byte) {
	rc.t.Helper()
	if _, err := rc.conn.Write(b); err != nil {
		rc.t.Fatalf("write: %v", err)
	}
}

func (rc *rawClient) sendFrame(fin bool, op wsframe.Opcode, payload []byte) {
	rc.write(wsframe.AppendMaskedFrame(nil, fin, 0, op, rc.mask, payload))
}

// next returns the next server event (copied), failing after 5s.
func (rc *rawClient) next() wsframe.Event {
	rc.t.Helper()
	ev, err := rc.nextErr(5 * time.Second)
	if err != nil {
		rc.t.Fatalf("reading frame: %v", err)
	}
	return ev
}

func (rc *rawClient) nextErr(timeout time.Duration) (wsframe.Event, error) {
	rc.conn.SetReadDeadline(time.Now().Add(timeout))
	for {
		if len(rc.buf) > 0 {
			ev, n, err := rc.dec.Next(rc.buf)
			rc.buf = rc.buf[n:]
			if err != nil {
				return ev, err
			}
			if ev.Kind != wsframe.EventNone {
				ev.Payload = bytes.Clone(ev.Payload)
				ev.Reason = bytes.Clone(ev.Reason)
				return ev, nil
			}
		}
		chunk := make([]byte, 32<<10)
		n, err := rc.br.Read(chunk)
		if n == 0 && err != nil {
			return wsframe.Event{}, err
		}
		rc.buf = append(rc.buf, chunk[:n]...)
	}
}

// expectClose reads until a close frame (skipping pings) and checks its code.
func (rc *rawClient) expectClose(want uint16) {
	rc.t.Helper()
	for {
		ev := rc.next()
		switch ev.Kind {
		case wsframe.EventPing, wsframe.EventPong:
			continue
		case wsframe.EventClose:
			if ev.Code != want {
				rc.t.Fatalf("close code %d (%q), want %d", ev.Code, ev.Reason, want)
			}
			return
		default:
			rc.t.Fatalf("got %v frame of %d bytes, want close %d", ev.Kind, len(ev.Payload), want)
		}
	}
}

// expectEOF checks that the server drops the TCP connection.
func (rc *rawClient) expectEOF() {
	rc.t.Helper()
	rc.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, err := io.Copy(io.Discard, rc.br)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		rc.t.Fatal("server kept the TCP connection open")
	}
}

// metricValue reads one counter or gauge from reg (label pairs optional).
func metricValue(t testing.TB, reg *prometheus.Registry, name string, labels ...string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
	next:
		for _, m := range mf.GetMetric() {
			for i := 0; i+1 < len(labels); i += 2 {
				found := false
				for _, lp := range m.GetLabel() {
					if lp.GetName() == labels[i] && lp.GetValue() == labels[i+1] {
						found = true
					}
				}
				if !found {
					continue next
				}
			}
			if m.Counter != nil {
				return m.Counter.GetValue()
			}
			return m.Gauge.GetValue()
		}
	}
	return 0
}

// eventually polls cond until it holds or the deadline passes.
func eventually(t testing.TB, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", within, what)
		}
		time.Sleep(2 * time.Millisecond) // polling interval, not synchronisation
	}
}

// consistently checks that cond holds throughout an observation window.
func consistently(t testing.TB, window time.Duration, what string, cond func() bool) {
	t.Helper()
	end := time.Now().Add(window)
	for time.Now().Before(end) {
		if !cond() {
			t.Fatalf("%s: condition broke within %v", what, window)
		}
		time.Sleep(5 * time.Millisecond) // polling interval, not synchronisation
	}
}
