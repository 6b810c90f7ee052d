package wsframe

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// seedFrames are real client frames: what browsers and coder/websocket send,
// plus the malformed ones the gateway must refuse.
func seedFrames() [][]byte {
	m := [4]byte{0xa1, 0xb2, 0xc3, 0xd4}
	auth := []byte(`{"t":"auth","token":"","lan":"en_US"}`)
	var frag []byte
	frag = AppendMaskedFrame(frag, false, 0, OpText, m, []byte(`{"t":"chat",`))
	frag = AppendMaskedFrame(frag, true, 0, OpPing, m, []byte("hb"))
	frag = AppendMaskedFrame(frag, true, 0, OpContinuation, m, []byte(`"room":"1001"}`))
	return [][]byte{
		AppendMaskedFrame(nil, true, 0, OpText, m, auth),
		AppendMaskedFrame(nil, true, 0, OpText, m, bytes.Repeat([]byte("x"), 126)),
		AppendMaskedFrame(nil, true, 0, OpBinary, m, []byte{0, 1, 2, 3}),
		frag,
		AppendMaskedFrame(nil, true, 0, OpPing, m, nil),
		AppendMaskedFrame(nil, true, 0, OpPong, m, []byte("pong")),
		AppendMaskedFrame(nil, true, 0, OpClose, m, []byte{0x03, 0xe8, 'b', 'y', 'e'}),
		AppendFrame(nil, OpText, []byte("unmasked")),
		AppendMaskedFrame(nil, true, 2, OpText, m, []byte("rsv")),
		AppendMaskedFrame(nil, true, 0, 0x7, m, nil),
		AppendMaskedFrame(nil, true, 0, OpPing, m, bytes.Repeat([]byte("p"), 126)),
		AppendMaskedFrame(nil, true, 0, OpText, m, []byte{0xc3, 0x28}),
		{0x81, 0xff, 0, 0, 0, 1, 0, 0, 0, 0, 1, 2, 3, 4},
	}
}

// FuzzParser checks that the decoder never panics, never hands out more than
// the limit, and decodes the same events whatever way the input is split.
func FuzzParser(f *testing.F) {
	for i, s := range seedFrames() {
		f.Add(s, uint8(i%5))
	}
	f.Fuzz(func(t *testing.T, in []byte, chunk uint8) {
		const max = 4096
		whole, errWhole := decodeAll(&Decoder{MaxMessageSize: max}, in, 0)
		split, errSplit := decodeAll(&Decoder{MaxMessageSize: max}, in, int(chunk)+1)
		if (errWhole == nil) != (errSplit == nil) || (errWhole != nil && !errors.Is(errSplit, errWhole)) {
			t.Fatalf("errors differ: whole %v, split(%d) %v", errWhole, int(chunk)+1, errSplit)
		}
		if len(whole) != len(split) {
			t.Fatalf("event counts differ: %d vs %d", len(whole), len(split))
		}
		for i := range whole {
			a, b := whole[i], split[i]
			if a.Kind != b.Kind || a.Op != b.Op || a.Code != b.Code || !bytes.Equal(a.Payload, b.Payload) {
				t.Fatalf("event %d differs", i)
			}
			if len(a.Payload) > max {
				t.Fatalf("event %d: %d bytes over the %d limit", i, len(a.Payload), max)
			}
		}
		var ce *CloseError
		if errWhole != nil && !errors.As(errWhole, &ce) {
			t.Fatalf("error without close code: %v", errWhole)
		}
	})
}

// TestWriteSeedCorpus regenerates testdata/fuzz/FuzzParser from seedFrames.
// Run with WSFRAME_WRITE_CORPUS=1; normal runs skip it.
func TestWriteSeedCorpus(t *testing.T) {
	if os.Getenv("WSFRAME_WRITE_CORPUS") == "" {
		t.Skip("set WSFRAME_WRITE_CORPUS=1 to rewrite testdata/fuzz/FuzzParser")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzParser")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i, s := range seedFrames() {
		body := fmt.Sprintf("go test fuzz v1\n[]byte(%s)\nuint8(%d)\n", strconv.Quote(string(s)), i%5)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed_%02d", i)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
