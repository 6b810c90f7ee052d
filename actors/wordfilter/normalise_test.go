package wordfilter

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// describe renders runs as "canon×count" tokens with "|" for a boundary, "_" for a hard one, and
// suffixes: "'" accent, "#" digits only, "@" soft.
func describe(n normalised) string {
	var b strings.Builder
	for i, r := range n.runs {
		if i > 0 {
			switch {
			case r.hard:
				b.WriteString(" _ ")
			case r.boundary:
				b.WriteString(" | ")
			default:
				b.WriteByte(' ')
			}
		}
		b.WriteRune(r.canon)
		if r.count > 1 {
			b.WriteString("×" + strconv.Itoa(r.count))
		}
		if r.accent {
			b.WriteByte('\'')
		}
		if r.digits {
			b.WriteByte('#')
		}
		if r.soft {
			b.WriteByte('@')
		}
	}
	return b.String()
}

func TestNormalise(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"ascii folds to one case", "Ab", "A B"},
		{"punctuation is a soft boundary", "a,b", "A | B"},
		{"white space is a hard boundary", "a, b", "A _ B"},
		{"ignorable runes leave no boundary", "a\u200Bb", "A B"},
		{"full-width folds to ascii", "ａＢ", "A B"},
		{"ideographic space is white space", "a\u3000b", "A _ B"},
		{"script change is a boundary", "a傻b", "A | 傻 | B"},
		{"chinese runs have no boundary", "傻逼", "傻 逼"},
		{"repeated letters are one run", "baaad", "B A×3 D"},
		{"repeats across zero-width characters", "ba\u200Ba\u200Bad", "B A×3 D"},
		{"no run across a separator", "a.a", "A | A"},
		{"leetspeak digits read as letters", "b4d 5h1t", "B A# D _ S# H 1# T"},
		{"other digits stay digits", "2-0", "2# | O#"},
		{"soft symbols read as letters", "@$$", "A@ S×2@"},
		{"a run of digit and letter is not digits only", "0o", "O×2"},
		{"precomposed accent is stripped and remembered", "fück", "F U' C K"},
		{"combining accent is the same", "fu\u0308ck", "F U' C K"},
		{"zalgo strokes mark, not split", "b\u0336a\u0336d\u0336", "B' A' D'"},
		{"mathematical bold letters (NFKD)", "𝐛𝐚𝐝", "B A D"},
		{"circled letters (NFKD)", "ⓑⓐⓓ", "B A D"},
		{"ligature expands (NFKD)", "ﬁne", "F I N E"},
		{"superscript letters (NFKD)", "ᵇᵃᵈ", "B A D"},
		{"cyrillic look-alikes", "раураl", "P A Y P A L"},
		{"greek look-alikes", "ιδιοτ", "I Δ I O T"},
		{"small capitals", "ɪᴅɪᴏᴛ", "I D I O T"},
		{"negative squared letters", "🅱🅰🅳", "B A D"},
		{"half-width katakana is katakana with the voicing mark", "ﾊﾞｶ", "ハ \u3099 カ"},
		{"precomposed kana decomposes the same way", "バカ", "ハ \u3099 カ"},
		{"hangul syllables stay whole", "시발", "시 발"},
		{"devanagari marks are kept", "कुत्ता", "क \u0941 त \u094d त \u093e"},
		{"accented letters of other scripts", "é ё", "E' _ E'"},
		{"only separators", "?! ...", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := describe(normalise(tt.text)); got != tt.want {
				t.Fatalf("normalise(%q) = %q; want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestFoldIsCanonical(t *testing.T) {
	// Every member of a simple-folding orbit must map to the same rune, look-alikes included.
	orbits := [][]rune{{'k', 'K', 0x212A}, {'s', 'S', 0x17F}, {'σ', 'ς', 'Σ'}, {'ǆ', 'ǅ', 'Ǆ'}, {'я', 'Я'}, {'а', 'А', 'a'}, {'ο', 'Ο', 'o', 'о', 'О'}}
	for _, o := range orbits {
		want := describe(normalise(string(o[0])))
		for _, r := range o[1:] {
			if got := describe(normalise(string(r))); got != want {
				t.Errorf("%q normalises to %q, %q to %q", o[0], want, r, got)
			}
		}
	}
}

func TestSpecialTableAgreesWithTheSlowPath(t *testing.T) {
	sp := specials()
	for _, r := range []rune{'é', 'ﬁ', '𝐛', '①', 'а', 'Ω', 'ｶ', 'ﾞ', '™', '㎏', 0x1F171} {
		if sp.special(r) == nil {
			t.Errorf("%q (%U) is not special", r, r)
		}
	}
	for _, r := range []rune{'ж', '傻', '시', '😀', 'ß', 'ø', 0x0301, 0x10FFFF} {
		if es := sp.special(r); es != nil {
			t.Errorf("%q (%U) is special: %v", r, r, es)
		}
	}
}

func TestSkippedBlocksHaveNoDecomposition(t *testing.T) {
	// buildSpecials skips these blocks without asking norm; a later Unicode version must not
	// give them decompositions behind our back.
	var buf [4]byte
	for _, rg := range [][2]rune{{0x3400, 0x4DBF}, {0x4E00, 0x9FFF}, {0xE000, 0xF8FF}, {0x20000, 0x2F7FF}} {
		for r := rg[0]; r <= rg[1]; r++ {
			n := utf8.EncodeRune(buf[:], r)
			if norm.NFKD.QuickSpan(buf[:n]) != n {
				t.Fatalf("%U has a decomposition now", r)
			}
		}
	}
}
