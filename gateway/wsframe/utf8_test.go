package wsframe

import (
	"testing"
	"unicode/utf8"
)

// completions are continuation bytes at the edges of every range table 3-7
// allows after a lead byte; a prefix that none of their combinations
// completes cannot be the start of valid UTF-8.
var completions = []byte{0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF}

// validPrefix is the reference the validator is checked against: p is the
// start of some valid UTF-8 text.
func validPrefix(p []byte) bool {
	if utf8.Valid(p) {
		return true
	}
	var try func(q []byte, depth int) bool
	try = func(q []byte, depth int) bool {
		if utf8.Valid(q) {
			return true
		}
		if depth == 3 {
			return false
		}
		for _, c := range completions {
			if try(append(q[:len(q):len(q)], c), depth+1) {
				return true
			}
		}
		return false
	}
	return try(p, 0)
}

// firstBad returns the index of the first byte after which p is no longer a
// valid prefix, or -1.
func firstBad(p []byte) int {
	for i := range p {
		if !validPrefix(p[:i+1]) {
			return i
		}
	}
	return -1
}

// feed writes p to a fresh validator in pieces of chunk bytes (0 = whole)
// and returns the index of the byte whose piece was refused (the piece's
// last byte when chunk > 1: the validator answers per piece), or -1, and
// whether the text was complete at the end.
func feed(p []byte, chunk int) (failedAt int, complete bool) {
	var v UTF8Validator
	for i := 0; i < len(p); {
		j := len(p)
		if chunk > 0 && i+chunk < j {
			j = i + chunk
		}
		if !v.Write(p[i:j]) {
			return j - 1, false
		}
		i = j
	}
	return -1, v.Complete()
}

func TestUTF8ValidatorFailsAtTheFirstBadByte(t *testing.T) {
	tests := []struct {
		name string
		in   string
		bad  int // index of the byte that makes the text invalid, -1 for none
		done bool
	}{
		{"ascii", "hello", -1, true},
		{"two, three and four byte forms", "é€𝄞", -1, true},
		{"largest code point", "\U0010FFFF", -1, true},
		{"last before surrogates", "\uD7FF", -1, true},
		{"first after surrogates", "\uE000", -1, true},
		{"empty", "", -1, true},
		{"cut sequence is incomplete, not invalid", "ok\xe2\x82", -1, false},
		{"cut four-byte sequence", "\xf0\x9d\x84", -1, false},
		{"lone continuation", "a\x80", 1, false},
		{"overlong two-byte lead C0", "\xc0\xaf", 0, false},
		{"overlong two-byte lead C1", "\xc1\xbf", 0, false},
		{"lead F5 and above", "a\xf5", 1, false},
		{"byte FF", "\xff", 0, false},
		{"overlong three-byte form is known at its second byte", "\xe0\x80\xaf", 1, false},
		{"surrogate is known at its second byte", "\xed\xa0\x80", 1, false},
		{"overlong four-byte form", "\xf0\x8f\xbf\xbf", 1, false},
		{"above U+10FFFF", "\xf4\x90\x80\x80", 1, false},
		{"ascii where a continuation is due", "\xe2\x82(", 2, false},
		{"new lead where a continuation is due", "\xc3\xc3\xa9", 1, false},
		{"bad byte after a long valid run", "abcdefghijklmnopqrstuvwxyzé€\xff", 31, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if ref := firstBad([]byte(tt.in)); ref != tt.bad {
				t.Fatalf("test table disagrees with the reference: first bad byte %d", ref)
			}
			got, done := feed([]byte(tt.in), 1)
			if got != tt.bad || (tt.bad < 0 && done != tt.done) {
				t.Fatalf("byte by byte: refused at %d (complete %v), want %d (complete %v)", got, done, tt.bad, tt.done)
			}
			for _, chunk := range []int{0, 2, 3, 5} {
				got, done := feed([]byte(tt.in), chunk)
				if (got >= 0) != (tt.bad >= 0) || (got >= 0 && (got < tt.bad || got-tt.bad >= max(chunk, len(tt.in)))) {
					t.Fatalf("chunk %d: refused at %d, want the piece holding byte %d", chunk, got, tt.bad)
				}
				if tt.bad < 0 && done != tt.done {
					t.Fatalf("chunk %d: complete %v, want %v", chunk, done, tt.done)
				}
			}
		})
	}
}

func TestUTF8ValidatorIsStickyUntilReset(t *testing.T) {
	var v UTF8Validator
	if v.Write([]byte{0xff}) {
		t.Fatal("0xFF accepted")
	}
	if v.Write([]byte("fine")) || v.Complete() {
		t.Fatal("validator recovered without Reset")
	}
	v.Reset()
	if !v.Write([]byte("fine")) || !v.Complete() {
		t.Fatal("Reset did not clear the state")
	}
}

// utf8Seeds are the seeds of FuzzUTF8Validator (also written to
// testdata/fuzz/FuzzUTF8Validator by TestWriteSeedCorpus).
var utf8Seeds = []string{"hello", "é€𝄞", "\xe2\x82\xac", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "ok\xe2\x82", "\xc3(", "\xf0\x9d\x84\x9e", "\xc0\xaf", "a\x80b"}

// FuzzUTF8Validator checks the validator against the standard library and
// the prefix reference, whatever the split of the input.
func FuzzUTF8Validator(f *testing.F) {
	for _, s := range utf8Seeds {
		f.Add([]byte(s), uint8(1))
	}
	f.Fuzz(func(t *testing.T, in []byte, chunk uint8) {
		if len(in) > 256 {
			in = in[:256] // the reference is exponential in nothing but slow per byte
		}
		want := firstBad(in)
		got, done := feed(in, 1)
		if got != want {
			t.Fatalf("byte by byte: refused at %d, reference %d", got, want)
		}
		if want < 0 && done != utf8.Valid(in) {
			t.Fatalf("complete %v, utf8.Valid %v", done, utf8.Valid(in))
		}
		got, done = feed(in, int(chunk))
		if (got >= 0) != (want >= 0) || (want >= 0 && got < want) {
			t.Fatalf("chunk %d: refused at %d, reference %d", chunk, got, want)
		}
		if want < 0 && done != utf8.Valid(in) {
			t.Fatalf("chunk %d: complete %v, utf8.Valid %v", chunk, done, utf8.Valid(in))
		}
	})
}

func BenchmarkUTF8Validator(b *testing.B) {
	for _, tc := range []struct{ name, text string }{
		{"ascii", `{"t":"chat","room":"1001","text":"what a shot from downtown, gg","nonce":"a7f3-12"}`},
		{"chinese", `{"t":"chat","room":"1001","text":"今天的比赛真精彩，主队加油！今天的比赛真精彩","nonce":"a7f3-12"}`},
	} {
		p := []byte(tc.text)
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(p)))
			var v UTF8Validator
			for b.Loop() {
				v.Reset()
				if !v.Write(p) || !v.Complete() {
					b.Fatal("refused")
				}
			}
		})
	}
}
