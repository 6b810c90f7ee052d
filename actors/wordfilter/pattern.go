package wordfilter

import (
	"encoding/binary"
	"strings"
)

// MaxPatternRunes is the longest pattern, in runes after normalisation, that a Filter accepts.
// The matcher keeps the boundary history of the last runs in one 64-bit word, which is what makes
// a clean Match allocation-free; no real banned term is anywhere near this long.
const MaxPatternRunes = 64

// minReversedRunes: patterns of at least this many letters also match spelled backwards. Shorter
// reversals are too often words of their own ("dog"/"god", "kys"/"syk").
const minReversedRunes = 5

// prun is one run of a pattern (see normalised): count times the rune canon.
type prun struct {
	canon    rune
	count    int
	boundary bool // the pattern has a word boundary just before this run
	accent   bool // written with a diacritic: the text must carry one there too
	letter   bool // written with a letter or '@'/'$', not only digits (the number rule)
	unspaced bool
}

// form is one spelling a list entry matches: its runs and open ends.
type form struct {
	runs                []prun
	leftOpen, rightOpen bool
}

// variant is one compiled form: what the automaton finds (syms) and what accept checks.
type variant struct {
	entry  int32   // the list entry it comes from (Filter.entries)
	n      int     // runs
	counts []uint8 // runes per run, first to last
	// pb, acc and letters have bit o set for the run at offset o from the last (o = 0 is the last
	// run): pb when the pattern has a word boundary just before that run (between "kill" and
	// "yourself"), acc when that run must carry a diacritic, letters when it is written with
	// letters (see the number rule in accept).
	pb, acc, letters uint64
	multi            uint64 // runs of more than one rune (same bit layout)
	// needLeft and needRight: this end of a match must sit on a word boundary of the text. True for
	// an end run of a spaced script unless the pattern opens that end with '*'.
	needLeft, needRight bool
	syms                []rune // canonical runes, one per run (Preview and tests read them)
}

// parseEntry turns one list entry into its base form. ok is false for an entry that is empty after
// normalisation (only separators, or only '*'); tooLong reports one over MaxPatternRunes.
func parseEntry(text string) (f form, ok, tooLong bool) {
	text = strings.TrimSpace(text)
	body := strings.TrimLeft(text, "*")
	f.leftOpen = len(body) < len(text)
	trimmed := strings.TrimRight(body, "*")
	f.rightOpen = len(trimmed) < len(body)

	n := normalise(trimmed)
	if len(n.runs) == 0 {
		return form{}, false, false
	}
	total := 0
	for _, r := range n.runs {
		total += r.count
		f.runs = append(f.runs, prun{
			canon: r.canon, count: r.count, boundary: r.boundary, accent: r.accent,
			letter: !r.digits, unspaced: r.unspaced,
		})
	}
	if total > MaxPatternRunes {
		return form{}, false, true
	}
	return f, true, false
}

// forms returns every spelling an entry matches, the entry itself first:
//
//   - where two words of the pattern meet on the same letter ("bus stop"), the joined spelling
//     too, since the text may leave a pattern's boundary out ("busstop");
//   - where a letter repeats ("kill"), each rune as a run of its own, so that the spelled-out text
//     ("k i l l", whose l's are two runs) matches: the accept rules only let it through spelled out
//     or split by punctuation, never across white space ("as s" is not "ass");
//   - every spelling above written backwards, for patterns of minReversedRunes letters or more in
//     spaced scripts ("toidi").
func (f form) forms() []form {
	out := []form{f}
	for _, g := range out {
		if joined := (form{runs: mergeRuns(g.clone().runs, true), leftOpen: g.leftOpen, rightOpen: g.rightOpen}); len(joined.runs) < len(g.runs) {
			out = append(out, joined)
		}
	}
	for _, g := range out {
		if split, ok := g.split(); ok {
			out = append(out, split)
		}
	}
	total, spaced := 0, true
	for _, r := range f.runs {
		total += r.count
		spaced = spaced && !r.unspaced
	}
	if spaced && total >= minReversedRunes {
		for _, g := range out {
			out = append(out, g.reversed())
		}
	}
	return out
}

// split returns f with every run of several runes cut into runs of one, keeping only f's own
// boundaries; ok is false when f has no such run.
func (f form) split() (g form, ok bool) {
	g = form{leftOpen: f.leftOpen, rightOpen: f.rightOpen}
	for _, r := range f.runs {
		ok = ok || r.count > 1
		for j := 0; j < r.count; j++ {
			one := r
			one.count = 1
			one.boundary = j == 0 && r.boundary
			g.runs = append(g.runs, one)
		}
	}
	return g, ok
}

func (f form) clone() form {
	f.runs = append([]prun(nil), f.runs...)
	return f
}

// mergeRuns joins neighbouring runs of the same rune: those without a boundary between them, and
// with acrossBoundaries also those with one (the boundary is dropped).
func mergeRuns(runs []prun, acrossBoundaries bool) []prun {
	out := runs[:0]
	for _, r := range runs {
		if k := len(out); k > 0 && out[k-1].canon == r.canon && (!r.boundary || acrossBoundaries) {
			out[k-1].count += r.count
			out[k-1].accent = out[k-1].accent || r.accent
			out[k-1].letter = out[k-1].letter || r.letter
			continue
		}
		out = append(out, r)
	}
	return out
}

// reversed is f spelled backwards: runs in the opposite order, boundaries between the same runs,
// open ends swapped.
func (f form) reversed() form {
	n := len(f.runs)
	g := form{runs: make([]prun, n), leftOpen: f.rightOpen, rightOpen: f.leftOpen}
	for i := range f.runs {
		g.runs[i] = f.runs[n-1-i]
		g.runs[i].boundary = i == 0 || f.runs[n-i].boundary
	}
	return g
}

// compile turns a form into a variant of entry e.
func (f form) compile(e int) variant {
	n := len(f.runs)
	v := variant{entry: int32(e), n: n, counts: make([]uint8, n), syms: make([]rune, n)}
	for i, r := range f.runs {
		o := uint(n - 1 - i)
		v.syms[i] = r.canon
		v.counts[i] = uint8(min(r.count, 255))
		if i > 0 && r.boundary {
			v.pb |= 1 << o
		}
		if r.accent {
			v.acc |= 1 << o
		}
		if r.letter {
			v.letters |= 1 << o
		}
		if r.count > 1 {
			v.multi |= 1 << o
		}
	}
	v.needLeft = !f.leftOpen && !f.runs[0].unspaced
	v.needRight = !f.rightOpen && !f.runs[n-1].unspaced
	return v
}

// key identifies what a variant matches, for deduplication.
func (v *variant) key() string {
	b := make([]byte, 0, 8*v.n+32)
	for i, s := range v.syms {
		b = binary.AppendUvarint(b, uint64(s))
		b = append(b, v.counts[i])
	}
	b = binary.LittleEndian.AppendUint64(b, v.pb)
	b = binary.LittleEndian.AppendUint64(b, v.acc)
	b = binary.LittleEndian.AppendUint64(b, v.letters)
	var ends byte
	if v.needLeft {
		ends |= 1
	}
	if v.needRight {
		ends |= 2
	}
	return string(append(b, ends))
}

// history is what the matcher remembers of the runs of the text it has read: for each, bit o
// describes the run o places before the last one.
type history struct {
	bb uint64 // a word boundary just before the run
	hb uint64 // white space among the separators just before the run
	un uint64 // the run is in a script written without spaces
	ac uint64 // the run carries a diacritic
	dg uint64 // the run is ASCII digits only
	sl uint64 // the run is '@'/'$' only, and so is everything since the word began ("@$$hole")
	rp uint64 // the run has more than one rune
	// counts holds the runes per run, indexed by run number modulo MaxPatternRunes (saturated).
	counts [MaxPatternRunes]uint8
	k      int // runs read
}

// accept decides whether an occurrence of v's runs that ends with the last run read is a match,
// given whether a word boundary follows it. These are the evasion and over-match rules of
// doc.go, in one place.
func (v *variant) accept(h *history, rightBoundary bool) bool {
	if v.needRight && !rightBoundary {
		return false
	}
	last := uint(v.n - 1)
	// A left end needs a word boundary, or only leetspeak symbols before it in its word
	// ("@idiot" still starts the word "idiot").
	if v.needLeft && (h.bb>>last)&1 == 0 && (last == MaxPatternRunes-1 || (h.sl>>(last+1))&1 == 0) {
		return false
	}
	internal := uint64(1)<<last - 1
	tb := h.bb & internal
	// A boundary inside the occurrence is fine where the pattern has one too, or between two
	// unspaced-script runs. Any other means the occurrence straddles words ("crab adventure" is
	// not "bad"), unless every run is separated from the next ("b a d": spelled out) or the
	// separators inside are all punctuation, no white space ("id.iot", "sh-it").
	if unexpected := tb &^ v.pb &^ (h.un & (h.un >> 1)); unexpected != 0 && tb != internal && unexpected&h.hb != 0 {
		return false
	}
	if h.ac&v.acc != v.acc { // "coño" needs its tilde; "fück" is fine for "fuck"
		return false
	}
	// The number rule: digits read as letters only next to letters. An occurrence whose letters
	// all come from digits is a number ("455" is not "ass"; "4ss" and "a55" are).
	if v.letters != 0 && h.dg&v.letters == v.letters {
		return false
	}
	// Repeated letters: a run of the text matches a run of the pattern of the same length, or of
	// any length up to its own when it is three or more long ("baaad", "fuuuck"): a doubled letter
	// stays doubled ("good" is not "god", "noob" not "nob"). At an end that needs no word boundary,
	// the text's run may be longer (substrings: "傻傻逼" holds "傻逼").
	window := internal | 1<<last
	if (h.rp|v.multi)&window == 0 {
		return true // every run one rune long on both sides
	}
	base := h.k - v.n
	for i, p := range v.counts {
		t := h.counts[(base+i)&(MaxPatternRunes-1)]
		if t == p {
			continue
		}
		open := (i == 0 && !v.needLeft) || (i == v.n-1 && !v.needRight)
		if t < p || (t < 3 && !open) {
			return false
		}
	}
	return true
}
