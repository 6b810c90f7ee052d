package anchor

import (
	"context"

	"courtside/actors/protocol"
	"courtside/api"
	"courtside/storage/postgres"
)

// ListEntry is one streamer of the anchor list page (/anchor/anchorList).
type ListEntry struct {
	AnchorID  string `json:"anchorId"` // "u<id>"
	Name      string `json:"name"`
	RoomID    string `json:"roomId"`
	Title     string `json:"title"`
	CoverURL  string `json:"coverUrl"`
	MatchID   string `json:"matchId"`
	CustomTag string `json:"customTag"`
	Live      bool   `json:"live"`
	LiveSince int64  `json:"liveSince"`
	Viewers   int    `json:"viewers"`
	Avatar    string `json:"avatar"`
	Followers int64  `json:"followers"`
	GameID    int    `json:"gameId"`
}

func (h *handlers) anchorList(r *api.Request) (any, error) {
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	liveOnly := r.Query("live") == "1" || r.Query("live") == "true"
	out, err := h.svc.ListEntries(r.Context(), liveOnly, p.Size, p.Offset())
	if err != nil {
		return nil, err
	}
	return map[string]any{"list": out}, nil
}

// ListEntries is the anchor list as its REST call answers it (GET /anchor/anchorList): the page's
// call and the first HTML's shell of the page (engine, api.Server.PageShellData) read it here.
func (s *Service) ListEntries(ctx context.Context, liveOnly bool, limit, offset int) ([]ListEntry, error) {
	rows, err := s.List(ctx, liveOnly, limit, offset)
	if err != nil {
		return nil, err
	}
	out := make([]ListEntry, 0, len(rows))
	for _, x := range rows {
		name := x.Username
		if name == "" {
			name = displayName(x.RealName)
		}
		out = append(out, ListEntry{AnchorID: protocol.UserID(x.UserID).String(), Name: name, RoomID: x.RoomID,
			Title: x.Title, CoverURL: uploadURL(x.Cover), MatchID: x.MatchID, CustomTag: x.CustomTag, Live: x.Live,
			LiveSince: api.Millis(x.LiveSince), Viewers: x.Viewers, Avatar: x.Avatar, Followers: x.Followers, GameID: x.GameID})
	}
	return out, nil
}

// AnchorPage is the public streamer page (POST /anchorInfo {anchorId | roomId}).
type AnchorPage struct {
	ListEntry
	Teaser           string   `json:"teaser"`
	DetailIntro      string   `json:"detailIntro"`
	DetailPicURLs    []string `json:"detailPicUrls"`
	MemberOnly       bool     `json:"memberOnly"`
	Paid             bool     `json:"paid"`
	Price            int64    `json:"price"`
	ExternalComments bool     `json:"externalComments"`
	HasExternal      bool     `json:"hasExternal"`
	Stalled          bool     `json:"stalled"`
	Banned           bool     `json:"banned"`
}

func (h *handlers) anchorInfo(r *api.Request) (any, error) {
	var in struct {
		AnchorID string `json:"anchorId"`
		RoomID   string `json:"roomId"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if in.AnchorID == "" && in.RoomID == "" {
		in.AnchorID, in.RoomID = r.Query("anchorId"), r.Query("roomId")
	}
	var anchorID int64
	if in.RoomID == "" && in.AnchorID != "" {
		var ok bool
		if anchorID, ok = api.ParseUserID(in.AnchorID); !ok {
			return nil, api.ErrFormat
		}
	}
	st, err := h.svc.StreamerPage(r.Context(), in.RoomID, anchorID)
	if err != nil {
		return nil, err
	}
	a, l := st.Anchor, st.Room
	p := AnchorPage{
		ListEntry: ListEntry{AnchorID: protocol.UserID(a.UserID).String(), Name: displayName(a.RealName), RoomID: a.RoomID, Title: l.Title,
			CoverURL: uploadURL(l.Cover), MatchID: l.MatchID, CustomTag: l.CustomTag, Live: l.Live, LiveSince: api.Millis(l.LiveSince)},
		Teaser: l.Teaser, DetailIntro: l.DetailIntro, DetailPicURLs: withURLs(settingsOf(l)).DetailPicURLs, MemberOnly: l.MemberOnly,
		Paid: l.Paid, Price: l.Price, ExternalComments: l.ExternalComments, HasExternal: l.M3U8URL != "",
		Banned: a.Status == postgres.AnchorBanned,
	}
	if p.DetailPicURLs == nil {
		p.DetailPicURLs = []string{}
	}
	if st.Up {
		p.Live, p.Viewers, p.Stalled = true, st.Stream.Viewers(), st.Stream.Stalled
	}
	// The public name is the username (never the real name), with the avatar and followers.
	if c, err := h.svc.Room(r.Context(), a.RoomID); err == nil {
		if c.Username != "" {
			p.Name = c.Username
		}
		p.Avatar, p.Followers, p.GameID = c.Avatar, c.Followers, c.GameID
	}
	return p, nil
}

// playback answers GET /live/playback?roomId=: the signed, expiring sources the caller may watch
// (Service.Playback). Guests are welcome where the room allows them.
func (h *handlers) playback(r *api.Request) (any, error) {
	viewer, err := h.auth.Viewer(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Playback(r.Context(), r.Query("roomId"), viewer)
}

// liveUnlock pays for a paid room (POST /orderpay/match/pay/liveUnlock {roomId}; Service.UnlockRoom).
func (h *handlers) liveUnlock(r *api.Request, uid int64) (any, error) {
	var in struct {
		RoomID string `json:"roomId"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	u, err := h.svc.UnlockRoom(r.Context(), uid, in.RoomID)
	if err != nil {
		return nil, err
	}
	out := map[string]any{"roomId": u.Room, "until": api.Millis(u.Until), "charged": u.Charged}
	if u.Charged {
		out["price"] = u.Price
	}
	return out, nil
}
