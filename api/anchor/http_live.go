package anchor

import (
	"courtside/actors/protocol"
	"courtside/api"
	"courtside/gateway/media"
)

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

func (h *handlers) liveInfo(r *api.Request, uid int64) (any, error) {
	l, err := h.svc.Live(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	info := LiveInfo{RoomID: l.Anchor.RoomID, Settings: withURLs(l.Settings), MatchID: l.Room.MatchID, GameID: l.Room.GameID,
		CustomTag: l.Room.CustomTag, Guide: h.svc.Guide(""), HasStreamKey: l.Anchor.HasStreamKey,
		KeyRotatedAt: api.Millis(l.Anchor.KeyRotatedAt), Broadcasting: l.Room.Broadcasting, Status: l.Anchor.Status}
	if l.Up {
		info.Live, info.Stalled, info.Viewers = true, l.Stream.Stalled, l.Stream.Viewers()
	}
	return info, nil
}

func (h *handlers) updateAnchor(r *api.Request, uid int64) (any, error) {
	var in Settings
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	st, err := h.svc.UpdateSettings(r.Context(), uid, in)
	if err != nil {
		return nil, err
	}
	return withURLs(st), nil
}

func (h *handlers) toggleMatch(r *api.Request, uid int64) (any, error) {
	var in MatchLink
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.LinkMatch(r.Context(), uid, in)
}

// Broadcast is the answer of start live: the OBS guide and whether a key exists yet.
type Broadcast struct {
	RoomID       string         `json:"roomId"`
	Guide        media.OBSGuide `json:"guide"`
	HasStreamKey bool           `json:"hasStreamKey"`
}

func (h *handlers) broadcast(r *api.Request, uid int64) (any, error) {
	a, err := h.svc.StartLive(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	return Broadcast{RoomID: a.RoomID, Guide: h.svc.Guide(""), HasStreamKey: a.HasStreamKey}, nil
}

func (h *handlers) downcast(r *api.Request, uid int64) (any, error) {
	room, stopped, err := h.svc.EndLive(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	return map[string]any{"roomId": room, "stopped": stopped}, nil
}

// State is the answer of /anchor/isBroadcast.
type State struct {
	RoomID       string `json:"roomId"`
	Broadcasting bool   `json:"broadcasting"`
	Live         bool   `json:"live"`
	Stalled      bool   `json:"stalled"`
	Viewers      int    `json:"viewers"`
}

func (h *handlers) isBroadcast(r *api.Request, uid int64) (any, error) {
	l, err := h.svc.Live(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	st := State{RoomID: l.Anchor.RoomID, Broadcasting: l.Room.Broadcasting}
	if l.Up {
		st.Live, st.Stalled, st.Viewers = true, l.Stream.Stalled, l.Stream.Viewers()
	}
	return st, nil
}

func (h *handlers) rotateKey(r *api.Request, uid int64) (any, error) {
	return h.svc.RotateKey(r.Context(), uid)
}

// Moderator is one entry of /anchor/moderators.
type Moderator struct {
	UserID  string `json:"userId"`
	AddedBy string `json:"addedBy"`
	AddedAt int64  `json:"addedAt"`
}

func (h *handlers) moderators(r *api.Request, uid int64) (any, error) {
	room, rows, err := h.svc.Moderators(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	out := make([]Moderator, 0, len(rows))
	for _, m := range rows {
		out = append(out, Moderator{UserID: m.UserID, AddedBy: m.AddedBy, AddedAt: api.Millis(m.AddedAt)})
	}
	return map[string]any{"roomId": room, "list": out}, nil
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
	// Video is the broadcast's recording (issue 22), when it has one.
	Video *RecordingVideo `json:"video,omitempty"`
}

// liveRecord: GET /liveRecord — the signed-in streamer's own sessions with their recordings; with
// ?matchId= (public) the finished broadcasts of that match that have a ready recording (the match
// page's playback tab).
func (h *handlers) liveRecord(r *api.Request) (any, error) {
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	var rows []LiveSession
	var recs map[int64]RecordingVideo
	if m := r.Query("matchId"); m != "" {
		rows, recs, err = h.svc.MatchRecordings(r.Context(), m, p.Size, p.Offset())
	} else {
		uid, aerr := h.auth.User(r)
		if aerr != nil {
			return nil, aerr
		}
		rows, err = h.svc.LiveRecord(r.Context(), uid, p.Size, p.Offset())
		if err == nil {
			recs, err = h.svc.sessionRecordings(r.Context(), rows)
		}
	}
	if err != nil {
		return nil, err
	}
	out := make([]Session, 0, len(rows))
	for _, x := range rows {
		s := Session{ID: x.ID, Title: x.Title, MatchID: x.MatchID, StartedAt: api.Millis(x.StartedAt),
			EndedAt: api.Millis(x.EndedAt), DurationSec: int64(x.Duration.Seconds()), PeakViewers: x.PeakViewers}
		if v, ok := recs[x.ID]; ok {
			s.Video = &v
		}
		out = append(out, s)
	}
	return map[string]any{"list": out}, nil
}

// DetailEntry is one line of /anchor/goldDetail.
type DetailEntry struct {
	IncomeEntry
	Time     int64  `json:"time"`
	FromUser string `json:"fromUser"`
}

// goldDetail lists gift income of the last 7, 14 or 30 days (?days=, default 7), newest first, paged.
func (h *handlers) goldDetail(r *api.Request, uid int64) (any, error) {
	d, err := r.IntQuery("days", EarningDays[0])
	if err != nil {
		return nil, err
	}
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	list, _, err := h.svc.Income(r.Context(), uid, d)
	if err != nil {
		return nil, err
	}
	total := len(list)
	offset := min(p.Offset(), len(list))
	list = list[offset:min(offset+p.Size, len(list))]
	out := make([]DetailEntry, 0, len(list))
	for _, e := range list {
		out = append(out, DetailEntry{IncomeEntry: e, Time: e.At.UnixMilli(), FromUser: protocol.UserID(e.FromUser).String()})
	}
	return map[string]any{"days": d, "total": total, "list": out}, nil
}

func (h *handlers) goldTotal(r *api.Request, uid int64) (any, error) {
	d, err := r.IntQuery("days", EarningDays[0])
	if err != nil {
		return nil, err
	}
	return h.svc.IncomeTotals(r.Context(), uid, d)
}
