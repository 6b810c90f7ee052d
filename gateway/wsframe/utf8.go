package wsframe

import "unicode/utf8"

// UTF8Validator checks that a byte stream is well-formed UTF-8 while it
// arrives in pieces of any size, and reports it invalid at the first byte
// that cannot belong to a well-formed sequence (Unicode table 3-7: no
// overlong forms, no surrogates, nothing above U+10FFFF). A code point may
// be split across pieces: "\xe2\x82" then "\xac" is valid.
//
// RFC 6455 §8.1 asks an endpoint to fail a text message as soon as it is
// known to be invalid, which with this validator is when the offending byte
// arrives, in whatever frame or TCP read that is. It is independent of the
// framing: the Decoder feeds it unmasked payload bytes, and a decompressing
// layer (permessage-deflate) can feed it inflated bytes the same way.
//
// The zero value is ready for a new text. A UTF8Validator is not safe for
// concurrent use.
type UTF8Validator struct {
	need   uint8 // continuation bytes still expected in the current sequence
	lo, hi byte  // range of the next continuation byte
	bad    bool  // an invalid byte was seen; sticky until Reset
}

// Reset prepares v for a new text.
func (v *UTF8Validator) Reset() { *v = UTF8Validator{} }

// Write feeds the next piece of the text. It returns false as soon as the
// text seen so far cannot be the start of valid UTF-8 (and from then on,
// until Reset). A sequence left incomplete at the end of p is remembered.
func (v *UTF8Validator) Write(p []byte) bool {
	if v.bad {
		return false
	}
	i := 0
	for v.need > 0 && i < len(p) { // finish the sequence a previous piece started
		if !v.step(p[i]) {
			return false
		}
		i++
	}
	if i == len(p) {
		return true
	}
	rest := p[i:]
	// The standard library checks complete text fast (ASCII 8 bytes at a
	// time); only a sequence cut at the end of the piece goes byte by byte.
	cut := len(rest) - incompleteTail(rest)
	if !utf8.Valid(rest[:cut]) {
		v.bad = true
		return false
	}
	for _, b := range rest[cut:] {
		if !v.step(b) {
			return false
		}
	}
	return true
}

// Complete reports whether the text fed so far is valid UTF-8 that does not
// end inside a sequence: call it at the end of a message.
func (v *UTF8Validator) Complete() bool { return !v.bad && v.need == 0 }

// step feeds one byte to the state machine.
func (v *UTF8Validator) step(b byte) bool {
	if v.need > 0 {
		if b < v.lo || b > v.hi {
			v.bad = true
			return false
		}
		v.need--
		v.lo, v.hi = 0x80, 0xBF
		return true
	}
	v.lo, v.hi = 0x80, 0xBF
	switch {
	case b < 0x80:
	case 0xC2 <= b && b <= 0xDF:
		v.need = 1
	case b == 0xE0: // no overlong three-byte forms
		v.need, v.lo = 2, 0xA0
	case b == 0xED: // no surrogates U+D800..U+DFFF
		v.need, v.hi = 2, 0x9F
	case 0xE1 <= b && b <= 0xEF:
		v.need = 2
	case b == 0xF0: // no overlong four-byte forms
		v.need, v.lo = 3, 0x90
	case 0xF1 <= b && b <= 0xF3:
		v.need = 3
	case b == 0xF4: // nothing above U+10FFFF
		v.need, v.hi = 3, 0x8F
	default: // 0x80..0xC1 (stray continuation, overlong two-byte lead), 0xF5..0xFF
		v.bad = true
		return false
	}
	return true
}

// incompleteTail returns how many bytes at the end of p form the start of a
// multi-byte sequence that p does not complete (0 to 3). A lead byte that is
// never valid is not a tail: utf8.Valid refuses it with the rest.
func incompleteTail(p []byte) int {
	for k := 1; k <= 3 && k <= len(p); k++ {
		b := p[len(p)-k]
		if b&0xC0 == 0x80 {
			continue // continuation byte: look further back for its lead
		}
		need := 0
		switch {
		case 0xC2 <= b && b <= 0xDF:
			need = 2
		case 0xE0 <= b && b <= 0xEF:
			need = 3
		case 0xF0 <= b && b <= 0xF4:
			need = 4
		}
		if need > k {
			return k
		}
		return 0
	}
	return 0
}
