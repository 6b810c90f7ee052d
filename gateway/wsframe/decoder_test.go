package wsframe

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

var testMask = [4]byte{0x37, 0xfa, 0x21, 0x3d}

func masked(fin bool, op Opcode, payload []byte) []byte {
	return AppendMaskedFrame(nil, fin, 0, op, testMask, payload)
}

func closePayload(code uint16, reason string) []byte {
	return append([]byte{byte(code >> 8), byte(code)}, reason...)
}

// decodeAll feeds in to a fresh decoder in pieces of at most chunk bytes and
// returns a copy of every event and the first error.
func decodeAll(d *Decoder, in []byte, chunk int) ([]Event, error) {
	var evs []Event
	for len(in) > 0 {
		piece := in
		if chunk > 0 && len(piece) > chunk {
			piece = piece[:chunk]
		}
		in = in[len(piece):]
		for {
			ev, n, err := d.Next(piece)
			if err != nil {
				return evs, err
			}
			piece = piece[n:]
			if ev.Kind != EventNone {
				ev.Payload = bytes.Clone(ev.Payload)
				ev.Reason = bytes.Clone(ev.Reason)
				evs = append(evs, ev)
				continue
			}
			if len(piece) != 0 {
				panic("EventNone without consuming all input")
			}
			break
		}
	}
	return evs, nil
}

func TestDecoderAcceptsValidFramesInAnySplit(t *testing.T) {
	big := bytes.Repeat([]byte("a"), 70000)
	var stream []byte
	stream = append(stream, masked(true, OpText, []byte("hello"))...)
	stream = append(stream, masked(true, OpText, nil)...)
	stream = append(stream, masked(false, OpText, []byte("frag"))...)
	stream = append(stream, masked(true, OpPing, []byte("p"))...) // control between fragments
	stream = append(stream, masked(false, OpContinuation, []byte("men"))...)
	stream = append(stream, masked(true, OpContinuation, []byte("ted"))...)
	stream = append(stream, masked(true, OpBinary, []byte{0, 1, 2})...)
	stream = append(stream, masked(true, OpText, big[:126])...)
	stream = append(stream, masked(true, OpText, big[:65535])...)
	stream = append(stream, masked(true, OpText, big)...)
	stream = append(stream, masked(true, OpPong, nil)...)
	stream = append(stream, masked(true, OpClose, closePayload(1000, "bye"))...)

	want := []struct {
		kind EventKind
		op   Opcode
		body string
	}{
		{EventMessage, OpText, "hello"},
		{EventMessage, OpText, ""},
		{EventPing, 0, "p"},
		{EventMessage, OpText, "fragmented"},
		{EventMessage, OpBinary, "\x00\x01\x02"},
		{EventMessage, OpText, string(big[:126])},
		{EventMessage, OpText, string(big[:65535])},
		{EventMessage, OpText, string(big)},
		{EventPong, 0, ""},
		{EventClose, 0, "\x03\xe8bye"},
	}
	for _, chunk := range []int{0, 1, 2, 3, 7, 13, 14, 1000, 65536} {
		d := &Decoder{MaxMessageSize: 1 << 20}
		evs, err := decodeAll(d, stream, chunk)
		if err != nil {
			t.Fatalf("chunk %d: %v", chunk, err)
		}
		if len(evs) != len(want) {
			t.Fatalf("chunk %d: got %d events, want %d", chunk, len(evs), len(want))
		}
		for i, w := range want {
			ev := evs[i]
			if ev.Kind != w.kind || (w.kind == EventMessage && ev.Op != w.op) || string(ev.Payload) != w.body {
				t.Fatalf("chunk %d event %d: got kind %d op %d len %d", chunk, i, ev.Kind, ev.Op, len(ev.Payload))
			}
		}
		if c := evs[len(evs)-1]; c.Code != 1000 || string(c.Reason) != "bye" {
			t.Fatalf("close event: code %d reason %q", c.Code, c.Reason)
		}
		if d.Frames() != 12 {
			t.Fatalf("Frames() = %d, want 12", d.Frames())
		}
	}
}

func TestDecoderRefusesViolations(t *testing.T) {
	tooLong := bytes.Repeat([]byte("x"), 126)
	tests := []struct {
		name string
		in   []byte
		max  int
		want *CloseError
	}{
		{"unmasked frame", AppendFrame(nil, OpText, []byte("hi")), 0, ErrUnmasked},
		{"reserved bit 1", AppendMaskedFrame(nil, true, 4, OpText, testMask, []byte("hi")), 0, ErrReservedBits},
		{"reserved bit 3", AppendMaskedFrame(nil, true, 1, OpText, testMask, []byte("hi")), 0, ErrReservedBits},
		{"reserved data opcode", AppendMaskedFrame(nil, true, 0, 3, testMask, nil), 0, ErrBadOpcode},
		{"reserved control opcode", AppendMaskedFrame(nil, true, 0, 0xB, testMask, nil), 0, ErrBadOpcode},
		{"ping over 125 bytes", masked(true, OpPing, tooLong), 0, ErrControlTooLong},
		{"fragmented ping", masked(false, OpPing, nil), 0, ErrControlFragmented},
		{"fragmented close", masked(false, OpClose, nil), 0, ErrControlFragmented},
		{"continuation first", masked(true, OpContinuation, []byte("x")), 0, ErrUnexpectedContinuation},
		{"text inside fragmented message", append(masked(false, OpText, []byte("a")), masked(true, OpText, []byte("b"))...), 0, ErrExpectedContinuation},
		{"invalid utf8 text", masked(true, OpText, []byte{0xff, 0xfe}), 0, ErrInvalidUTF8},
		{"fragments ending a sequence with a bad byte", append(masked(false, OpText, []byte{0xe2, 0x82}), masked(true, OpContinuation, []byte{0x28})...), 0, ErrInvalidUTF8},
		{"close with one byte", masked(true, OpClose, []byte{3}), 0, ErrBadClosePayload},
		{"close with code 1005", masked(true, OpClose, closePayload(1005, "")), 0, ErrBadClosePayload},
		{"close with code 999", masked(true, OpClose, closePayload(999, "")), 0, ErrBadClosePayload},
		{"close reason invalid utf8", masked(true, OpClose, closePayload(1000, "\xff")), 0, ErrInvalidUTF8},
		{"message over limit in one frame", masked(true, OpText, []byte("0123456789")), 9, ErrMessageTooBig},
		{"message over limit across fragments", append(masked(false, OpText, []byte("01234")), masked(true, OpContinuation, []byte("56789"))...), 9, ErrMessageTooBig},
		{"64-bit length with top bit", []byte{0x81, 0xff, 0x80, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4}, 0, ErrBadLength},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, chunk := range []int{0, 1} {
				d := &Decoder{MaxMessageSize: int32(tc.max)}
				_, err := decodeAll(d, tc.in, chunk)
				if !errors.Is(err, tc.want) {
					t.Fatalf("chunk %d: got %v, want %v", chunk, err, tc.want)
				}
				if CodeOf(err) != tc.want.Code {
					t.Fatalf("CodeOf = %d, want %d", CodeOf(err), tc.want.Code)
				}
			}
		})
	}
}

func TestDecoderRefusesOversizeBeforeBufferingPayload(t *testing.T) {
	// Only the header of a 1 GiB frame is sent: the decoder must refuse it
	// at once instead of waiting for (and buffering) the payload.
	hdr := []byte{0x81, 0x80 | 127, 0, 0, 0, 0, 0x40, 0, 0, 0, 1, 2, 3, 4}
	d := &Decoder{MaxMessageSize: 64 << 10}
	_, n, err := d.Next(hdr)
	if !errors.Is(err, ErrMessageTooBig) {
		t.Fatalf("got %v after %d bytes, want ErrMessageTooBig", err, n)
	}
}

func TestDecoderIsDeadAfterError(t *testing.T) {
	d := &Decoder{}
	if _, _, err := d.Next(AppendFrame(nil, OpText, nil)); err == nil {
		t.Fatal("unmasked frame accepted")
	}
	if _, _, err := d.Next(masked(true, OpText, []byte("ok"))); !errors.Is(err, ErrUnmasked) {
		t.Fatalf("decoder recovered after error: %v", err)
	}
}

func TestDecoderReleasesLargeBuffers(t *testing.T) {
	d := &Decoder{ShrinkAbove: 1024}
	in := append(masked(true, OpText, []byte(strings.Repeat("z", 4096))), masked(true, OpText, []byte("x"))...)
	ev, n, err := d.Next(in)
	if err != nil || ev.Kind != EventMessage {
		t.Fatal(err)
	}
	if _, _, err := d.Next(in[n:]); err != nil {
		t.Fatal(err)
	}
	if cap(d.msg) >= 4096 {
		t.Fatalf("buffer of %d bytes kept after a large message", cap(d.msg))
	}
}

// TestIdleKeepsNoBufferBetweenMessagesOnly: between messages an idle decoder holds no buffer;
// in the middle of a fragmented message, Idle keeps what has come so far.
func TestIdleKeepsNoBufferBetweenMessagesOnly(t *testing.T) {
	d := &Decoder{}
	if ev, _, err := d.Next(masked(true, OpText, []byte("join"))); err != nil || string(ev.Payload) != "join" {
		t.Fatalf("%v %v", ev, err)
	}
	d.Idle()
	if d.msg != nil {
		t.Fatalf("buffer of %d bytes kept between messages", cap(d.msg))
	}
	if _, _, err := d.Next(masked(false, OpText, []byte("hel"))); err != nil {
		t.Fatal(err)
	}
	d.Idle()
	ev, _, err := d.Next(masked(true, OpContinuation, []byte("lo")))
	if err != nil || ev.Kind != EventMessage || string(ev.Payload) != "hello" {
		t.Fatalf("fragmented message across Idle: %q %v", ev.Payload, err)
	}
}

func TestClientModeDecodesServerFrames(t *testing.T) {
	d := &Decoder{ClientMode: true}
	evs, err := decodeAll(d, EncodeFrame(OpText, []byte("srv")), 0)
	if err != nil || len(evs) != 1 || string(evs[0].Payload) != "srv" {
		t.Fatalf("got %v %v", evs, err)
	}
	if _, err := decodeAll(&Decoder{ClientMode: true}, masked(true, OpText, nil), 0); !errors.Is(err, ErrMasked) {
		t.Fatalf("masked server frame: %v", err)
	}
}

func TestDecoderRefusesInvalidUTF8AsSoonAsItArrives(t *testing.T) {
	// nextAll feeds in to d in one call per piece and returns the index of
	// the piece in which Next failed, or -1.
	nextAll := func(d *Decoder, pieces ...[]byte) (int, error) {
		for i, p := range pieces {
			for len(p) > 0 {
				_, n, err := d.Next(p)
				if err != nil {
					return i, err
				}
				p = p[n:]
			}
		}
		return -1, nil
	}
	t.Run("in a non-final fragment", func(t *testing.T) {
		d := &Decoder{}
		first := masked(false, OpText, []byte("ok \xff more"))
		at, err := nextAll(d, first, masked(true, OpContinuation, []byte("end")))
		if at != 0 || !errors.Is(err, ErrInvalidUTF8) {
			t.Fatalf("failed in piece %d with %v, want piece 0 with ErrInvalidUTF8", at, err)
		}
	})
	t.Run("in the part of a frame that has arrived", func(t *testing.T) {
		frame := masked(true, OpText, []byte("abc\xc0def and the rest of a long message"))
		hdr := 6
		d := &Decoder{}
		at, err := nextAll(d, frame[:hdr+4], frame[hdr+4:])
		if at != 0 || !errors.Is(err, ErrInvalidUTF8) {
			t.Fatalf("failed in piece %d with %v, want piece 0 (the bad byte's read)", at, err)
		}
	})
	t.Run("in a continuation while the message is still open", func(t *testing.T) {
		d := &Decoder{}
		at, err := nextAll(d,
			masked(false, OpText, []byte("fine")),
			masked(false, OpContinuation, []byte("\xed\xa0\x80")), // a surrogate
			masked(true, OpContinuation, []byte("never read")))
		if at != 1 || !errors.Is(err, ErrInvalidUTF8) {
			t.Fatalf("failed in piece %d with %v, want piece 1", at, err)
		}
	})
	t.Run("code point split across fragments is valid", func(t *testing.T) {
		euro := []byte("€") // e2 82 ac
		in := append(masked(false, OpText, euro[:1]), masked(false, OpContinuation, euro[1:2])...)
		in = append(in, masked(true, OpContinuation, euro[2:])...)
		for _, chunk := range []int{0, 1, 3} {
			evs, err := decodeAll(&Decoder{}, in, chunk)
			if err != nil || len(evs) != 1 || string(evs[0].Payload) != "€" {
				t.Fatalf("chunk %d: %v %v", chunk, evs, err)
			}
		}
	})
	t.Run("sequence cut by the end of the message", func(t *testing.T) {
		_, err := decodeAll(&Decoder{}, masked(true, OpText, []byte("\xe2\x82")), 0)
		if !errors.Is(err, ErrInvalidUTF8) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("binary messages are not validated", func(t *testing.T) {
		evs, err := decodeAll(&Decoder{}, masked(true, OpBinary, []byte{0xff, 0xfe}), 0)
		if err != nil || len(evs) != 1 {
			t.Fatalf("%v %v", evs, err)
		}
	})
	t.Run("a new message starts a new validation", func(t *testing.T) {
		in := append(masked(true, OpBinary, []byte{0xe2}), masked(true, OpText, []byte{0x82, 0xac})...)
		if _, err := decodeAll(&Decoder{}, in, 0); !errors.Is(err, ErrInvalidUTF8) {
			t.Fatalf("a binary message's bytes leaked into the next text's validation: %v", err)
		}
	})
}

// discardAfterError decodes in until the first error, calls Discard, and
// decodes the rest (in pieces of chunk bytes) in discard mode.
func discardAfterError(t *testing.T, in []byte, chunk, max int) (first error, after []Event, ok bool) {
	t.Helper()
	d := &Decoder{MaxMessageSize: int32(max)}
	pos := 0
	for pos < len(in) {
		_, n, err := d.Next(in[pos:])
		pos += n
		if err != nil {
			first = err
			break
		}
	}
	if first == nil {
		t.Fatal("no error before Discard")
	}
	if !d.Discard() {
		return first, nil, false
	}
	evs, err := decodeAll(d, in[pos:], chunk)
	if err != nil {
		t.Fatalf("error in discard mode: %v", err)
	}
	return first, evs, true
}

func TestDecoderDiscardFindsThePeersClose(t *testing.T) {
	bigHeader := []byte{0x81, 0x80 | 126, 0x04, 0x00, 1, 2, 3, 4} // 1024-byte masked text frame
	closeFrame := masked(true, OpClose, closePayload(1000, "ok"))
	tests := []struct {
		name string
		in   []byte
		want *CloseError
	}{
		{"invalid utf8 in the middle of a frame", concat(
			masked(false, OpText, []byte("a\xffthe rest of this frame is skipped")),
			masked(true, OpContinuation, []byte("more")),
			masked(true, OpBinary, []byte{1, 2, 3}),
			masked(true, OpPing, []byte("p")),
			closeFrame), ErrInvalidUTF8},
		{"declared length over the limit", concat(bigHeader, bytes.Repeat([]byte{'x'}, 1024), closeFrame), ErrMessageTooBig},
		{"unmasked frame", concat(AppendFrame(nil, OpText, []byte("hi")), AppendFrame(nil, OpText, []byte("again")), closeFrame), ErrUnmasked},
		{"reserved opcode", concat(AppendMaskedFrame(nil, true, 0, 0x3, testMask, []byte("xyz")), closeFrame), ErrBadOpcode},
		{"continuation first", concat(masked(true, OpContinuation, []byte("x")), closeFrame), ErrUnexpectedContinuation},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, chunk := range []int{0, 1, 5} {
				first, evs, ok := discardAfterError(t, tt.in, chunk, 100)
				if !errors.Is(first, tt.want) || !ok {
					t.Fatalf("chunk %d: error %v (resumable %v), want %v", chunk, first, ok, tt.want)
				}
				if len(evs) != 1 || evs[0].Kind != EventClose || evs[0].Code != 1000 || string(evs[0].Reason) != "ok" {
					t.Fatalf("chunk %d: events after Discard %+v, want only the close 1000", chunk, evs)
				}
			}
		})
	}
	t.Run("frame boundaries lost", func(t *testing.T) {
		in := concat([]byte{0x81, 0xff, 0x80, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4}, closeFrame)
		if _, _, ok := discardAfterError(t, in, 0, 0); ok {
			t.Fatal("Discard resumed after an unparsable header")
		}
	})
	t.Run("invalid close payloads are still the peer's close", func(t *testing.T) {
		for _, in := range [][]byte{
			concat(masked(true, OpText, []byte{0xff}), masked(true, OpClose, []byte{3})),
			concat(masked(true, OpText, []byte{0xff}), masked(true, OpClose, closePayload(1000, "\xff"))),
			concat(masked(true, OpText, []byte{0xff}), masked(false, OpClose, nil)),
		} {
			_, evs, ok := discardAfterError(t, in, 0, 0)
			if !ok || len(evs) != 1 || evs[0].Kind != EventClose {
				t.Fatalf("events %+v", evs)
			}
		}
	})
	t.Run("a close refused as invalid is reported by PeerClosed", func(t *testing.T) {
		d := &Decoder{}
		if _, _, err := d.Next(masked(true, OpClose, []byte{3})); !errors.Is(err, ErrBadClosePayload) {
			t.Fatalf("got %v", err)
		}
		if !d.PeerClosed() {
			t.Fatal("PeerClosed false after a complete close frame")
		}
	})
	t.Run("discard while the peer is in the middle of a message", func(t *testing.T) {
		d := &Decoder{}
		msg := masked(true, OpText, []byte("half of this arrives before our close"))
		if ev, _, err := d.Next(msg[:10]); err != nil || ev.Kind != EventNone {
			t.Fatalf("%v %v", ev, err)
		}
		if !d.Discard() {
			t.Fatal("Discard refused")
		}
		evs, err := decodeAll(d, concat(msg[10:], masked(true, OpText, []byte("dropped")), closeFrame), 3)
		if err != nil || len(evs) != 1 || evs[0].Kind != EventClose {
			t.Fatalf("%+v %v", evs, err)
		}
	})
}

func concat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}
