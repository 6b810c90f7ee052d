package news

import (
	"context"
	"fmt"
	"html"
	"strconv"
	"strings"

	"courtside/actors/match/feed"
	"courtside/api/picture"
)

// Every article gets a picture drawn here when it has none of its own (every demo article): a
// banner in colours taken from its game, the game's name, and for a match preview the two teams'
// shields facing each other. Nothing is downloaded; the same article always gets the same picture.

// CoverPath is the address of article id's drawn picture.
func CoverPath(id int64) string { return "/java/news/cover/" + strconv.FormatInt(id, 10) + ".svg" }

var coverColours = [][3]string{
	{"#0f172a", "#1d4ed8", "#38bdf8"}, {"#052e16", "#15803d", "#86efac"}, {"#3b0764", "#7c3aed", "#f0abfc"},
	{"#431407", "#c2410c", "#fdba74"}, {"#082f49", "#0e7490", "#67e8f9"}, {"#450a0a", "#b91c1c", "#fca5a5"},
	{"#1c1917", "#57534e", "#fcd34d"}, {"#172554", "#4338ca", "#a5b4fc"},
}

// Cover draws article id's picture (ErrNotFound for no such article).
func (s *Service) Cover(ctx context.Context, id int64) ([]byte, error) {
	a, err := s.store.Article(ctx, id)
	if err != nil {
		return nil, storeErr(err)
	}
	var home, away [2]string // id, name
	if s.d.Matches != nil && len(a.Matches) > 0 {
		if c, ok, err := s.d.Matches.Card(ctx, a.Matches[0]); err == nil && ok {
			home, away = [2]string{c.HomeID, c.Home}, [2]string{c.AwayID, c.Away}
		}
	}
	return coverSVG(a.Game, a.Type, home, away, a.ID), nil
}

func shield(x int, name, fill, trim string) string {
	return fmt.Sprintf(`<g transform="translate(%d 70)"><path d="M0 0 Q60 -16 120 0 L120 70 Q120 120 60 146 Q0 120 0 70 Z" fill="%s" stroke="%s" stroke-width="6"/>`+
		`<text x="60" y="86" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="44" font-weight="700" fill="#fff">%s</text></g>`,
		x, fill, trim, html.EscapeString(picture.Initials(name)))
}

func coverSVG(game int, kind string, home, away [2]string, id int64) []byte {
	g, _ := feed.GameByID(game)
	c := coverColours[picture.Hash(strconv.Itoa(game))%uint32(len(coverColours))]
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 320" width="640" height="320" role="img"><title>%s</title>`, html.EscapeString(g.Name))
	fmt.Fprintf(&b, `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>`, c[0], c[1])
	b.WriteString(`<rect width="640" height="320" fill="url(#bg)"/>`)
	// The field of the game's family, faint: a pitch, a court, or a map's hexagons.
	seed := picture.Hash(strconv.FormatInt(id, 10))
	switch {
	case g.Kind == "esport":
		for i := 0; i < 9; i++ {
			x, y := 40+int((seed>>uint(i))%560), 30+int((seed>>uint(i+3))%260)
			fmt.Fprintf(&b, `<path d="M%d %d l26 15 v30 l-26 15 l-26 -15 v-30 Z" fill="none" stroke="%s" stroke-opacity=".25" stroke-width="3"/>`, x, y, c[2])
		}
	default:
		fmt.Fprintf(&b, `<g fill="none" stroke="%s" stroke-opacity=".28" stroke-width="4"><rect x="30" y="30" width="580" height="260" rx="6"/>`+
			`<line x1="320" y1="30" x2="320" y2="290"/><circle cx="320" cy="160" r="52"/><rect x="30" y="95" width="70" height="130"/><rect x="540" y="95" width="70" height="130"/></g>`, c[2])
	}
	if kind == "preview" && home[1] != "" && away[1] != "" {
		h, w := picture.TeamColours(home[0]), picture.TeamColours(away[0])
		b.WriteString(shield(120, home[1], h[0], h[1]))
		b.WriteString(shield(400, away[1], w[0], w[1]))
		b.WriteString(`<text x="320" y="172" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="48" font-weight="800" fill="#fff" stroke="#0008" stroke-width="2">VS</text>`)
	} else if g.Kind == "esport" {
		// An emblem: a hexagon with a bolt, no words (the picture serves every language).
		fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="90" fill="%s" fill-opacity=".3"/>`, 200+int(seed%240), 110+int((seed>>8)%100), c[2])
		fmt.Fprintf(&b, `<path d="M320 62 l86 50 v100 l-86 50 l-86 -50 v-100 Z" fill="%s" stroke="%s" stroke-width="8"/>`, c[0], c[2])
		b.WriteString(`<path d="M334 92 l-52 78 h34 l-12 64 l56 -86 h-36 Z" fill="#fff" fill-opacity=".92"/>`)
	} else {
		// A ball: the game's family in a picture, no words.
		fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="90" fill="%s" fill-opacity=".3"/>`, 200+int(seed%240), 110+int((seed>>8)%100), c[2])
		b.WriteString(`<circle cx="320" cy="158" r="84" fill="#fff" fill-opacity=".94" stroke="#0f172a" stroke-width="5"/>`)
		fmt.Fprintf(&b, `<path d="M320 124 l32 23 l-12 38 h-40 l-12 -38 Z" fill="%s"/>`, c[0])
		fmt.Fprintf(&b, `<g stroke="%s" stroke-width="5" fill="none"><path d="M320 124 v-50"/><path d="M352 147 l48 -16"/><path d="M340 185 l30 40"/><path d="M300 185 l-30 40"/><path d="M288 147 l-48 -16"/></g>`, c[0])
	}
	fmt.Fprintf(&b, `<rect x="0" y="282" width="640" height="38" fill="#000" fill-opacity=".35"/><text x="20" y="308" font-family="Arial, Helvetica, sans-serif" font-size="20" font-weight="700" fill="%s">COURTSIDE</text></svg>`, c[2])
	return []byte(b.String())
}
