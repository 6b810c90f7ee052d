package wordfilter

import (
	"slices"
	"sort"
	"unicode/utf8"
)

// automaton is an Aho-Corasick automaton over the normalised rune alphabet, flattened into a
// handful of integer slices after construction ("sorted-edge" layout): state s's outgoing edges
// are edgeSym/edgeNext[edgeLo[s]:edgeLo[s+1]], sorted by symbol, searched by binary search. The
// root, which every mismatch returns to, has a dense table instead. State 0 is the root; states
// are numbered in breadth-first order, so a state's failure link always has a smaller number.
//
// Runes are mapped to dense symbol codes first (1..n; 0 = a rune no pattern contains), which keeps
// the root table small and the edges 4 bytes each even with thousands of distinct CJK characters.
type automaton struct {
	ascii [utf8.RuneSelf]uint32 // symbol code of each ASCII rune
	syms  []rune                // non-ASCII runes in patterns, sorted; code = symBase + index
	// symBase is the first code of syms.
	symBase uint32

	root     []uint32 // root[code]: next state from the root, 0 if none
	edgeLo   []uint32 // len = states+1
	edgeSym  []uint32
	edgeNext []uint32
	fail     []uint32
	// term[s] is the nearest state on s's failure chain (s included) that ends a pattern, 0 if
	// none: it lets a clean scan skip output checking with a single load.
	term   []uint32
	outLo  []uint32 // patterns ending at s: outPat[outLo[s]:outLo[s+1]], in list order
	outPat []uint32
}

// code returns the symbol code of a canonical rune.
func (a *automaton) code(r rune) uint32 {
	if r < utf8.RuneSelf {
		return a.ascii[r]
	}
	lo, hi := 0, len(a.syms)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if a.syms[m] < r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(a.syms) && a.syms[lo] == r {
		return a.symBase + uint32(lo)
	}
	return 0
}

// child returns the state reached from s by symbol c, or 0.
func (a *automaton) child(s, c uint32) uint32 {
	if s == 0 {
		return a.root[c]
	}
	lo, hi := a.edgeLo[s], a.edgeLo[s+1]
	for lo < hi {
		m := (lo + hi) >> 1
		if a.edgeSym[m] < c {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < a.edgeLo[s+1] && a.edgeSym[lo] == c {
		return a.edgeNext[lo]
	}
	return 0
}

// step follows the goto/failure functions from s on symbol c.
func (a *automaton) step(s, c uint32) uint32 {
	if c == 0 {
		return 0
	}
	for s != 0 {
		if n := a.child(s, c); n != 0 {
			return n
		}
		s = a.fail[s]
	}
	return a.root[c]
}

// buildAutomaton builds the automaton of pats (already deduplicated; their indices are the
// pattern numbers stored in outPat).
func buildAutomaton(pats []pattern) *automaton {
	a := &automaton{}

	// Symbol table: ASCII first, then the other runes in sorted order.
	var next uint32 = 1
	var other []rune
	for i := range pats {
		for _, r := range pats[i].runes {
			if r < utf8.RuneSelf {
				if a.ascii[r] == 0 {
					a.ascii[r] = next
					next++
				}
			} else {
				other = append(other, r)
			}
		}
	}
	slices.Sort(other)
	a.syms = slices.Compact(other)
	a.symBase = next
	nsym := int(next) + len(a.syms)

	// Trie with temporary numbering; edges in one map keyed by (state, symbol).
	type edge struct{ from, sym uint32 }
	edges := make(map[edge]uint32)
	children := [][]uint32{nil} // children[s]: symbols of s's edges, unsorted
	ends := [][]uint32{nil}     // patterns ending at s
	for pi := range pats {
		s := uint32(0)
		for _, r := range pats[pi].runes {
			c := a.code(r)
			n, ok := edges[edge{s, c}]
			if !ok {
				n = uint32(len(children))
				children = append(children, nil)
				ends = append(ends, nil)
				edges[edge{s, c}] = n
				children[s] = append(children[s], c)
			}
			s = n
		}
		ends[s] = append(ends[s], uint32(pi))
	}

	// Renumber breadth-first and flatten the edges.
	nstates := len(children)
	order := make([]uint32, 0, nstates) // order[new] = old
	newID := make([]uint32, nstates)
	order = append(order, 0)
	a.edgeLo = make([]uint32, nstates+1)
	a.edgeSym = make([]uint32, 0, nstates-1)
	a.edgeNext = make([]uint32, 0, nstates-1)
	for i := 0; i < len(order); i++ {
		old := order[i]
		a.edgeLo[i] = uint32(len(a.edgeSym))
		syms := children[old]
		sort.Slice(syms, func(x, y int) bool { return syms[x] < syms[y] })
		for _, c := range syms {
			o := edges[edge{old, c}]
			newID[o] = uint32(len(order))
			order = append(order, o)
			a.edgeSym = append(a.edgeSym, c)
			a.edgeNext = append(a.edgeNext, newID[o])
		}
	}
	a.edgeLo[nstates] = uint32(len(a.edgeSym))
	a.root = make([]uint32, nsym)
	for e := a.edgeLo[0]; e < a.edgeLo[1]; e++ {
		a.root[a.edgeSym[e]] = a.edgeNext[e]
	}

	a.outLo = make([]uint32, nstates+1)
	for i, old := range order {
		a.outLo[i] = uint32(len(a.outPat))
		a.outPat = append(a.outPat, ends[old]...)
	}
	a.outLo[nstates] = uint32(len(a.outPat))

	// Failure links and terminal links, in breadth-first (= numbering) order.
	a.fail = make([]uint32, nstates)
	a.term = make([]uint32, nstates)
	for s := uint32(0); s < uint32(nstates); s++ {
		for e := a.edgeLo[s]; e < a.edgeLo[s+1]; e++ {
			c, n := a.edgeSym[e], a.edgeNext[e]
			if s != 0 {
				f := a.fail[s]
				for f != 0 && a.child(f, c) == 0 {
					f = a.fail[f]
				}
				a.fail[n] = a.child(f, c)
			}
		}
		switch {
		case a.outLo[s+1] > a.outLo[s]:
			a.term[s] = s
		case s != 0:
			a.term[s] = a.term[a.fail[s]]
		}
	}
	return a
}
