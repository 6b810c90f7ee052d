package wordfilter

import (
	"slices"
	"strings"
	"unicode"
)

// Preview shows staff what a list entry would catch before it is added: the normalised forms the
// filter looks for, the entry's own first. Each form is written in lower case, one rune per
// letter, with a space where the entry has a word boundary and '*' on an open end; a letter
// written with an acute accent must carry some diacritic in the text ("coño" previews as
// "cońo": "coño" and "coñó" match it, "cono" does not). Forms are: the entry as
// normalised ("ＢａＤ" is "bad", "k1ll" is "k1ll"); where two of its words meet on the same letter,
// the joined spelling ("bus stop", "busstop"); and for entries of five letters or more in spaced
// scripts, every form spelled backwards ("idiot*": "*toidi").
//
// Every form also catches what the normalisation folds into it, which Preview does not list: any
// case or width, look-alike letters (Cyrillic, Greek, small capitals, mathematical and circled
// letters), leetspeak (0 o, 1 i or l, 3 e, 4 a, 5 s, 7 t, @ a, $ s; i, l and 1 are one letter),
// diacritics the entry does not require, invisible characters, punctuation inside the word,
// letters spelled out one by one, and any letter repeated three times or more. doc.go lists the
// rules and what they deliberately leave out.
//
// It returns nil for an entry that would be skipped: empty after normalisation, or longer than
// MaxPatternRunes.
func Preview(entry string) []string {
	base, ok, _ := parseEntry(entry)
	if !ok {
		return nil
	}
	var out []string
	for _, f := range base.forms() {
		if s := f.String(); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// String renders a form as Preview describes.
func (f form) String() string {
	var b strings.Builder
	if f.leftOpen {
		b.WriteByte('*')
	}
	for i, r := range f.runs {
		if i > 0 && r.boundary {
			b.WriteByte(' ')
		}
		for range r.count {
			b.WriteRune(unicode.ToLower(r.canon))
			if r.accent {
				b.WriteRune(0x0301)
			}
		}
	}
	if f.rightOpen {
		b.WriteByte('*')
	}
	return b.String()
}
