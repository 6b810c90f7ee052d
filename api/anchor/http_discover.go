package anchor

import (
	"strconv"
	"strings"

	"courtside/actors/protocol"
	"courtside/api"
	"courtside/api/matches"
)

// Card is a live room as the discovery calls send it (/live/rooms, /live/room, "Watch live"). The
// streamer is shown by username and avatar, never by real name.
type Card struct {
	RoomID    string        `json:"roomId"`
	Title     string        `json:"title"`
	AnchorID  string        `json:"anchorId"` // "u<id>", for follow calls
	Name      string        `json:"name"`
	Avatar    string        `json:"avatar"`
	Followers int64         `json:"followers"`
	CoverURL  string        `json:"coverUrl"`
	MatchID   string        `json:"matchId"`
	GameID    int           `json:"gameId"`
	CustomTag string        `json:"customTag"`
	Live      bool          `json:"live"`
	LiveSince int64         `json:"liveSince"`
	Viewers   int           `json:"viewers"`
	Match     *matches.Item `json:"match,omitempty"`
}

func cardOf(c LiveCard) Card {
	return Card{RoomID: c.RoomID, Title: c.Title, AnchorID: protocol.UserID(c.StreamerID).String(), Name: c.Username,
		Avatar: c.Avatar, Followers: c.Followers, CoverURL: uploadURL(c.Cover), MatchID: c.MatchID, GameID: c.GameID,
		CustomTag: c.CustomTag, Live: c.Live, LiveSince: api.Millis(c.LiveSince), Viewers: c.Viewers, Match: c.Match}
}

func cardsOf(cs []LiveCard) []Card {
	out := make([]Card, len(cs))
	for i, c := range cs {
		out[i] = cardOf(c)
	}
	return out
}

// MatchLiveAnswer is one match's live rooms (isMatchLive, and each entry of getAnchorMatchLive).
type MatchLiveAnswer struct {
	MatchID string `json:"matchId"`
	GameID  int    `json:"gameId"`
	Live    bool   `json:"live"`
	Count   int    `json:"count"`
	Rooms   []Card `json:"rooms"`
}

func matchLiveOf(m MatchStreams) MatchLiveAnswer {
	return MatchLiveAnswer{MatchID: m.MatchID, GameID: m.GameID, Live: len(m.Rooms) > 0, Count: len(m.Rooms), Rooms: cardsOf(m.Rooms)}
}

// gameParam reads an optional non-negative game id ("" is 0).
func gameParam(v string) (int, error) {
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, api.ErrFormat
	}
	return n, nil
}

// GET /live/rooms?gameId= : every live room now, most viewers first.
func (h *handlers) liveRooms(r *api.Request) (any, error) {
	game, err := gameParam(r.Query("gameId"))
	if err != nil {
		return nil, err
	}
	cs, err := h.svc.LiveRooms(r.Context(), game)
	if err != nil {
		return nil, err
	}
	return map[string]any{"list": cardsOf(cs)}, nil
}

// RoomAnswer is one room's card as the live room shows it (GET /live/room): the card, the teaser
// (shown while the room is offline), the detailed intro and the URLs of its pictures (1:1, at most 3).
type RoomAnswer struct {
	Card
	Teaser        string   `json:"teaser"`
	DetailIntro   string   `json:"detailIntro"`
	DetailPicURLs []string `json:"detailPicUrls"`
}

// GET /live/room?roomId= : the head of one streamer's room.
func (h *handlers) liveRoom(r *api.Request) (any, error) {
	c, err := h.svc.Room(r.Context(), r.Query("roomId"))
	if err != nil {
		return nil, err
	}
	out := RoomAnswer{Card: cardOf(c.LiveCard), Teaser: c.Teaser, DetailIntro: c.DetailIntro, DetailPicURLs: make([]string, 0, len(c.DetailPics))}
	for _, id := range c.DetailPics {
		out.DetailPicURLs = append(out.DetailPicURLs, uploadURL(id))
	}
	return out, nil
}

// GET /getAnchorMatchLive?matchIds=a,b : every match a live room streams, with its rooms.
func (h *handlers) anchorMatchLive(r *api.Request) (any, error) {
	var ids []string
	if v := r.Query("matchIds"); v != "" {
		ids = strings.Split(v, ",")
	}
	ms, err := h.svc.MatchesLive(r.Context(), ids)
	if err != nil {
		return nil, err
	}
	out := make([]MatchLiveAnswer, len(ms))
	for i, m := range ms {
		out[i] = matchLiveOf(m)
	}
	return map[string]any{"list": out}, nil
}

// GET /user/isMatchLive/{matchId}/{gameId} : whether live rooms stream a match, and which.
func (h *handlers) isMatchLive(r *api.Request) (any, error) {
	game, err := gameParam(r.PathValue("gameId"))
	if err != nil {
		return nil, err
	}
	m, err := h.svc.MatchLive(r.Context(), r.PathValue("matchId"), game)
	if err != nil {
		return nil, err
	}
	return matchLiveOf(m), nil
}
