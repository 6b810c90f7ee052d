package wordfilter

import (
	"slices"
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
		if ok != (want >= 0) || (ok && got != flt.pats[want].text) {
			wantText := ""
			if want >= 0 {
				wantText = flt.pats[want].text
			}
			t.Fatalf("Match(%q) = %q, %v; reference says %q", text, got, ok, wantText)
		}
		if ref := naiveMask(text, all); masked != ref {
			t.Fatalf("Mask(%q) = %q; reference says %q", text, masked, ref)
		}
	})
}

// naiveMatches tries every pattern at every position of the normalised text, applying the rules
// of doc.go directly on the boolean arrays. It returns the pattern Match must report (earliest
// end, then longest, then first in the list), or -1, and the byte spans of every accepted match.
func naiveMatches(f *Filter, text string) (first int, spans []span) {
	n := normalise(text)
	first = -1
	bestEnd, bestLen := 0, 0
	for pi := range f.pats {
		p, ok, _ := compilePattern(f.pats[pi].text)
		if !ok {
			panic("a stored pattern does not compile")
		}
		L := len(p.runes)
		for st := 0; st+L <= len(n.runes); st++ {
			end := st + L - 1
			if !slices.Equal(n.runes[st:end+1], p.runes) || !naiveAccept(p, n, st, end) {
				continue
			}
			spans = append(spans, span{n.start[st], n.end[end]})
			if first < 0 || end < bestEnd || (end == bestEnd && L > bestLen) {
				first, bestEnd, bestLen = pi, end, L
			}
		}
	}
	return first, spans
}

func naiveAccept(p pattern, n normalised, st, end int) bool {
	if p.needLeft && !n.boundary[st] {
		return false
	}
	if p.needRight && !n.boundary[end+1] {
		return false
	}
	spelled := true
	for i := st + 1; i <= end; i++ {
		spelled = spelled && n.boundary[i]
	}
	for i := st + 1; i <= end; i++ {
		patternBoundary := p.pb&(1<<uint(end-i)) != 0
		bothUnspaced := n.unspaced[i-1] && n.unspaced[i]
		if n.boundary[i] && !patternBoundary && !bothUnspaced && !spelled {
			return false
		}
	}
	return true
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
