package search

import (
	"reflect"
	"strings"
	"testing"
)

func TestFoldStripsLatinMarksOnly(t *testing.T) {
	for in, want := range map[string]string{
		"Ñúñez Peñarroja": "nunez penarroja",
		"Straße Łódź":     "strasse lodz",
		"Ørsted":          "orsted",
		"BARÇA":           "barca",
		"กิตติศักดิ์":     "กิตติศักดิ์", // Thai vowel and tone marks stay
		"서준":              "서준",          // Hangul is not decomposed
		"Ελλάδα":          "ελλαδα",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTermsCutsCJKAndThaiIntoBigrams(t *testing.T) {
	cases := map[string][]string{
		"巴塞罗那":           {"巴塞", "塞罗", "罗那", "那"},
		"张涛":             {"张涛", "涛"},
		"涛":              {"涛"},
		"上野涼太 vs 青柳ヘロンズ": {"上野", "野涼", "涼太", "太", "vs", "青柳", "柳ヘ", "ヘロ", "ロン", "ンズ", "ズ"},
		"FC Barça 2026":  {"fc", "barca", "2026"},
		"Min-jun Xi'an":  {"min", "jun", "minjun", "xi", "an", "xian"},
		"ทองดี":          {"ทอ", "อง", "งด", "ดี", "ี"},
	}
	for in, want := range cases {
		if got := Terms(in); !reflect.DeepEqual(got, want) {
			t.Errorf("Terms(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestQueryTermsPrefixAndBigrams(t *testing.T) {
	cases := map[string][]Term{
		"Barc":         {{"barc", true}},
		"real m":       {{"real", true}, {"m", false}},
		"m":            {{"m", true}},
		"巴塞罗":          {{"巴塞", false}, {"塞罗", false}},
		"涛":            {{"涛", true}},
		"min-j":        {{"minj", true}},
		"  !!! ":       nil,
		"Tidebreak 破浪": {{"tidebreak", true}, {"破浪", false}},
	}
	for in, want := range cases {
		if got := QueryTerms(in); !reflect.DeepEqual(got, want) {
			t.Errorf("QueryTerms(%q) = %v, want %v", in, got, want)
		}
	}
}

// Every query cut from an indexed name must find it: its terms are index terms or prefixes of one.
func TestEveryPartOfANameFindsIt(t *testing.T) {
	for _, name := range []string{"巴塞罗那足球俱乐部", "กิตติศักดิ์ ทองดี", "Aoyagi Herons 青柳ヘロンズ", "Choi Seo-jun 최서준"} {
		index := Terms(name)
		rs := []rune(name)
		for i := 0; i < len(rs); i++ {
			for j := i + 1; j <= len(rs); j++ {
				q := string(rs[i:j])
				for _, term := range QueryTerms(q) {
					if !matches(index, term) {
						// A cut through the middle of a Latin word only finds by prefix; skip those.
						if strings.ContainsAny(q[:1], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") || i > 0 && isLatin(rs[i-1]) {
							continue
						}
						if j < len(rs) && isLatin(rs[j-1]) {
							continue
						}
						t.Errorf("%q: query %q term %v not in %q", name, q, term, index)
					}
				}
			}
		}
	}
}

func isLatin(r rune) bool { return r < 0x250 && r != ' ' }

func matches(index []string, t Term) bool {
	for _, x := range index {
		if x == t.Text || t.Prefix && strings.HasPrefix(x, t.Text) {
			return true
		}
	}
	return false
}

func TestTSQueryQuotes(t *testing.T) {
	got := TSQuery([]Term{{"o'neil", true}, {`a\b`, false}, {"巴塞", false}})
	if want := `'o''neil':* & 'a\\b' & '巴塞'`; got != want {
		t.Fatalf("TSQuery = %s, want %s", got, want)
	}
}
