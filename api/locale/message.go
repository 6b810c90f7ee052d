package locale

import (
	"embed"
	"fmt"
	"path"
	"sort"
	"strings"

	jsoniter "github.com/json-iterator/go"
)

// The catalogue: one flat JSON object per locale, key -> message. Messages that take
// arguments use fmt verbs, with explicit indexes (%[1]s) where word order differs.
//
//go:embed messages/*.json
var messageFiles embed.FS

// catalogue is filled once by init and only read afterwards.
var catalogue = mustLoad()

func mustLoad() map[string]map[string]string {
	cat := make(map[string]map[string]string, len(All))
	entries, err := messageFiles.ReadDir("messages")
	if err != nil {
		panic(fmt.Sprintf("locale: reading embedded messages: %v", err))
	}
	for _, e := range entries {
		name := e.Name()
		lang := strings.TrimSuffix(name, ".json")
		if !Supported(lang) {
			panic(fmt.Sprintf("locale: messages/%s is not one of the 22 locales", name))
		}
		data, err := messageFiles.ReadFile(path.Join("messages", name))
		if err != nil {
			panic(fmt.Sprintf("locale: reading messages/%s: %v", name, err))
		}
		m := map[string]string{}
		if err := jsoniter.ConfigCompatibleWithStandardLibrary.Unmarshal(data, &m); err != nil {
			panic(fmt.Sprintf("locale: messages/%s: %v", name, err))
		}
		cat[lang] = m
	}
	return cat
}

// Message returns the message for key in lang, formatted with args when any are
// given. lang may be any tag Normalize accepts. A key missing in lang falls back to
// en_US, and a key missing there too is returned as is, so a typo shows up as a key
// rather than as an empty message.
func Message(lang, key string, args ...any) string {
	msg, ok := Lookup(lang, key)
	if !ok {
		if msg, ok = catalogue[Fallback][key]; !ok {
			return key
		}
	}
	if len(args) > 0 {
		return fmt.Sprintf(msg, args...)
	}
	return msg
}

// Lookup returns the unformatted message for key in lang without falling back.
func Lookup(lang, key string) (string, bool) {
	m, ok := catalogue[lang]
	if !ok {
		norm, ok := Normalize(lang)
		if !ok {
			return "", false
		}
		m = catalogue[norm]
	}
	msg, ok := m[key]
	return msg, ok && msg != ""
}

// Keys returns the keys of the fallback (en_US) catalogue, sorted.
func Keys() []string {
	return keysOf(Fallback)
}

// keysOf returns the sorted keys of one locale's catalogue (nil for an unknown locale).
func keysOf(lang string) []string {
	m := catalogue[lang]
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
