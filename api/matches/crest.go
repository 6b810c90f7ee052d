package matches

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"html"
	"strings"
	"unicode"

	"courtside/storage/postgres"
)

// A team without a picture of its own (every demo team, and a provider's team before its
// logo arrives) gets a crest drawn from what we know of it: a shield in two colours taken
// from its id, so a team always wears the same ones, and its initials. The match list, the
// match page and the library then show a picture, never a broken image.

// crestColours are pairs of field and trim colours that read well with white initials.
var crestColours = [][2]string{
	{"#b91c1c", "#fbbf24"}, {"#1d4ed8", "#e5e7eb"}, {"#047857", "#fde68a"}, {"#7c3aed", "#c4b5fd"},
	{"#0f172a", "#f97316"}, {"#be185d", "#fbcfe8"}, {"#0e7490", "#a5f3fc"}, {"#92400e", "#fcd34d"},
	{"#15803d", "#f8fafc"}, {"#1e3a8a", "#fca5a5"}, {"#374151", "#34d399"}, {"#9f1239", "#1f2937"},
}

// Crest is the SVG crest of team id: ErrLibraryNotFound for a team that does not exist.
// Crests are kept once drawn (a few hundred teams, under a kilobyte each).
func (m *Service) Crest(ctx context.Context, id string) ([]byte, error) {
	if v, ok := m.crests.Load(id); ok {
		return v.([]byte), nil
	}
	team, _, err := m.store.Team(ctx, id)
	if errors.Is(err, postgres.ErrNotFound) {
		return nil, ErrLibraryNotFound
	}
	if err != nil {
		return nil, err
	}
	svg := crestSVG(id, team.Name, initials(team.Name))
	m.crests.Store(id, svg)
	return svg, nil
}

// initials are the first letters of the first two words ("Harbor City Pioneers" → "HC").
func initials(name string) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(name) {
		for _, r := range w {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				b.WriteRune(unicode.ToUpper(r))
				n++
				break
			}
		}
		if n == 2 {
			break
		}
	}
	if n == 0 {
		return "?"
	}
	return b.String()
}

// crestSVG draws the shield; title carries the team's name for screen readers.
func crestSVG(id, name, letters string) []byte {
	h := fnv.New32a()
	h.Write([]byte(id))
	sum := h.Sum32()
	c := crestColours[sum%uint32(len(crestColours))]
	band := ""
	switch (sum >> 8) % 3 { // a stripe, a chevron or a plain field
	case 0:
		band = fmt.Sprintf(`<rect x="26" y="6" width="12" height="70" fill="%s" opacity=".85" clip-path="url(#s)"/>`, c[1])
	case 1:
		band = fmt.Sprintf(`<path d="M6 44 L32 58 L58 44 L58 54 L32 68 L6 54 Z" fill="%s" opacity=".85" clip-path="url(#s)"/>`, c[1])
	}
	return []byte(fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 76" width="64" height="76" role="img">`+
		`<title>%s</title><defs><clipPath id="s"><path d="M4 6 Q32 -2 60 6 L60 38 Q60 62 32 74 Q4 62 4 38 Z"/></clipPath></defs>`+
		`<path d="M4 6 Q32 -2 60 6 L60 38 Q60 62 32 74 Q4 62 4 38 Z" fill="%s" stroke="%s" stroke-width="3"/>%s`+
		`<text x="32" y="40" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="20" font-weight="700" fill="#fff" stroke="#0006" stroke-width=".6">%s</text></svg>`,
		html.EscapeString(name), c[0], c[1], band, html.EscapeString(letters)))
}
