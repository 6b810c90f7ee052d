package anchor

import (
	"context"
	"errors"
	"sort"
	"strings"

	"courtside/actors/protocol"
	"courtside/api/matches"
	"courtside/storage/postgres"
)

// MaxLiveRooms bounds the live rooms one discovery call reads (every live room of the site fits).
const MaxLiveRooms = 500

// LiveCard is a streamer's room as the discovery pages show it: /live, the room's head, "Watch live".
type LiveCard struct {
	postgres.LiveCardRow
	// Viewers watching the stream now (0 without a stream).
	Viewers int
	// Match is the linked match with its score (nil: none, or the match is not in the window).
	Match *matches.Item
}

// MatchStreams is a match and the live rooms streaming it, most viewers first.
type MatchStreams struct {
	MatchID string
	GameID  int
	Rooms   []LiveCard
}

// LiveRooms is every live room now, most viewers first (then most followers); gameID > 0 keeps the
// rooms of that game (the game of the linked match).
func (s *Service) LiveRooms(ctx context.Context, gameID int) ([]LiveCard, error) {
	if gameID < 0 {
		return nil, ErrBadInput
	}
	rows, err := s.d.Store.LiveCards(ctx, "", MaxLiveRooms)
	if err != nil {
		return nil, err
	}
	cards := s.cards(rows, func(c postgres.LiveCardRow) bool { return gameID == 0 || c.GameID == gameID })
	s.attachMatches(cards)
	return cards, nil
}

// RoomCard is one streamer's room as the room itself shows it: its card, and what the lists leave
// out (issue 17): the pre-broadcast teaser of an offline room, the detailed intro and its pictures.
type RoomCard struct {
	LiveCard
	Teaser      string
	DetailIntro string
	DetailPics  []int64 // upload ids, in the streamer's order (never nil)
}

// Room is the public head of one streamer's room (live or not): ErrRoomNotFound when the room has
// no streamer.
func (s *Service) Room(ctx context.Context, room string) (RoomCard, error) {
	if !protocol.ValidRoomID(room) {
		return RoomCard{}, ErrBadInput
	}
	row, err := s.d.Store.LiveCard(ctx, room)
	if errors.Is(err, postgres.ErrAnchorNotFound) {
		return RoomCard{}, ErrRoomNotFound
	}
	if err != nil {
		return RoomCard{}, err
	}
	cards := s.cards([]postgres.LiveCardRow{row.LiveCardRow}, nil)
	s.attachMatches(cards)
	out := RoomCard{LiveCard: cards[0], Teaser: row.Teaser, DetailIntro: row.DetailIntro, DetailPics: row.DetailPics}
	if out.DetailPics == nil {
		out.DetailPics = []int64{}
	}
	return out, nil
}

// MatchLive is the live rooms streaming one match (isMatchLive). gameID > 0 must be the game the
// rooms linked the match with; 0 accepts any.
func (s *Service) MatchLive(ctx context.Context, matchID string, gameID int) (MatchStreams, error) {
	if !validMatchID(matchID) || gameID < 0 {
		return MatchStreams{}, ErrBadInput
	}
	rows, err := s.d.Store.LiveCards(ctx, matchID, MaxLiveRooms)
	if err != nil {
		return MatchStreams{}, err
	}
	cards := s.cards(rows, func(c postgres.LiveCardRow) bool { return gameID == 0 || c.GameID == 0 || c.GameID == gameID })
	out := MatchStreams{MatchID: matchID, GameID: gameID, Rooms: cards}
	if len(cards) > 0 && out.GameID == 0 {
		out.GameID = cards[0].GameID
	}
	return out, nil
}

// MatchesLive is every match some live room streams, with its rooms (getAnchorMatchLive); ids, when
// given, keeps those matches. Matches are ordered by their first room's viewers.
func (s *Service) MatchesLive(ctx context.Context, ids []string) ([]MatchStreams, error) {
	want := map[string]bool{}
	for _, id := range ids {
		if !validMatchID(id) {
			return nil, ErrBadInput
		}
		want[id] = true
	}
	rows, err := s.d.Store.LiveCards(ctx, "", MaxLiveRooms)
	if err != nil {
		return nil, err
	}
	cards := s.cards(rows, func(c postgres.LiveCardRow) bool { return c.MatchID != "" && (len(want) == 0 || want[c.MatchID]) })
	byMatch := map[string]int{}
	var out []MatchStreams
	for _, c := range cards { // already most viewers first: each match keeps that order
		i, ok := byMatch[c.MatchID]
		if !ok {
			i = len(out)
			byMatch[c.MatchID] = i
			out = append(out, MatchStreams{MatchID: c.MatchID, GameID: c.GameID})
		}
		out[i].Rooms = append(out[i].Rooms, c)
	}
	return out, nil
}

// cards keeps the rows keep accepts (nil: all), adds the stream's viewers and sorts them: most viewers
// first, then most followers, then the longest live, then by room id.
func (s *Service) cards(rows []postgres.LiveCardRow, keep func(postgres.LiveCardRow) bool) []LiveCard {
	out := make([]LiveCard, 0, len(rows))
	for _, r := range rows {
		if keep != nil && !keep(r) {
			continue
		}
		c := LiveCard{LiveCardRow: r}
		if st, ok := s.d.Media.Stats(r.RoomID); ok {
			c.Viewers = st.Viewers()
		}
		out = append(out, c)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		switch {
		case a.Viewers != b.Viewers:
			return a.Viewers > b.Viewers
		case a.Followers != b.Followers:
			return a.Followers > b.Followers
		case !a.LiveSince.Equal(b.LiveSince):
			return a.LiveSince.Before(b.LiveSince)
		}
		return a.RoomID < b.RoomID
	})
	return out
}

// attachMatches sets each card's linked match from Deps.Scores (nothing without it).
func (s *Service) attachMatches(cards []LiveCard) {
	if s.d.Scores == nil {
		return
	}
	var ids []string
	for _, c := range cards {
		if c.MatchID != "" {
			ids = append(ids, c.MatchID)
		}
	}
	if len(ids) == 0 {
		return
	}
	byID := map[string]*matches.Item{}
	for _, it := range s.d.Scores.Items(ids) {
		byID[it.ID] = &it
	}
	for i := range cards {
		cards[i].Match = byID[cards[i].MatchID]
	}
}

// validMatchID: a match id is 1–64 characters without slashes or spaces.
func validMatchID(id string) bool {
	return id != "" && len(id) <= 64 && !strings.ContainsAny(id, "/ \t\n,")
}
