package gateway

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

func dialStrict(t *testing.T, s *Server) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, "ws://"+s.Addr().String()+"/ws?v=1", nil)
	if err != nil {
		t.Fatalf("dial: %v (resp %v)", err, resp)
	}
	c.SetReadLimit(1 << 21)
	return c
}

func TestStrictClientEchoesMessagesOfEverySize(t *testing.T) {
	rec := newRecorder()
	inOpen := make(chan *Request, 1)
	rec.onOpenF = func(c *Conn) { inOpen <- c.Request() }
	s := startServer(t, Config{MaxMessageSize: 1 << 20}, rec)
	c := dialStrict(t, s)
	defer c.CloseNow()
	conn := rec.waitOpen(t)
	if req := <-inOpen; req.Path != "/ws" || req.Query().Get("v") != "1" || !req.RemoteIP.IsLoopback() || !conn.RemoteIP().IsLoopback() {
		t.Fatalf("request %+v", req)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, size := range []int{0, 1, 125, 126, 127, 65535, 65536, 200000} {
		msg := []byte(strings.Repeat("é", size/2) + strings.Repeat("a", size%2))
		if err := c.Write(ctx, websocket.MessageText, msg); err != nil {
			t.Fatalf("size %d: write: %v", size, err)
		}
		typ, got, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("size %d: read: %v", size, err)
		}
		if typ != websocket.MessageText || !bytes.Equal(got, msg) {
			t.Fatalf("size %d: echo differs (type %v, %d bytes)", size, typ, len(got))
		}
	}
}

func TestStrictClientPingIsAnswered(t *testing.T) {
	s := startServer(t, Config{}, newRecorder())
	c := dialStrict(t, s)
	defer c.CloseNow()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	readCtx := c.CloseRead(ctx) // Ping needs a concurrent reader
	for i := range 3 {
		if err := c.Ping(ctx); err != nil {
			t.Fatalf("ping %d: %v", i, err)
		}
	}
	_ = readCtx
}

func TestStrictClientCloseHandshake(t *testing.T) {
	tests := []struct {
		name     string
		byServer bool
		code     websocket.StatusCode
	}{
		{"client closes normally", false, websocket.StatusNormalClosure},
		{"client closes going away", false, websocket.StatusGoingAway},
		{"client closes with application code", false, 4321},
		{"server closes normally", true, websocket.StatusNormalClosure},
		{"server closes with policy violation", true, websocket.StatusPolicyViolation},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := newRecorder()
			s := startServer(t, Config{}, rec)
			c := dialStrict(t, s)
			defer c.CloseNow()
			rec.waitOpen(t)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if tc.byServer {
				if err := c.Write(ctx, websocket.MessageText, fmt.Appendf(nil, "close:%d", tc.code)); err != nil {
					t.Fatal(err)
				}
				_, _, err := c.Read(ctx)
				if got := websocket.CloseStatus(err); got != tc.code {
					t.Fatalf("client saw close %v (%v), want %v", got, err, tc.code)
				}
			} else if err := c.Close(tc.code, "bye"); err != nil {
				t.Fatalf("close handshake: %v", err)
			}
			if got := rec.waitClose(t); got != uint16(tc.code) {
				t.Fatalf("OnClose code %d, want %d", got, tc.code)
			}
		})
	}
}

func TestStrictClientSeesGoingAwayOnShutdown(t *testing.T) {
	rec := newRecorder()
	s := New(Config{Addr: "127.0.0.1:0"}, rec)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	<-s.Ready()
	c := dialStrict(t, s)
	defer c.CloseNow()
	rec.waitOpen(t)
	readErr := make(chan error, 1)
	go func() {
		_, _, err := c.Read(context.Background())
		readErr <- err
	}()
	cancel()
	select {
	case err := <-readErr:
		if websocket.CloseStatus(err) != websocket.StatusGoingAway {
			t.Fatalf("client read %v, want close 1001", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no close frame after shutdown")
	}
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	if got := rec.waitClose(t); got != 1001 {
		t.Fatalf("OnClose code %d, want 1001", got)
	}
}
