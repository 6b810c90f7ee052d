package gateway

import (
	"context"
	"testing"
	"time"
	"unsafe"

	"github.com/panjf2000/gnet/v2"

	"courtside/gateway/wsframe"
)

// TestAConnStaysInItsSizeClass: every open connection keeps one Conn, so its size is part of an
// idle connection's memory (issue 24). A field that takes it past 320 bytes costs every
// connection 32 more (Go's next size class is 352): group small fields, narrow counters, or keep
// the state in a struct made when it is first needed.
func TestAConnStaysInItsSizeClass(t *testing.T) {
	if n := unsafe.Sizeof(Conn{}); n > 320 {
		t.Fatalf("gateway Conn is %d bytes, over 320", n)
	}
}

// onLoop runs fn on c's event loop and waits for it.
func onLoop(t *testing.T, c *Conn, fn func()) {
	t.Helper()
	done := make(chan struct{})
	if err := c.l.el.Execute(context.Background(), gnet.RunnableFunc(func(context.Context) error {
		defer close(done)
		fn()
		return nil
	})); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the event loop did not run the task within 5s")
	}
}

// TestAConnectionIdleForASweepLetsItsRingGo: an idle connection keeps no outbound ring (issue 24),
// a busy one keeps its ring from sweep to sweep, and a frame after the ring went makes a new one.
func TestAConnectionIdleForASweepLetsItsRingGo(t *testing.T) {
	rec := newRecorder()
	s := startServer(t, Config{}, rec)
	rc := dialRaw(t, s, upgradeRequest(s.Addr().String(), "/ws?v=1"))
	if resp := rc.response(); resp.StatusCode != 101 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	c := rec.waitOpen(t)
	echo := func(msg string) {
		t.Helper()
		rc.sendFrame(true, wsframe.OpText, []byte(msg))
		if ev := rc.next(); string(ev.Payload) != msg {
			t.Fatalf("echo %q, want %q", ev.Payload, msg)
		}
	}
	sweepAndLook := func() (ring []*Frame) {
		onLoop(t, c, func() {
			c.sweep(time.Now().UnixNano())
			c.mu.Lock()
			ring = c.ring
			c.mu.Unlock()
		})
		return ring
	}
	echo("hello")
	if sweepAndLook() == nil {
		t.Fatal("a ring used since the last sweep was let go")
	}
	if sweepAndLook() != nil {
		t.Fatal("a ring unused for a whole sweep is kept")
	}
	echo("again")
	if sweepAndLook() == nil {
		t.Fatal("a frame after the ring went made none")
	}
}
