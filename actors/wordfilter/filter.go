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
	a       *automaton
	entries []string  // distinct entries in list order, as written (trimmed); Match reports them
	vars    []variant // every form of every entry; the index is the automaton's pattern number
	sp      *specialTable
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
	f = &Filter{sp: specials()}
	seenEntry := make(map[string]bool, len(patterns))
	seenVar := make(map[string]bool, 2*len(patterns))
	for i, text := range patterns {
		base, ok, tooLong := parseEntry(text)
		if tooLong && strict {
			return nil, i
		}
		if !ok {
			continue
		}
		e := len(f.entries)
		forms := base.forms()
		first := forms[0].compile(e)
		if k := first.key(); seenEntry[k] {
			continue
		} else {
			seenEntry[k] = true
		}
		f.entries = append(f.entries, strings.TrimSpace(text))
		for _, fm := range forms {
			v := fm.compile(e)
			if k := v.key(); !seenVar[k] {
				seenVar[k] = true
				f.vars = append(f.vars, v)
			}
		}
	}
	syms := make([][]rune, len(f.vars))
	for i := range f.vars {
		syms[i] = f.vars[i].syms
	}
	f.a = buildAutomaton(syms)
	f.entries = slices.Clip(f.entries)
	f.vars = slices.Clip(f.vars)
	return f, -1
}

// Len returns the number of distinct patterns in f.
func (f *Filter) Len() int { return len(f.entries) }

// Match reports the first banned pattern found in text, as written in the list. "First" is the
// occurrence that ends earliest in text; among occurrences ending at the same place, the longest
// form (in runs), then the one earliest in the list. It does not allocate.
func (f *Filter) Match(text string) (pattern string, ok bool) {
	if i := f.scan(text, nil); i >= 0 {
		return f.entries[f.vars[i].entry], true
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
// The automaton steps once per run of the same rune ("baaad" is three steps: B, A, D); acceptance
// of a form ending at a run depends on the run's final length and on whether a word boundary
// follows it, which are known only once the next run starts (or the text ends). So the outputs of
// the state reached with run k-1 are checked when run k starts, with the histories still
// describing run k-1.
func (f *Filter) scan(text string, spans *[]span) int {
	a, sp := f.a, f.sp
	var (
		h       history
		s       uint32      // automaton state after the last run
		sep     = true      // a separator (or the start of text) precedes the next word rune
		hard    bool        // white space among those separators
		cur     rune   = -1 // canonical rune of the last run
		lastEnd int         // byte offset just past the last word rune
		starts  [MaxPatternRunes]int
	)
	for i := 0; i < len(text); {
		w := 1
		var e elem
		var es []elem // several runes for one source rune (a decomposition); nil: just e
		if b := text[i]; b < utf8.RuneSelf {
			// ASCII inline: one table load, and separators go no further.
			e = asciiClass[b]
			switch e.kind {
			case kindSep:
				sep = true
				i++
				continue
			case kindSpace:
				sep, hard = true, true
				i++
				continue
			}
		} else {
			var r rune
			r, w = utf8.DecodeRuneInString(text[i:])
			switch {
			case 0x4E00 <= r && r <= 0x9FFF: // CJK Unified Ideographs: never special
				e = elem{r, kindWord, flagUnspaced}
			case w == 1: // invalid UTF-8 byte
				e = elem{r, kindSep, 0}
			default:
				if es = sp.special(r); es != nil {
					e = es[0]
				} else {
					e = classify(r)
				}
			}
		}
		for j := 0; ; {
			switch e.kind {
			case kindWord:
				if !sep && h.k > 0 && e.canon == cur { // the run goes on
					if c := &h.counts[(h.k-1)&(MaxPatternRunes-1)]; *c < 255 {
						*c++
					}
					h.rp |= 1
					if e.flags != 0 || h.dg&1 != 0 || h.sl&1 != 0 {
						h.ac |= bit(e.flags&flagAccent != 0)
						h.dg &^= bit(e.flags&flagDigit == 0)
						h.sl &^= bit(e.flags&flagSoft == 0)
					}
					lastEnd = i + w
					break
				}
				u := e.flags&flagUnspaced != 0
				b := sep || (h.k > 0 && u != (h.un&1 != 0))
				if a.term[s] != 0 {
					if p := f.check(s, &h, b); p >= 0 {
						if spans == nil {
							return p
						}
						*spans = append(*spans, span{starts[(h.k-f.vars[p].n)&(MaxPatternRunes-1)], lastEnd})
					}
				}
				soft := e.flags&flagSoft != 0 && (b || h.sl&1 != 0)
				h.bb = h.bb<<1 | bit(b)
				h.hb = h.hb<<1 | bit(hard)
				h.un = h.un<<1 | bit(u)
				h.ac = h.ac<<1 | bit(e.flags&flagAccent != 0)
				h.dg = h.dg<<1 | bit(e.flags&flagDigit != 0)
				h.sl = h.sl<<1 | bit(soft)
				h.rp <<= 1
				h.counts[h.k&(MaxPatternRunes-1)] = 1
				starts[h.k&(MaxPatternRunes-1)] = i
				h.k++
				sep, hard, cur = false, false, e.canon
				lastEnd = i + w
				s = a.step(s, a.code(e.canon))
			case kindSep:
				sep = true
			case kindSpace:
				sep, hard = true, true
			case kindMark:
				h.ac |= 1 // the diacritic belongs to the last run
			}
			if j++; j >= len(es) {
				break
			}
			e = es[j]
		}
		i += w
	}
	if a.term[s] != 0 {
		if p := f.check(s, &h, true); p >= 0 {
			if spans == nil {
				return p
			}
			*spans = append(*spans, span{starts[(h.k-f.vars[p].n)&(MaxPatternRunes-1)], lastEnd})
		}
	}
	return -1
}

func bit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// check returns the first form ending at state s that is accepted, walking s's output chain from
// the longest form to the shortest, or -1.
func (f *Filter) check(s uint32, h *history, rightBoundary bool) int {
	a := f.a
	for t := a.term[s]; t != 0; t = a.term[a.fail[t]] {
		for _, p := range a.outPat[a.outLo[t]:a.outLo[t+1]] {
			if f.vars[p].accept(h, rightBoundary) {
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
