package client_test

import (
	"bytes"
	"context"
	"fmt"
	"net/netip"
	"os"
	"strings"
	"testing"
	"time"

	"courtside/bench/client"
	"courtside/gateway"
)

// echo is a gateway handler that echoes every message, and closes with the code a "close:N" asks.
type echo struct{ closed chan uint16 }

func (e *echo) OnOpen(*gateway.Conn) {}
func (e *echo) OnMessage(c *gateway.Conn, msg []byte) {
	if code, ok := strings.CutPrefix(string(msg), "close:"); ok {
		var n uint16
		fmt.Sscan(code, &n)
		c.Close(n, "asked")
		return
	}
	c.SendText(bytes.Clone(msg))
}
func (e *echo) OnClose(_ *gateway.Conn, code uint16) { e.closed <- code }

// recorder collects a loop's events; it runs on the loop goroutine and reports over channels.
type recorder struct {
	opened chan *client.Conn
	msgs   chan string
	closed chan int
	onOpen func(*client.Conn)
}

func (r *recorder) Open(c *client.Conn) {
	if r.onOpen != nil {
		r.onOpen(c)
	}
	r.opened <- c
}
func (r *recorder) Message(c *client.Conn, data []byte)        { r.msgs <- string(data) }
func (r *recorder) Closed(c *client.Conn, code int, err error) { r.closed <- code }

func startEcho(t *testing.T) (netip.AddrPort, *echo) {
	t.Helper()
	h := &echo{closed: make(chan uint16, 1024)}
	srv := gateway.New(gateway.Config{Addr: "127.0.0.1:0", MaxMessageSize: 1 << 20}, h)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	select {
	case <-srv.Ready():
	case err := <-done:
		t.Fatalf("gateway: %v", err)
	}
	t.Cleanup(func() { cancel(); <-done })
	return netip.MustParseAddrPort(srv.Addr().String()), h
}

func startLoop(t *testing.T, r *recorder) *client.Loop {
	t.Helper()
	l, err := client.New(client.Config{}, r)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	return l
}

func recv[T any](t *testing.T, ch chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(10 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
		panic("unreachable")
	}
}

func TestManyConnectionsFromSeveralSourceAddressesEchoEverySize(t *testing.T) {
	dst, _ := startEcho(t)
	const conns = 300
	sizes := []int{0, 1, 125, 126, 65535, 65536, 300000}
	r := &recorder{opened: make(chan *client.Conn, conns), msgs: make(chan string, conns*len(sizes)), closed: make(chan int, conns)}
	r.onOpen = func(c *client.Conn) {
		for _, n := range sizes {
			c.Send([]byte(fmt.Sprintf("%d:", n) + strings.Repeat("x", n)))
		}
	}
	l := startLoop(t, r)
	srcs := []netip.Addr{netip.MustParseAddr("127.0.0.2"), netip.MustParseAddr("127.0.0.3")}
	l.Post(func() {
		for i := 0; i < conns; i++ {
			if _, err := l.Dial(srcs[i%2], dst, dst.String(), "/ws?v=1", i); err != nil {
				t.Errorf("dial: %v", err)
			}
		}
	})
	for i := 0; i < conns; i++ {
		recv(t, r.opened, "open")
	}
	got := map[int]int{}
	for i := 0; i < conns*len(sizes); i++ {
		m := recv(t, r.msgs, "echo")
		var n int
		fmt.Sscanf(m, "%d:", &n)
		if len(m) != len(fmt.Sprint(n))+1+n {
			t.Fatalf("echo of a %d-byte message has %d bytes", n, len(m))
		}
		got[n]++
	}
	for _, n := range sizes {
		if got[n] != conns {
			t.Errorf("size %d echoed %d times, want %d", n, got[n], conns)
		}
	}
}

func TestCloseCodesReachBothSides(t *testing.T) {
	dst, srv := startEcho(t)
	r := &recorder{opened: make(chan *client.Conn, 4), msgs: make(chan string, 4), closed: make(chan int, 4)}
	l := startLoop(t, r)
	dial := func() *client.Conn {
		l.Post(func() {
			if _, err := l.Dial(netip.Addr{}, dst, dst.String(), "/ws?v=1", nil); err != nil {
				t.Errorf("dial: %v", err)
			}
		})
		return recv(t, r.opened, "open")
	}

	c := dial()
	l.Post(func() { c.Send([]byte("close:4008")) })
	if code := recv(t, r.closed, "client close"); code != 4008 {
		t.Errorf("server close: client saw %d, want 4008", code)
	}
	if code := recv(t, srv.closed, "server close"); code != 4008 {
		t.Errorf("server close: server saw %d", code)
	}

	c = dial()
	l.Post(func() { c.Close(1000) })
	if code := recv(t, r.closed, "client close"); code != 1000 {
		t.Errorf("client close: client saw %d, want 1000", code)
	}
	if code := recv(t, srv.closed, "server close"); code != 1000 {
		t.Errorf("client close: server saw %d, want 1000", code)
	}

	c = dial()
	l.Post(func() { c.Abort() })
	if code := recv(t, r.closed, "abort"); code != 1006 {
		t.Errorf("abort: client saw %d, want 1006", code)
	}
	if code := recv(t, srv.closed, "server close"); code != 1006 {
		t.Errorf("abort: server saw %d, want 1006", code)
	}
}

func TestRefusedUpgradeIsReported(t *testing.T) {
	dst, _ := startEcho(t)
	r := &recorder{opened: make(chan *client.Conn, 1), msgs: make(chan string, 1), closed: make(chan int, 1)}
	l := startLoop(t, r)
	l.Post(func() { l.Dial(netip.Addr{}, dst, dst.String(), "/nope", nil) })
	if code := recv(t, r.closed, "refusal"); code != 0 {
		t.Fatalf("refused upgrade: code %d, want 0 (never opened)", code)
	}
}

func TestPostAfterTheLoopStoppedWritesNothing(t *testing.T) {
	r := &recorder{opened: make(chan *client.Conn, 1), msgs: make(chan string, 1), closed: make(chan int, 1)}
	l, err := client.New(client.Config{}, r)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- l.Run(context.Background()) }()
	l.Stop()
	<-done
	// The loop's eventfd number is free again; a file opened now may get it. Post must not write it.
	var files []*os.File
	for i := 0; i < 2; i++ { // the epoll and the eventfd numbers
		f, err := os.CreateTemp(t.TempDir(), "reused")
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		files = append(files, f)
	}
	ran := false
	l.Post(func() { ran = true })
	l.Stop()
	for _, f := range files {
		if st, _ := f.Stat(); st.Size() != 0 || ran {
			t.Fatalf("a Post after Run returned wrote %d bytes into a reused descriptor (ran %v)", st.Size(), ran)
		}
	}
}
