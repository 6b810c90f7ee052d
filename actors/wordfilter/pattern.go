package wordfilter

import "strings"

// MaxPatternRunes is the longest pattern, in runes after normalisation, that a Filter accepts.
// The matcher keeps the boundary history of the last runes in one 64-bit word, which is what makes
// a clean Match allocation-free; no real banned term is anywhere near this long.
const MaxPatternRunes = 64

// pattern is one compiled banned term.
type pattern struct {
	text  string // as written in the list (trimmed), returned by Match
	runes []rune // normalised; only kept until the automaton is built
	n     int    // len(runes)
	// pb has bit o set when the pattern itself has a word boundary just before its rune at offset o
	// from its end (o = 0 is the last rune), e.g. between "kill" and "yourself".
	pb uint64
	// needLeft and needRight: this end of a match must sit on a word boundary of the text. True for
	// an end rune of a spaced script unless the pattern opens that end with '*'.
	needLeft, needRight bool
}

// compilePattern turns one list entry into a pattern. ok is false for an entry that is empty after
// normalisation (only separators, or only '*'); tooLong reports one over MaxPatternRunes.
func compilePattern(text string) (p pattern, ok, tooLong bool) {
	text = strings.TrimSpace(text)
	body := strings.TrimLeft(text, "*")
	leftOpen := len(body) < len(text)
	trimmed := strings.TrimRight(body, "*")
	rightOpen := len(trimmed) < len(body)

	n := normalise(trimmed)
	if len(n.runes) == 0 {
		return pattern{}, false, false
	}
	if len(n.runes) > MaxPatternRunes {
		return pattern{}, false, true
	}
	p = pattern{text: text, runes: n.runes, n: len(n.runes)}
	for i := 1; i < p.n; i++ {
		if n.boundary[i] {
			p.pb |= 1 << uint(p.n-1-i)
		}
	}
	p.needLeft = !leftOpen && !n.unspaced[0]
	p.needRight = !rightOpen && !n.unspaced[p.n-1]
	return p, true, false
}

// accept decides whether an occurrence of p's runes in the normalised text is a match, given the
// text's boundary history bb and unspaced history un (bit o describes the rune o places before the
// occurrence's last rune; for bb, the boundary just before that rune) and whether a boundary follows
// the occurrence. These are the evasion and over-match rules of doc.go, in one place.
func (p *pattern) accept(bb, un uint64, rightBoundary bool) bool {
	if p.needRight && !rightBoundary {
		return false
	}
	last := uint(p.n - 1)
	if p.needLeft && (bb>>last)&1 == 0 {
		return false
	}
	internal := uint64(1)<<last - 1
	tb := bb & internal
	// A boundary inside the occurrence is fine where the pattern has one too, or between two
	// unspaced-script runes; any other means the occurrence straddles words ("crab adventure" is
	// not "bad") unless every rune is separated from the next ("b.a.d", "b a d": spelled out).
	unexpected := tb &^ p.pb &^ (un & (un >> 1))
	return unexpected == 0 || tb == internal
}
