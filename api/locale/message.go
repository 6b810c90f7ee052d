package locale

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	jsoniter "github.com/json-iterator/go"
)

// The catalogue: flat JSON objects, key -> message, one per locale: messages/<lang>.json holds the
// site-wide messages and messages/<area>/<lang>.json each business area's own (experts, shop, ...),
// so areas add messages without touching each other's files. A key is defined in one file only.
// Messages that take arguments use fmt verbs, with explicit indexes (%[1]s) where word order
// differs.
//
//go:embed messages
var messageFiles embed.FS

// catalogue is filled once by init and only read afterwards.
var catalogue = mustLoad()

func mustLoad() map[string]map[string]string {
	cat := make(map[string]map[string]string, len(All))
	defined := map[string]string{} // "lang key" -> the file that defines it
	err := fs.WalkDir(messageFiles, "messages", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		lang := strings.TrimSuffix(path.Base(p), ".json")
		if !Supported(lang) || path.Ext(p) != ".json" {
			return fmt.Errorf("%s is not <one of the 22 locales>.json", p)
		}
		data, err := messageFiles.ReadFile(p)
		if err != nil {
			return err
		}
		m := map[string]string{}
		if err := jsoniter.ConfigCompatibleWithStandardLibrary.Unmarshal(data, &m); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if cat[lang] == nil {
			cat[lang] = map[string]string{}
		}
		for k, v := range m {
			if other, dup := defined[lang+" "+k]; dup {
				return fmt.Errorf("%s: key %q is already defined in %s", p, k, other)
			}
			defined[lang+" "+k] = p
			cat[lang][k] = v
		}
		return nil
	})
	if err != nil {
		panic(fmt.Sprintf("locale: embedded messages: %v", err))
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
