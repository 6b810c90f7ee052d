package wordfilter

import (
	"slices"
	"testing"
)

func TestNormalise(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		runes    string
		boundary []bool // one per rune, then the end
	}{
		{"ascii folds to one case", "Ab", "AB", []bool{true, false, true}},
		{"separators become boundaries", "a, b", "AB", []bool{true, true, true}},
		{"ignorable runes leave no boundary", "a\u200Bb", "AB", []bool{true, false, true}},
		{"full-width folds to ascii", "ａＢ１", "AB1", []bool{true, false, false, true}},
		{"ideographic space is a separator", "a\u3000b", "AB", []bool{true, true, true}},
		{"script change is a boundary", "a傻b", "A傻B", []bool{true, true, true, true}},
		{"chinese runs have no boundary", "傻逼", "傻逼", []bool{true, false, true}},
		{"accented letters are kept", "café", "CAFÉ", []bool{true, false, false, false, true}},
		{"devanagari marks are kept", "कुत्ता", "कुत्ता", []bool{true, false, false, false, false, false, true}},
		{"only separators", "?! ...", "", []bool{true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := normalise(tt.text)
			if string(n.runes) != tt.runes || !slices.Equal(n.boundary, tt.boundary) {
				t.Fatalf("normalise(%q) = %q %v; want %q %v", tt.text, string(n.runes), n.boundary, tt.runes, tt.boundary)
			}
		})
	}
}

func TestFoldIsCanonical(t *testing.T) {
	// Every member of a simple-folding orbit must map to the same rune.
	orbits := [][]rune{{'k', 'K', 0x212A}, {'s', 'S', 0x17F}, {'σ', 'ς', 'Σ'}, {'ǆ', 'ǅ', 'Ǆ'}, {'я', 'Я'}}
	for _, o := range orbits {
		want, _, _ := normRune(o[0], false)
		for _, r := range o[1:] {
			if got, _, _ := normRune(r, false); got != want {
				t.Errorf("%q folds to %q, %q to %q", o[0], want, r, got)
			}
		}
	}
}
