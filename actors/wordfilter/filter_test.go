package wordfilter

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

func TestMatchRules(t *testing.T) {
	f := New([]string{
		"bad", "idiot*", "*hole", "kill yourself", "傻逼", "垃圾主播", "バカ", "시발", "stfu", "σοφ",
	})
	tests := []struct {
		name, text string
		want       string // matched pattern, "" for none
	}{
		// Case folding (Unicode simple folding, not just ASCII).
		{"ascii case folds", "that was BaD", "bad"},
		{"greek final sigma folds", "ΣΟΦ", "σοφ"},
		{"kelvin sign folds to k", "\u212Aill yourself", "kill yourself"},
		{"long s folds to s", "\u017Ftfu", "stfu"},
		// Width and invisible characters.
		{"full-width letters", "ｂａｄ", "bad"},
		{"full-width upper case", "ＢＡＤ", "bad"},
		{"zero-width space inside", "b\u200Bad", "bad"},
		{"zero-width joiner and word joiner", "b\u200Da\u2060d", "bad"},
		{"soft hyphen inside", "b\u00ADad", "bad"},
		{"byte order mark inside", "ba\uFEFFd", "bad"},
		{"zalgo combining strokes", "b\u0336a\u0336d\u0336", "bad"},
		{"variation selector inside", "ba\uFE0Fd", "bad"},
		{"hangul filler inside", "b\u3164ad", "bad"},
		// Spelled-out evasions: every rune its own token.
		{"dots between letters", "b.a.d", "bad"},
		{"spaces between letters", "so b a d", "bad"},
		{"mixed separators", "b - a _ d!", "bad"},
		{"middle dots", "b·a·d", "bad"},
		{"emoji between letters", "b😀a😀d", "bad"},
		{"full-width separators", "ｂ．ａ．ｄ", "bad"},
		{"spelled after a single letter word", "i am a b a d person", "bad"},
		{"spelled multi-word pattern", "k i l l y o u r s e l f", "kill yourself"},
		// Whole words for spaced scripts.
		{"word at end of sentence", "this is bad.", "bad"},
		{"word in parentheses", "(bad)", "bad"},
		{"word before digits is inside a word", "bad123", ""},
		{"not inside a longer word", "badge", ""},
		{"not at the end of a longer word", "sinbad", ""},
		{"not across a word boundary", "crab adventure", ""},
		{"punctuation inside a word is ignored", "b.ad", "bad"},
		{"partly spelled with a space is not spelled", "ba d", ""},
		{"open right end matches longer word", "you idiots", "idiot*"},
		{"open right end still needs left boundary", "anidiot", ""},
		{"open left end matches longer word", "you butthole", "*hole"},
		{"open left end still needs right boundary", "holes", ""},
		{"multi-word pattern", "please kill   yourself", "kill yourself"},
		{"multi-word pattern joined", "killyourself", "kill yourself"},
		{"multi-word pattern split elsewhere", "kill your self", ""},
		// Scripts without spaces: substring matching.
		{"chinese inside a sentence", "你是傻逼吗", "傻逼"},
		{"chinese with space", "傻 逼", "傻逼"},
		{"chinese with punctuation", "傻。逼", "傻逼"},
		{"chinese with one space inside a longer term", "垃圾 主播", "垃圾主播"},
		{"chinese with spaces and full-width comma", "垃，圾 主播", "垃圾主播"},
		{"chinese with zero-width", "傻\u200B逼", "傻逼"},
		{"chinese split by a letter", "傻x逼", ""},
		{"katakana inside a sentence", "おまえバカだな", "バカ"},
		{"hangul inside a word", "시발놈아", "시발"},
		{"latin word next to chinese", "你是bad人", "bad"},
		{"clean chinese", "今天的比赛真精彩", ""},
		{"empty text", "", ""},
		{"invalid utf-8 is a separator", "b\xffa\xffd", "bad"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := f.Match(tt.text)
			if ok != (tt.want != "") || got != tt.want {
				t.Fatalf("Match(%q) = %q, %v; want %q", tt.text, got, ok, tt.want)
			}
		})
	}
}

func TestMatchReportsEarliestEndThenLongest(t *testing.T) {
	tests := []struct {
		name     string
		patterns []string
		text     string
		want     string
	}{
		{"earliest end wins over list order", []string{"zzz", "aaa"}, "aaa zzz", "aaa"},
		{"longest of those ending together", []string{"逼", "傻逼"}, "傻逼", "傻逼"},
		{"shorter when the longer is rejected", []string{"*bad", "xbad"}, "x bad", "*bad"},
		{"first spelling of duplicates", []string{"Bad", "bad", "ＢＡＤ"}, "bad", "Bad"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := New(tt.patterns).Match(tt.text)
			if !ok || got != tt.want {
				t.Fatalf("Match(%q) = %q, %v; want %q", tt.text, got, ok, tt.want)
			}
		})
	}
}

func TestNewSkipsAndDeduplicates(t *testing.T) {
	tests := []struct {
		name     string
		patterns []string
		want     int
	}{
		{"empty list", nil, 0},
		{"blank and separator-only entries", []string{"", "   ", "...", "*", "**"}, 0},
		{"case and width duplicates", []string{"bad", "BAD", "ｂａｄ", " bad "}, 1},
		{"open ends are different patterns", []string{"bad", "bad*", "*bad", "*bad*"}, 4},
		{"boundary inside is a different pattern", []string{"shut up", "shutup"}, 2},
		{"too long is skipped", []string{strings.Repeat("a", MaxPatternRunes+1), strings.Repeat("a", MaxPatternRunes)}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := New(tt.patterns).Len(); got != tt.want {
				t.Fatalf("Len() = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestLongestPatternMatches(t *testing.T) {
	long := strings.Repeat("ab", MaxPatternRunes/2)
	f := New([]string{long})
	if _, ok := f.Match("x " + long + " y"); !ok {
		t.Fatal("pattern of MaxPatternRunes runes not matched")
	}
	if _, ok := f.Match("x " + long[1:] + " y"); ok {
		t.Fatal("a shorter text matched")
	}
	if got := f.Mask("x " + long); got != "x "+strings.Repeat("*", len(long)) {
		t.Fatalf("Mask = %q", got)
	}
}

func TestMask(t *testing.T) {
	f := New([]string{"bad", "傻逼", "kill yourself", "*hole"})
	tests := []struct{ name, text, want string }{
		{"clean text unchanged", "good game", "good game"},
		{"one word", "you are bad!", "you are ***!"},
		{"every occurrence", "bad bad", "*** ***"},
		{"separators inside are masked", "b.a.d", "*****"},
		{"invisible characters inside are masked", "b\u200Bad ok", "**** ok"},
		{"chinese", "你是傻逼吗", "你是**吗"},
		{"chinese with space", "傻 逼", "***"},
		{"multi-word", "go kill yourself now", "go ************* now"},
		{"open end masks only the pattern", "butthole", "butt****"},
		{"full-width keeps rune count", "ＢＡＤ!", "***!"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := f.Mask(tt.text)
			if got != tt.want {
				t.Fatalf("Mask(%q) = %q, want %q", tt.text, got, tt.want)
			}
			if utf8.RuneCountInString(got) != utf8.RuneCountInString(tt.text) {
				t.Fatalf("rune count changed: %q -> %q", tt.text, got)
			}
		})
	}
}

func TestMatchFarIntoALongMessage(t *testing.T) {
	// The matcher keeps the last MaxPatternRunes rune offsets in a ring; a match after many
	// wraps must still start at the right byte.
	f := New([]string{"kill yourself", "傻逼"})
	prefix := strings.Repeat("go team 加油 ", 40)
	text := prefix + "kill yourself and 傻 逼 ok"
	want := prefix + "************* and *** ok"
	if got := f.Mask(text); got != want {
		t.Fatalf("Mask = %q", got[len(prefix):])
	}
	if p, ok := f.Match(text); !ok || p != "kill yourself" {
		t.Fatalf("Match = %q, %v", p, ok)
	}
}

func TestMaskOverlappingMatches(t *testing.T) {
	f := New([]string{"傻逼", "逼你", "abc", "bcd"})
	if got, want := f.Mask("傻逼你好"), "***好"; got != want {
		t.Fatalf("Mask = %q, want %q", got, want)
	}
	if got, want := f.Mask("a.b.c.d x"), "******* x"; got != want {
		t.Fatalf("Mask = %q, want %q", got, want)
	}
}

func TestLoad(t *testing.T) {
	list := "\uFEFF# comment\n\n  bad  \n   # indented comment\n傻逼\r\nkill yourself\n"
	f, err := Load(strings.NewReader(list))
	if err != nil {
		t.Fatal(err)
	}
	if f.Len() != 3 {
		t.Fatalf("Len() = %d, want 3", f.Len())
	}
	for _, text := range []string{"so bad", "傻逼", "kill yourself"} {
		if _, ok := f.Match(text); !ok {
			t.Errorf("Match(%q) = false", text)
		}
	}
	if _, ok := f.Match("comment"); ok {
		t.Error("a comment line became a pattern")
	}
}

func TestLoadErrors(t *testing.T) {
	long := strings.Repeat("x", MaxPatternRunes+1)
	_, err := Load(strings.NewReader("ok\n# c\n" + long + "\n"))
	if !errors.Is(err, ErrPatternTooLong) || !strings.Contains(err.Error(), "line 3") {
		t.Fatalf("err = %v, want ErrPatternTooLong at line 3", err)
	}
	readErr := errors.New("disk gone")
	if _, err := Load(iotest.ErrReader(readErr)); !errors.Is(err, readErr) {
		t.Fatalf("err = %v, want the reader's error", err)
	}
}

func TestDefaultList(t *testing.T) {
	f := Default()
	if f.Len() < 10 {
		t.Fatalf("default list has %d patterns", f.Len())
	}
	for _, text := range []string{"you IDIOT", "ｓｔｆｕ", "傻逼", "k y s", "垃圾主播"} {
		if _, ok := f.Match(text); !ok {
			t.Errorf("default list does not match %q", text)
		}
	}
	for _, text := range []string{"what a game", "垃圾时间", "the stuff you said", "closer"} {
		if p, ok := f.Match(text); ok {
			t.Errorf("default list matches ordinary %q (pattern %q)", text, p)
		}
	}
	if Default() != f {
		t.Error("Default rebuilt the filter")
	}
}

func TestMatchCleanDoesNotAllocate(t *testing.T) {
	f := New(benchPatterns(1000))
	for _, text := range []string{benchLine, "今天的比赛真精彩，主队加油！", "ＧＧ ｗｐ b\u200Bo\u200Bo"} {
		if n := testing.AllocsPerRun(100, func() { f.Match(text) }); n != 0 {
			t.Errorf("Match(%q) allocates %v times", text, n)
		}
	}
	dirty := New([]string{"bad"})
	if n := testing.AllocsPerRun(100, func() { dirty.Match("so bad") }); n != 0 {
		t.Errorf("Match on a dirty text allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { dirty.Mask(benchLine) }); n != 0 {
		t.Errorf("Mask on a clean text allocates %v times", n)
	}
}

func TestConcurrentReads(t *testing.T) {
	f := New([]string{"bad", "傻逼"})
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 500; i++ {
				if _, ok := f.Match("你是傻逼"); !ok {
					t.Error("missed a match")
					return
				}
				if f.Mask("so bad") != "so ***" {
					t.Error("bad mask")
					return
				}
			}
		}()
	}
	wg.Wait()
}
