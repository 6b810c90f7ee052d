package wordfilter

import (
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Kinds of normalised runes.
const (
	kindSep    = iota // soft separator: punctuation, symbols, emoji, invalid UTF-8
	kindWord          // letters, numbers and the marks that are not listed as ignorable
	kindIgnore        // vanishes without a trace: zero-width and format characters
	kindMark          // a generic combining diacritic: vanishes, but marks the letter before as accented
	kindSpace         // hard separator: white space
)

// Flags of a word rune.
const (
	flagDigit    = 1 << iota // an ASCII digit (its canonical form may be a leetspeak letter)
	flagSoft                 // '@' or '$' read as a letter
	flagAccent               // a diacritic was removed from it
	flagUnspaced             // a script written without spaces between words
)

// elem is one rune after normalisation: its canonical form, kind and flags.
type elem struct {
	canon rune
	kind  uint8
	flags uint8
}

// leet maps the leetspeak digits and symbols to the letter they stand for. '1' stands for 'i' or
// 'l' and keeps its own canonical form; the automaton reads I, L and 1 as one symbol (see class).
var leet = map[byte]rune{'0': 'O', '3': 'E', '4': 'A', '5': 'S', '7': 'T', '@': 'A', '$': 'S'}

// class is the symbol the automaton reads for a canonical rune: i, l and 1 are one symbol, since
// each is drawn or typed for the others ("ldiot", "k1ll", "1oser"). They stay distinct canonical
// runes, so runs do not join across them: "tilt" is T, I, L, T, four runs, and is not "tit".
func class(r rune) rune {
	if r == 'L' || r == '1' {
		return 'I'
	}
	return r
}

// asciiClass is the precomputed normalisation of the ASCII range, the common case of chat text.
var asciiClass = func() (t [utf8.RuneSelf]elem) {
	for r := rune(0); r < utf8.RuneSelf; r++ {
		b := byte(r)
		switch {
		case 'a' <= r && r <= 'z':
			// The fold orbit's smallest member is the canonical form, so ASCII folds to upper case.
			t[r] = elem{r - 'a' + 'A', kindWord, 0}
		case 'A' <= r && r <= 'Z':
			t[r] = elem{r, kindWord, 0}
		case '0' <= r && r <= '9':
			t[r] = elem{r, kindWord, flagDigit}
			if l, ok := leet[b]; ok {
				t[r].canon = l
			}
		case b == '@' || b == '$':
			t[r] = elem{leet[b], kindWord, flagSoft}
		case b == ' ' || ('\t' <= b && b <= '\r'):
			t[r] = elem{r, kindSpace, 0}
		default:
			t[r] = elem{r, kindSep, 0}
		}
	}
	return t
}()

// classify normalises one rune that needs no table entry (see specials): CJK fast path, ignorable
// runes, separators, and case folding.
func classify(r rune) elem {
	// CJK Unified Ideographs first: by far the most common non-ASCII block in the target audience.
	if 0x4E00 <= r && r <= 0x9FFF {
		return elem{r, kindWord, flagUnspaced}
	}
	if genericMark(r) {
		return elem{r, kindMark, 0}
	}
	if ignorable(r) {
		return elem{r, kindIgnore, 0}
	}
	if unicode.IsSpace(r) {
		return elem{' ', kindSpace, 0}
	}
	if !unicode.IsLetter(r) && !unicode.IsNumber(r) && !unicode.IsMark(r) {
		return elem{r, kindSep, 0}
	}
	e := elem{fold(r), kindWord, 0}
	if isUnspaced(r) {
		e.flags = flagUnspaced
	}
	return e
}

// genericMark reports the generic combining-diacritic blocks: accents (ä as a + U+0308) and the
// strokes of "Zalgo" text (b̷a̷d̷). Script-specific marks (Devanagari vowel signs, Thai tone marks,
// Arabic harakat, the kana voicing marks) are not in them: they change the word.
func genericMark(r rune) bool {
	return 0x0300 <= r && r <= 0x036F || // Combining Diacritical Marks
		0x1AB0 <= r && r <= 0x1AFF || // Combining Diacritical Marks Extended
		0x1DC0 <= r && r <= 0x1DFF || // Combining Diacritical Marks Supplement
		0x20D0 <= r && r <= 0x20FF || // Combining Diacritical Marks for Symbols
		0xFE20 <= r && r <= 0xFE2F // Combining Half Marks
}

// ignorable reports runes that evaders insert inside words because they render as nothing: format
// characters (zero-width space/joiners, word joiner, BOM, soft hyphen, bidi controls), variation
// selectors and the Hangul fillers.
func ignorable(r rune) bool {
	switch {
	case 0xFE00 <= r && r <= 0xFE0F, // Variation Selectors
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
	switch r {
	// The prolonged sound mark and its half-width form are script Common, the kana voicing marks
	// (what NFKD leaves of バ and ﾊﾞ) Inherited, but they live inside kana words.
	case 0x30FC, 0xFF70, 0x3099, 0x309A:
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

// The special runes are those whose normalisation is not classify's: a compatibility or canonical
// decomposition (NFKD: ligatures, mathematical and circled letters, superscripts, half-width kana,
// precomposed accented letters) or a look-alike of a Latin letter (confusables.go). Their
// normalisation, one or more elems, is computed once, on first use, into a pool.
const (
	denseSpecials = 0x2000  // runes below: indexed directly (Latin, IPA, Greek, Cyrillic, small capitals)
	maxSpecial    = 0x2FFFF // runes above have no decomposition and no look-alike entry
)

type specialTable struct {
	pool   []elem
	dense  [denseSpecials]uint32 // packed offset<<6 | length; 0 = not special
	sparse map[rune]uint32
	bits   [(maxSpecial + 1) / 64]uint64 // runes >= denseSpecials present in sparse
}

var specials = sync.OnceValue(buildSpecials)

// special returns the normalisation of r when it is special, or nil. The table must have been built
// (specials()) before.
func (t *specialTable) special(r rune) []elem {
	var p uint32
	switch {
	case r < denseSpecials:
		p = t.dense[r]
	case r <= maxSpecial && t.bits[r>>6]&(1<<(r&63)) != 0:
		p = t.sparse[r]
	}
	if p == 0 {
		return nil
	}
	off, n := p>>6, p&63
	return t.pool[off : off+n]
}

func buildSpecials() *specialTable {
	t := &specialTable{sparse: map[rune]uint32{}}
	add := func(r rune, out []elem) {
		if len(out) == 0 {
			out = []elem{{r, kindIgnore, 0}} // decomposes to marks only
		}
		if len(out) > 63 {
			out = out[:63] // never happens: the longest decomposition (U+FDFA) has 18 runes
		}
		p := uint32(len(t.pool))<<6 | uint32(len(out))
		t.pool = append(t.pool, out...)
		if r < denseSpecials {
			t.dense[r] = p
		} else {
			t.sparse[r] = p
			t.bits[r>>6] |= 1 << (r & 63)
		}
	}
	var buf [utf8.UTFMax]byte
	var out []elem
	for r := rune(utf8.RuneSelf); r <= maxSpecial; r++ {
		switch {
		case 0x3400 <= r && r <= 0x4DBF, 0x4E00 <= r && r <= 0x9FFF, 0x20000 <= r && r <= 0x2F7FF:
			continue // CJK Unified Ideographs (and extensions) have no decomposition
		case 0xE000 <= r && r <= 0xF8FF: // private use
			continue
		case 0xAC00 <= r && r <= 0xD7A3 || !utf8.ValidRune(r) || genericMark(r):
			continue // Hangul syllables stay whole; marks are handled as marks
		}
		if n := utf8.EncodeRune(buf[:], r); norm.NFKD.QuickSpan(buf[:n]) == n {
			continue // no decomposition (look-alikes are added below)
		}
		out = out[:0]
		accent := false
		for _, x := range norm.NFKD.String(string(r)) {
			if genericMark(x) {
				accent = true
				continue
			}
			out = append(out, normalOne(x))
		}
		if accent {
			for i := range out {
				if out[i].kind == kindWord {
					out[i].flags |= flagAccent
				}
			}
		}
		if len(out) == 1 && out[0] == classify(r) {
			continue // the decomposition changes nothing the matcher sees
		}
		add(r, out)
	}
	for r := range lookalikes() {
		if r >= utf8.RuneSelf && r <= maxSpecial && t.special(r) == nil {
			add(r, []elem{normalOne(r)})
		}
	}
	return t
}

// normalOne normalises a rune that is already in NFKD: ASCII table, classify, look-alikes.
func normalOne(x rune) elem {
	if x < utf8.RuneSelf {
		return asciiClass[x]
	}
	if l, ok := lookalike(x); ok {
		return asciiClass[l]
	}
	return classify(x)
}

// normalised is the explicit form of a text after normalisation, as runs: maximal sequences of
// the same canonical word rune with no separator between them ("baaad" is B, A×3, D). It is used
// to compile patterns and by tests' reference matcher; the matcher itself never builds it.
type normalised struct {
	runs []run
}

// run is one run of the normalised text.
type run struct {
	canon    rune
	count    int  // runes in the run (the matcher saturates at 255)
	boundary bool // a word boundary lies just before the run (separator, start, script change)
	hard     bool // white space among the separators before the run
	unspaced bool
	accent   bool // some rune of the run lost a diacritic
	digits   bool // every rune of the run is an ASCII digit
	soft     bool // every rune of the run is '@' or '$'
	start    int  // byte offset of the run's first source rune
	end      int  // byte offset just past its last source rune
}

// normalise computes the normalised form of s with the same rules the matcher applies.
func normalise(s string) normalised {
	t := specials()
	var n normalised
	sep, hard := true, false
	var one [1]elem
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		var es []elem
		switch {
		case r < utf8.RuneSelf:
			one[0] = asciiClass[r]
			es = one[:]
		case r == utf8.RuneError && w == 1:
			one[0] = elem{r, kindSep, 0}
			es = one[:]
		default:
			if es = t.special(r); es == nil {
				one[0] = classify(r)
				es = one[:]
			}
		}
		for _, e := range es {
			switch e.kind {
			case kindIgnore:
				continue
			case kindMark:
				if len(n.runs) > 0 {
					n.runs[len(n.runs)-1].accent = true
				}
				continue
			case kindSep:
				sep = true
				continue
			case kindSpace:
				sep, hard = true, true
				continue
			}
			u := e.flags&flagUnspaced != 0
			if k := len(n.runs); k > 0 && !sep && n.runs[k-1].canon == e.canon {
				last := &n.runs[k-1]
				last.count++
				last.accent = last.accent || e.flags&flagAccent != 0
				last.digits = last.digits && e.flags&flagDigit != 0
				last.soft = last.soft && e.flags&flagSoft != 0
				last.end = i + w
				continue
			}
			b := sep || (len(n.runs) > 0 && u != n.runs[len(n.runs)-1].unspaced)
			n.runs = append(n.runs, run{
				canon: e.canon, count: 1, boundary: b, hard: hard, unspaced: u,
				accent: e.flags&flagAccent != 0, digits: e.flags&flagDigit != 0, soft: e.flags&flagSoft != 0,
				start: i, end: i + w,
			})
			sep, hard = false, false
		}
		i += w
	}
	return n
}
