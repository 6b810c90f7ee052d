package gateway

import (
	"bytes"
	"compress/flate"
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"courtside/gateway/wsframe"
)

const deflateOffer = "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits"

// upgradeDeflate dials and completes a handshake that negotiates
// permessage-deflate; the raw client's decoder inflates what it reads.
func upgradeDeflate(t *testing.T, s *Server) *rawClient {
	t.Helper()
	rc := dialRaw(t, s, upgradeRequest(s.Addr().String(), "/ws", deflateOffer))
	resp := rc.response()
	if resp.StatusCode != http.StatusSwitchingProtocols || resp.Header.Get("Sec-WebSocket-Extensions") != deflateAccepted {
		t.Fatalf("status %d, extensions %q", resp.StatusCode, resp.Header.Get("Sec-WebSocket-Extensions"))
	}
	rc.dec.Deflate = true
	return rc
}

// sendCompressed sends one masked message deflated without context takeover.
func (rc *rawClient) sendCompressed(op wsframe.Opcode, payload []byte) {
	rc.t.Helper()
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	_, _ = w.Write(payload)
	_ = w.Flush()
	z := bytes.TrimSuffix(buf.Bytes(), []byte{0, 0, 0xff, 0xff})
	rc.write(wsframe.AppendMaskedFrame(nil, true, wsframe.RSV1, op, rc.mask, z))
}

// rawFrame reads the next whole frame's header from the wire (and skips its
// payload), for tests that look at the bits the server set.
func (rc *rawClient) rawFrame() (wsframe.Header, []byte) {
	rc.t.Helper()
	rc.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		if h, n, err := wsframe.ParseHeader(rc.buf); err != nil {
			rc.t.Fatal(err)
		} else if n > 0 && len(rc.buf) >= n+int(h.Length) {
			payload := bytes.Clone(rc.buf[n : n+int(h.Length)])
			rc.buf = rc.buf[n+int(h.Length):]
			return h, payload
		}
		chunk := make([]byte, 32<<10)
		n, err := rc.br.Read(chunk)
		if n == 0 && err != nil {
			rc.t.Fatalf("reading frame: %v", err)
		}
		rc.buf = append(rc.buf, chunk[:n]...)
	}
}

// chatBatch is a room frame as the relay builds it: a batch of chat lines.
func chatBatch(seq int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `{"t":"batch","room":"1001","seq":%d,"ev":[`, seq)
	for i := range 6 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"k":"chat","seq":%d,"u":"u%d","n":"viewer%d","text":"what a shot number %d, what a game","ts":1764412345678}`, seq+i, 100+i, i, i)
	}
	b.WriteString("]}")
	return []byte(b.String())
}

func TestCompressedAndPlainSubscribersReceiveTheSameBroadcast(t *testing.T) {
	rec := newRecorder()
	rec.noEcho = true
	s := startServer(t, Config{}, rec)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	url := "ws://" + s.Addr().String() + "/ws"
	zc, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{CompressionMode: websocket.CompressionNoContextTakeover})
	if err != nil {
		t.Fatal(err)
	}
	defer zc.CloseNow()
	if got := resp.Header.Get("Sec-WebSocket-Extensions"); got != deflateAccepted {
		t.Fatalf("compressing client got extensions %q", got)
	}
	zconn := rec.waitOpen(t)
	pc, resp, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer pc.CloseNow()
	if got := resp.Header.Get("Sec-WebSocket-Extensions"); got != "" {
		t.Fatalf("plain client got extensions %q", got)
	}
	pconn := rec.waitOpen(t)
	raw := upgradeDeflate(t, s) // looks at the bits on the wire
	rconn := rec.waitOpen(t)
	if !zconn.Compressed() || pconn.Compressed() || !rconn.Compressed() {
		t.Fatal("Compressed does not match the negotiation")
	}

	var frames []*Frame
	var want []string
	for i := range 20 {
		p := chatBatch(i * 6)
		if i%5 == 4 {
			p = []byte(`{"t":"pong"}`) // short: sent plain to everyone
		}
		f := NewFrame(p, false)
		frames = append(frames, f)
		want = append(want, string(p))
		if n := Broadcast(f, []*Conn{zconn, pconn, rconn}); n != 3 {
			t.Fatalf("frame %d queued for %d connections", i, n)
		}
	}
	for name, c := range map[string]*websocket.Conn{"compressed": zc, "plain": pc} {
		for i, w := range want {
			typ, got, err := c.Read(ctx)
			if err != nil || typ != websocket.MessageText || string(got) != w {
				t.Fatalf("%s client, line %d: %q %v", name, i, got, err)
			}
		}
	}
	for i, w := range want {
		h, payload := raw.rawFrame()
		compressed := h.Rsv == wsframe.RSV1
		if compressed != (i%5 != 4) || !h.Fin || h.Op != wsframe.OpText {
			t.Fatalf("frame %d: header %+v", i, h)
		}
		got := payload
		if compressed {
			if got, err = wsframe.Inflate(nil, payload, 0); err != nil {
				t.Fatal(err)
			}
			if len(payload)*2 > len(w) {
				t.Errorf("frame %d: %d bytes compressed from %d: less than half saved", i, len(payload), len(w))
			}
		}
		if string(got) != w {
			t.Fatalf("frame %d: %q", i, got)
		}
	}
	// One compressed encoding per frame, shared by both compressing sockets.
	for i, f := range frames {
		z := f.wire(true)
		if i%5 != 4 && (len(z) >= len(f.b) || &z[0] != &f.wire(true)[0]) {
			t.Fatalf("frame %d: compressed encoding not made once", i)
		}
	}
}

func TestFrameIsCompressedOnlyForCompressingSubscribersAndOnce(t *testing.T) {
	f := NewFrame(chatBatch(1), false)
	if f.wire(false); f.z != nil {
		t.Fatal("a plain delivery compressed the frame")
	}
	var wg sync.WaitGroup
	got := make([][]byte, 8)
	for i := range got {
		wg.Go(func() { got[i] = f.wire(true) })
	}
	wg.Wait()
	for i := range got {
		if &got[i][0] != &got[0][0] {
			t.Fatal("concurrent first deliveries compressed the frame twice")
		}
	}
	if got[0][0] != 0x80|wsframe.RSV1<<4|byte(wsframe.OpText) {
		t.Fatalf("first byte %#x", got[0][0])
	}
}

func TestPlainClientNeverGetsCompressedFrames(t *testing.T) {
	rec := newRecorder()
	s := startServer(t, Config{}, rec)
	rc := upgrade(t, s) // no offer
	big := chatBatch(7)
	rc.sendFrame(true, wsframe.OpText, big)
	h, payload := rc.rawFrame()
	if h.Rsv != 0 || string(payload) != string(big) {
		t.Fatalf("echo header %+v", h)
	}
}

func TestCompressedClientMessages(t *testing.T) {
	rec := newRecorder()
	s := startServer(t, Config{MaxMessageSize: 64 << 10}, rec)

	t.Run("inflated and echoed compressed", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		c, _, err := websocket.Dial(ctx, "ws://"+s.Addr().String()+"/ws", &websocket.DialOptions{
			CompressionMode: websocket.CompressionNoContextTakeover, CompressionThreshold: 1,
		})
		if err != nil {
			t.Fatal(err)
		}
		defer c.CloseNow()
		c.SetReadLimit(1 << 20)
		rec.waitOpen(t)
		for _, msg := range [][]byte{chatBatch(3), []byte("short é"), bytes.Repeat([]byte("é"), 30000)} {
			if err := c.Write(ctx, websocket.MessageText, msg); err != nil {
				t.Fatal(err)
			}
			typ, got, err := c.Read(ctx)
			if err != nil || typ != websocket.MessageText || !bytes.Equal(got, msg) {
				t.Fatalf("echo of %d bytes: %d bytes, %v", len(msg), len(got), err)
			}
		}
	})
	for _, tc := range []struct {
		name string
		send func(rc *rawClient)
		code uint16
	}{
		{"zip bomb", func(rc *rawClient) { rc.sendCompressed(wsframe.OpText, make([]byte, 8<<20)) }, CloseMessageTooBig},
		{"invalid UTF-8 once inflated", func(rc *rawClient) {
			rc.sendCompressed(wsframe.OpText, append(bytes.Repeat([]byte("ok "), 40), 0xed, 0xa0, 0x80))
		}, CloseInvalidPayload},
		{"not deflate data", func(rc *rawClient) {
			rc.write(wsframe.AppendMaskedFrame(nil, true, wsframe.RSV1, wsframe.OpText, rc.mask, []byte{0xff, 0xff, 0xff}))
		}, CloseInvalidPayload},
		{"RSV1 on a ping", func(rc *rawClient) {
			rc.write(wsframe.AppendMaskedFrame(nil, true, wsframe.RSV1, wsframe.OpPing, rc.mask, nil))
		}, CloseProtocolError},
		{"RSV1 on a continuation", func(rc *rawClient) {
			rc.write(wsframe.AppendMaskedFrame(nil, false, 0, wsframe.OpText, rc.mask, []byte("a")))
			rc.write(wsframe.AppendMaskedFrame(nil, true, wsframe.RSV1, wsframe.OpContinuation, rc.mask, []byte{0x4a, 0x04, 0}))
		}, CloseProtocolError},
		{"binary refused after inflating", func(rc *rawClient) { rc.sendCompressed(wsframe.OpBinary, chatBatch(1)) }, CloseUnsupportedData},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rc := upgradeDeflate(t, s)
			rec.waitOpen(t)
			tc.send(rc)
			rc.expectClose(tc.code)
			rec.waitClose(t)
		})
	}
	t.Run("RSV1 without negotiation", func(t *testing.T) {
		rc := upgrade(t, s)
		rec.waitOpen(t)
		rc.sendCompressed(wsframe.OpText, chatBatch(1))
		rc.expectClose(CloseProtocolError)
		rec.waitClose(t)
	})
}
