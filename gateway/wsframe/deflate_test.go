package wsframe

import (
	"bytes"
	"compress/flate"
	"errors"
	"strings"
	"testing"
)

// deflateMsg compresses p as a permessage-deflate sender does: a fresh
// compressor, a sync flush, the empty-block tail removed.
func deflateMsg(t testing.TB, p []byte) []byte {
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = w.Write(p)
	_ = w.Flush()
	return bytes.TrimSuffix(buf.Bytes(), deflateTail)
}

// deflateFinal compresses p and closes the stream (BFINAL), which RFC 7692
// §7.2.3.1 also allows a sender to do.
func deflateFinal(t testing.TB, p []byte) []byte {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestSpeed)
	_, _ = w.Write(p)
	_ = w.Close()
	return buf.Bytes()
}

var chatLine = []byte(`{"t":"batch","room":"1001","seq":42,"ev":[{"k":"chat","u":"u17","n":"Ana","text":"what a shot!"},{"k":"chat","u":"u18","n":"Bo","text":"what a shot!!"}]}`)

func TestEncodeCompressedFrameRoundTrip(t *testing.T) {
	frame, ok := EncodeCompressedFrame(OpText, chatLine)
	if !ok {
		t.Fatal("a repetitive JSON line was not compressed")
	}
	if len(frame) >= len(chatLine) {
		t.Fatalf("compressed frame %d bytes, payload %d", len(frame), len(chatLine))
	}
	h, n, err := ParseHeader(frame)
	if err != nil || n == 0 || !h.Fin || h.Rsv != RSV1 || h.Op != OpText || h.Masked {
		t.Fatalf("header %+v n=%d err=%v", h, n, err)
	}
	got, err := Inflate(nil, frame[n:], 0)
	if err != nil || !bytes.Equal(got, chatLine) {
		t.Fatalf("inflate: %q %v", got, err)
	}
	// Short and incompressible payloads are sent plain.
	if _, ok := EncodeCompressedFrame(OpText, []byte(`{"t":"pong"}`)); ok {
		t.Error("a 12-byte payload was compressed")
	}
	random := make([]byte, 512)
	for i := range random {
		random[i] = byte(i*7919 + i*i*31)
	}
	if f, ok := EncodeCompressedFrame(OpBinary, random); ok && len(f) >= len(random)+4 {
		t.Error("compression made an incompressible payload larger")
	}
}

func TestInflateLimitStopsAZipBomb(t *testing.T) {
	bomb := deflateMsg(t, make([]byte, 10<<20)) // 10 MiB of zeros: about 10 KiB compressed
	if len(bomb) > 64<<10 {
		t.Fatalf("bomb is %d bytes", len(bomb))
	}
	out, err := Inflate(nil, bomb, 64<<10)
	if !errors.Is(err, ErrMessageTooBig) {
		t.Fatalf("err %v, want ErrMessageTooBig", err)
	}
	if cap(out) > 256<<10 {
		t.Fatalf("inflating the bomb allocated %d bytes", cap(out))
	}
	// Exactly at the limit is fine.
	exact := deflateMsg(t, make([]byte, 1000))
	if got, err := Inflate(nil, exact, 1000); err != nil || len(got) != 1000 {
		t.Fatalf("at the limit: %d bytes, %v", len(got), err)
	}
	if _, err := Inflate(nil, exact, 999); !errors.Is(err, ErrMessageTooBig) {
		t.Fatalf("one past the limit: %v", err)
	}
}

func TestInflateAcceptsAFinalBlockAndRefusesGarbage(t *testing.T) {
	if got, err := Inflate(nil, deflateFinal(t, chatLine), 0); err != nil || !bytes.Equal(got, chatLine) {
		t.Fatalf("BFINAL stream: %q %v", got, err)
	}
	if got, err := Inflate(nil, nil, 0); err != nil || len(got) != 0 {
		t.Fatalf("empty message: %q %v", got, err)
	}
	for _, bad := range [][]byte{{0xff, 0xff, 0xff}, {0x07}} {
		if _, err := Inflate(nil, bad, 0); !errors.Is(err, ErrBadCompressed) {
			t.Errorf("%x: err %v, want ErrBadCompressed", bad, err)
		}
	}
}

func TestDecoderCompressedMessages(t *testing.T) {
	m := [4]byte{9, 8, 7, 6}
	z := deflateMsg(t, chatLine)
	zBin := deflateMsg(t, []byte{0xff, 0xfe, 0x00})
	bigZeros := deflateMsg(t, make([]byte, 5000))
	badUTF8 := deflateMsg(t, append(bytes.Repeat([]byte("ok "), 30), 0xc3, 0x28))
	frag := append(AppendMaskedFrame(nil, false, RSV1, OpText, m, z[:5]),
		AppendMaskedFrame(nil, true, 0, OpPing, m, []byte("hb"))...)
	frag = append(frag, AppendMaskedFrame(nil, false, 0, OpContinuation, m, z[5:9])...)
	frag = append(frag, AppendMaskedFrame(nil, true, 0, OpContinuation, m, z[9:])...)
	cases := []struct {
		name    string
		deflate bool
		in      []byte
		want    []string // payloads of the events, in order
		err     error
	}{
		{"compressed text", true, AppendMaskedFrame(nil, true, RSV1, OpText, m, z), []string{string(chatLine)}, nil},
		{"compressed binary", true, AppendMaskedFrame(nil, true, RSV1, OpBinary, m, zBin), []string{"\xff\xfe\x00"}, nil},
		{"plain text after a compressed one", true, append(AppendMaskedFrame(nil, true, RSV1, OpText, m, z),
			AppendMaskedFrame(nil, true, 0, OpText, m, []byte("plain"))...), []string{string(chatLine), "plain"}, nil},
		{"fragmented with a ping inside", true, frag, []string{"hb", string(chatLine)}, nil},
		{"RSV1 without the extension", false, AppendMaskedFrame(nil, true, RSV1, OpText, m, z), nil, ErrReservedBits},
		{"RSV2 with the extension", true, AppendMaskedFrame(nil, true, 2, OpText, m, z), nil, ErrReservedBits},
		{"RSV1 on a ping", true, AppendMaskedFrame(nil, true, RSV1, OpPing, m, nil), nil, ErrCompressedControl},
		{"RSV1 on a close", true, AppendMaskedFrame(nil, true, RSV1, OpClose, m, []byte{3, 0xe8}), nil, ErrCompressedControl},
		{"RSV1 on a continuation", true, append(AppendMaskedFrame(nil, false, RSV1, OpText, m, z[:3]),
			AppendMaskedFrame(nil, true, RSV1, OpContinuation, m, z[3:])...), nil, ErrCompressedContinuation},
		{"zip bomb", true, AppendMaskedFrame(nil, true, RSV1, OpText, m, bigZeros), nil, ErrMessageTooBig},
		{"invalid UTF-8 once inflated", true, AppendMaskedFrame(nil, true, RSV1, OpText, m, badUTF8), nil, ErrInvalidUTF8},
		{"not deflate", true, AppendMaskedFrame(nil, true, RSV1, OpText, m, []byte{0xff, 0xff, 0xff, 0xff}), nil, ErrBadCompressed},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, chunk := range []int{0, 1, 3} {
				d := &Decoder{MaxMessageSize: 4096, Deflate: tc.deflate}
				evs, err := decodeAll(d, tc.in, chunk)
				if !errors.Is(err, tc.err) {
					t.Fatalf("chunk %d: err %v, want %v", chunk, err, tc.err)
				}
				var got []string
				for _, ev := range evs {
					got = append(got, string(ev.Payload))
				}
				if tc.err == nil && strings.Join(got, "|") != strings.Join(tc.want, "|") {
					t.Fatalf("chunk %d: events %q, want %q", chunk, got, tc.want)
				}
			}
		})
	}
}

func TestDecoderCloseCodesForCompression(t *testing.T) {
	for err, code := range map[*CloseError]uint16{
		ErrCompressedControl: CloseProtocolError, ErrCompressedContinuation: CloseProtocolError,
		ErrBadCompressed: CloseInvalidPayload, ErrMessageTooBig: CloseMessageTooBig,
	} {
		if CodeOf(err) != code {
			t.Errorf("%v: code %d, want %d", err, CodeOf(err), code)
		}
	}
}

func BenchmarkEncodeCompressedFrame(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		EncodeCompressedFrame(OpText, chatLine)
	}
}

func BenchmarkInflate(b *testing.B) {
	z := deflateMsg(b, chatLine)
	var out []byte
	b.ReportAllocs()
	for b.Loop() {
		out, _ = Inflate(out[:0], z, 4096)
	}
}
