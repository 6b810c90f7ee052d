package postgres

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"time"

	"github.com/jackc/pgx/v5"
)

// The streamer centre's ingest tools (migration 1600_stream_centre.sql): a room's source-address
// allow-list, the health samples of its streams, and the hint of its stream key.

// ErrAllowListFull: the room's allow-list already holds the most entries allowed.
var ErrAllowListFull = errors.New("postgres: source allow-list full")

// SourceAllowRow is one allowed source address or network of a room's stream key.
type SourceAllowRow struct {
	Prefix    netip.Prefix
	Note      string
	CreatedAt time.Time
}

// SourceAllowList returns room's allow-list, narrowest networks of each address family first, then
// by address.
func (s *Anchors) SourceAllowList(ctx context.Context, room string) ([]SourceAllowRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT cidr::text, note, created_at FROM stream_source_allow
		WHERE room_id=$1 ORDER BY family(cidr), cidr`, room)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []SourceAllowRow{}
	for rows.Next() {
		var r SourceAllowRow
		var cidr string
		if err := rows.Scan(&cidr, &r.Note, &r.CreatedAt); err != nil {
			return nil, err
		}
		if r.Prefix, err = netip.ParsePrefix(cidr); err != nil {
			return nil, fmt.Errorf("postgres: allow-list entry %q: %w", cidr, err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// AddSourceAllow adds p to room's allow-list (an entry already there keeps its place and takes the
// new note); ErrAllowListFull when the list already holds max entries. The room's row is locked
// while counting, so two nodes adding at once cannot pass max.
func (s *Anchors) AddSourceAllow(ctx context.Context, room string, p netip.Prefix, note string, now time.Time, max int) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT 1 FROM rooms WHERE id=$1 FOR UPDATE`, room); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `INSERT INTO stream_source_allow (room_id, cidr, note, created_at)
			SELECT $1, $2::cidr, $3, $4
			WHERE EXISTS (SELECT 1 FROM stream_source_allow WHERE room_id=$1 AND cidr=$2::cidr)
			   OR (SELECT count(*) FROM stream_source_allow WHERE room_id=$1) < $5
			ON CONFLICT (room_id, cidr) DO UPDATE SET note=EXCLUDED.note`, room, p.Masked().String(), note, now, max)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrAllowListFull
		}
		return nil
	})
}

// RemoveSourceAllow removes p from room's allow-list and reports whether it was there.
func (s *Anchors) RemoveSourceAllow(ctx context.Context, room string, p netip.Prefix) (bool, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM stream_source_allow WHERE room_id=$1 AND cidr=$2::cidr`, room, p.Masked().String())
	return tag.RowsAffected() > 0, err
}

// SourceAllowed reports whether addr may publish to room: the room has no allow-list, or addr is in
// one of its networks. The media path asks it at every publish, on whichever node the encoder
// reached.
func (s *Anchors) SourceAllowed(ctx context.Context, room string, addr netip.Addr) (bool, error) {
	if !addr.IsValid() {
		addr = netip.IPv4Unspecified()
	}
	var ok bool
	err := s.pool.QueryRow(ctx, `SELECT NOT EXISTS (SELECT 1 FROM stream_source_allow WHERE room_id=$1)
		OR EXISTS (SELECT 1 FROM stream_source_allow WHERE room_id=$1 AND $2::inet <<= cidr)`, room, addr.Unmap().String()).Scan(&ok)
	return ok, err
}

// HealthSampleRow is one health sample of a room's stream.
type HealthSampleRow struct {
	At          time.Time
	BitrateKbps int
	FPS         float64
	Viewers     int
}

// healthKeep is how long health samples are kept.
const healthKeep = 24 * time.Hour

// AddHealthSample records a sample of room's stream and drops the room's samples older than a day.
func (s *Anchors) AddHealthSample(ctx context.Context, room string, h HealthSampleRow) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO stream_health_samples (room_id, at, bitrate_kbps, fps, viewers)
			VALUES ($1, $2, $3, $4, $5)`, room, h.At, max(h.BitrateKbps, 0), max(h.FPS, 0), max(h.Viewers, 0)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM stream_health_samples WHERE room_id=$1 AND at < $2`, room, h.At.Add(-healthKeep))
		return err
	})
}

// HealthSamples returns room's samples taken at or after since, oldest first, at most limit (the
// newest ones when there are more).
func (s *Anchors) HealthSamples(ctx context.Context, room string, since time.Time, limit int) ([]HealthSampleRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT at, bitrate_kbps, fps, viewers FROM (
			SELECT at, bitrate_kbps, fps, viewers FROM stream_health_samples WHERE room_id=$1 AND at >= $2
			ORDER BY at DESC LIMIT $3) x ORDER BY at`, room, since, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []HealthSampleRow{}
	for rows.Next() {
		var h HealthSampleRow
		var fps float32
		if err := rows.Scan(&h.At, &h.BitrateKbps, &fps, &h.Viewers); err != nil {
			return nil, err
		}
		h.FPS = float64(fps)
		out = append(out, h)
	}
	return out, rows.Err()
}

// SetStreamKeyHint stores the recognisable part of userID's current stream key ("cs_…a1b2"), shown
// in the OBS guide so the streamer can tell which key is in force; the key itself is never stored.
func (s *Anchors) SetStreamKeyHint(ctx context.Context, userID int64, hint string) error {
	_, err := s.pool.Exec(ctx, `UPDATE anchors SET stream_key_hint=$2 WHERE user_id=$1`, userID, hint)
	return err
}

// StreamKeyHint returns userID's stream key hint ("" when there is no key, or it predates hints).
func (s *Anchors) StreamKeyHint(ctx context.Context, userID int64) (string, error) {
	var hint string
	err := s.pool.QueryRow(ctx, `SELECT CASE WHEN stream_key_hash IS NULL THEN '' ELSE stream_key_hint END
		FROM anchors WHERE user_id=$1`, userID).Scan(&hint)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrAnchorNotFound
	}
	return hint, err
}
