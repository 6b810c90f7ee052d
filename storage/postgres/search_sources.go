package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/jackc/pgx/v5"
)

// SearchSource is a findable thing read from its own table, for api/search to index: the raw
// fields it needs (the service builds the title, target and terms). Gone: the thing exists but must
// not be found (a banned streamer, a rejected expert); Updated is the row's change time.
type SearchSource struct {
	ID, Title, Subtitle, Body, Picture string
	Names                              []string
	Game                               int
	Rank                               float64
	At, Updated                        time.Time
	Gone                               bool
	Meta                               map[string]any
}

// The kinds SearchSources reads (api/search.Kind values). A match's rank is 1 while it is in play,
// else higher the nearer its start is to the time it was indexed (a full reindex refreshes it).
var searchSourceSQL = map[string]string{
	"team": `SELECT t.id, t.name, t.country, t.full_name || ' ' || t.head_coach, t.logo, ARRAY[t.full_name, t.short_name], t.game_id,
		least(t.rating, 100) / 100.0, NULL::timestamptz, t.updated_at, false, '{}'::jsonb
		FROM sport_teams t WHERE t.updated_at >= $1`,
	"player": `SELECT p.id, p.name, COALESCE(t.name, ''), p.nationality || ' ' || p.position, p.photo, ARRAY[p.full_name], p.game_id,
		least(p.power, 100) / 100.0, NULL::timestamptz, greatest(p.updated_at, COALESCE(t.updated_at, p.updated_at)), false,
		jsonb_build_object('teamId', COALESCE(p.team_id, ''))
		FROM sport_players p LEFT JOIN sport_teams t ON t.id = p.team_id WHERE p.updated_at >= $1 OR t.updated_at >= $1`,
	"league": `SELECT l.id, l.name, l.country, l.kind, l.logo, ARRAY[l.short_name], l.game_id,
		1.0 / greatest(l.tier, 1), NULL::timestamptz, l.updated_at, false, '{}'::jsonb
		FROM sport_leagues l WHERE l.updated_at >= $1`,
	"match": `SELECT m.id, COALESCE(h.name, m.home_id, '') || ' vs ' || COALESCE(a.name, m.away_id, ''), COALESCE(lg.name, ''),
		COALESCE(h.full_name, '') || ' ' || COALESCE(a.full_name, '') || ' ' || m.venue, '',
		ARRAY[COALESCE(h.name, ''), COALESCE(a.name, '')], m.game_id,
		CASE WHEN m.status BETWEEN 1 AND 4 THEN 1.0
			ELSE 0.2 + 0.6 * exp(-abs(extract(epoch FROM m.start_at - now())) / 172800) END, m.start_at, m.updated_at, m.status IN (6, 7),
		jsonb_build_object('status', m.status, 'homeScore', m.home_score, 'awayScore', m.away_score,
			'homeId', COALESCE(m.home_id, ''), 'awayId', COALESCE(m.away_id, ''),
			'homeLogo', COALESCE(h.logo, ''), 'awayLogo', COALESCE(a.logo, ''))
		FROM sport_matches m LEFT JOIN sport_teams h ON h.id = m.home_id LEFT JOIN sport_teams a ON a.id = m.away_id
		LEFT JOIN sport_leagues lg ON lg.id = m.league_id WHERE m.updated_at >= $1`,
	"streamer": `SELECT 'u' || a.user_id, COALESCE(u.username, ''), COALESCE(r.title, ''), a.intro || ' ' || a.live_content,
		COALESCE(u.avatar, ''), ARRAY[]::text[], COALESCE(l.game_id, 0),
		CASE WHEN l.is_live THEN 1.0 ELSE 0.4 END, NULL::timestamptz,
		greatest(a.submitted_at, COALESCE(a.reviewed_at, a.submitted_at), COALESCE(u.updated_at, a.submitted_at), COALESCE(l.updated_at, a.submitted_at)),
		a.status <> 'approved' OR u.username IS NULL,
		jsonb_build_object('roomId', COALESCE(a.room_id, ''), 'live', COALESCE(l.is_live, false),
			'followers', (SELECT count(*) FROM follows f WHERE f.followee_id = a.user_id))
		FROM anchors a LEFT JOIN users u ON u.id = a.user_id LEFT JOIN rooms r ON r.id = a.room_id
		LEFT JOIN live_rooms l ON l.room_id = a.room_id
		WHERE greatest(a.submitted_at, COALESCE(a.reviewed_at, a.submitted_at), COALESCE(u.updated_at, a.submitted_at), COALESCE(l.updated_at, a.submitted_at)) >= $1`,
	"room": `SELECT r.id, r.title, COALESCE(u.username, ''), l.teaser || ' ' || l.detail_intro || ' ' || l.custom_tag,
		CASE WHEN l.cover IS NULL THEN '' ELSE '/java/anchor/upload/' || l.cover END,
		ARRAY[COALESCE(u.username, '')], l.game_id, CASE WHEN l.is_live THEN 1.0 ELSE 0.2 END, l.live_since,
		greatest(r.updated_at, l.updated_at), r.title = '' OR NOT r.is_open OR a.status IS DISTINCT FROM 'approved',
		jsonb_build_object('live', l.is_live, 'matchId', l.match_id, 'streamer', COALESCE(u.username, ''), 'avatar', COALESCE(u.avatar, ''))
		FROM live_rooms l JOIN rooms r ON r.id = l.room_id LEFT JOIN anchors a ON a.room_id = l.room_id
		LEFT JOIN users u ON u.id = a.user_id
		WHERE greatest(r.updated_at, l.updated_at) >= $1`,
	"expert": `SELECT 'u' || e.user_id, e.nickname, left(e.intro, 80), e.intro || ' ' || e.experience, COALESCE(u.avatar, ''),
		ARRAY[]::text[], COALESCE(e.games[1], 0), CASE WHEN e.featured THEN 1.0 ELSE 0.5 END, NULL::timestamptz,
		greatest(e.submitted_at, COALESCE(e.reviewed_at, e.submitted_at), COALESCE(u.updated_at, e.submitted_at)),
		e.status <> 'approved', '{}'::jsonb
		FROM expert_profiles e LEFT JOIN users u ON u.id = e.user_id
		WHERE greatest(e.submitted_at, COALESCE(e.reviewed_at, e.submitted_at), COALESCE(u.updated_at, e.submitted_at)) >= $1`,
}

// SearchSourceKinds are the kinds SearchSources reads, in a fixed order.
var SearchSourceKinds = []string{"match", "team", "player", "league", "streamer", "room", "expert"}

// SearchSources calls fn for every thing of kind changed at or after since (zero: every one).
func (s *SearchStore) SearchSources(ctx context.Context, kind string, since time.Time, fn func(SearchSource) error) error {
	q, ok := searchSourceSQL[kind]
	if !ok {
		return fmt.Errorf("postgres: no search source for %q", kind)
	}
	if since.IsZero() {
		since = time.Unix(0, 0)
	}
	rows, err := s.pool.Query(ctx, q, since)
	if err != nil {
		return fmt.Errorf("postgres: search source %s: %w", kind, err)
	}
	var src SearchSource
	var at *time.Time
	var game int32
	var meta []byte
	_, err = pgx.ForEachRow(rows, []any{&src.ID, &src.Title, &src.Subtitle, &src.Body, &src.Picture, &src.Names, &game, &src.Rank,
		&at, &src.Updated, &src.Gone, &meta}, func() error {
		v := src
		v.Game = int(game)
		v.Rank = math.Max(0, math.Min(1, v.Rank))
		if at != nil {
			v.At = *at
		}
		v.Meta = nil
		if len(meta) > 2 {
			if err := json.Unmarshal(meta, &v.Meta); err != nil {
				return err
			}
		}
		return fn(v)
	})
	return err
}
