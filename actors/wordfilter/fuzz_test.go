package wordfilter

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzMatch checks, for any pattern list and text: nothing panics; Mask keeps the rune count;
// and Match and Mask agree with naiveMatches, a brute-force matcher over the normalised text.
func FuzzMatch(f *testing.F) {
	for _, seed := range [][2]string{
		{"bad\n傻逼", "you are b.a.d, 傻 逼"},
		{"*hole\nidiot*\nkill yourself", "butthole idiots killyourself"},
		{"abc\nbcd\nc", "a.b.c.d abcd c"},
		{"ｂａｄ", "ＢＡＤ b\u200bad"},
		{"バカ\n시발", "おまえバカ 시발놈"},
		{"a", "a\xffa"},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, list, text string) {
		lines := strings.Split(list, "\n")
		if len(lines) > 64 {
			lines = lines[:64]
		}
		flt := New(lines)

		masked := flt.Mask(text)
		if utf8.RuneCountInString(masked) != utf8.RuneCountInString(text) {
			t.Fatalf("Mask changed the rune count: %q -> %q", text, masked)
		}
		want, all := naiveMatches(flt, text)
		got, ok := flt.Match(text)
		if ok != (want >= 0) || (ok && got != flt.entries[flt.vars[want].entry]) {
			wantText := ""
			if want >= 0 {
				wantText = flt.entries[flt.vars[want].entry]
			}
			t.Fatalf("Match(%q) = %q, %v; reference says %q", text, got, ok, wantText)
		}
		if ref := naiveMask(text, all); masked != ref {
			t.Fatalf("Mask(%q) = %q; reference says %q", text, masked, ref)
		}
	})
}

// naiveMatches tries every form of every pattern at every run of the normalised text, applying
// the rules of doc.go directly on the runs. It returns the form Match must report (earliest end,
// then longest, then first in the list), or -1, and the byte spans of every accepted match.
func naiveMatches(f *Filter, text string) (first int, spans []span) {
	n := normalise(text).runs
	first = -1
	bestEnd, bestLen := 0, 0
	for vi := range f.vars {
		v := &f.vars[vi]
		for st := 0; st+v.n <= len(n); st++ {
			end := st + v.n - 1
			if !naiveAccept(v, n, st, end) {
				continue
			}
			spans = append(spans, span{n[st].start, n[end].end})
			if first < 0 || end < bestEnd || (end == bestEnd && v.n > bestLen) {
				first, bestEnd, bestLen = vi, end, v.n
			}
		}
	}
	return first, spans
}

func naiveAccept(v *variant, n []run, st, end int) bool {
	for i := st; i <= end; i++ {
		if class(n[i].canon) != class(v.syms[i-st]) {
			return false
		}
	}
	// softLead: run r and every run of its word before it are '@'/'$' only.
	softLead := func(r int) bool {
		for ; r >= 0; r-- {
			if !n[r].soft {
				return false
			}
			if n[r].boundary {
				return true
			}
		}
		return true
	}
	if v.needLeft && !n[st].boundary && (v.n == MaxPatternRunes || st == 0 || !softLead(st-1)) {
		return false
	}
	if v.needRight && end+1 < len(n) && !n[end+1].boundary {
		return false
	}
	spelled := true
	for i := st + 1; i <= end; i++ {
		spelled = spelled && n[i].boundary
	}
	for i := st + 1; i <= end; i++ {
		patternBoundary := v.pb&(1<<uint(end-i)) != 0
		bothUnspaced := n[i-1].unspaced && n[i].unspaced
		if n[i].boundary && !patternBoundary && !bothUnspaced && !spelled && n[i].hard {
			return false
		}
	}
	allDigits := v.letters != 0
	for i := st; i <= end; i++ {
		o := uint(end - i)
		if v.acc&(1<<o) != 0 && !n[i].accent {
			return false
		}
		if v.letters&(1<<o) != 0 && !n[i].digits {
			allDigits = false
		}
		p, t := int(v.counts[i-st]), n[i].count
		open := (i == st && !v.needLeft) || (i == end && !v.needRight)
		if t != p && (t < p || (t < 3 && !open)) {
			return false
		}
	}
	return !allDigits
}

// naiveMask replaces every rune that starts inside a span with '*'.
func naiveMask(text string, spans []span) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		_, w := utf8.DecodeRuneInString(text[i:])
		in := false
		for _, s := range spans {
			in = in || (s.start <= i && i < s.end)
		}
		if in {
			b.WriteByte('*')
		} else {
			b.WriteString(text[i : i+w])
		}
		i += w
	}
	return b.String()
}
