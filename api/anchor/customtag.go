package anchor

import (
	"context"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"courtside/api/errcode"
	"courtside/storage/postgres"
)

// Custom-tag rooms (issue 17 "Around the room", spec §3 "linked match or custom tag", route
// /customLive/{id?}): a streamer who does not commentate a match (a talk show, an analysis desk)
// gives the room a custom tag instead; /customLive/{tag} lists the live rooms carrying it. The tag
// is the {id} of the route: it names the page, so it is kept to words (letters of any script, digits,
// spaces, '-', '&'), and two spellings that differ only in case are one tag.

// Tag limits.
const (
	minTagLen = 2
	// MaxFollowing bounds the "following" list (the streamers one follows).
	MaxFollowing = 200
)

// ErrTagInvalid: a custom tag that is not 2 to 20 letters, digits, spaces, '-' or '&' (7550).
var ErrTagInvalid = errcode.New(errcode.CustomTagInvalid)

// NormalizeTag returns the tag as it is stored and shown: spaces trimmed and collapsed, a leading
// '#' dropped (streamers type "#Analysis"); ErrTagInvalid when it is too short, too long or holds
// anything but letters, digits, spaces, '-' and '&'. "" stays "" (no tag).
func NormalizeTag(raw string) (string, error) {
	tag := strings.Join(strings.Fields(strings.TrimPrefix(strings.TrimSpace(raw), "#")), " ")
	if tag == "" {
		return "", nil
	}
	if n := utf8.RuneCountInString(tag); n < minTagLen || n > maxTagLen {
		return "", ErrTagInvalid
	}
	for _, r := range tag {
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r), unicode.IsMark(r), r == ' ', r == '-', r == '&':
		default:
			return "", ErrTagInvalid
		}
	}
	return tag, nil
}

// tagKey is what two spellings of one tag share (case folded).
func tagKey(tag string) string { return strings.ToLower(tag) }

// TagRooms is the live rooms carrying a custom tag (/customLive/{tag}), most viewers first, and the
// tag as the busiest of them spells it (the normalized input when none is live).
func (s *Service) TagRooms(ctx context.Context, raw string) (string, []LiveCard, error) {
	tag, err := NormalizeTag(raw)
	if err != nil || tag == "" {
		return "", nil, ErrTagInvalid
	}
	rows, err := s.d.Store.LiveCards(ctx, "", MaxLiveRooms)
	if err != nil {
		return "", nil, err
	}
	key := tagKey(tag)
	cards := s.cards(rows, func(c postgres.LiveCardRow) bool { return c.CustomTag != "" && tagKey(c.CustomTag) == key })
	if len(cards) > 0 {
		tag = cards[0].CustomTag
	}
	return tag, cards, nil
}

// TagCount is a custom tag of live rooms now, with how many rooms carry it and their viewers.
type TagCount struct {
	Tag     string `json:"tag"`
	Rooms   int    `json:"rooms"`
	Viewers int    `json:"viewers"`
}

// LiveTags is every custom tag of a live room now (/customLive without a tag, and the streamer
// centre's suggestions), the most rooms first, then the most viewers.
func (s *Service) LiveTags(ctx context.Context) ([]TagCount, error) {
	rows, err := s.d.Store.LiveCards(ctx, "", MaxLiveRooms)
	if err != nil {
		return nil, err
	}
	cards := s.cards(rows, func(c postgres.LiveCardRow) bool { return c.CustomTag != "" })
	at := map[string]int{}
	var out []TagCount
	for _, c := range cards { // most viewers first: each tag is spelled as its busiest room spells it
		k := tagKey(c.CustomTag)
		i, ok := at[k]
		if !ok {
			i, at[k] = len(out), len(out)
			out = append(out, TagCount{Tag: c.CustomTag})
		}
		out[i].Rooms++
		out[i].Viewers += c.Viewers
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Rooms != out[j].Rooms {
			return out[i].Rooms > out[j].Rooms
		}
		return out[i].Viewers > out[j].Viewers
	})
	return out, nil
}

// Following is the streamers userID follows, as room cards: the live ones first (most viewers
// first), then the others, most recently followed first.
func (s *Service) Following(ctx context.Context, userID int64) ([]LiveCard, error) {
	rows, err := s.d.Store.FollowedCards(ctx, userID, MaxFollowing)
	if err != nil {
		return nil, err
	}
	var live, off []postgres.LiveCardRow
	for _, r := range rows {
		if r.Live {
			live = append(live, r)
		} else {
			off = append(off, r)
		}
	}
	out := s.cards(live, nil)
	for _, r := range off { // kept in the store's order: most recently followed first
		out = append(out, LiveCard{LiveCardRow: r})
	}
	s.attachMatches(out)
	return out, nil
}
