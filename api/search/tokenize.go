package search

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// The tokenizer turns text into index terms and a query into the same terms, whatever the script:
//
//   - Latin, Greek, Cyrillic, Arabic, ... words (runs of letters and digits) are folded: lower
//     case, Latin diacritics removed ("Ñúñez" → "nunez"). A word joined by a hyphen or an apostrophe
//     ("Min-jun", "Xi'an") is indexed as its parts and as one word ("minjun").
//   - Scripts written without spaces (Chinese, Japanese kana, Thai, Lao, Khmer, Myanmar) and Korean
//     (whose names and compounds are written together) are cut into
//     overlapping character bigrams ("巴塞罗那" → 巴塞 塞罗 罗那), plus the run's last character alone,
//     so any two or more adjacent characters of a name find it, and one character finds it by prefix.
//
// A query's words match by prefix ("barc" finds Barcelona); its bigrams must all be present.

// Term is one query term; Prefix when it matches every index term starting with it.
type Term struct {
	Text   string
	Prefix bool
}

// Fold lower-cases s and removes the diacritics of Latin, Greek and Cyrillic letters (both sides
// fold alike, so "й" and "и" meet); other scripts keep their marks
// (a Thai vowel sign is a mark too).
func Fold(s string) string {
	d := norm.NFD.String(s)
	var b strings.Builder
	b.Grow(len(d))
	latinBase := false
	for _, r := range d {
		if unicode.Is(unicode.Mn, r) {
			if latinBase {
				continue
			}
			b.WriteRune(r)
			continue
		}
		latinBase = unicode.In(r, unicode.Latin, unicode.Greek, unicode.Cyrillic)
		switch r {
		case 'ß':
			b.WriteString("ss")
			continue
		case 'ø', 'Ø':
			b.WriteRune('o')
			continue
		case 'đ', 'Đ':
			b.WriteRune('d')
			continue
		case 'ł', 'Ł':
			b.WriteRune('l')
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return norm.NFC.String(b.String())
}

// bigramScript reports a letter of a script written without spaces between words.
func bigramScript(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar) ||
		r == 'ー' // the Katakana length mark is Common
}

// wordRune is a rune of a spaced word.
func wordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r)
}

// joiner links the parts of one word ("Min-jun", "Xi'an", "O’Neil").
func joiner(r rune) bool { return r == '-' || r == '\'' || r == '’' || r == '·' || r == '.' }

// segment is a run of one kind: a spaced word (possibly joined parts) or a bigram-script run.
type segment struct {
	bigram bool
	parts  []string // word: its parts; bigram run: one element, the run
}

func segments(folded string) []segment {
	var out []segment
	rs := []rune(folded)
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case bigramScript(r):
			j := i
			for j < len(rs) && (bigramScript(rs[j]) || (j > i && unicode.Is(unicode.Mn, rs[j]))) {
				j++
			}
			out = append(out, segment{bigram: true, parts: []string{string(rs[i:j])}})
			i = j
		case wordRune(r):
			var parts []string
			j := i
			for {
				k := j
				for k < len(rs) && wordRune(rs[k]) && !bigramScript(rs[k]) {
					k++
				}
				parts = append(parts, string(rs[j:k]))
				if k+1 < len(rs) && joiner(rs[k]) && wordRune(rs[k+1]) && !bigramScript(rs[k+1]) {
					j = k + 1
					continue
				}
				i = k
				break
			}
			out = append(out, segment{parts: parts})
		default:
			i++
		}
	}
	return out
}

// bigrams of a run: every two adjacent characters, and the last character alone (index side).
func bigrams(run string, withLast bool) []string {
	rs := []rune(run)
	if len(rs) == 1 {
		return []string{run}
	}
	out := make([]string, 0, len(rs))
	for i := 0; i+1 < len(rs); i++ {
		out = append(out, string(rs[i:i+2]))
	}
	if withLast {
		out = append(out, string(rs[len(rs)-1]))
	}
	return out
}

// maxTermLen keeps one absurd word from bloating the index (tsvector lexemes must stay < 2 KB).
const maxTermLen = 64

// Terms are the index terms of texts, each once, in first-seen order.
func Terms(texts ...string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(t string) {
		if t == "" || len(t) > maxTermLen || seen[t] {
			return
		}
		seen[t] = true
		out = append(out, t)
	}
	for _, s := range texts {
		for _, seg := range segments(Fold(s)) {
			if seg.bigram {
				for _, b := range bigrams(seg.parts[0], true) {
					add(b)
				}
				continue
			}
			for _, p := range seg.parts {
				add(p)
			}
			if len(seg.parts) > 1 {
				add(strings.Join(seg.parts, ""))
			}
		}
	}
	return out
}

// QueryTerms are the terms a query must all match: words by prefix (a one-letter word exactly,
// unless it is the whole query), bigram runs by their bigrams (one character by prefix).
func QueryTerms(q string) []Term {
	segs := segments(Fold(q))
	seen := map[Term]bool{}
	var out []Term
	add := func(t Term) {
		if t.Text == "" || len(t.Text) > maxTermLen || seen[t] {
			return
		}
		seen[t] = true
		out = append(out, t)
	}
	for _, seg := range segs {
		if seg.bigram {
			run := seg.parts[0]
			if len([]rune(run)) == 1 {
				add(Term{run, true})
				continue
			}
			for _, b := range bigrams(run, false) {
				add(Term{b, false})
			}
			continue
		}
		// A joined word: its joined form by prefix ("min-j" finds "minjun"), which its index terms hold.
		w := strings.Join(seg.parts, "")
		add(Term{w, len([]rune(w)) >= 2 || len(segs) == 1})
	}
	return out
}

// TSQuery writes terms as a PostgreSQL tsquery (no parser involved): 'a':* & 'bc'.
func TSQuery(terms []Term) string {
	var b strings.Builder
	for i, t := range terms {
		if i > 0 {
			b.WriteString(" & ")
		}
		b.WriteByte('\'')
		b.WriteString(strings.NewReplacer(`'`, `''`, `\`, `\\`).Replace(t.Text))
		b.WriteByte('\'')
		if t.Prefix {
			b.WriteString(":*")
		}
	}
	return b.String()
}
