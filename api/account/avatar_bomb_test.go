package account_test

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"testing"

	"courtside/api/errcode"
)

// bombPNG is a valid grayscale PNG of w×h black pixels: tiny on the wire (zeros compress), w×h
// bytes and more once decoded.
func bombPNG(w, h int) []byte {
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&out, binary.BigEndian, uint32(len(data)))
		out.WriteString(typ)
		out.Write(data)
		_ = binary.Write(&out, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 0 // 8-bit grayscale
	chunk("IHDR", ihdr)
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	row := make([]byte, w+1) // filter byte + pixels, all zero
	for y := 0; y < h; y++ {
		_, _ = zw.Write(row)
	}
	_ = zw.Close()
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// TestAvatarPixelsAreCheckedFromTheHeader: a 6300×6300 PNG of a few tens of kilobytes (about 40
// megapixels, under the old cap) is refused from its header, with the cap in the message; an
// avatar-sized picture passes.
func TestAvatarPixelsAreCheckedFromTheHeader(t *testing.T) {
	e := newEnv(t)
	a := e.register("pixels@example.com", "pixels", "pixels123")
	bomb := bombPNG(6300, 6300)
	if len(bomb) > 3<<20 {
		t.Fatalf("the bomb is %d bytes, over the size cap: the test would not test pixels", len(bomb))
	}
	r := upload(t, e, a.Token, "bomb.png", bomb)
	fail(t, r, errcode.Avatar)
	if r.Env.ErrorMsg != "The picture has too many pixels: at most 16 megapixels" {
		t.Fatalf("message %q", r.Env.ErrorMsg)
	}
	ok(t, upload(t, e, a.Token, "strip.png", bombPNG(1000, 1000)), nil)
	fail(t, upload(t, e, a.Token, "strip.png", bombPNG(9000, 10)), errcode.Avatar)
}
