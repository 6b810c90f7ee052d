package engine_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/coder/websocket"

	"courtside/storage/postgres/pgtest"
)

// dialCompressed connects with permessage-deflate offered (no context
// takeover, as the gateway requires) and authenticates with token.
func dialCompressed(t *testing.T, url, token string) *client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	c, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{
		CompressionMode: websocket.CompressionNoContextTakeover, CompressionThreshold: 64,
	})
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	if got := resp.Header.Get("Sec-WebSocket-Extensions"); got == "" {
		t.Fatal("the node did not negotiate permessage-deflate")
	}
	c.SetReadLimit(1 << 20)
	cl := &client{t: t, c: c, ctx: ctx, in: make(chan map[string]any, 4096), err: make(chan error, 1)}
	go cl.read()
	t.Cleanup(func() { c.CloseNow() })
	cl.send(map[string]any{"t": "auth", "token": token, "lan": "en_US"})
	cl.user = cl.expect("welcome", nil)["user"].(map[string]any)
	return cl
}

// Issue 24: one room, a compressing and a plain subscriber (and senders of
// both kinds); both read the same chat lines in the same order.
func TestCompressedAndPlainViewersReadTheSameChat(t *testing.T) {
	n := startNode(t, pgtest.NewDatabase(t), t.TempDir(), nil, people)
	zSender, pSender := dialCompressed(t, n.ws, "viewer"), dialAs(t, n.ws, "other")
	zGuest, pGuest := dialCompressed(t, n.ws, ""), dial(t, n.ws)
	for _, c := range []*client{zSender, pSender, zGuest, pGuest} {
		c.join("1001", nil)
	}
	var want []string
	for i := range 12 {
		from := zSender
		if i%2 == 1 {
			from = pSender
		}
		// Long enough that the clients compress what they send, and the
		// gateway the batches it writes.
		text := fmt.Sprintf("line %d: what a three-pointer, what a three-pointer, what a game é", i)
		from.chat("1001", text, fmt.Sprintf("n%d", i))
		want = append(want, text)
	}
	read := func(c *client) []string {
		var got []string
		for _, e := range c.events("1001", func(evs []map[string]any) bool { return len(evs) >= len(want) }) {
			got = append(got, fmt.Sprintf("%v|%v", seqOf(e), e["text"]))
		}
		return got
	}
	zGot, pGot := read(zGuest), read(pGuest)
	if fmt.Sprint(zGot) != fmt.Sprint(pGot) {
		t.Fatalf("compressed viewer read %q\nplain viewer read %q", zGot, pGot)
	}
	for i, w := range want {
		if got := zGot[i]; got[len(got)-len(w):] != w {
			t.Fatalf("line %d: %q, want %q", i, got, w)
		}
	}
}
