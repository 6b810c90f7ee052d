package anchor

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"courtside/actors/protocol"
	"courtside/api"
	"courtside/engine/media"
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
}

// displayName is what viewers see of a streamer: the real name is private, so the list shows the
// given name's first character and a mask, until the accounts' display names are wired in.
func displayName(real string) string {
	r := []rune(real)
	if len(r) == 0 {
		return ""
	}
	return string(r[0]) + "**"
}

func (s *Service) anchorList(r *api.Request) (any, error) {
	limit, offset, err := page(r)
	if err != nil {
		return nil, err
	}
	liveOnly := r.Query("live") == "1" || r.Query("live") == "true"
	rows, err := s.d.Store.List(r.Context(), liveOnly, limit, offset)
	if err != nil {
		return nil, api.Internal(err)
	}
	out := make([]ListEntry, 0, len(rows))
	for _, x := range rows {
		e := ListEntry{AnchorID: uid(x.UserID), Name: displayName(x.RealName), RoomID: x.RoomID, Title: x.Title,
			CoverURL: uploadURL(x.Cover), MatchID: x.MatchID, CustomTag: x.CustomTag, Live: x.Live, LiveSince: ms(x.LiveSince)}
		if st, ok := s.d.Media.Stats(x.RoomID); ok {
			e.Viewers = st.Viewers()
		}
		out = append(out, e)
	}
	return map[string]any{"list": out}, nil
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

func (s *Service) anchorInfo(r *api.Request) (any, error) {
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
	var a postgres.AnchorRow
	var err error
	switch {
	case in.RoomID != "":
		a, err = s.d.Store.AnchorByRoom(r.Context(), in.RoomID)
	case in.AnchorID != "":
		id, perr := strconv.ParseInt(strings.TrimPrefix(in.AnchorID, "u"), 10, 64)
		if perr != nil {
			return nil, api.ErrFormat
		}
		a, err = s.d.Store.Anchor(r.Context(), id)
	default:
		return nil, api.ErrFormat
	}
	if errors.Is(err, postgres.ErrAnchorNotFound) || err == nil && a.RoomID == "" {
		return nil, api.NotFound("room.notFound")
	}
	if err != nil {
		return nil, api.Internal(err)
	}
	l, err := s.d.Store.LiveRoom(r.Context(), a.RoomID)
	if err != nil {
		return nil, api.Internal(err)
	}
	set := settingsOf(l)
	p := AnchorPage{
		ListEntry: ListEntry{AnchorID: uid(a.UserID), Name: displayName(a.RealName), RoomID: a.RoomID, Title: l.Title,
			CoverURL: uploadURL(l.Cover), MatchID: l.MatchID, CustomTag: l.CustomTag, Live: l.Live, LiveSince: ms(l.LiveSince)},
		Teaser: l.Teaser, DetailIntro: l.DetailIntro, DetailPicURLs: set.DetailPicURLs, MemberOnly: l.MemberOnly,
		Paid: l.Paid, Price: l.Price, ExternalComments: l.ExternalComments, HasExternal: l.M3U8URL != "",
		Banned: a.Status == postgres.AnchorBanned,
	}
	if p.DetailPicURLs == nil {
		p.DetailPicURLs = []string{}
	}
	if st, ok := s.d.Media.Stats(a.RoomID); ok {
		p.Live, p.Viewers, p.Stalled = true, st.Viewers(), st.Stalled
	}
	return p, nil
}

// playback answers GET /live/playback?roomId=: the signed, expiring sources the caller may watch
// (media.Playback). Guests are welcome where the room allows them.
func (s *Service) playback(r *api.Request) (any, error) {
	room := r.Query("roomId")
	if !protocol.ValidRoomID(room) {
		return nil, api.ErrFormat
	}
	uid, err := s.viewer(r)
	if err != nil {
		return nil, err
	}
	p, err := s.d.Media.Playback(r.Context(), room, uid)
	if err != nil {
		return nil, playbackError(err)
	}
	return p, nil
}

// playbackError turns a media refusal into an envelope error with its message key.
func playbackError(err error) error {
	key := media.ErrorKey(err)
	switch {
	case key == "":
		return api.Internal(err)
	case errors.Is(err, media.ErrLoginRequired):
		return api.ErrAuthRequired
	case errors.Is(err, media.ErrRoomNotFound):
		return api.NotFound(key)
	case errors.Is(err, media.ErrNotLive):
		return ErrNotLive
	default:
		return api.Fail(http.StatusForbidden, CodePlayback, key)
	}
}

// liveUnlock pays for a paid room (POST /orderpay/match/pay/liveUnlock {roomId}): the wallet takes the
// price once per user, room and day (its idempotency key), then the unlock is recorded for UnlockTTL.
// A retry after a failure between the two steps is charged once.
func (s *Service) liveUnlock(r *api.Request) (any, error) {
	uid, err := s.user(r)
	if err != nil {
		return nil, err
	}
	var in struct {
		RoomID string `json:"roomId"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if !protocol.ValidRoomID(in.RoomID) {
		return nil, api.ErrFormat
	}
	acc, err := s.d.Store.RoomAccess(r.Context(), in.RoomID)
	if errors.Is(err, postgres.ErrAnchorNotFound) {
		return nil, api.NotFound("room.notFound")
	}
	if err != nil {
		return nil, api.Internal(err)
	}
	if !acc.Paid || acc.Price <= 0 {
		return nil, ErrUnlockNotNeeded
	}
	now := s.cfg.Now()
	if until, ok, err := s.d.Store.Unlocked(r.Context(), uid, in.RoomID); err != nil {
		return nil, api.Internal(err)
	} else if ok && now.Before(until) {
		return map[string]any{"roomId": in.RoomID, "until": ms(until), "charged": false}, nil
	}
	if s.d.Payer == nil {
		return nil, ErrUnlockUnavailable
	}
	var streamer int64
	if a, err := s.d.Store.AnchorByRoom(r.Context(), in.RoomID); err == nil {
		streamer = a.UserID
	}
	key := "liveUnlock:" + strconv.FormatInt(uid, 10) + ":" + in.RoomID + ":" + now.UTC().Format("20060102")
	if err := s.d.Payer.PayLiveUnlock(r.Context(), uid, streamer, in.RoomID, acc.Price, key); err != nil {
		if _, ok := errors.AsType[*api.Error](err); ok {
			return nil, err
		}
		return nil, api.Internal(err)
	}
	until := now.Add(s.cfg.UnlockTTL)
	if err := s.d.Store.RecordUnlock(r.Context(), uid, in.RoomID, until, acc.Price); err != nil {
		return nil, api.Internal(err)
	}
	return map[string]any{"roomId": in.RoomID, "until": ms(until), "charged": true, "price": acc.Price}, nil
}
