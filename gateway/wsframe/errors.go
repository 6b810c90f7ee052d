package wsframe

import (
	"errors"
	"strconv"
)

// Close codes used by the decoder and the gateway (RFC 6455 §7.4.1).
const (
	CloseNormal          uint16 = 1000
	CloseGoingAway       uint16 = 1001
	CloseProtocolError   uint16 = 1002
	CloseUnsupportedData uint16 = 1003
	CloseNoStatus        uint16 = 1005 // never sent on the wire
	CloseAbnormal        uint16 = 1006 // never sent on the wire
	CloseInvalidPayload  uint16 = 1007
	ClosePolicyViolation uint16 = 1008
	CloseMessageTooBig   uint16 = 1009
	CloseInternalError   uint16 = 1011
)

// CloseError is a protocol violation found while decoding. Code is the close
// code the receiving endpoint must send before it drops the connection.
type CloseError struct {
	Code   uint16
	Reason string
}

func (e *CloseError) Error() string {
	return "websocket: close " + strconv.Itoa(int(e.Code)) + ": " + e.Reason
}

// Sentinel protocol errors. Compare with errors.Is, or take the code with
// errors.As(err, &*CloseError).
var (
	// ErrUnmasked: a client frame without the MASK bit (RFC 6455 §5.1).
	ErrUnmasked = &CloseError{CloseProtocolError, "client frame not masked"}
	// ErrMasked: a server frame with the MASK bit (only when decoding as a client).
	ErrMasked = &CloseError{CloseProtocolError, "server frame masked"}
	// ErrReservedBits: RSV1-3 set while no extension was negotiated.
	ErrReservedBits = &CloseError{CloseProtocolError, "reserved bits set"}
	// ErrBadOpcode: an opcode RFC 6455 reserves for future use.
	ErrBadOpcode = &CloseError{CloseProtocolError, "unknown opcode"}
	// ErrControlTooLong: a control frame payload longer than 125 bytes.
	ErrControlTooLong = &CloseError{CloseProtocolError, "control frame too long"}
	// ErrControlFragmented: a control frame without FIN.
	ErrControlFragmented = &CloseError{CloseProtocolError, "fragmented control frame"}
	// ErrUnexpectedContinuation: a continuation frame with no message in progress.
	ErrUnexpectedContinuation = &CloseError{CloseProtocolError, "unexpected continuation frame"}
	// ErrExpectedContinuation: a new data frame while a fragmented message is in progress.
	ErrExpectedContinuation = &CloseError{CloseProtocolError, "expected continuation frame"}
	// ErrBadLength: a 64-bit length with the most significant bit set.
	// (Non-minimal length encodings are accepted, as browsers do.)
	ErrBadLength = &CloseError{CloseProtocolError, "invalid payload length"}
	// ErrBadClosePayload: a close frame with a 1-byte payload or an invalid code.
	ErrBadClosePayload = &CloseError{CloseProtocolError, "invalid close frame"}
	// ErrInvalidUTF8: a text message or close reason that is not valid UTF-8.
	ErrInvalidUTF8 = &CloseError{CloseInvalidPayload, "invalid UTF-8"}
	// ErrMessageTooBig: a message whose declared length exceeds the limit.
	ErrMessageTooBig = &CloseError{CloseMessageTooBig, "message too big"}
)

// CodeOf returns the close code carried by err, or CloseInternalError when
// err is not a *CloseError.
func CodeOf(err error) uint16 {
	var ce *CloseError
	if errors.As(err, &ce) {
		return ce.Code
	}
	return CloseInternalError
}
