package locale_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	jsoniter "github.com/json-iterator/go"

	"courtside/api/locale"
)

// required are the keys other packages use today; the catalogue must have them all.
var required = []string{
	"server.error", "format.error", "notFound", "page.notFound", "method.notAllowed",
	"request.tooLarge", "auth.required", "session.expired", "session.revoked",
	"access.denied",
	"chat.failed", "chat.loginRequired", "chat.muted", "chat.nonCompliant",
	"chat.roomClosed", "chat.levelTooLow", "gift.insufficientCoins",
	"gift.insufficientDiamonds", "chat.rateLimited", "chat.slowMode", "mod.forbidden",
	"room.notFound", "proto.bad", "chat.memberOnly", "gift.failed",
	"validation.passwordWeak", "validation.usernameChars", "validation.mobileEmpty",
	"validation.mobileFormat", "validation.emailFormat", "validation.codeRequired",
	"validation.codeWrong", "recharge.outOfRange",
}

// readCatalogue reads the message files from disk (not through the package), so a
// file the embed pattern would skip is still checked: the site-wide messages/<lang>.json
// merged with every area's messages/<area>/<lang>.json.
func readCatalogue(t *testing.T) map[string]map[string]string {
	t.Helper()
	cat := map[string]map[string]string{}
	for _, dir := range messageDirs(t) {
		for lang, m := range readDir(t, dir) {
			if cat[lang] == nil {
				cat[lang] = map[string]string{}
			}
			for k, v := range m {
				cat[lang][k] = v
			}
		}
	}
	return cat
}

// messageDirs are messages/ and its area folders.
func messageDirs(t *testing.T) []string {
	t.Helper()
	dirs := []string{"messages"}
	entries, err := os.ReadDir("messages")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			dirs = append(dirs, filepath.Join("messages", e.Name()))
		}
	}
	return dirs
}

func readDir(t *testing.T, dir string) map[string]map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	cat := map[string]map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		if err := jsoniter.ConfigCompatibleWithStandardLibrary.Unmarshal(data, &m); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		cat[strings.TrimSuffix(filepath.Base(f), ".json")] = m
	}
	return cat
}

// Every folder of messages (the site-wide one and each area's) has one file per locale.
func TestCatalogueHasOneFilePerLocale(t *testing.T) {
	for _, dir := range messageDirs(t) {
		cat := readDir(t, dir)
		for _, l := range locale.All {
			if _, ok := cat[l]; !ok {
				t.Errorf("%s/%s.json is missing", dir, l)
			}
		}
		if len(cat) != len(locale.All) {
			t.Errorf("%s: %d message files for %d locales", dir, len(cat), len(locale.All))
		}
	}
}

func TestCatalogueIsComplete(t *testing.T) {
	cat := readCatalogue(t)
	fallback := cat[locale.Fallback]
	for _, k := range required {
		if fallback[k] == "" {
			t.Errorf("required key %q missing from %s", k, locale.Fallback)
		}
	}
	for lang, m := range cat {
		for k := range fallback {
			if strings.TrimSpace(m[k]) == "" {
				t.Errorf("%s: key %q missing or empty", lang, k)
			}
		}
		for k := range m {
			if _, ok := fallback[k]; !ok {
				t.Errorf("%s: key %q is not in %s", lang, k, locale.Fallback)
			}
		}
	}
}

func TestCatalogueIsTranslated(t *testing.T) {
	cat := readCatalogue(t)
	fallback := cat[locale.Fallback]
	for lang, m := range cat {
		if lang == locale.Fallback {
			continue
		}
		for k, v := range m {
			if v == fallback[k] {
				t.Errorf("%s: %q is the English text %q", lang, k, v)
			}
		}
	}
}

// TestCatalogueUsesEachLanguagesScript catches a locale file filled with another
// language: every message of these locales must contain a letter of its script.
func TestCatalogueUsesEachLanguagesScript(t *testing.T) {
	scripts := map[string][]*unicode.RangeTable{
		"zh_CN": {unicode.Han},
		"zh_tw": {unicode.Han},
		"jp":    {unicode.Hiragana, unicode.Katakana, unicode.Han},
		"ko":    {unicode.Hangul},
		"thai":  {unicode.Thai},
		"ar":    {unicode.Arabic},
		"el":    {unicode.Greek},
		"ru":    {unicode.Cyrillic},
		"uk":    {unicode.Cyrillic},
	}
	cat := readCatalogue(t)
	for lang, tables := range scripts {
		for k, v := range cat[lang] {
			if !strings.ContainsFunc(v, func(r rune) bool { return unicode.IsOneOf(tables, r) }) {
				t.Errorf("%s: %q = %q has no letter of the locale's script", lang, k, v)
			}
		}
	}
}

func TestEmbeddedCatalogueMatchesFiles(t *testing.T) {
	cat := readCatalogue(t)
	for lang, m := range cat {
		for k, v := range m {
			if got := locale.Message(lang, k); got != v {
				t.Errorf("Message(%s, %s) = %q, file says %q", lang, k, got, v)
			}
		}
	}
	if got, want := len(locale.Keys()), len(cat[locale.Fallback]); got != want {
		t.Errorf("Keys() has %d keys, en_US file %d", got, want)
	}
}

func TestMessage(t *testing.T) {
	tests := []struct {
		name, lang, key string
		args            []any
		want            string
	}{
		{"english", "en_US", "access.denied", nil, "Access Denied"},
		{"simplified chinese", "zh_CN", "chat.muted", nil, "您已被禁言"},
		{"traditional chinese", "zh_tw", "gift.insufficientCoins", nil, "金幣不足"},
		{"tag normalized", "ja-JP", "format.error", nil, "形式エラー"},
		{"unknown language falls back to en_US", "xx", "chat.failed", nil, "Failed to Send"},
		{"empty language falls back to en_US", "", "room.notFound", nil, "Streamer not found"},
		{"unknown key returns the key", "fr", "no.such.key", nil, "no.such.key"},
		{"spec text of recharge range", "en_US", "recharge.outOfRange", nil, "Out of recharge range (maximum 99999)"},
		{"percent without args is literal", "en_US", "no.such %d key", nil, "no.such %d key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := locale.Message(tt.lang, tt.key, tt.args...); got != tt.want {
				t.Fatalf("Message(%q, %q) = %q, want %q", tt.lang, tt.key, got, tt.want)
			}
		})
	}
}
