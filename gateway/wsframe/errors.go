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
	// ErrReservedBits: RSV1-3 set while no extension was negotiated (with
	// permessage-deflate: RSV2 or RSV3 set).
	ErrReservedBits = &CloseError{CloseProtocolError, "reserved bits set"}
	// ErrCompressedControl: RSV1 (compressed) on a control frame (RFC 7692 §6.1).
	ErrCompressedControl = &CloseError{CloseProtocolError, "compressed control frame"}
	// ErrCompressedContinuation: RSV1 on a continuation frame; only the
	// first frame of a message says it is compressed (RFC 7692 §6.1).
	ErrCompressedContinuation = &CloseError{CloseProtocolError, "RSV1 on a continuation frame"}
	// ErrBadCompressed: a compressed message that is not a valid deflate
	// stream (the data does not match the message's type: 1007, as most
	// servers send).
	ErrBadCompressed = &CloseError{CloseInvalidPayload, "invalid compressed data"}
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
	// ErrMessageTooBig: a message whose declared length exceeds the limit,
	// or a compressed message that inflates past it.
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
