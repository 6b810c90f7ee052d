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
		// Invalid UTF-8 in a fragment of a message that never completes,
		// then the client's close (the server must find it after its 1007).
		append(AppendMaskedFrame(nil, false, 0, OpText, m, []byte("ok í  surrogate")),
			AppendMaskedFrame(nil, true, 0, OpClose, m, []byte{0x03, 0xe8})...),
		// A code point split across three fragments: valid.
		append(append(AppendMaskedFrame(nil, false, 0, OpText, m, []byte{0xe2}),
			AppendMaskedFrame(nil, false, 0, OpContinuation, m, []byte{0x82})...),
			AppendMaskedFrame(nil, true, 0, OpContinuation, m, []byte{0xac})...),
		// An overlong form known bad at its second byte, in a frame cut short.
		AppendMaskedFrame(nil, true, 0, OpText, m, []byte("à¯ and more"))[:9],
		// A frame over the 4096-byte limit, its payload, then the close.
		append(append([]byte{0x81, 0x80 | 126, 0x20, 0x00, 1, 2, 3, 4}, bytes.Repeat([]byte{'x'}, 0x2000)...),
			AppendMaskedFrame(nil, true, 0, OpClose, m, []byte{0x03, 0xe8, 'o', 'k'})...),
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
		// After an error the server sends its close and looks for the
		// peer's: in discard mode nothing but close events come out, and
		// never an error unless the frame boundaries were lost.
		if errWhole != nil {
			d := &Decoder{MaxMessageSize: max}
			pos := 0
			for {
				_, n, err := d.Next(in[pos:])
				pos += n
				if err != nil {
					break
				}
				if n == 0 {
					t.Fatal("no error decoding the input a second time")
				}
			}
			if !d.Discard() {
				return
			}
			evs, err := decodeAll(d, in[pos:], int(chunk)+1)
			if err != nil && !errors.Is(err, ErrBadLength) {
				t.Fatalf("discard mode failed with %v", err)
			}
			for _, ev := range evs {
				if ev.Kind != EventClose {
					t.Fatalf("discard mode produced a %v event", ev.Kind)
				}
			}
		}
	})
}

// TestWriteSeedCorpus regenerates testdata/fuzz/FuzzParser from seedFrames,
// FuzzDeflateParser from deflateSeedFrames, FuzzInflate from inflateSeeds
// and testdata/fuzz/FuzzUTF8Validator from utf8Seeds.
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
	dir = filepath.Join("testdata", "fuzz", "FuzzDeflateParser")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i, s := range deflateSeedFrames() {
		body := fmt.Sprintf("go test fuzz v1\n[]byte(%s)\nuint8(%d)\n", strconv.Quote(string(s)), i%5)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed_%02d", i)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dir = filepath.Join("testdata", "fuzz", "FuzzInflate")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i, s := range inflateSeeds() {
		body := fmt.Sprintf("go test fuzz v1\n[]byte(%s)\nuint16(1024)\n", strconv.Quote(string(s)))
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed_%02d", i)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dir = filepath.Join("testdata", "fuzz", "FuzzUTF8Validator")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i, s := range utf8Seeds {
		body := fmt.Sprintf("go test fuzz v1\n[]byte(%s)\nuint8(%d)\n", strconv.Quote(s), 1+i%4)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed_%02d", i)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
