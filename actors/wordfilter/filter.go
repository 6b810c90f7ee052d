package wordfilter

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// Filter matches chat text against a fixed list of banned patterns. It is immutable once built and
// safe for concurrent use by any number of goroutines.
type Filter struct {
	a    *automaton
	pats []pattern // deduplicated, in list order; the index is the pattern number
}

// New builds a Filter from patterns (syntax in doc.go). Entries that are empty after normalisation
// or longer than MaxPatternRunes are skipped, and entries that normalise to the same pattern are
// kept once (the first spelling is the one Match reports); Load reports over-long entries instead.
func New(patterns []string) *Filter {
	f, _ := build(patterns, false)
	return f
}

// Load builds a Filter from a list with one pattern per line. Blank lines and lines whose first
// non-blank character is '#' are ignored; a UTF-8 byte order mark is ignored. It fails on a read
// error or on a pattern longer than MaxPatternRunes (ErrPatternTooLong, with its line number).
func Load(r io.Reader) (*Filter, error) {
	var lines []string
	var lineNo []int
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\uFEFF"))
		if line == "" || line[0] == '#' {
			continue
		}
		lines = append(lines, line)
		lineNo = append(lineNo, n)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("wordfilter: read list: %w", err)
	}
	f, bad := build(lines, true)
	if bad >= 0 {
		return nil, fmt.Errorf("%w: line %d: %q", ErrPatternTooLong, lineNo[bad], lines[bad])
	}
	return f, nil
}

// build compiles and deduplicates patterns. With strict, it stops at the first over-long pattern
// and returns its index as bad (otherwise bad is -1).
func build(patterns []string, strict bool) (f *Filter, bad int) {
	type key struct {
		runes               string
		pb                  uint64
		needLeft, needRight bool
	}
	seen := make(map[key]bool, len(patterns))
	pats := make([]pattern, 0, len(patterns))
	for i, text := range patterns {
		p, ok, tooLong := compilePattern(text)
		if tooLong && strict {
			return nil, i
		}
		if !ok {
			continue
		}
		k := key{string(p.runes), p.pb, p.needLeft, p.needRight}
		if seen[k] {
			continue
		}
		seen[k] = true
		pats = append(pats, p)
	}
	a := buildAutomaton(pats)
	for i := range pats {
		pats[i].runes = nil // the automaton holds them now
	}
	return &Filter{a: a, pats: slices.Clip(pats)}, -1
}

// Len returns the number of distinct patterns in f.
func (f *Filter) Len() int { return len(f.pats) }

// Match reports the first banned pattern found in text, as written in the list. "First" is the
// occurrence that ends earliest in text; among occurrences ending at the same place, the longest
// pattern, then the one earliest in the list. It does not allocate.
func (f *Filter) Match(text string) (pattern string, ok bool) {
	if i := f.scan(text, nil); i >= 0 {
		return f.pats[i].text, true
	}
	return "", false
}

// Mask returns text with every rune from the first to the last rune of each match (separators and
// invisible characters in between included) replaced by '*': the result has exactly as many runes
// as text, counting each invalid UTF-8 byte as one rune. A clean text is returned as is.
func (f *Filter) Mask(text string) string {
	var spans []span
	f.scan(text, &spans)
	if len(spans) == 0 {
		return text
	}
	slices.SortFunc(spans, func(x, y span) int { return x.start - y.start })
	var b strings.Builder
	b.Grow(len(text))
	pos := 0
	for _, s := range spans {
		if s.end <= pos {
			continue
		}
		if s.start > pos {
			b.WriteString(text[pos:s.start])
			pos = s.start
		}
		for pos < s.end {
			_, w := utf8.DecodeRuneInString(text[pos:])
			b.WriteByte('*')
			pos += w
		}
	}
	b.WriteString(text[pos:])
	return b.String()
}

// span is the byte range of one match in the source text.
type span struct{ start, end int }

// scan runs the automaton over text, normalising rune by rune. With spans nil it returns the
// number of the first match (see Match) or -1; otherwise it appends the span of the longest
// accepted match at every end position and returns -1.
//
// Acceptance of a pattern ending at a rune depends on whether a word boundary follows it, which is
// known only once the next word rune (or the end of text) is seen; so the outputs of the state
// reached after rune k-1 are checked when rune k arrives, with the histories still describing k-1.
func (f *Filter) scan(text string, spans *[]span) int {
	a := f.a
	var (
		s       uint32 // automaton state after the last word rune
		bb, un  uint64 // boundary-before and unspaced histories, bit 0 = last word rune
		k       int    // word runes seen
		sep     = true // a separator (or the start of text) precedes the next word rune
		prevU   bool
		lastEnd int                  // byte offset just past the last word rune
		starts  [MaxPatternRunes]int // byte offsets of the last word runes, ring indexed by k
	)
	for i := 0; i < len(text); {
		var (
			sym  uint32
			kind uint8
			u    bool
			w    = 1
		)
		if b := text[i]; b < utf8.RuneSelf {
			// ASCII inline: one table load for the class, one for the symbol.
			cl := &asciiClass[b]
			kind, sym = cl.kind, a.ascii[cl.canon]
		} else {
			var r rune
			r, w = utf8.DecodeRuneInString(text[i:])
			var c rune
			c, kind, u = normRune(r, w == 1 && r == utf8.RuneError)
			if kind == kindWord {
				sym = a.code(c)
			}
		}
		if kind != kindWord {
			if kind == kindSep {
				sep = true
			}
			i += w
			continue
		}
		b := sep || (k > 0 && u != prevU)
		if a.term[s] != 0 {
			if p := f.check(s, bb, un, b); p >= 0 {
				if spans == nil {
					return p
				}
				*spans = append(*spans, span{starts[(k-f.pats[p].n)%MaxPatternRunes], lastEnd})
			}
		}
		bb <<= 1
		un <<= 1
		if b {
			bb |= 1
		}
		if u {
			un |= 1
		}
		starts[k%MaxPatternRunes] = i
		k++
		sep, prevU = false, u
		i += w
		lastEnd = i
		s = a.step(s, sym)
	}
	if a.term[s] != 0 {
		if p := f.check(s, bb, un, true); p >= 0 {
			if spans == nil {
				return p
			}
			*spans = append(*spans, span{starts[(k-f.pats[p].n)%MaxPatternRunes], lastEnd})
		}
	}
	return -1
}

// check returns the first pattern ending at state s that is accepted, walking s's output chain
// from the longest pattern to the shortest, or -1.
func (f *Filter) check(s uint32, bb, un uint64, rightBoundary bool) int {
	a := f.a
	for t := a.term[s]; t != 0; t = a.term[a.fail[t]] {
		for _, p := range a.outPat[a.outLo[t]:a.outLo[t+1]] {
			if f.pats[p].accept(bb, un, rightBoundary) {
				return int(p)
			}
		}
	}
	return -1
}

//go:embed default_words.txt
var defaultList string

// DefaultList is the small example list embedded in the binary (default_words.txt), so that a
// development node filters something. Deployments supply their own list through Load.
func DefaultList() string { return defaultList }

// Default returns the Filter of DefaultList, built once on first use and shared.
func Default() *Filter { return defaultFilter() }

var defaultFilter = sync.OnceValue(func() *Filter {
	f, err := Load(strings.NewReader(defaultList))
	if err != nil {
		panic(err) // the embedded list is tested
	}
	return f
})
