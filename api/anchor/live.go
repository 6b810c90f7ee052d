package anchor

import (
	"context"
	"errors"
	"strings"

	"courtside/api"
	"courtside/engine/media"
	"courtside/storage/postgres"
)

// Settings are a live room's settings as the streamer edits them (POST /updateAnchor) and reads them
// back (GET /anchor/liveInfo).
type Settings struct {
	Title            string   `json:"title"`
	Cover            int64    `json:"cover"` // upload id, 0 for none
	CoverURL         string   `json:"coverUrl,omitempty"`
	Paid             bool     `json:"paid"`
	Price            int64    `json:"price"` // coins to unlock, when paid
	MemberOnly       bool     `json:"memberOnly"`
	ExternalComments bool     `json:"externalComments"`
	Teaser           string   `json:"teaser"`
	DetailIntro      string   `json:"detailIntro"`
	DetailPics       []int64  `json:"detailPics"` // upload ids of kind detail, at most 3
	DetailPicURLs    []string `json:"detailPicUrls,omitempty"`
	M3U8             string   `json:"m3u8"` // external source, optional
}

// LiveInfo is the answer of GET /anchor/liveInfo: the room, its settings, its linked match or tag, the
// OBS guide (the stream key itself is shown only when created: POST /anchor/streamKey) and the state.
type LiveInfo struct {
	RoomID       string         `json:"roomId"`
	Settings     Settings       `json:"settings"`
	MatchID      string         `json:"matchId"`
	GameID       int            `json:"gameId"`
	CustomTag    string         `json:"customTag"`
	Guide        media.OBSGuide `json:"guide"`
	HasStreamKey bool           `json:"hasStreamKey"`
	KeyRotatedAt int64          `json:"keyRotatedAt"`
	Broadcasting bool           `json:"broadcasting"` // live started: the key opens the ingest
	Live         bool           `json:"live"`         // a stream is up
	Stalled      bool           `json:"stalled"`
	Viewers      int            `json:"viewers"`
	Status       string         `json:"status"` // approved or banned
}

func settingsOf(l postgres.LiveRoomRow) Settings {
	st := Settings{Title: l.Title, Cover: l.Cover, CoverURL: uploadURL(l.Cover), Paid: l.Paid, Price: l.Price,
		MemberOnly: l.MemberOnly, ExternalComments: l.ExternalComments, Teaser: l.Teaser, DetailIntro: l.DetailIntro,
		DetailPics: l.DetailPics, M3U8: l.M3U8URL}
	if st.DetailPics == nil {
		st.DetailPics = []int64{}
	}
	for _, id := range l.DetailPics {
		st.DetailPicURLs = append(st.DetailPicURLs, uploadURL(id))
	}
	return st
}

func (s *Service) liveInfo(r *api.Request) (any, error) {
	a, err := s.streamer(r, true)
	if err != nil {
		return nil, err
	}
	l, err := s.d.Store.LiveRoom(r.Context(), a.RoomID)
	if err != nil {
		return nil, api.Internal(err)
	}
	info := LiveInfo{RoomID: a.RoomID, Settings: settingsOf(l), MatchID: l.MatchID, GameID: l.GameID, CustomTag: l.CustomTag,
		Guide: s.d.Media.Guide(""), HasStreamKey: a.HasStreamKey, KeyRotatedAt: ms(a.KeyRotatedAt),
		Broadcasting: l.Broadcasting, Status: a.Status}
	if st, ok := s.d.Media.Stats(a.RoomID); ok {
		info.Live, info.Stalled, info.Viewers = true, st.Stalled, st.Viewers()
	}
	return info, nil
}

// validateSettings applies spec §5 to live settings: title not empty, detailed intro required, at most
// 3 detail pictures (each the streamer's own upload of kind detail, which was checked 1:1 on upload),
// a price for a paid room, an http(s) .m3u8 external address.
func (s *Service) validateSettings(ctx context.Context, uid int64, in *Settings) error {
	in.Title, in.Teaser = strings.TrimSpace(in.Title), strings.TrimSpace(in.Teaser)
	in.DetailIntro, in.M3U8 = strings.TrimSpace(in.DetailIntro), strings.TrimSpace(in.M3U8)
	switch {
	case in.Title == "":
		return settingsError("anchor.titleRequired")
	case tooLong(in.Title, maxTitleLen), tooLong(in.Teaser, maxTeaserLen), tooLong(in.DetailIntro, maxDetailIntroLen):
		return settingsError("anchor.tooLong")
	case in.DetailIntro == "":
		return settingsError("anchor.detailIntroRequired")
	case len(in.DetailPics) > maxDetailPics:
		return settingsError("anchor.tooManyPictures")
	case in.Paid && (in.Price <= 0 || in.Price > s.cfg.MaxPrice):
		return settingsError("anchor.priceInvalid")
	case in.M3U8 != "" && !validM3U8(in.M3U8):
		return settingsError("anchor.m3u8Invalid")
	}
	if !in.Paid {
		in.Price = 0
	}
	ids := append([]int64(nil), in.DetailPics...)
	if in.Cover != 0 {
		ids = append(ids, in.Cover)
	}
	if len(ids) == 0 {
		return nil
	}
	kinds, err := s.d.Store.UploadKinds(ctx, uid, ids)
	if err != nil {
		return api.Internal(err)
	}
	seen := map[int64]bool{}
	for _, id := range in.DetailPics {
		if kinds[id] != "detail" || seen[id] {
			return settingsError("anchor.pictureNotSquare")
		}
		seen[id] = true
	}
	if in.Cover != 0 && kinds[in.Cover] != "cover" {
		return settingsError("anchor.imageInvalid")
	}
	return nil
}

func (s *Service) updateAnchor(r *api.Request) (any, error) {
	a, err := s.streamer(r, true)
	if err != nil {
		return nil, err
	}
	var in Settings
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if err := s.validateSettings(r.Context(), a.UserID, &in); err != nil {
		return nil, err
	}
	row := postgres.LiveRoomRow{RoomID: a.RoomID, Title: in.Title, MemberOnly: in.MemberOnly, Cover: in.Cover, Paid: in.Paid,
		Price: in.Price, ExternalComments: in.ExternalComments, Teaser: in.Teaser, DetailIntro: in.DetailIntro,
		DetailPics: in.DetailPics, M3U8URL: in.M3U8}
	if err := s.d.Store.UpdateLiveRoom(r.Context(), row); err != nil {
		return nil, api.Internal(err)
	}
	l, err := s.d.Store.LiveRoom(r.Context(), a.RoomID)
	if err != nil {
		return nil, api.Internal(err)
	}
	return settingsOf(l), nil
}

// MatchLink is the body of POST /anchor/toggleMatchId: a match to link, or a custom tag (one replaces
// the other; both empty clears the link).
type MatchLink struct {
	MatchID   string `json:"matchId"`
	CustomTag string `json:"customTag"`
}

func (s *Service) toggleMatch(r *api.Request) (any, error) {
	a, err := s.streamer(r, true)
	if err != nil {
		return nil, err
	}
	var in MatchLink
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	in.MatchID, in.CustomTag = strings.TrimSpace(in.MatchID), strings.TrimSpace(in.CustomTag)
	if in.MatchID != "" && in.CustomTag != "" || tooLong(in.CustomTag, maxTagLen) || tooLong(in.MatchID, 64) {
		return nil, api.ErrFormat
	}
	game := 0
	if in.MatchID != "" {
		m, err := s.checkMatch(r.Context(), in.MatchID)
		if err != nil {
			return nil, err
		}
		game = m.GameID
	}
	if err := s.d.Store.SetMatch(r.Context(), a.RoomID, in.MatchID, game, in.CustomTag); err != nil {
		return nil, api.Internal(err)
	}
	return map[string]any{"matchId": in.MatchID, "gameId": game, "customTag": in.CustomTag}, nil
}

// checkMatch applies the match window rule to a match id.
func (s *Service) checkMatch(ctx context.Context, id string) (MatchInfo, error) {
	if s.d.Matches == nil {
		return MatchInfo{}, ErrMatchNotFound
	}
	m, err := s.d.Matches.MatchInfo(ctx, id)
	if err != nil {
		return m, api.Internal(err)
	}
	if !m.Found {
		return m, ErrMatchNotFound
	}
	if !inMatchWindow(m, s.cfg.Now(), s.cfg.MatchWindow) {
		return m, ErrMatchWindow
	}
	return m, nil
}

// Broadcast is the answer of start live: the OBS guide and whether a key exists yet.
type Broadcast struct {
	RoomID       string         `json:"roomId"`
	Guide        media.OBSGuide `json:"guide"`
	HasStreamKey bool           `json:"hasStreamKey"`
}

// broadcast starts live: the settings must be complete and a linked match still in its window; from
// now on the stream key opens the ingest, and the room goes live when OBS pushes.
func (s *Service) broadcast(r *api.Request) (any, error) {
	a, err := s.streamer(r, false)
	if err != nil {
		return nil, err
	}
	l, err := s.d.Store.LiveRoom(r.Context(), a.RoomID)
	if err != nil {
		return nil, api.Internal(err)
	}
	set := settingsOf(l)
	if err := s.validateSettings(r.Context(), a.UserID, &set); err != nil {
		return nil, err
	}
	if l.MatchID != "" {
		if _, err := s.checkMatch(r.Context(), l.MatchID); err != nil {
			return nil, err
		}
	}
	if err := s.d.Store.SetBroadcasting(r.Context(), a.RoomID, true); err != nil {
		return nil, api.Internal(err)
	}
	return Broadcast{RoomID: a.RoomID, Guide: s.d.Media.Guide(""), HasStreamKey: a.HasStreamKey}, nil
}

// downcast ends live: the key stops opening the ingest and a running stream is cut at once.
func (s *Service) downcast(r *api.Request) (any, error) {
	a, err := s.streamer(r, true)
	if err != nil {
		return nil, err
	}
	if err := s.d.Store.SetBroadcasting(r.Context(), a.RoomID, false); err != nil {
		return nil, api.Internal(err)
	}
	stopped := s.d.Media.StopRoom(a.RoomID)
	return map[string]any{"roomId": a.RoomID, "stopped": stopped}, nil
}

// State is the answer of /anchor/isBroadcast.
type State struct {
	RoomID       string `json:"roomId"`
	Broadcasting bool   `json:"broadcasting"`
	Live         bool   `json:"live"`
	Stalled      bool   `json:"stalled"`
	Viewers      int    `json:"viewers"`
}

func (s *Service) isBroadcast(r *api.Request) (any, error) {
	a, err := s.streamer(r, true)
	if err != nil {
		return nil, err
	}
	l, err := s.d.Store.LiveRoom(r.Context(), a.RoomID)
	if err != nil {
		return nil, api.Internal(err)
	}
	st := State{RoomID: a.RoomID, Broadcasting: l.Broadcasting}
	if rs, ok := s.d.Media.Stats(a.RoomID); ok {
		st.Live, st.Stalled, st.Viewers = true, rs.Stalled, rs.Viewers()
	}
	return st, nil
}

// rotateKey makes a new stream key; the old one stops working at once. The key is in the answer and
// nowhere else (only its hash is stored).
func (s *Service) rotateKey(r *api.Request) (any, error) {
	a, err := s.streamer(r, false)
	if err != nil {
		return nil, err
	}
	key, hash := media.NewStreamKey()
	if err := s.d.Store.SetStreamKey(r.Context(), a.UserID, hash, s.cfg.Now()); err != nil {
		if errors.Is(err, postgres.ErrAnchorState) {
			return nil, ErrState
		}
		return nil, api.Internal(err)
	}
	return s.d.Media.Guide(key), nil
}

// Moderator is one entry of /anchor/moderators.
type Moderator struct {
	UserID  string `json:"userId"`
	AddedBy string `json:"addedBy"`
	AddedAt int64  `json:"addedAt"`
}

func (s *Service) moderators(r *api.Request) (any, error) {
	a, err := s.streamer(r, true)
	if err != nil {
		return nil, err
	}
	rows, err := s.d.Store.Moderators(r.Context(), a.RoomID)
	if err != nil {
		return nil, api.Internal(err)
	}
	out := make([]Moderator, 0, len(rows))
	for _, m := range rows {
		out = append(out, Moderator{UserID: m.UserID, AddedBy: m.AddedBy, AddedAt: ms(m.AddedAt)})
	}
	return map[string]any{"roomId": a.RoomID, "list": out}, nil
}

// Session is one entry of /liveRecord.
type Session struct {
	ID          int64  `json:"id"`
	Title       string `json:"title"`
	MatchID     string `json:"matchId"`
	StartedAt   int64  `json:"startedAt"`
	EndedAt     int64  `json:"endedAt"` // 0 while live
	DurationSec int64  `json:"durationSec"`
	PeakViewers int    `json:"peakViewers"`
}

func (s *Service) liveRecord(r *api.Request) (any, error) {
	a, err := s.streamer(r, true)
	if err != nil {
		return nil, err
	}
	limit, offset, err := page(r)
	if err != nil {
		return nil, err
	}
	rows, err := s.d.Store.Sessions(r.Context(), a.RoomID, limit, offset)
	if err != nil {
		return nil, api.Internal(err)
	}
	out := make([]Session, 0, len(rows))
	now := s.cfg.Now()
	for _, x := range rows {
		end := x.EndedAt
		if end.IsZero() {
			end = now
		}
		out = append(out, Session{ID: x.ID, Title: x.Title, MatchID: x.MatchID, StartedAt: ms(x.StartedAt),
			EndedAt: ms(x.EndedAt), DurationSec: int64(end.Sub(x.StartedAt).Seconds()), PeakViewers: x.PeakViewers})
	}
	return map[string]any{"list": out}, nil
}
