package videos

import (
	"strconv"
	"time"

	"courtside/api"
	"courtside/storage/postgres"
)

// replayRoutes registers the replay's public endpoints (README.md "Replay").
func (h *handlers) replayRoutes(srv *api.Server) {
	srv.Handle("GET /videos/replay/{id}/chat", h.replayChat)
	srv.Handle("GET /videos/replay/{id}/timeline", h.replayTimeline)
}

func videoID(r *api.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, ErrNotFound
	}
	return id, nil
}

// replayChat: GET /videos/replay/{id}/chat?from=&to= — the chat lines of a recording sent between
// from and to milliseconds after its start (to defaults to from + 60 s).
func (h *handlers) replayChat(r *api.Request) (any, error) {
	id, err := videoID(r)
	if err != nil {
		return nil, err
	}
	ms := func(name string, def int64) (int64, error) {
		s := r.Query(name)
		if s == "" {
			return def, nil
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return 0, ErrReplayRange
		}
		return n, nil
	}
	from, err := ms("from", 0)
	if err != nil {
		return nil, err
	}
	to, err := ms("to", from+60_000)
	if err != nil {
		return nil, err
	}
	return h.svc.Replay(r.Context(), id, time.Duration(from)*time.Millisecond, time.Duration(to)*time.Millisecond)
}

// replayTimeline: GET /videos/replay/{id}/timeline — the match's events during a recording, with
// their offsets, and its highlight clips.
func (h *handlers) replayTimeline(r *api.Request) (any, error) {
	id, err := videoID(r)
	if err != nil {
		return nil, err
	}
	tl, err := h.svc.Timeline(r.Context(), id)
	if err != nil {
		return nil, err
	}
	if len(tl.Highlights) > 0 {
		rows := make([]postgres.Video, len(tl.Highlights))
		for i, v := range tl.Highlights {
			rows[i] = postgres.Video{ID: v.ID, Kind: v.Kind, Title: v.Title}
		}
		for i, v := range h.svc.LocalTitles(r.Context(), r.Lang, rows) {
			tl.Highlights[i].Title = v.Title
		}
	}
	return tl, nil
}
