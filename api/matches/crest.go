package matches

import (
	"context"
	"errors"
	"fmt"
	"html"

	"courtside/actors/match/feed"
	"courtside/api/picture"
	"courtside/storage/postgres"
)

// A team, competition or player without a picture of its own (every demo one, and a provider's
// before its pictures arrive) gets one drawn from what we know of it: colours taken from its id,
// so it always wears the same ones, and its initials (both from api/picture, which the news area's
// covers share). A team wears a shield, a competition a round badge, a player a portrait. The match list, the match page and the library then show a
// picture, never a broken image or bare letters.

// PictureKind is what a generated picture shows.
type PictureKind string

const (
	PictureTeam   PictureKind = "teams"   // a shield
	PictureLeague PictureKind = "leagues" // a round badge
	PicturePlayer PictureKind = "players" // a portrait
)

// Crest is the SVG crest of team id: ErrLibraryNotFound for a team that does not exist.
func (m *Service) Crest(ctx context.Context, id string) ([]byte, error) {
	return m.Picture(ctx, PictureTeam, id)
}

// Picture is the generated SVG picture of a team, competition or player: ErrLibraryNotFound for
// one that does not exist. Pictures are kept once drawn (a few thousand, under a kilobyte each).
func (m *Service) Picture(ctx context.Context, kind PictureKind, id string) ([]byte, error) {
	key := string(kind) + "/" + id
	if v, ok := m.crests.Load(key); ok {
		return v.([]byte), nil
	}
	var name string
	var err error
	switch kind {
	case PictureTeam:
		var t feed.Team
		t, _, err = m.store.Team(ctx, id)
		name = t.Name
	case PictureLeague:
		var l postgres.LeagueRow
		l, err = m.store.League(ctx, id)
		name = l.League.Name
	case PicturePlayer:
		var p feed.Player
		p, err = m.store.Player(ctx, id)
		name = p.Name
	default:
		return nil, ErrLibraryNotFound
	}
	if errors.Is(err, postgres.ErrNotFound) {
		return nil, ErrLibraryNotFound
	}
	if err != nil {
		return nil, err
	}
	var svg []byte
	switch kind {
	case PictureLeague:
		svg = badgeSVG(id, name, picture.Initials(name))
	case PicturePlayer:
		svg = portraitSVG(id, name, picture.Initials(name))
	default:
		svg = crestSVG(id, name, picture.Initials(name))
	}
	m.crests.Store(key, svg)
	return svg, nil
}

// colours picks an id's pair of colours and a number for its other choices.
func colours(id string) ([2]string, uint32) { return picture.TeamColours(id), picture.Hash(id) }

// crestSVG draws the shield; title carries the team's name for screen readers.
func crestSVG(id, name, letters string) []byte {
	c, sum := colours(id)
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

// badgeSVG draws a competition's round badge: a ring in the trim colour, a star, the initials.
func badgeSVG(id, name, letters string) []byte {
	c, _ := colours(id)
	return []byte(fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img">`+
		`<title>%s</title><circle cx="32" cy="32" r="29" fill="%s" stroke="%s" stroke-width="4"/>`+
		`<circle cx="32" cy="32" r="22" fill="none" stroke="%s" stroke-width="1.2" opacity=".7"/>`+
		`<path d="M32 9 L34 14 L39.5 14 L35 17.2 L36.8 22.5 L32 19.3 L27.2 22.5 L29 17.2 L24.5 14 L30 14 Z" fill="%s"/>`+
		`<text x="32" y="42" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="17" font-weight="700" fill="#fff">%s</text></svg>`,
		html.EscapeString(name), c[0], c[1], c[1], c[1], html.EscapeString(letters)))
}

// portraitSVG draws a player's portrait: a head and shoulders in the shirt's colours on a light
// field, the initials on the shirt.
func portraitSVG(id, name, letters string) []byte {
	c, _ := colours(id)
	return []byte(fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img">`+
		`<title>%s</title><rect width="64" height="64" rx="10" fill="#e8edf3"/>`+
		`<circle cx="32" cy="24" r="12" fill="#c9a88a"/>`+
		`<path d="M8 64 Q8 40 32 40 Q56 40 56 64 Z" fill="%s" stroke="%s" stroke-width="2"/>`+
		`<text x="32" y="58" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="11" font-weight="700" fill="#fff">%s</text></svg>`,
		html.EscapeString(name), c[0], c[1], html.EscapeString(letters)))
}
