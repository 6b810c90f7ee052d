package wordfilter

import (
	"unicode"
	"unicode/utf8"
)

// Rune kinds after normalisation.
const (
	kindSep    = iota // ends a word: spaces, punctuation, symbols, emoji, invalid UTF-8
	kindWord          // letters, numbers and the combining marks not listed as ignorable
	kindIgnore        // vanishes without a trace: zero-width and format characters
)

// asciiClass is the precomputed normalisation of the ASCII range, the common case of chat text.
var asciiClass = func() (t [utf8.RuneSelf]struct {
	canon rune
	kind  uint8
}) {
	for r := rune(0); r < utf8.RuneSelf; r++ {
		switch {
		case 'a' <= r && r <= 'z':
			// The fold orbit's smallest member is the canonical form, so ASCII folds to upper case.
			t[r].canon, t[r].kind = r-'a'+'A', kindWord
		case 'A' <= r && r <= 'Z', '0' <= r && r <= '9':
			t[r].canon, t[r].kind = r, kindWord
		default:
			t[r].canon, t[r].kind = r, kindSep
		}
	}
	return t
}()

// normRune maps one decoded rune to its canonical form, its kind, and whether it belongs to a
// script written without spaces between words (see doc.go, "Normalisation").
//
// invalid reports a byte that did not decode (utf8.RuneError of width 1); it is a separator.
func normRune(r rune, invalid bool) (canon rune, kind uint8, unspaced bool) {
	if r < utf8.RuneSelf {
		c := asciiClass[r]
		return c.canon, c.kind, false
	}
	if invalid {
		return r, kindSep, false
	}
	// Full-width ASCII (U+FF01..U+FF5E) is ASCII shifted by 0xFEE0; the ideographic space is a space.
	if 0xFF01 <= r && r <= 0xFF5E {
		c := asciiClass[r-0xFEE0]
		return c.canon, c.kind, false
	}
	if r == 0x3000 {
		return ' ', kindSep, false
	}
	// CJK Unified Ideographs first: by far the most common non-ASCII block in the target audience.
	if 0x4E00 <= r && r <= 0x9FFF {
		return r, kindWord, true
	}
	if ignorable(r) {
		return r, kindIgnore, false
	}
	if !unicode.IsLetter(r) && !unicode.IsNumber(r) && !unicode.IsMark(r) {
		return r, kindSep, false
	}
	return fold(r), kindWord, isUnspaced(r)
}

// ignorable reports runes that evaders insert inside words because they render as nothing (or as
// a decoration on the previous letter): format characters (zero-width space/joiners, word joiner,
// BOM, soft hyphen, bidi controls), variation selectors, the Hangul fillers, and the generic
// combining-diacritic blocks used for "Zalgo" text (b̷a̷d̷). Script-specific marks (Devanagari vowel
// signs, Thai tone marks, Arabic harakat) are NOT ignored: they change the word.
func ignorable(r rune) bool {
	switch {
	case 0x0300 <= r && r <= 0x036F, // Combining Diacritical Marks
		0x1AB0 <= r && r <= 0x1AFF,                         // Combining Diacritical Marks Extended
		0x1DC0 <= r && r <= 0x1DFF,                         // Combining Diacritical Marks Supplement
		0x20D0 <= r && r <= 0x20FF,                         // Combining Diacritical Marks for Symbols
		0xFE20 <= r && r <= 0xFE2F,                         // Combining Half Marks
		0xFE00 <= r && r <= 0xFE0F,                         // Variation Selectors
		0xE0100 <= r && r <= 0xE01EF,                       // Variation Selectors Supplement
		r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0: // Hangul fillers render blank
		return true
	}
	return unicode.Is(unicode.Cf, r)
}

// unspacedScripts are written without spaces between words, so a pattern in them matches inside
// longer runs of text and never needs a word boundary.
var unspacedScripts = []*unicode.RangeTable{
	unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Bopomofo, unicode.Hangul,
	unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar,
}

func isUnspaced(r rune) bool {
	// The prolonged sound mark and its half-width form are script Common but live inside kana words.
	if r == 0x30FC || r == 0xFF70 {
		return true
	}
	return unicode.In(r, unspacedScripts...)
}

// fold returns the canonical member of r's Unicode simple case-folding orbit: its smallest rune.
// Every member of an orbit (k, K and the Kelvin sign K; σ, ς and Σ) maps to the same rune.
func fold(r rune) rune {
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f < m {
			m = f
		}
	}
	return m
}

// normalised is the explicit form of a text after normalisation, used to compile patterns and by
// tests' reference matcher. The matcher itself never builds it: it normalises rune by rune.
type normalised struct {
	runes    []rune
	boundary []bool // boundary[i]: a word boundary lies just before runes[i]; boundary[len] is the end
	unspaced []bool
	start    []int // byte offset of runes[i] in the source
	end      []int // byte offset just past runes[i]
}

// normalise computes the normalised form of s with the same rules the matcher applies.
func normalise(s string) normalised {
	var n normalised
	sep, prevU := true, false
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		c, kind, u := normRune(r, r == utf8.RuneError && w == 1)
		switch kind {
		case kindIgnore:
			i += w
			continue
		case kindSep:
			sep = true
			i += w
			continue
		}
		n.boundary = append(n.boundary, sep || (len(n.runes) > 0 && u != prevU))
		n.runes = append(n.runes, c)
		n.unspaced = append(n.unspaced, u)
		n.start = append(n.start, i)
		n.end = append(n.end, i+w)
		sep, prevU = false, u
		i += w
	}
	n.boundary = append(n.boundary, true)
	return n
}
