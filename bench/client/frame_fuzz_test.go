package client

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// serverFrame encodes an unmasked frame as a server sends it.
func serverFrame(fin bool, op byte, payload []byte) []byte {
	b0 := op
	if fin {
		b0 |= 0x80
	}
	out := []byte{b0}
	switch n := len(payload); {
	case n < 126:
		out = append(out, byte(n))
	case n <= 0xffff:
		out = append(out, 126, byte(n>>8), byte(n))
	default:
		out = append(out, 127)
		out = binary.BigEndian.AppendUint64(out, uint64(n))
	}
	return append(out, payload...)
}

func TestParseFrameTable(t *testing.T) {
	big := bytes.Repeat([]byte("x"), 70000)
	for _, tc := range []struct {
		name    string
		in      []byte
		n       int
		payload []byte
		err     error
	}{
		{"a short text frame", serverFrame(true, 1, []byte("hi")), 4, []byte("hi"), nil},
		{"a 16-bit length", serverFrame(true, 1, big[:300]), 304, big[:300], nil},
		{"a 64-bit length", serverFrame(true, 1, big), 70010, big, nil},
		{"one byte is not a frame yet", []byte{0x81}, 0, nil, nil},
		{"a header without its payload is not a frame yet", serverFrame(true, 1, big)[:100], 0, nil, nil},
		{"a masked server frame is refused", []byte{0x81, 0x82, 1, 2, 3, 4, 5, 6}, 0, nil, ErrProtocol},
		{"reserved bits are refused", []byte{0xC1, 0x00}, 0, nil, ErrProtocol},
		{"a long control frame is refused", serverFrame(true, 9, big[:126]), 0, nil, ErrProtocol},
		{"a fragmented control frame is refused", serverFrame(false, 9, nil), 0, nil, ErrProtocol},
		{"a frame over the limit is refused from its header", serverFrame(true, 1, bytes.Repeat(big, 2))[:10], 0, nil, ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, _, payload, n, err := parseFrame(tc.in, 65536+10000, false)
			if err != tc.err || n != tc.n || !bytes.Equal(payload, tc.payload) {
				t.Fatalf("n %d err %v payload %d bytes; want n %d err %v payload %d bytes", n, err, len(payload), tc.n, tc.err, len(tc.payload))
			}
		})
	}
}

func FuzzParseFrame(f *testing.F) {
	f.Add(serverFrame(true, 1, []byte(`{"t":"batch","room":"1001","ev":[],"sampled":0}`)))
	f.Add(serverFrame(true, 9, nil))
	f.Add(serverFrame(true, 8, []byte{0x03, 0xe8}))
	f.Add(serverFrame(false, 1, []byte("part")))
	f.Add(serverFrame(true, 1, bytes.Repeat([]byte("y"), 200)))
	f.Add([]byte{0x81, 127, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, data []byte) {
		fin, op, _, payload, n, err := parseFrame(data, 1<<16, true)
		if err != nil || n == 0 {
			return
		}
		if n > len(data) || len(payload) > n || op > 0xf {
			t.Fatalf("n %d payload %d of %d bytes", n, len(payload), len(data))
		}
		// A frame read must re-encode to the same bytes (servers use the shortest length form).
		if re := serverFrame(fin, op, payload); len(re) == n && !bytes.Equal(re, data[:n]) {
			t.Fatalf("re-encoded %x, read %x", re, data[:n])
		}
	})
}
