package wsframe

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

func TestEncodeFrameUsesShortestLength(t *testing.T) {
	tests := []struct {
		n      int
		header []byte
	}{
		{0, []byte{0x81, 0}},
		{125, []byte{0x81, 125}},
		{126, []byte{0x81, 126, 0, 126}},
		{65535, []byte{0x81, 126, 0xff, 0xff}},
		{65536, []byte{0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0}},
	}
	for _, tc := range tests {
		f := EncodeFrame(OpText, make([]byte, tc.n))
		if !bytes.Equal(f[:len(tc.header)], tc.header) || len(f) != len(tc.header)+tc.n {
			t.Errorf("n=%d: header % x, len %d", tc.n, f[:len(tc.header)], len(f))
		}
		if cap(f) != len(f) {
			t.Errorf("n=%d: cap %d != len %d", tc.n, cap(f), len(f))
		}
	}
}

func TestAppendCloseTruncatesReasonToControlLimit(t *testing.T) {
	f := AppendClose(nil, 4008, string(bytes.Repeat([]byte("r"), 300)))
	h, n, err := ParseHeader(f)
	if err != nil || h.Op != OpClose || h.Length != MaxControlPayload || len(f)-n != MaxControlPayload {
		t.Fatalf("header %+v n %d err %v len %d", h, n, err, len(f))
	}
	if f[n] != 0x0f || f[n+1] != 0xa8 {
		t.Fatalf("code bytes % x", f[n:n+2])
	}
	long := string(bytes.Repeat([]byte("é"), 100)) // 2 bytes each: 123 would split one
	if f := AppendClose(nil, 1000, long); !utf8.Valid(f[4:]) || len(f) != 2+2+122 {
		t.Fatalf("truncated reason %d bytes, valid %v", len(f)-4, utf8.Valid(f[4:]))
	}
	if got := AppendClose(nil, 0, "ignored"); !bytes.Equal(got, []byte{0x88, 0}) {
		t.Fatalf("empty close % x", got)
	}
}

func TestMaskRoundTripsAtEveryOffset(t *testing.T) {
	src := []byte("The quick brown fox jumps over the lazy dog, twice over.")
	key := [4]byte{1, 2, 3, 4}
	for split := 0; split <= len(src); split++ {
		b := bytes.Clone(src)
		pos := Mask(b[:split], key, 0)
		Mask(b[split:], key, pos)
		for i := range b {
			if b[i] != src[i]^key[i%4] {
				t.Fatalf("split %d: byte %d wrong", split, i)
			}
		}
	}
}
