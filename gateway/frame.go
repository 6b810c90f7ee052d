package gateway

import "courtside/gateway/wsframe"

// Frame is one complete, pre-encoded server frame (header and unmasked
// payload). It is immutable once built, so the same *Frame can be sent to
// any number of connections from any goroutine: no per-connection encoding
// or copying happens.
type Frame struct {
	b        []byte
	priority bool
}

// NewFrame encodes payload once as a text frame. priority frames are still
// queued when a connection is over its OutboundLimit (up to the hard cap);
// ordinary ones are dropped for that connection. The payload is copied, so
// the caller may reuse it.
func NewFrame(payload []byte, priority bool) *Frame {
	return &Frame{b: wsframe.EncodeFrame(wsframe.OpText, payload), priority: priority}
}

// Len is the number of bytes the frame occupies on the wire (and in a
// connection's outbound queue).
func (f *Frame) Len() int { return len(f.b) }

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
