package safeblock_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"courtside/api/safeblock"
)

var all = safeblock.Rules{
	Types:         []string{safeblock.Paragraph, safeblock.Heading, safeblock.Quote, safeblock.Picture, safeblock.Match, safeblock.List},
	MaxBlocks:     3,
	MaxBlockRunes: 10,
	MaxListItems:  2,
}

func parse(t *testing.T, r safeblock.Rules, raw string) ([]safeblock.Block, error) {
	t.Helper()
	in, err := safeblock.Decode(json.RawMessage(raw))
	if err != nil {
		return nil, err
	}
	return r.Parse(in)
}

func TestParseCleansABody(t *testing.T) {
	got, err := parse(t, all, `[{"type":"p","text":"  hi  ","src":"/x.png","onclick":"x"},
		{"type":"list","items":[" a "," "]},{"type":"img","src":"/java/news/cover/1.svg","caption":" c ","text":"t"}]`)
	if err != nil {
		t.Fatal(err)
	}
	want := []safeblock.Block{{Type: "p", Text: "hi"}, {Type: "list", Items: []string{"a"}},
		{Type: "img", Src: "/java/news/cover/1.svg", Caption: "c"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

func TestParseDropsEmptyBlocks(t *testing.T) {
	got, err := parse(t, all, `[{"type":"h","text":"   "},{"type":"list","items":[" "]},{"type":"quote","text":"q"}]`)
	if err != nil {
		t.Fatal(err)
	}
	if want := []safeblock.Block{{Type: "quote", Text: "q"}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

func TestParseRefuses(t *testing.T) {
	long := strings.Repeat("é", 11)
	cases := []struct {
		name  string
		rules safeblock.Rules
		raw   string
		want  error
	}{
		{"not JSON", all, `<p>`, safeblock.ErrMalformed},
		{"not a list", all, `{"type":"p"}`, safeblock.ErrMalformed},
		{"unknown type", all, `[{"type":"script","text":"x"}]`, safeblock.ErrMalformed},
		{"type the area does not take", safeblock.Rules{Types: []string{"p"}, MaxBlocks: 3, MaxBlockRunes: 10, MaxListItems: 2},
			`[{"type":"quote","text":"x"}]`, safeblock.ErrMalformed},
		{"too many blocks", all, `[{"type":"p","text":"1"},{"type":"p","text":"2"},{"type":"p","text":"3"},{"type":"p","text":"4"}]`, safeblock.ErrTooLong},
		{"text too long in runes", all, `[{"type":"p","text":"` + long + `"}]`, safeblock.ErrTooLong},
		{"too many items", all, `[{"type":"list","items":["a","b","c"]}]`, safeblock.ErrTooLong},
		{"item too long", all, `[{"type":"list","items":["` + long + `"]}]`, safeblock.ErrTooLong},
		{"caption too long", all, `[{"type":"img","src":"/a.png","caption":"` + strings.Repeat("x", 301) + `"}]`, safeblock.ErrTooLong},
		{"another host's picture", all, `[{"type":"img","src":"https://evil.example/a.png"}]`, safeblock.ErrPicture},
		{"match card without a match", all, `[{"type":"match","matchId":"  "}]`, safeblock.ErrMalformed},
		{"match id too long", all, `[{"type":"match","matchId":"` + strings.Repeat("m", 101) + `"}]`, safeblock.ErrMalformed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := parse(t, c.rules, c.raw); !errors.Is(err, c.want) {
				t.Fatalf("err %v, want %v", err, c.want)
			}
		})
	}
}

func TestOwnPicture(t *testing.T) {
	for src, want := range map[string]bool{
		"/java/news/cover/12.svg":      true,
		"/images/a b.png":              false,
		"":                             false,
		"a.png":                        false,
		"//evil.example/a.png":         false,
		"https://evil.example/a":       false,
		"/../etc/passwd":               false,
		`/a"onerror=x.png`:             false,
		"/a<b>.png":                    false,
		"/a\\b.png":                    false,
		"/" + strings.Repeat("a", 500): false,
	} {
		if got := safeblock.OwnPicture(src); got != want {
			t.Errorf("OwnPicture(%q) = %v, want %v", src, got, want)
		}
	}
}

func TestPlainText(t *testing.T) {
	got := safeblock.PlainText([]safeblock.Block{{Type: "h", Text: "T"}, {Type: "img", Src: "/a.png"},
		{Type: "list", Items: []string{"a", "b"}}, {Type: "img", Src: "/b.png", Caption: "cap"}, {Type: "match", MatchID: "m1"}})
	if want := "T\n\na\nb\n\ncap"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}
