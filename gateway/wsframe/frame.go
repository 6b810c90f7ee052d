package wsframe

import (
	"encoding/binary"
	"math"
	"unicode/utf8"
)

// Opcode is the 4-bit frame opcode (RFC 6455 §5.2).
type Opcode uint8

// Opcodes defined by RFC 6455. All others are reserved and refused.
const (
	OpContinuation Opcode = 0x0
	OpText         Opcode = 0x1
	OpBinary       Opcode = 0x2
	OpClose        Opcode = 0x8
	OpPing         Opcode = 0x9
	OpPong         Opcode = 0xA
)

// IsControl reports whether op is a control opcode (close, ping, pong, or a
// reserved control opcode 0xB-0xF).
func (op Opcode) IsControl() bool { return op&0x8 != 0 }

// Known reports whether op is one of the six opcodes RFC 6455 defines.
func (op Opcode) Known() bool {
	switch op {
	case OpContinuation, OpText, OpBinary, OpClose, OpPing, OpPong:
		return true
	}
	return false
}

// MaxControlPayload is the largest payload a control frame may carry.
const MaxControlPayload = 125

// MaxHeaderSize is the size of the longest frame header: 2 bytes, 8 bytes of
// extended length and a 4-byte masking key.
const MaxHeaderSize = 14

// Header is a decoded frame header.
type Header struct {
	Fin    bool
	Rsv    uint8 // RSV1..RSV3 as the low three bits
	Op     Opcode
	Masked bool
	Mask   [4]byte
	Length int64
}

// ParseHeader decodes a frame header from the start of b. It returns the
// header and the number of bytes it occupies, or n == 0 when b does not yet
// hold the whole header. The only error is ErrBadLength (a 64-bit length
// with its most significant bit set); every other check is the caller's
// policy (see Decoder).
func ParseHeader(b []byte) (h Header, n int, err error) {
	if len(b) < 2 {
		return h, 0, nil
	}
	h.Fin = b[0]&0x80 != 0
	h.Rsv = (b[0] >> 4) & 0x7
	h.Op = Opcode(b[0] & 0x0F)
	h.Masked = b[1]&0x80 != 0
	n = 2
	switch l := b[1] & 0x7F; l {
	case 126:
		if len(b) < 4 {
			return h, 0, nil
		}
		h.Length = int64(binary.BigEndian.Uint16(b[2:4]))
		n = 4
	case 127:
		if len(b) < 10 {
			return h, 0, nil
		}
		u := binary.BigEndian.Uint64(b[2:10])
		if u > math.MaxInt64 {
			return h, 0, ErrBadLength
		}
		h.Length = int64(u)
		n = 10
	default:
		h.Length = int64(l)
	}
	if h.Masked {
		if len(b) < n+4 {
			return h, 0, nil
		}
		copy(h.Mask[:], b[n:n+4])
		n += 4
	}
	return h, n, nil
}

// HeaderSize returns the size of an unmasked header for a payload of n bytes.
func HeaderSize(n int) int {
	switch {
	case n <= 125:
		return 2
	case n <= math.MaxUint16:
		return 4
	default:
		return 10
	}
}

// AppendHeader appends an unmasked header with FIN set.
func AppendHeader(dst []byte, op Opcode, n int) []byte {
	b0 := 0x80 | byte(op)
	switch {
	case n <= 125:
		return append(dst, b0, byte(n))
	case n <= math.MaxUint16:
		return append(dst, b0, 126, byte(n>>8), byte(n))
	default:
		dst = append(dst, b0, 127)
		return binary.BigEndian.AppendUint64(dst, uint64(n))
	}
}

// AppendFrame appends one complete unmasked frame (FIN set) carrying payload.
func AppendFrame(dst []byte, op Opcode, payload []byte) []byte {
	dst = AppendHeader(dst, op, len(payload))
	return append(dst, payload...)
}

// EncodeFrame returns a new slice holding one complete unmasked frame, sized
// exactly, so the result can be shared read-only by many writers.
func EncodeFrame(op Opcode, payload []byte) []byte {
	return AppendFrame(make([]byte, 0, HeaderSize(len(payload))+len(payload)), op, payload)
}

// AppendClose appends an unmasked close frame. Code 0 (or CloseNoStatus)
// produces an empty payload. The reason is truncated (on a character
// boundary) so that the payload fits the 125-byte control-frame limit.
func AppendClose(dst []byte, code uint16, reason string) []byte {
	if code == 0 || code == CloseNoStatus {
		return AppendHeader(dst, OpClose, 0)
	}
	if len(reason) > MaxControlPayload-2 {
		reason = reason[:MaxControlPayload-2]
		for len(reason) > 0 && !utf8.ValidString(reason) {
			reason = reason[:len(reason)-1] // do not cut a character in two
		}
	}
	dst = AppendHeader(dst, OpClose, 2+len(reason))
	dst = binary.BigEndian.AppendUint16(dst, code)
	return append(dst, reason...)
}

// AppendMaskedFrame appends a masked frame the way a client sends it. fin
// and rsv let tests build fragmented and malformed frames.
func AppendMaskedFrame(dst []byte, fin bool, rsv uint8, op Opcode, mask [4]byte, payload []byte) []byte {
	b0 := byte(op&0x0F) | (rsv&0x7)<<4
	if fin {
		b0 |= 0x80
	}
	n := len(payload)
	switch {
	case n <= 125:
		dst = append(dst, b0, 0x80|byte(n))
	case n <= math.MaxUint16:
		dst = append(dst, b0, 0x80|126, byte(n>>8), byte(n))
	default:
		dst = append(dst, b0, 0x80|127)
		dst = binary.BigEndian.AppendUint64(dst, uint64(n))
	}
	dst = append(dst, mask[:]...)
	start := len(dst)
	dst = append(dst, payload...)
	Mask(dst[start:], mask, 0)
	return dst
}

// Mask XORs b with the masking key, starting at key offset pos (the number
// of payload bytes of this frame already processed), and returns the next
// offset. Masking and unmasking are the same operation.
func Mask(b []byte, key [4]byte, pos int) int {
	pos &= 3
	// Bring pos back to 0 byte by byte, then work a word at a time.
	for len(b) > 0 && pos != 0 {
		b[0] ^= key[pos]
		b = b[1:]
		pos = (pos + 1) & 3
	}
	k := binary.LittleEndian.Uint32(key[:])
	k64 := uint64(k) | uint64(k)<<32
	for len(b) >= 8 {
		v := binary.LittleEndian.Uint64(b)
		binary.LittleEndian.PutUint64(b, v^k64)
		b = b[8:]
	}
	for i := range b {
		b[i] ^= key[i&3]
	}
	return (pos + len(b)) & 3
}

// ValidCloseCode reports whether code may appear in a close frame on the
// wire (RFC 6455 §7.4).
func ValidCloseCode(code uint16) bool {
	switch {
	case code >= 1000 && code <= 1003:
		return true
	case code >= 1007 && code <= 1014: // 1012-1014 are IANA-registered since RFC 6455
		return true
	case code >= 3000 && code <= 4999:
		return true
	}
	return false
}
