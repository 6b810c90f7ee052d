package api

import (
	"html"
	"strings"
)

// The first HTML of a page names the JavaScript that page needs beyond the entry chunk (issue 19).
// Every route of the web client is a lazy chunk and every language is a chunk of its own; without a
// hint the browser finds them one after the other (entry chunk → runs → locale chunk → first render
// → route chunk → its imports), each a round trip on a slow connection before the largest paint.
// The build writes preload.json (webclient/build/pagePreloads.ts): per route-table page and per
// locale, the files beyond the entry's closure. serveIndex adds a <link rel="modulepreload"> for the
// page's files and the reader's language, so they load beside the entry chunk.

// preloadTable is dist/preload.json.
type preloadTable struct {
	Pages   map[string][]string `json:"pages"`
	Locales map[string][]string `json:"locales"`
	// Styles are the style sheets of a page's route chunk (and its static imports) beyond the
	// entry's. Linked in the head for the pages whose static shell uses their classes (shellSheets,
	// siteshell.go), so the shell is styled at its first paint; Vite's loader finds the link and
	// does not fetch the sheet again.
	Styles map[string][]string `json:"styles"`
}

func parsePreloads(data []byte) (*preloadTable, error) {
	var t preloadTable
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, err
	}
	return &t, nil
}

// preloadLinks is the <link rel="modulepreload"> tags of a page in a language: its locale chunk
// first (the client renders nothing before it), then the page's route chunk and imports. crossorigin
// as on Vite's own entry script and preloads, so the browser reuses the preloaded responses.
func (s *site) preloadLinks(page, lang string) string {
	t := s.preloads.get(s.dir)
	if t == nil {
		return ""
	}
	var b strings.Builder
	seen := map[string]bool{}
	if shellSheets[page] && s.shell.get(s.dir) != nil {
		for _, f := range t.Styles[page] {
			if seen[f] || !strings.HasPrefix(f, "/assets/") {
				continue
			}
			seen[f] = true
			b.WriteString(`<link rel="stylesheet" href="` + html.EscapeString(f) + `">`)
		}
	}
	for _, files := range [][]string{t.Locales[lang], t.Pages[page]} {
		for _, f := range files {
			// Only the build's own assets: the file is written by the build, but a path is a path.
			if seen[f] || !strings.HasPrefix(f, "/assets/") {
				continue
			}
			seen[f] = true
			b.WriteString(`<link rel="modulepreload" crossorigin href="` + html.EscapeString(f) + `">`)
		}
	}
	return b.String()
}
