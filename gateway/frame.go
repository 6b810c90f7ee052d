package gateway

import (
	"sync"

	"courtside/gateway/wsframe"
)

// Frame is one complete, pre-encoded server frame (header and unmasked
// payload). It is immutable once built, so the same *Frame can be sent to
// any number of connections from any goroutine: no per-connection encoding
// or copying happens.
//
// A frame has two encodings: plain (made by NewFrame) and compressed
// (permessage-deflate without context takeover, RSV1 set). The compressed
// one is made at most once, by the first Send or Broadcast that queues the
// frame for a connection that negotiated compression, and then shared by
// every such connection; a frame no compressing client receives is never
// compressed. When compression does not pay (short or incompressible
// payloads) compressing connections get the plain bytes.
type Frame struct {
	b        []byte
	priority bool

	zOnce sync.Once
	z     []byte // compressed encoding, or b; valid once zOnce ran
}

// NewFrame encodes payload once as a text frame. priority frames are still
// queued when a connection is over its OutboundLimit (up to the hard cap);
// ordinary ones are dropped for that connection. The payload is copied, so
// the caller may reuse it.
func NewFrame(payload []byte, priority bool) *Frame {
	return &Frame{b: wsframe.EncodeFrame(wsframe.OpText, payload), priority: priority}
}

// Len is the number of bytes the plain encoding occupies on the wire (and
// in the outbound queue of a connection without compression).
func (f *Frame) Len() int { return len(f.b) }

// wire returns the encoding for a connection: compressed when it
// negotiated permessage-deflate. Any goroutine; the first compressed call
// compresses, the others wait for it or read the result.
func (f *Frame) wire(deflate bool) []byte {
	if !deflate {
		return f.b
	}
	f.zOnce.Do(f.compress)
	return f.z
}

func (f *Frame) compress() {
	h, hn, _ := wsframe.ParseHeader(f.b) // ours: complete and valid
	if z, ok := wsframe.EncodeCompressedFrame(h.Op, f.b[hn:]); ok {
		f.z = z
		return
	}
	f.z = f.b
}

// Priority reports whether the frame survives slow-consumer dropping.
func (f *Frame) Priority() bool { return f.priority }

// Bytes returns the encoded frame. It must not be modified.
func (f *Frame) Bytes() []byte { return f.b }

// Pre-encoded control frames written by the event loops.
var pingFrame = wsframe.EncodeFrame(wsframe.OpPing, nil)

// Close codes the gateway sends (see docs/protocol.md).
const (
	CloseNormal                 = wsframe.CloseNormal          // 1000
	CloseGoingAway              = wsframe.CloseGoingAway       // 1001: node shutting down
	CloseProtocolError          = wsframe.CloseProtocolError   // 1002
	CloseUnsupportedData        = wsframe.CloseUnsupportedData // 1003: binary message
	CloseInvalidPayload         = wsframe.CloseInvalidPayload  // 1007: invalid UTF-8
	ClosePolicyViolation        = wsframe.ClosePolicyViolation // 1008: auth failed / not sent in time
	CloseMessageTooBig          = wsframe.CloseMessageTooBig   // 1009
	CloseAbnormal               = wsframe.CloseAbnormal        // 1006: reported to OnClose only, never sent
	CloseSlowConsumer    uint16 = 4008
	CloseIdleTimeout     uint16 = 4009
)
