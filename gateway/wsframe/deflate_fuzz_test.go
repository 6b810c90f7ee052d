package wsframe

import (
	"bytes"
	"compress/flate"
	"errors"
	"testing"
)

// deflateSeedFrames are client frames of a connection that negotiated
// permessage-deflate: compressed messages (whole, fragmented, with a final
// block), and the violations the gateway must refuse.
func deflateSeedFrames() [][]byte {
	m := [4]byte{0x11, 0x22, 0x33, 0x44}
	z := seedDeflate([]byte(`{"t":"chat","room":"1001","text":"what a shot, what a shot, what a shot!"}`), false)
	final := seedDeflate([]byte(`{"t":"auth","token":"","lan":"en_US"}`), true)
	bomb := seedDeflate(make([]byte, 64<<10), false)
	bad := seedDeflate(append(bytes.Repeat([]byte("é"), 40), 0xff), false)
	frag := AppendMaskedFrame(nil, false, RSV1, OpText, m, z[:7])
	frag = append(frag, AppendMaskedFrame(nil, true, 0, OpPong, m, nil)...)
	frag = append(frag, AppendMaskedFrame(nil, true, 0, OpContinuation, m, z[7:])...)
	return [][]byte{
		AppendMaskedFrame(nil, true, RSV1, OpText, m, z),
		AppendMaskedFrame(nil, true, RSV1, OpText, m, final),
		frag,
		append(AppendMaskedFrame(nil, true, RSV1, OpText, m, z), AppendMaskedFrame(nil, true, 0, OpText, m, []byte("plain"))...),
		AppendMaskedFrame(nil, true, RSV1, OpText, m, bomb),
		AppendMaskedFrame(nil, true, RSV1, OpText, m, bad),
		AppendMaskedFrame(nil, true, RSV1, OpPing, m, []byte("x")),
		append(AppendMaskedFrame(nil, false, RSV1, OpText, m, z[:4]), AppendMaskedFrame(nil, true, RSV1, OpContinuation, m, z[4:])...),
		AppendMaskedFrame(nil, true, RSV1|2, OpText, m, z),
		AppendMaskedFrame(nil, true, RSV1, OpBinary, m, []byte{0xff, 0x00, 0x12}),
		append(AppendMaskedFrame(nil, true, RSV1, OpText, m, z[:len(z)-3]), AppendMaskedFrame(nil, true, 0, OpClose, m, []byte{3, 0xe8})...),
	}
}

func seedDeflate(p []byte, final bool) []byte {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestSpeed)
	_, _ = w.Write(p)
	if final {
		_ = w.Close()
		return buf.Bytes()
	}
	_ = w.Flush()
	return bytes.TrimSuffix(buf.Bytes(), deflateTail)
}

// FuzzDeflateParser runs the decoder of a compressing connection: it never
// panics, never hands out more than the limit once inflated, decodes the
// same events however the input is split, and every error has a close code.
func FuzzDeflateParser(f *testing.F) {
	for i, s := range deflateSeedFrames() {
		f.Add(s, uint8(i%5))
	}
	f.Fuzz(func(t *testing.T, in []byte, chunk uint8) {
		const max = 4096
		whole, errWhole := decodeAll(&Decoder{MaxMessageSize: max, Deflate: true}, in, 0)
		split, errSplit := decodeAll(&Decoder{MaxMessageSize: max, Deflate: true}, in, int(chunk)+1)
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

// FuzzInflate feeds arbitrary bytes to the inflater with a limit: it never
// panics, never returns more than the limit, and what it accepts inflates
// the same way again into a reused buffer.
func FuzzInflate(f *testing.F) {
	for _, s := range inflateSeeds() {
		f.Add(s, uint16(1024))
	}
	f.Fuzz(func(t *testing.T, msg []byte, limit uint16) {
		out, err := Inflate(nil, msg, int(limit))
		if err != nil {
			var ce *CloseError
			if !errors.As(err, &ce) {
				t.Fatalf("error without close code: %v", err)
			}
			return
		}
		if limit > 0 && len(out) > int(limit) {
			t.Fatalf("%d bytes out, limit %d", len(out), limit)
		}
		again, err := Inflate(make([]byte, 3, 8), msg, int(limit))
		if err != nil || !bytes.Equal(again[3:], out) {
			t.Fatalf("second inflate differs: %v", err)
		}
	})
}

func inflateSeeds() [][]byte {
	return [][]byte{
		seedDeflate([]byte(`{"t":"chat","text":"hello hello hello"}`), false),
		seedDeflate([]byte(`{"t":"auth"}`), true),
		seedDeflate(make([]byte, 5000), false),
		{},
		{0x00, 0x00, 0xff, 0xff},
		{0xff, 0xff, 0xff},
		{0x07},
	}
}
