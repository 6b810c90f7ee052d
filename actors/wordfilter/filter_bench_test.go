package wordfilter

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// benchLine is an ordinary chat line of 80 characters (86 bytes).
const benchLine = "what a shot from downtown!!! defence never had a chance tonight, 2-1 gg lmao! 🔥🔥"

// benchPatterns returns n synthetic patterns, about four in five Latin words of 4 to 9 letters
// and the rest Chinese terms of 2 to 4 characters, drawn with a fixed seed.
func benchPatterns(n int) []string {
	rng := rand.New(rand.NewPCG(1, 2))
	out := make([]string, 0, n)
	var b strings.Builder
	for len(out) < n {
		b.Reset()
		if rng.IntN(5) == 0 {
			for range 2 + rng.IntN(3) {
				b.WriteRune(rune(0x4E00 + rng.IntN(3000)))
			}
		} else {
			for range 4 + rng.IntN(6) {
				b.WriteByte(byte('a' + rng.IntN(26)))
			}
		}
		out = append(out, b.String())
	}
	return out
}

func BenchmarkMatch(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		f := New(benchPatterns(n))
		if p, ok := f.Match(benchLine); ok {
			b.Fatalf("bench line matches %q", p)
		}
		dirty := benchLine[:60] + " " + benchPatterns(n)[n/2]
		if _, ok := f.Match(dirty); !ok {
			b.Fatalf("dirty line does not match")
		}
		b.Run(fmt.Sprintf("patterns=%d/clean", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(benchLine)))
			for b.Loop() {
				f.Match(benchLine)
			}
		})
		b.Run(fmt.Sprintf("patterns=%d/dirty", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(dirty)))
			for b.Loop() {
				f.Match(dirty)
			}
		})
		b.Run(fmt.Sprintf("patterns=%d/mask-dirty", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				f.Mask(dirty)
			}
		})
	}
}

func BenchmarkMatchChinese(b *testing.B) {
	line := strings.Repeat("今天的比赛真精彩，主队加油！", 3)[:3*40] // 40 runes
	for _, n := range []int{1000, 10000} {
		f := New(benchPatterns(n))
		b.Run(fmt.Sprintf("patterns=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(line)))
			for b.Loop() {
				f.Match(line)
			}
		})
	}
}

func BenchmarkNew(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		pats := benchPatterns(n)
		b.Run(fmt.Sprintf("patterns=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				New(pats)
			}
		})
	}
}
