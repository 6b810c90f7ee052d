package wsframe

import (
	"encoding/binary"
	"unicode/utf8"
)

// EventKind says what Decoder.Next produced.
type EventKind uint8

// Event kinds.
const (
	// EventNone: no complete event yet; all input was consumed and remembered.
	EventNone EventKind = iota
	// EventMessage: a complete (reassembled) data message.
	EventMessage
	// EventPing, EventPong, EventClose: a control frame.
	EventPing
	EventPong
	EventClose
)

// Event is one decoded unit. Payload (and Reason) alias the decoder's
// buffers and are valid until the next call to Next.
type Event struct {
	Kind    EventKind
	Op      Opcode // OpText or OpBinary for EventMessage
	Payload []byte // message, ping/pong payload, or close payload
	Code    uint16 // EventClose: the peer's code, or CloseNoStatus when absent
	Reason  []byte // EventClose: the peer's reason
}

// Decoder is an incremental frame decoder for one connection. The zero
// value decodes client frames (masked) without a size limit; set the fields
// before the first call.
type Decoder struct {
	// MaxMessageSize bounds a (reassembled) data message; 0 means no limit. It and ShrinkAbove
	// are 32-bit so that a decoder, part of every open connection, is 8 bytes smaller (issue 24).
	MaxMessageSize int32
	// ShrinkAbove: after a message whose buffer grew beyond this many bytes,
	// the buffer is released so an idle connection does not pin memory.
	// 0 means 16 KiB.
	ShrinkAbove int32

	// ClientMode decodes server frames: it refuses masked frames instead of
	// unmasked ones. Used by tests and tools.
	ClientMode bool
	// Deflate accepts compressed messages (permessage-deflate negotiated,
	// RFC 7692, without client context takeover): RSV1 on the first frame of
	// a data message says the message is deflated. Such a message is
	// inflated when its last frame arrives, bounded by MaxMessageSize (its
	// compressed frames are bounded by it too), and a text message is
	// checked for UTF-8 after inflating. RSV1 on a control or continuation
	// frame is a protocol error.
	Deflate bool

	// ClientMode, Deflate and the fields below are ordered so that the small ones share words: a
	// decoder is part of every open connection (issue 24: an idle connection's memory).

	fragmented bool   // a data message without FIN is in progress
	msgOp      Opcode // opcode of the first frame of the message being read
	msgDone    bool   // msg was handed out by the previous Next; reset it
	compressed bool   // the message being read has RSV1 (Deflate only)
	inFrame    bool   // a header was accepted; payload bytes are pending
	lost       bool   // a header could not be parsed: frame boundaries are unknown

	hdr        [MaxHeaderSize]byte // partial header carried between calls
	hdrLen     uint8               // bytes of hdr in use (< MaxHeaderSize)
	maskPos    uint8               // position in cur.Mask of the next payload byte (0..3)
	ctrlLen    uint8               // bytes of ctrl in use (<= MaxControlPayload)
	discard    bool                // Discard was called: skip everything but close frames
	peerClosed bool                // a close frame (valid or not) was read completely
	text       UTF8Validator

	cur      Header // the frame being read
	left     int64  // payload bytes of cur still to come
	msg      []byte // reassembly buffer
	inflated []byte // the last compressed message, inflated

	// ctrl holds a control frame's payload. It is made on the first control frame that has
	// one, not with the decoder: most connections only ever see empty pings and pongs, and an
	// idle connection would otherwise carry 125 bytes for nothing (issue 24).
	ctrl *[MaxControlPayload]byte

	frames uint64
	failed error
}

// Frames returns the number of complete frames decoded so far (data
// fragments and control frames). The gateway uses it as "the peer is alive".
func (d *Decoder) Frames() uint64 { return d.frames }

// PeerClosed reports whether a complete close frame was read, including one
// refused as invalid: the peer sends nothing after it, so once the answer is
// written the TCP connection can be dropped at once.
func (d *Decoder) PeerClosed() bool { return d.peerClosed }

// Discard switches the decoder to skipping: from now on every data and
// control frame is read past without being buffered, validated or reported,
// except a close frame, which Next still returns (EventClose, with the
// peer's code when its payload is valid, CloseNoStatus otherwise). An
// endpoint that has sent its close frame uses it to find the peer's answer
// (RFC 6455 §7.1.1: the data the peer sent meanwhile is discarded). It can
// be called at any time, also after Next returned an error: the frame that
// caused the error is skipped too. It returns false when the frame
// boundaries were lost (a header that could not be parsed): the rest of the
// stream cannot be followed and Next keeps returning the error.
func (d *Decoder) Discard() bool {
	if d.lost {
		return false
	}
	d.failed = nil
	d.discard = true
	d.fragmented, d.msgDone = false, false
	d.msg = nil
	return true
}

// Idle drops the buffers the decoder keeps for the next message when no message is under way.
// Call it once the input at hand is consumed and the messages Next returned have been used: their
// payloads are those buffers. A connection then keeps no buffer while it sits between messages;
// messages are rare on one connection (a join, a chat line now and then), so making a buffer when
// one comes costs less than every idle connection keeping its last (issue 24: an idle
// connection's memory).
func (d *Decoder) Idle() {
	if d.InMessage() {
		return
	}
	d.msg, d.inflated, d.msgDone = nil, nil, false
}

// InMessage reports whether a fragmented message or a frame's payload is
// pending, i.e. whether the peer is in the middle of sending something.
func (d *Decoder) InMessage() bool { return d.inFrame || d.fragmented || d.hdrLen > 0 }

// Next consumes input from p and returns the number of bytes consumed and at
// most one event. When it returns EventNone with n == len(p), every byte was
// remembered and the caller must wait for more input. When it returns an
// event, n may be less than len(p): call Next again with p[n:]. After an
// error the decoder is dead and returns the same error forever, unless
// Discard revives it to skip to the peer's close frame; n then counts the
// bytes read up to the error, so the caller continues with p[n:].
//
// A text message is validated as its bytes arrive: invalid UTF-8 is an
// error in the Next call that received the offending byte, even in a
// fragment of a message that is not complete.
func (d *Decoder) Next(p []byte) (ev Event, n int, err error) {
	if d.failed != nil {
		return ev, 0, d.failed
	}
	if d.msgDone {
		d.msgDone = false
		if shrink := d.shrinkAbove(); cap(d.msg) > shrink {
			d.msg = nil
		} else {
			d.msg = d.msg[:0]
		}
		if cap(d.inflated) > d.shrinkAbove() {
			d.inflated = nil
		}
	}
	for {
		if !d.inFrame {
			used, ok, herr := d.readHeader(p[n:])
			n += used
			if herr != nil {
				d.failed = herr
				return Event{}, n, herr
			}
			if !ok {
				return ev, n, nil
			}
		}
		// Payload of the current frame.
		take := int64(len(p) - n)
		if take > d.left {
			take = d.left
		}
		if take > 0 && d.skipping() {
			n += int(take)
			d.left -= take
		} else if take > 0 {
			chunk := p[n : n+int(take)]
			var dst []byte
			if d.cur.Op.IsControl() {
				if d.ctrl == nil {
					d.ctrl = new([MaxControlPayload]byte)
				}
				dst = d.ctrl[d.ctrlLen : int(d.ctrlLen)+int(take)]
				copy(dst, chunk)
				d.ctrlLen += uint8(take) // take <= MaxControlPayload: checked with the header
			} else {
				start := len(d.msg)
				d.msg = append(d.msg, chunk...)
				dst = d.msg[start:]
			}
			if d.cur.Masked {
				d.maskPos = uint8(Mask(dst, d.cur.Mask, int(d.maskPos)))
			}
			n += int(take)
			d.left -= take
			// Fail fast (RFC 6455 §8.1): a text message is refused as soon
			// as a byte makes it invalid, not once it is complete.
			// A compressed message is checked once inflated.
			if !d.cur.Op.IsControl() && d.msgOp == OpText && !d.compressed && !d.text.Write(dst) {
				d.failed = ErrInvalidUTF8
				return Event{}, n, ErrInvalidUTF8
			}
		}
		if d.left > 0 {
			return ev, n, nil // n == len(p): wait for more
		}
		d.inFrame = false
		d.frames++
		if d.discard {
			ev = d.finishSkipped()
		} else {
			ev, err = d.finishFrame()
		}
		if err != nil {
			d.failed = err
			return Event{}, n, err
		}
		if ev.Kind != EventNone {
			return ev, n, nil
		}
		if n == len(p) {
			return ev, n, nil
		}
	}
}

// skipping reports whether the payload of the current frame is read past
// without being kept: in discard mode, every frame but a close frame that
// fits the control-frame buffer.
func (d *Decoder) skipping() bool {
	return d.discard && (d.cur.Op != OpClose || d.cur.Length > MaxControlPayload)
}

// finishSkipped ends a frame read in discard mode: only a close frame
// produces an event.
func (d *Decoder) finishSkipped() Event {
	if d.cur.Op != OpClose {
		return Event{}
	}
	d.peerClosed = true
	ev := Event{Kind: EventClose, Code: CloseNoStatus}
	if d.cur.Length <= MaxControlPayload {
		p := d.ctrlPayload()
		ev.Payload = p
		if len(p) >= 2 {
			if code := binary.BigEndian.Uint16(p); ValidCloseCode(code) {
				ev.Code, ev.Reason = code, p[2:]
			}
		}
	}
	return ev
}

// ctrlPayload is the payload of the control frame just read (nil when it has none).
func (d *Decoder) ctrlPayload() []byte {
	if d.ctrl == nil {
		return nil
	}
	return d.ctrl[:d.ctrlLen]
}

func (d *Decoder) shrinkAbove() int {
	if d.ShrinkAbove > 0 {
		return int(d.ShrinkAbove)
	}
	return 16 << 10
}

// readHeader accumulates header bytes from p (together with any carried
// partial header), validates a complete header and arms the payload state.
// It returns the bytes of p it consumed and ok when a header was accepted.
func (d *Decoder) readHeader(p []byte) (used int, ok bool, err error) {
	var h Header
	var hn int
	if d.hdrLen == 0 {
		h, hn, err = ParseHeader(p)
		if err != nil {
			d.lost = true
			return 0, false, err
		}
		if hn == 0 {
			d.hdrLen = uint8(copy(d.hdr[:], p)) // len(p) < MaxHeaderSize here
			return len(p), false, nil
		}
		used = hn
	} else {
		old := int(d.hdrLen)
		add := copy(d.hdr[old:], p)
		h, hn, err = ParseHeader(d.hdr[:old+add])
		if err != nil {
			d.lost = true
			return 0, false, err
		}
		if hn == 0 {
			d.hdrLen = uint8(old + add)
			return add, false, nil
		}
		used = hn - old
		d.hdrLen = 0
	}
	if !d.discard {
		err = d.check(&h)
	}
	// The frame is armed even when refused, so that Discard can skip its
	// payload and find the frames after it.
	d.cur = h
	d.left = h.Length
	d.maskPos = 0
	d.inFrame = true
	if h.Op.IsControl() {
		d.ctrlLen = 0
	} else if h.Op != OpContinuation && err == nil {
		d.msgOp = h.Op // a new message starts
		d.compressed = h.Rsv&RSV1 != 0
		d.text.Reset()
	}
	return used, err == nil, err
}

// check applies RFC 6455 §5 rules to a header before any payload is read.
func (d *Decoder) check(h *Header) error {
	if h.Rsv&^RSV1 != 0 || (h.Rsv != 0 && !d.Deflate) {
		return ErrReservedBits
	}
	if !h.Op.Known() {
		return ErrBadOpcode
	}
	if h.Rsv&RSV1 != 0 {
		switch {
		case h.Op.IsControl():
			return ErrCompressedControl
		case h.Op == OpContinuation:
			return ErrCompressedContinuation
		}
	}
	if d.ClientMode {
		if h.Masked {
			return ErrMasked
		}
	} else if !h.Masked {
		return ErrUnmasked
	}
	if h.Op.IsControl() {
		if !h.Fin {
			return ErrControlFragmented
		}
		if h.Length > MaxControlPayload {
			return ErrControlTooLong
		}
		return nil
	}
	switch {
	case h.Op == OpContinuation && !d.fragmented:
		return ErrUnexpectedContinuation
	case h.Op != OpContinuation && d.fragmented:
		return ErrExpectedContinuation
	}
	if d.MaxMessageSize > 0 && h.Length > int64(d.MaxMessageSize)-int64(len(d.msg)) {
		return ErrMessageTooBig
	}
	return nil
}

// finishFrame turns a fully read frame into an event (or none, for a
// non-final fragment).
func (d *Decoder) finishFrame() (Event, error) {
	h := &d.cur
	switch h.Op {
	case OpPing:
		return Event{Kind: EventPing, Payload: d.ctrlPayload()}, nil
	case OpPong:
		return Event{Kind: EventPong, Payload: d.ctrlPayload()}, nil
	case OpClose:
		d.peerClosed = true
		p := d.ctrlPayload()
		ev := Event{Kind: EventClose, Payload: p, Code: CloseNoStatus}
		switch {
		case len(p) == 0:
		case len(p) == 1:
			return Event{}, ErrBadClosePayload
		default:
			ev.Code = binary.BigEndian.Uint16(p)
			if !ValidCloseCode(ev.Code) {
				return Event{}, ErrBadClosePayload
			}
			ev.Reason = p[2:]
			if !utf8.Valid(ev.Reason) {
				return Event{}, ErrInvalidUTF8
			}
		}
		return ev, nil
	}
	if !h.Fin {
		d.fragmented = true
		return Event{}, nil
	}
	d.fragmented = false
	d.msgDone = true
	if d.compressed {
		out, err := Inflate(d.inflated[:0], d.msg, int(d.MaxMessageSize))
		d.inflated = out
		if err != nil {
			return Event{}, err
		}
		if d.msgOp == OpText && !utf8.Valid(out) {
			return Event{}, ErrInvalidUTF8
		}
		return Event{Kind: EventMessage, Op: d.msgOp, Payload: out}, nil
	}
	if d.msgOp == OpText && !d.text.Complete() { // every byte was checked on arrival; only a cut sequence is left
		return Event{}, ErrInvalidUTF8
	}
	return Event{Kind: EventMessage, Op: d.msgOp, Payload: d.msg}, nil
}
