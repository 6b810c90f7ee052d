package anchor

import (
	"context"
	"sync/atomic"
)

// Recordings gives the recording of live sessions (the videos area records every broadcast of the
// ingest). The engine sets it with SetRecordings; without it /liveRecord lists sessions only.
type Recordings interface {
	// SessionRecordings returns the recording of each session that has one (not deleted), by
	// session id.
	SessionRecordings(ctx context.Context, sessions []int64) (map[int64]RecordingVideo, error)
}

// RecordingVideo is a session's recording as /liveRecord shows it.
type RecordingVideo struct {
	ID          int64   `json:"id"`
	State       string  `json:"state"` // processing (being recorded or closed), ready, hidden, failed
	Game        string  `json:"game"`  // the catalogue abbreviation, for the video page's URL
	DurationSec float64 `json:"durationSec"`
	Poster      string  `json:"poster,omitempty"`
	Playlist    string  `json:"playlist,omitempty"`
}

// recordingsHolder lets the engine set Recordings after New (the videos area is built after the
// streamer centre).
type recordingsHolder struct{ r atomic.Pointer[Recordings] }

// SetRecordings makes /liveRecord show each session's recording. Call it while wiring.
func (s *Service) SetRecordings(r Recordings) { s.recs.r.Store(&r) }

func (s *Service) recordings() Recordings {
	if p := s.recs.r.Load(); p != nil {
		return *p
	}
	return nil
}

// sessionRecordings returns the recordings of rows' sessions (empty without Recordings).
func (s *Service) sessionRecordings(ctx context.Context, rows []LiveSession) (map[int64]RecordingVideo, error) {
	r := s.recordings()
	if r == nil || len(rows) == 0 {
		return map[int64]RecordingVideo{}, nil
	}
	ids := make([]int64, len(rows))
	for i, x := range rows {
		ids[i] = x.ID
	}
	return r.SessionRecordings(ctx, ids)
}

// MatchRecordings lists the finished broadcasts of a match that have a ready recording, newest
// first (the match page's playback tab: GET /liveRecord?matchId=).
func (s *Service) MatchRecordings(ctx context.Context, matchID string, limit, offset int) ([]LiveSession, map[int64]RecordingVideo, error) {
	rows, err := s.d.Store.MatchSessions(ctx, matchID, limit, offset)
	if err != nil {
		return nil, nil, err
	}
	out := make([]LiveSession, 0, len(rows))
	for _, x := range rows {
		out = append(out, LiveSession{LiveSessionRow: x, Duration: x.EndedAt.Sub(x.StartedAt)})
	}
	recs, err := s.sessionRecordings(ctx, out)
	if err != nil {
		return nil, nil, err
	}
	ready := out[:0]
	for _, x := range out {
		if recs[x.ID].State == "ready" {
			ready = append(ready, x)
		}
	}
	return ready, recs, nil
}
