package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// LiveCardRow is a streamer's room as the discovery pages show it (/live, the room's head, "Watch
// live"): the room, the streamer's public identity (username, avatar, followers) and what it streams.
type LiveCardRow struct {
	RoomID     string
	Title      string
	StreamerID int64
	Username   string
	Avatar     string
	Followers  int64
	Cover      int64
	MatchID    string
	GameID     int
	CustomTag  string
	Live       bool
	LiveSince  time.Time
}

const liveCardCols = `l.room_id, r.title, a.user_id, COALESCE(u.username,''), COALESCE(u.avatar,''),
	(SELECT count(*) FROM follows f WHERE f.followee_id=a.user_id), COALESCE(l.cover,0), l.match_id, l.game_id,
	l.custom_tag, l.is_live, COALESCE(l.live_since,'epoch')`

const liveCardFrom = ` FROM live_rooms l JOIN rooms r ON r.id=l.room_id JOIN anchors a ON a.room_id=l.room_id
	LEFT JOIN users u ON u.id=a.user_id`

func scanLiveCard(row pgx.Row) (LiveCardRow, error) {
	var c LiveCardRow
	err := row.Scan(&c.RoomID, &c.Title, &c.StreamerID, &c.Username, &c.Avatar, &c.Followers, &c.Cover, &c.MatchID,
		&c.GameID, &c.CustomTag, &c.Live, &c.LiveSince)
	if c.LiveSince.Equal(time.Unix(0, 0)) {
		c.LiveSince = time.Time{}
	}
	return c, err
}

// LiveCards returns every live room of an approved streamer (at most limit), newest live first;
// matchID, when not empty, keeps the rooms streaming that match.
func (s *Anchors) LiveCards(ctx context.Context, matchID string, limit int) ([]LiveCardRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+liveCardCols+liveCardFrom+`
		WHERE l.is_live AND a.status='approved' AND ($1 = '' OR l.match_id = $1)
		ORDER BY l.live_since DESC NULLS LAST, l.room_id LIMIT $2`, matchID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []LiveCardRow
	for rows.Next() {
		c, err := scanLiveCard(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// RoomCardRow is one room's card with what only the room itself shows (issue 17): the teaser of an
// offline room, the detailed intro and its pictures (upload ids). The lists leave them out.
type RoomCardRow struct {
	LiveCardRow
	Teaser      string
	DetailIntro string
	DetailPics  []int64
}

// LiveCard returns one streamer's room, live or not, with its teaser, intro and pictures
// (ErrAnchorNotFound when the room has no streamer).
func (s *Anchors) LiveCard(ctx context.Context, room string) (RoomCardRow, error) {
	var c RoomCardRow
	err := s.pool.QueryRow(ctx, `SELECT `+liveCardCols+`, l.teaser, l.detail_intro, l.detail_pics`+liveCardFrom+` WHERE l.room_id=$1`, room).
		Scan(&c.RoomID, &c.Title, &c.StreamerID, &c.Username, &c.Avatar, &c.Followers, &c.Cover, &c.MatchID,
			&c.GameID, &c.CustomTag, &c.Live, &c.LiveSince, &c.Teaser, &c.DetailIntro, &c.DetailPics)
	if err == pgx.ErrNoRows {
		return c, ErrAnchorNotFound
	}
	if c.LiveSince.Equal(time.Unix(0, 0)) {
		c.LiveSince = time.Time{}
	}
	return c, err
}

// DemoLive is what the demo (`make run`) sets on a seeded streamer's room.
type DemoLive struct {
	Room, Title, Intro string
	Cover              int64 // a cover upload, 0 for none
	MatchID            string
	GameID             int
	CustomTag          string // a custom tag instead of a match (talk shows, analysis)
}

// SetDemoLive puts a seeded streamer's room live with its title, intro, cover and linked match,
// without a stream: for demo data only (the media path records real streams with SetLive).
func (s *Anchors) SetDemoLive(ctx context.Context, d DemoLive, now time.Time) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE rooms SET title=$2, updated_at=now() WHERE id=$1`, d.Room, d.Title); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE live_rooms SET detail_intro=$2, cover=NULLIF($3,0), match_id=$4, game_id=$5, custom_tag=$7,
				broadcasting=true, is_live=true, live_since=COALESCE(live_since,$6), updated_at=now() WHERE room_id=$1`,
			d.Room, d.Intro, d.Cover, d.MatchID, d.GameID, now, d.CustomTag)
		return err
	})
}
