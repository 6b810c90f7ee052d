package wordfilter

import (
	"slices"
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

	root []uint32 // root[code]: next state from the root, 0 if none
	// near[(s-1)*symBase + code]: next state from state s for the root's children reached by an
	// ASCII symbol (states 1..nearN, numbered first), on ASCII symbols: the transitions Latin chat
	// text takes most often, by a load instead of a binary search.
	near     []uint32
	nearN    uint32
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
	if s <= a.nearN && c < a.symBase {
		return a.near[(s-1)*a.symBase+c]
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

// buildAutomaton builds the automaton of pats, each a sequence of canonical runes (already
// deduplicated; their indices are the pattern numbers stored in outPat).
func buildAutomaton(pats [][]rune) *automaton {
	a := &automaton{}

	// Symbol table: ASCII first, then the other runes in sorted order.
	var next uint32 = 1
	var other []rune
	for i := range pats {
		for _, r := range pats[i] {
			if r < utf8.RuneSelf {
				if c := class(r); a.ascii[c] == 0 {
					a.ascii[c] = next
					next++
				}
			} else {
				other = append(other, r)
			}
		}
	}
	for _, r := range []rune{'L', '1'} { // read as I (see class)
		a.ascii[r] = a.ascii['I']
	}
	slices.Sort(other)
	a.syms = slices.Compact(other)
	a.symBase = next
	nsym := int(next) + len(a.syms)

	// Trie with temporary numbering, built without hashing: the patterns are inserted in sorted
	// order, so each shares its prefix with the one before (the path kept in path), and every
	// state's children are created in increasing symbol order.
	off := make([]int, len(pats)+1)
	for i := range pats {
		off[i+1] = off[i] + len(pats[i])
	}
	codes := make([]uint32, off[len(pats)])
	for i := range pats {
		for j, r := range pats[i] {
			codes[off[i]+j] = a.code(r)
		}
	}
	codeOf := func(i int) []uint32 { return codes[off[i]:off[i+1]] }
	sorted := make([]int, len(pats))
	for i := range sorted {
		sorted[i] = i
	}
	slices.SortStableFunc(sorted, func(x, y int) int { return slices.Compare(codeOf(x), codeOf(y)) })
	parent := make([]uint32, 1, off[len(pats)]+1) // parent[s] of each temporary state; 0 is the root
	symOf := make([]uint32, 1, off[len(pats)]+1)
	endState := make([]uint32, len(pats)) // where each pattern ends
	path := []uint32{0}
	var prev []uint32
	for _, pi := range sorted {
		p := codeOf(pi)
		l := 0
		for l < len(p) && l < len(prev) && p[l] == prev[l] {
			l++
		}
		path = path[:l+1]
		for _, c := range p[l:] {
			n := uint32(len(parent))
			parent = append(parent, path[len(path)-1])
			symOf = append(symOf, c)
			path = append(path, n)
		}
		endState[pi] = path[len(path)-1]
		prev = p
	}
	nstates := len(parent)
	// Children of each temporary state, in creation (= symbol) order: counting sort by parent.
	childLo := make([]uint32, nstates+1)
	for s := 1; s < nstates; s++ {
		childLo[parent[s]+1]++
	}
	for s := 1; s <= nstates; s++ {
		childLo[s] += childLo[s-1]
	}
	child := make([]uint32, nstates)
	fill := slices.Clone(childLo[:nstates])
	for s := 1; s < nstates; s++ {
		child[fill[parent[s]]] = uint32(s)
		fill[parent[s]]++
	}
	// Patterns ending at each temporary state, in pattern order.
	endLo := make([]uint32, nstates+1)
	for _, s := range endState {
		endLo[s+1]++
	}
	for s := 1; s <= nstates; s++ {
		endLo[s] += endLo[s-1]
	}
	endPat := make([]uint32, len(pats))
	copy(fill, endLo[:nstates])
	for pi, s := range endState {
		endPat[fill[s]] = uint32(pi)
		fill[s]++
	}

	// Renumber breadth-first and flatten the edges.
	order := make([]uint32, 0, nstates) // order[new] = old
	order = append(order, 0)
	a.edgeLo = make([]uint32, nstates+1)
	a.edgeSym = make([]uint32, 0, nstates-1)
	a.edgeNext = make([]uint32, 0, nstates-1)
	for i := 0; i < len(order); i++ {
		old := order[i]
		a.edgeLo[i] = uint32(len(a.edgeSym))
		for _, o := range child[childLo[old]:childLo[old+1]] {
			a.edgeSym = append(a.edgeSym, symOf[o])
			a.edgeNext = append(a.edgeNext, uint32(len(order)))
			order = append(order, o)
		}
	}
	a.edgeLo[nstates] = uint32(len(a.edgeSym))
	a.root = make([]uint32, nsym)
	for e := a.edgeLo[0]; e < a.edgeLo[1]; e++ {
		a.root[a.edgeSym[e]] = a.edgeNext[e]
	}

	// Root children by ASCII symbols come first in the numbering (their codes are the smallest).
	for e := a.edgeLo[0]; e < a.edgeLo[1] && a.edgeSym[e] < a.symBase; e++ {
		a.nearN++
	}
	a.near = make([]uint32, int(a.nearN)*int(a.symBase))
	for s := uint32(1); s <= a.nearN; s++ {
		for e := a.edgeLo[s]; e < a.edgeLo[s+1]; e++ {
			if c := a.edgeSym[e]; c < a.symBase {
				a.near[(s-1)*a.symBase+c] = a.edgeNext[e]
			}
		}
	}

	a.outLo = make([]uint32, nstates+1)
	a.outPat = make([]uint32, 0, len(pats))
	for i, old := range order {
		a.outLo[i] = uint32(len(a.outPat))
		a.outPat = append(a.outPat, endPat[endLo[old]:endLo[old+1]]...)
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
