package gateway

import (
	"fmt"
	"sync"
	"testing"

	"courtside/gateway/wsframe"
)

func TestBroadcastDeliversOneFrameToEveryClientOnAllLoops(t *testing.T) {
	rec := newRecorder()
	s := startServer(t, Config{Multicore: true}, rec)
	const n = 24
	clients := make([]*rawClient, n)
	conns := make([]*Conn, n)
	for i := range clients {
		clients[i] = upgrade(t, s)
		conns[i] = rec.waitOpen(t)
	}
	for round := range 3 {
		f := NewFrame(fmt.Appendf(nil, `{"t":"batch","round":%d}`, round), round == 1)
		if sent := Broadcast(f, conns); sent != n {
			t.Fatalf("round %d: Broadcast accepted %d of %d", round, sent, n)
		}
	}
	var wg sync.WaitGroup
	for i, rc := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := range 3 {
				ev, err := rc.nextErr(5e9)
				want := fmt.Sprintf(`{"t":"batch","round":%d}`, round)
				if err != nil || ev.Kind != wsframe.EventMessage || string(ev.Payload) != want {
					t.Errorf("client %d round %d: %v %q", i, round, err, ev.Payload)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestSendIsRefusedOnceClosing(t *testing.T) {
	rec := newRecorder()
	s := startServer(t, Config{}, rec)
	rc := upgrade(t, s)
	c := rec.waitOpen(t)
	c.SetContext("session-1")
	if !c.SendText([]byte("before")) {
		t.Fatal("Send refused on an open connection")
	}
	c.Close(CloseNormal, "done")
	if c.Send(NewFrame([]byte("after"), true)) {
		t.Fatal("Send accepted after Close")
	}
	if ev := rc.next(); string(ev.Payload) != "before" {
		t.Fatalf("got %q, want the frame queued before Close", ev.Payload)
	}
	rc.expectClose(CloseNormal)
	rc.sendFrame(true, wsframe.OpClose, []byte{0x03, 0xe8})
	rc.expectEOF()
	if code := rec.waitClose(t); code != CloseNormal {
		t.Fatalf("OnClose code %d", code)
	}
	if c.Context() != "session-1" {
		t.Fatalf("Context() = %v", c.Context())
	}
}

func TestCloseWithUnsendableCodeSends1000(t *testing.T) {
	rec := newRecorder()
	s := startServer(t, Config{}, rec)
	rc := upgrade(t, s)
	c := rec.waitOpen(t)
	c.Close(CloseAbnormal, "1006 must never be on the wire")
	rc.expectClose(CloseNormal)
}
