package postgres

// The replay's store (migration 0950, rules in api/videos/replay*.go): a recording's match events
// in its time window, its highlight plan (video_highlights), and the users hidden from replays
// because the platform banned or muted them.

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// JobHighlight is the queue's job that cuts one highlight clip from its recording.
const JobHighlight = "highlight"

// JobPriorityHighlight: clips wait behind closing recordings and uploads, before demo videos.
const JobPriorityHighlight = 0

// MatchIncident is one incident of a match's feed with its time (sport_match_events).
type MatchIncident struct {
	Seq    int64
	At     time.Time
	Type   string
	Team   int
	Name   string
	Minute string
	Period int
	Key    bool
	// TeamName is the name of the incident's team, "" when it has none.
	TeamName string
}

// MatchIncidents returns a match's incidents at from <= at <= to, in seq order.
func (s *Videos) MatchIncidents(ctx context.Context, match string, from, to time.Time) ([]MatchIncident, error) {
	rows, err := s.pool.Query(ctx, `SELECT e.seq, e.at, COALESCE(e.body->'incident'->>'type',''), COALESCE((e.body->'incident'->>'team')::int, -1),
			COALESCE(e.body->'incident'->>'name',''), COALESCE(e.body->'incident'->>'minute',''), COALESCE((e.body->'incident'->>'period')::int, 0),
			COALESCE((e.body->'incident'->>'key')::boolean, false), COALESCE(t.name,'')
		FROM sport_match_events e LEFT JOIN sport_matches m ON m.id = e.match_id
		LEFT JOIN sport_teams t ON t.id = CASE COALESCE((e.body->'incident'->>'team')::int, -1) WHEN 0 THEN m.home_id WHEN 1 THEN m.away_id END
		WHERE e.match_id=$1 AND e.kind='incident' AND e.at >= $2 AND e.at <= $3 ORDER BY e.seq`, match, from, to)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (MatchIncident, error) {
		var m MatchIncident
		err := row.Scan(&m.Seq, &m.At, &m.Type, &m.Team, &m.Name, &m.Minute, &m.Period, &m.Key, &m.TeamName)
		return m, err
	})
}

// Highlight is one row of video_highlights: a major event of a recording and its clip.
type Highlight struct {
	SourceID int64
	EventSeq int64
	MatchID  string
	Type     string
	Team     int
	Name     string
	Minute   string
	Offset   time.Duration // the event, from the recording's start
	Start    time.Duration // the clip's cut
	End      time.Duration
	ClipID   int64
}

// PlanHighlight records h and, when it is new, creates its clip video (clip, processing) and the
// job that cuts it, in one transaction: planning a recording twice makes one clip and one job per
// event. created is false when the event was planned already (h.ClipID is then the existing clip).
func (s *Videos) PlanHighlight(ctx context.Context, h Highlight, clip Video, lang string, maxAttempts int, now time.Time) (Highlight, bool, error) {
	created := false
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// The row lock of the recording serialises two planners of the same recording.
		if _, err := tx.Exec(ctx, `SELECT 1 FROM videos WHERE id=$1 FOR UPDATE`, h.SourceID); err != nil {
			return err
		}
		err := tx.QueryRow(ctx, `SELECT clip_id FROM video_highlights WHERE source_id=$1 AND event_seq=$2`, h.SourceID, h.EventSeq).Scan(&h.ClipID)
		if err == nil {
			return nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if clip.Renditions == nil {
			clip.Renditions = []string{}
		}
		if err := tx.QueryRow(ctx, `INSERT INTO videos (kind, title, game_id, match_id, room_id, owner_id, state, lang, created_at)
			VALUES ($1,$2,$3,$4,$5,$6,'processing',$7,$8) RETURNING id`,
			clip.Kind, clip.Title, clip.GameID, clip.MatchID, clip.RoomID, clip.OwnerID, lang, now).Scan(&h.ClipID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO video_highlights (source_id, event_seq, match_id, type, team, name, minute, offset_ms, start_ms, end_ms, clip_id, created_at)
			VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`, h.SourceID, h.EventSeq, h.MatchID, h.Type, h.Team, h.Name, h.Minute,
			h.Offset.Milliseconds(), h.Start.Milliseconds(), h.End.Milliseconds(), h.ClipID, now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO video_jobs (video_id, kind, priority, max_attempts, created_at, updated_at) VALUES ($1,$2,$3,$4,$5,$5)`,
			h.ClipID, JobHighlight, JobPriorityHighlight, maxAttempts, now); err != nil {
			return err
		}
		created = true
		return nil
	})
	return h, created, err
}

const highlightCols = `source_id, event_seq, match_id, type, team, name, minute, offset_ms, start_ms, end_ms, clip_id`

func scanHighlight(row pgx.Row) (Highlight, error) {
	var h Highlight
	var off, start, end int64
	err := row.Scan(&h.SourceID, &h.EventSeq, &h.MatchID, &h.Type, &h.Team, &h.Name, &h.Minute, &off, &start, &end, &h.ClipID)
	h.Offset, h.Start, h.End = time.Duration(off)*time.Millisecond, time.Duration(start)*time.Millisecond, time.Duration(end)*time.Millisecond
	return h, err
}

// Highlights returns a recording's planned highlights, in event order.
func (s *Videos) Highlights(ctx context.Context, source int64) ([]Highlight, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+highlightCols+` FROM video_highlights WHERE source_id=$1 ORDER BY offset_ms, event_seq`, source)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (Highlight, error) { return scanHighlight(row) })
}

// HighlightOfClip returns the highlight a clip video was cut for.
func (s *Videos) HighlightOfClip(ctx context.Context, clip int64) (Highlight, error) {
	h, err := scanHighlight(s.pool.QueryRow(ctx, `SELECT `+highlightCols+` FROM video_highlights WHERE clip_id=$1`, clip))
	if errors.Is(err, pgx.ErrNoRows) {
		return h, ErrVideoNotFound
	}
	return h, err
}

// HighlightsByClip returns the highlights of the given clip videos, by clip id (lists show the
// event behind each clip).
func (s *Videos) HighlightsByClip(ctx context.Context, clips []int64) (map[int64]Highlight, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+highlightCols+` FROM video_highlights WHERE clip_id = ANY($1)`, clips)
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Highlight, error) { return scanHighlight(row) })
	out := make(map[int64]Highlight, len(list))
	for _, h := range list {
		out[h.ClipID] = h
	}
	return out, err
}

// VideoLang returns a video's language (the title templates of its highlights).
func (s *Videos) VideoLang(ctx context.Context, id int64) (string, error) {
	var lang string
	err := s.pool.QueryRow(ctx, `SELECT lang FROM videos WHERE id=$1`, id).Scan(&lang)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrVideoNotFound
	}
	return lang, err
}

// SetVideoLang sets a video's language.
func (s *Videos) SetVideoLang(ctx context.Context, id int64, lang string) error {
	_, err := s.pool.Exec(ctx, `UPDATE videos SET lang=$2 WHERE id=$1`, id, lang)
	return err
}

// HiddenAuthors returns which of the given users the platform bans or mutes at now (their lines
// stay out of replays).
func (s *Videos) HiddenAuthors(ctx context.Context, users []int64, now time.Time) (map[int64]bool, error) {
	rows, err := s.pool.Query(ctx, `SELECT DISTINCT user_id FROM user_roles WHERE user_id = ANY($1) AND role IN ('banned','muted')
		AND (expires_at IS NULL OR expires_at > $2)`, users, now)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}
