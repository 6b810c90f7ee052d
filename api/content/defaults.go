package content

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	"courtside/api/locale"
)

// The shipped texts of the pages, one file per locale (defaults/<locale>.json): {"<slug>": {"title":
// "...", "body": [blocks]}}. English and Simplified Chinese hold every page; another locale may hold
// some or none, and its readers get the English text of the others (README.md lists which).
//
//go:embed defaults/*.json
var defaultFiles embed.FS

type defaultText struct {
	Title string  `json:"title"`
	Body  []Block `json:"body"`
}

// defaults: locale -> slug -> text.
type defaults map[string]map[string]defaultText

func loadDefaults() (defaults, error) {
	out := defaults{}
	entries, err := fs.ReadDir(defaultFiles, "defaults")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		lang := strings.TrimSuffix(e.Name(), ".json")
		if !locale.Supported(lang) {
			return nil, fmt.Errorf("content: defaults/%s: not a locale", e.Name())
		}
		data, err := defaultFiles.ReadFile("defaults/" + e.Name())
		if err != nil {
			return nil, err
		}
		var raw map[string]struct {
			Title string          `json:"title"`
			Body  json.RawMessage `json:"body"`
		}
		if err := json.Unmarshal(data, &raw); err != nil {
			return nil, fmt.Errorf("content: defaults/%s: %w", e.Name(), err)
		}
		texts := map[string]defaultText{}
		for slug, t := range raw {
			if _, ok := pageInfo(slug); !ok {
				return nil, fmt.Errorf("content: defaults/%s: unknown page %q", e.Name(), slug)
			}
			body, err := ParseBody(t.Body)
			if err != nil || strings.TrimSpace(t.Title) == "" {
				return nil, fmt.Errorf("content: defaults/%s: page %q: a title and a body of blocks are required", e.Name(), slug)
			}
			texts[slug] = defaultText{Title: strings.TrimSpace(t.Title), Body: body}
		}
		out[lang] = texts
	}
	if len(out[locale.Fallback]) != len(Pages) {
		return nil, fmt.Errorf("content: defaults/%s.json must hold every page", locale.Fallback)
	}
	return out, nil
}

// DefaultLocales lists, per page, the locales that ship a default text (the README's table).
func (s *Service) DefaultLocales() map[string][]string {
	out := map[string][]string{}
	for _, p := range Pages {
		for _, l := range locale.All {
			if _, ok := s.texts[l][p.Slug]; ok {
				out[p.Slug] = append(out[p.Slug], l)
			}
		}
	}
	return out
}
