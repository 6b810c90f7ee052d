package client

import (
	"bytes"
	"compress/flate"
	"errors"
	"testing"
)

func deflateNoTakeover(p []byte) []byte {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestSpeed)
	_, _ = w.Write(p)
	_ = w.Flush()
	return bytes.TrimSuffix(buf.Bytes(), deflateTail)
}

func TestInflateOncePerDistinctFrame(t *testing.T) {
	l := &Loop{cfg: Config{MaxMessage: 1 << 10}}
	msg := []byte(`{"t":"batch","room":"1001","ev":[{"text":"b:1:2:3"},{"text":"b:1:3:4"},{"text":"b:1:4:5"}]}`)
	z := deflateNoTakeover(msg)
	a, err := l.inflate(z)
	if err != nil || !bytes.Equal(a, msg) {
		t.Fatalf("%q %v", a, err)
	}
	b, _ := l.inflate(bytes.Clone(z))
	if &a[0] != &b[0] {
		t.Fatal("the same compressed frame was inflated twice")
	}
	if _, err := l.inflate(deflateNoTakeover(make([]byte, 2000))); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("over MaxMessage: %v", err)
	}
}

func TestParseFrameRSV1(t *testing.T) {
	z := append([]byte{0xc1, 3}, 1, 2, 3)
	if _, _, _, _, _, err := parseFrame(z, 100, false); !errors.Is(err, ErrProtocol) {
		t.Fatal("RSV1 accepted without negotiation")
	}
	if fin, op, comp, p, n, err := parseFrame(z, 100, true); err != nil || !fin || op != 1 || !comp || len(p) != 3 || n != 5 {
		t.Fatal("compressed text frame refused")
	}
	for _, b0 := range []byte{0xc9, 0xc0, 0xe1} { // ping, continuation, RSV1+RSV2
		if _, _, _, _, _, err := parseFrame([]byte{b0, 0}, 100, true); !errors.Is(err, ErrProtocol) {
			t.Errorf("%#x accepted", b0)
		}
	}
	if !acceptsDeflate([]byte("HTTP/1.1 101 Switching Protocols\r\nsec-websocket-extensions: permessage-deflate; server_no_context_takeover")) ||
		acceptsDeflate([]byte("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket")) {
		t.Fatal("acceptsDeflate")
	}
}
