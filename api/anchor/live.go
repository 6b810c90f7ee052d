package anchor

import (
	"context"
	"errors"
	"strings"
	"time"

	"go.uber.org/zap"

	"courtside/gateway/media"
	"courtside/storage/postgres"
)

// Settings are a live room's settings as the streamer edits them (POST /updateAnchor) and reads them
// back (GET /anchor/liveInfo). CoverURL and DetailPicURLs are filled by the handlers on the way out
// and ignored on the way in.
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

func settingsOf(l postgres.LiveRoomRow) Settings {
	st := Settings{Title: l.Title, Cover: l.Cover, Paid: l.Paid, Price: l.Price, MemberOnly: l.MemberOnly,
		ExternalComments: l.ExternalComments, Teaser: l.Teaser, DetailIntro: l.DetailIntro, DetailPics: l.DetailPics, M3U8: l.M3U8URL}
	if st.DetailPics == nil {
		st.DetailPics = []int64{}
	}
	return st
}

// Live is a streamer's room as the streamer centre shows it: the streamer record, the room and its
// settings, and the stream when one is up.
type Live struct {
	Anchor   postgres.AnchorRow
	Room     postgres.LiveRoomRow
	Settings Settings
	Stream   media.RoomStats
	Up       bool // a stream is up (Stream is set)
}

// Live is uid's room (an approved or banned streamer's; ErrNotAnchor otherwise).
func (s *Service) Live(ctx context.Context, uid int64) (Live, error) {
	a, err := s.streamer(ctx, uid, true)
	if err != nil {
		return Live{}, err
	}
	l, err := s.d.Store.LiveRoom(ctx, a.RoomID)
	if err != nil {
		return Live{}, err
	}
	out := Live{Anchor: a, Room: l, Settings: settingsOf(l)}
	out.Stream, out.Up = s.d.Media.Stats(a.RoomID)
	return out, nil
}

// Guide is the OBS push guide (the server address, and key when given: a key is shown only when
// it is made, by RotateKey).
func (s *Service) Guide(key string) media.OBSGuide { return s.d.Media.Guide(key) }

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
		return err
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

// UpdateSettings checks (spec §5) and saves uid's live settings and returns them as stored.
func (s *Service) UpdateSettings(ctx context.Context, uid int64, in Settings) (Settings, error) {
	a, err := s.streamer(ctx, uid, true)
	if err != nil {
		return Settings{}, err
	}
	if err := s.validateSettings(ctx, a.UserID, &in); err != nil {
		return Settings{}, err
	}
	before, err := s.d.Store.LiveRoom(ctx, a.RoomID)
	if err != nil {
		return Settings{}, err
	}
	row := postgres.LiveRoomRow{RoomID: a.RoomID, Title: in.Title, MemberOnly: in.MemberOnly, Cover: in.Cover, Paid: in.Paid,
		Price: in.Price, ExternalComments: in.ExternalComments, Teaser: in.Teaser, DetailIntro: in.DetailIntro,
		DetailPics: in.DetailPics, M3U8URL: in.M3U8}
	if err := s.d.Store.UpdateLiveRoom(ctx, row); err != nil {
		return Settings{}, err
	}
	l, err := s.d.Store.LiveRoom(ctx, a.RoomID)
	if err != nil {
		return Settings{}, err
	}
	accessChanged := l.MemberOnly != before.MemberOnly || l.Paid != before.Paid || l.Price != before.Price
	if accessChanged && s.d.Rooms != nil {
		// Viewers who lose access are told by the room now (chat refused, players ask again), not
		// when it next starts.
		if err := s.d.Rooms.SetMemberOnly(ctx, a.RoomID, uid, l.MemberOnly); err != nil {
			s.log.Warn("anchor: the running room did not take the member-only flag", zap.String("room", a.RoomID), zap.Error(err))
		}
	}
	return settingsOf(l), nil
}

// MatchLink is the body of POST /anchor/toggleMatchId: a match to link, or a custom tag (one replaces
// the other; both empty clears the link). GameID is the linked match's game, in the answer.
type MatchLink struct {
	MatchID   string `json:"matchId"`
	GameID    int    `json:"gameId"`
	CustomTag string `json:"customTag"`
}

// LinkMatch links uid's room to a match (in progress or starting within Config.MatchWindow) or a
// custom tag. ErrBadInput for both at once or a field over its length.
func (s *Service) LinkMatch(ctx context.Context, uid int64, in MatchLink) (MatchLink, error) {
	a, err := s.streamer(ctx, uid, true)
	if err != nil {
		return MatchLink{}, err
	}
	in.MatchID, in.CustomTag, in.GameID = strings.TrimSpace(in.MatchID), strings.TrimSpace(in.CustomTag), 0
	if in.MatchID != "" && in.CustomTag != "" || tooLong(in.MatchID, 64) {
		return MatchLink{}, ErrBadInput
	}
	if in.CustomTag, err = NormalizeTag(in.CustomTag); err != nil { // customtag.go
		return MatchLink{}, err
	}
	if in.MatchID != "" {
		m, err := s.checkMatch(ctx, in.MatchID)
		if err != nil {
			return MatchLink{}, err
		}
		in.GameID = m.GameID
	}
	if err := s.d.Store.SetMatch(ctx, a.RoomID, in.MatchID, in.GameID, in.CustomTag); err != nil {
		return MatchLink{}, err
	}
	return in, nil
}

// checkMatch applies the match window rule to a match id.
func (s *Service) checkMatch(ctx context.Context, id string) (MatchInfo, error) {
	if s.d.Matches == nil {
		return MatchInfo{}, ErrMatchNotFound
	}
	m, err := s.d.Matches.MatchInfo(ctx, id)
	if err != nil {
		return m, err
	}
	if !m.Found {
		return m, ErrMatchNotFound
	}
	if !inMatchWindow(m, s.cfg.Now(), s.cfg.MatchWindow) {
		return m, ErrMatchWindow
	}
	return m, nil
}

// StartLive starts live: the settings must be complete and a linked match still in its window; from
// now on the stream key opens the ingest, and the room goes live when OBS pushes. A banned streamer
// is ErrBanned.
func (s *Service) StartLive(ctx context.Context, uid int64) (postgres.AnchorRow, error) {
	a, err := s.streamer(ctx, uid, false)
	if err != nil {
		return a, err
	}
	l, err := s.d.Store.LiveRoom(ctx, a.RoomID)
	if err != nil {
		return a, err
	}
	set := settingsOf(l)
	if err := s.validateSettings(ctx, a.UserID, &set); err != nil {
		return a, err
	}
	if l.MatchID != "" {
		if _, err := s.checkMatch(ctx, l.MatchID); err != nil {
			return a, err
		}
	}
	return a, s.d.Store.SetBroadcasting(ctx, a.RoomID, true)
}

// EndLive ends live: the key stops opening the ingest and a running stream is cut at once.
func (s *Service) EndLive(ctx context.Context, uid int64) (room string, stopped bool, err error) {
	a, err := s.streamer(ctx, uid, true)
	if err != nil {
		return "", false, err
	}
	if err := s.d.Store.SetBroadcasting(ctx, a.RoomID, false); err != nil {
		return "", false, err
	}
	return a.RoomID, s.d.Media.StopRoom(a.RoomID), nil
}

// RotateKey makes a new stream key for uid; the old one stops working at once. The key is in the
// guide returned and nowhere else (only its hash is stored).
func (s *Service) RotateKey(ctx context.Context, uid int64) (media.OBSGuide, error) {
	a, err := s.streamer(ctx, uid, false)
	if err != nil {
		return media.OBSGuide{}, err
	}
	key, hash := media.NewStreamKey()
	if err := s.d.Store.SetStreamKey(ctx, a.UserID, hash, s.cfg.Now()); err != nil {
		if errors.Is(err, postgres.ErrAnchorState) {
			return media.OBSGuide{}, ErrState
		}
		return media.OBSGuide{}, err
	}
	if err := s.d.Store.SetStreamKeyHint(ctx, a.UserID, keyHint(key)); err != nil {
		return media.OBSGuide{}, err
	}
	return s.d.Media.Guide(key), nil
}

// Moderators lists the moderators of uid's room.
func (s *Service) Moderators(ctx context.Context, uid int64) (room string, mods []postgres.ModeratorRow, err error) {
	a, err := s.streamer(ctx, uid, true)
	if err != nil {
		return "", nil, err
	}
	mods, err = s.d.Store.Moderators(ctx, a.RoomID)
	return a.RoomID, mods, err
}

// LiveSession is one past or current live session of a room.
type LiveSession struct {
	postgres.LiveSessionRow
	Duration time.Duration // to its end, or to now while live
}

// LiveRecord lists uid's live sessions, newest first.
func (s *Service) LiveRecord(ctx context.Context, uid int64, limit, offset int) ([]LiveSession, error) {
	a, err := s.streamer(ctx, uid, true)
	if err != nil {
		return nil, err
	}
	rows, err := s.d.Store.Sessions(ctx, a.RoomID, limit, offset)
	if err != nil {
		return nil, err
	}
	out := make([]LiveSession, 0, len(rows))
	now := s.cfg.Now()
	for _, x := range rows {
		end := x.EndedAt
		if end.IsZero() {
			end = now
		}
		out = append(out, LiveSession{LiveSessionRow: x, Duration: end.Sub(x.StartedAt)})
	}
	return out, nil
}
