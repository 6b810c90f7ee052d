package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Reserved broadcasts (migration 1210): a streamer's announcement of an upcoming broadcast and the
// viewers' reservations of it. The rules (what may be announced, when a go-live starts an
// announcement, the reservation states) are api/anchor's; these are the queries.

var (
	// ErrAnnouncementNotFound: no such announcement, or the room has no open one.
	ErrAnnouncementNotFound = errors.New("postgres: announcement not found")
	// ErrReservationNotFound: the user holds no reservation that can still be cancelled.
	ErrReservationNotFound = errors.New("postgres: reservation not found")
)

// AnnouncementRow is one announced broadcast.
type AnnouncementRow struct {
	ID         int64
	StreamerID int64
	RoomID     string
	Title      string
	StartsAt   time.Time
	MatchID    string
	CreatedAt  time.Time
	StartedAt  time.Time // zero until a go-live claimed it
	EndedAt    time.Time // zero until that stream ended
	Withdrawn  time.Time // zero unless the streamer withdrew it (or it lapsed)
}

const announcementCols = `id, streamer_id, room_id, title, starts_at, match_id, created_at,
	COALESCE(started_at,'epoch'), COALESCE(ended_at,'epoch'), COALESCE(withdrawn_at,'epoch')`

func scanAnnouncement(row pgx.Row) (AnnouncementRow, error) {
	var a AnnouncementRow
	err := row.Scan(&a.ID, &a.StreamerID, &a.RoomID, &a.Title, &a.StartsAt, &a.MatchID, &a.CreatedAt, &a.StartedAt, &a.EndedAt, &a.Withdrawn)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, ErrAnnouncementNotFound
	}
	a.StartedAt, a.EndedAt, a.Withdrawn = unEpoch(a.StartedAt), unEpoch(a.EndedAt), unEpoch(a.Withdrawn)
	return a, err
}

func unEpoch(t time.Time) time.Time {
	if t.Equal(time.Unix(0, 0)) {
		return time.Time{}
	}
	return t
}

// Announce saves the room's open announcement: it updates the open one (its reservations stay), or
// inserts a new one. An open announcement that starts before lapsedBefore is closed first (withdrawn
// at now: it never went live) and a new one takes its place.
func (s *Anchors) Announce(ctx context.Context, a AnnouncementRow, now, lapsedBefore time.Time) (AnnouncementRow, error) {
	var out AnnouncementRow
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		cur, err := scanAnnouncement(tx.QueryRow(ctx, `SELECT `+announcementCols+` FROM broadcast_announcements
			WHERE room_id=$1 AND started_at IS NULL AND withdrawn_at IS NULL FOR UPDATE`, a.RoomID))
		switch {
		case err == nil && cur.StartsAt.Before(lapsedBefore):
			if _, err := tx.Exec(ctx, `UPDATE broadcast_announcements SET withdrawn_at=$2 WHERE id=$1`, cur.ID, now); err != nil {
				return err
			}
		case err == nil:
			out, err = scanAnnouncement(tx.QueryRow(ctx, `UPDATE broadcast_announcements SET title=$2, starts_at=$3, match_id=$4
				WHERE id=$1 RETURNING `+announcementCols, cur.ID, a.Title, a.StartsAt, a.MatchID))
			return err
		case !errors.Is(err, ErrAnnouncementNotFound):
			return err
		}
		out, err = scanAnnouncement(tx.QueryRow(ctx, `INSERT INTO broadcast_announcements
			(streamer_id, room_id, title, starts_at, match_id, created_at) VALUES ($1,$2,$3,$4,$5,$6) RETURNING `+announcementCols,
			a.StreamerID, a.RoomID, a.Title, a.StartsAt, a.MatchID, now))
		return err
	})
	if err != nil {
		return out, fmt.Errorf("postgres: announce: %w", err)
	}
	return out, nil
}

// WithdrawAnnouncement withdraws the room's open announcement (ErrAnnouncementNotFound: none).
func (s *Anchors) WithdrawAnnouncement(ctx context.Context, room string, now time.Time) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx, `UPDATE broadcast_announcements SET withdrawn_at=$2
		WHERE room_id=$1 AND started_at IS NULL AND withdrawn_at IS NULL RETURNING id`, room, now).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrAnnouncementNotFound
	}
	return id, err
}

// OpenAnnouncement is the room's open announcement (not started, not withdrawn; it may have lapsed:
// the caller compares its start with the clock).
func (s *Anchors) OpenAnnouncement(ctx context.Context, room string) (AnnouncementRow, error) {
	return scanAnnouncement(s.pool.QueryRow(ctx, `SELECT `+announcementCols+` FROM broadcast_announcements
		WHERE room_id=$1 AND started_at IS NULL AND withdrawn_at IS NULL`, room))
}

// Announcement is one announcement by id.
func (s *Anchors) Announcement(ctx context.Context, id int64) (AnnouncementRow, error) {
	return scanAnnouncement(s.pool.QueryRow(ctx, `SELECT `+announcementCols+` FROM broadcast_announcements WHERE id=$1`, id))
}

// ReservationState is how many hold a reservation of an announcement and whether user does.
func (s *Anchors) ReservationState(ctx context.Context, id, user int64) (count int64, reserved bool, err error) {
	err = s.pool.QueryRow(ctx, `SELECT count(*), COALESCE(bool_or(user_id=$2), false) FROM broadcast_reservations
		WHERE announcement_id=$1 AND cancelled_at IS NULL`, id, user).Scan(&count, &reserved)
	return count, reserved, err
}

// Reserve records user's reservation of an open announcement (again, after a cancellation). A
// repeat is harmless. ErrAnnouncementNotFound: the announcement is not open any more.
func (s *Anchors) Reserve(ctx context.Context, id, user int64, now time.Time) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// The announcement's row lock orders a reservation against the go-live that claims it.
		var open bool
		if err := tx.QueryRow(ctx, `SELECT started_at IS NULL AND withdrawn_at IS NULL FROM broadcast_announcements
			WHERE id=$1 FOR SHARE`, id).Scan(&open); errors.Is(err, pgx.ErrNoRows) || (err == nil && !open) {
			return ErrAnnouncementNotFound
		} else if err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO broadcast_reservations (announcement_id, user_id, created_at) VALUES ($1,$2,$3)
			ON CONFLICT (announcement_id, user_id) DO UPDATE SET cancelled_at=NULL, created_at=EXCLUDED.created_at
			WHERE broadcast_reservations.cancelled_at IS NOT NULL`, id, user, now)
		return err
	})
}

// CancelReservation cancels user's reservation of an announcement that has not started yet
// (ErrReservationNotFound: none, already cancelled, or already notified).
func (s *Anchors) CancelReservation(ctx context.Context, id, user int64, now time.Time) error {
	tag, err := s.pool.Exec(ctx, `UPDATE broadcast_reservations SET cancelled_at=$3
		WHERE announcement_id=$1 AND user_id=$2 AND cancelled_at IS NULL AND notified_at IS NULL`, id, user, now)
	if err == nil && tag.RowsAffected() == 0 {
		err = ErrReservationNotFound
	}
	return err
}

// StartedBroadcast is an announcement a go-live claimed, with the reservers to tell (each handed out
// once, ever) and the streamer's username.
type StartedBroadcast struct {
	Announcement AnnouncementRow
	Streamer     string
	Users        []int64
}

// StartAnnounced is called when room's stream goes live. It claims the room's open announcement
// when its start lies between from and to (started now), and hands out its un-notified,
// un-cancelled reservations, marking them notified in the same transaction: a reservation is
// handed out once however often the room goes live, on however many nodes. ok is false when no
// announcement qualifies; then an announcement started since reopenSince whose stream had ended
// (a stream that dropped and came back) reads as in progress again.
func (s *Anchors) StartAnnounced(ctx context.Context, room string, now, from, to, reopenSince time.Time) (b StartedBroadcast, ok bool, err error) {
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		a, err := scanAnnouncement(tx.QueryRow(ctx, `UPDATE broadcast_announcements SET started_at=$2
			WHERE room_id=$1 AND started_at IS NULL AND withdrawn_at IS NULL AND starts_at BETWEEN $3 AND $4
			RETURNING `+announcementCols, room, now, from, to))
		if errors.Is(err, ErrAnnouncementNotFound) {
			_, err = tx.Exec(ctx, `UPDATE broadcast_announcements SET ended_at=NULL
				WHERE room_id=$1 AND started_at >= $2 AND ended_at IS NOT NULL`, room, reopenSince)
			return err
		}
		if err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT COALESCE(username,'') FROM users WHERE id=$1`, a.StreamerID).Scan(&b.Streamer); err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		rows, err := tx.Query(ctx, `UPDATE broadcast_reservations SET notified_at=$2
			WHERE announcement_id=$1 AND notified_at IS NULL AND cancelled_at IS NULL RETURNING user_id`, a.ID, now)
		if err != nil {
			return err
		}
		users, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		b.Announcement, b.Users, ok = a, users, true
		return nil
	})
	if err != nil {
		return StartedBroadcast{}, false, fmt.Errorf("postgres: start announced broadcast: %w", err)
	}
	return b, ok, nil
}

// BroadcastReservationRow is one of a user's reservations with its announcement and streamer.
type BroadcastReservationRow struct {
	Announcement AnnouncementRow
	Streamer     string
	Avatar       string
	Live         bool // the room is live now
	ReservedAt   time.Time
	NotifiedAt   time.Time
}

// UserReservations lists user's reservations (not those they cancelled), newest first.
func (s *Anchors) UserReservations(ctx context.Context, user int64, limit, offset int) ([]BroadcastReservationRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT b.id, b.streamer_id, b.room_id, b.title, b.starts_at, b.match_id, b.created_at,
			COALESCE(b.started_at,'epoch'), COALESCE(b.ended_at,'epoch'), COALESCE(b.withdrawn_at,'epoch'),
			COALESCE(u.username,''), COALESCE(u.avatar,''), COALESCE(l.is_live,false), r.created_at, COALESCE(r.notified_at,'epoch')
		FROM broadcast_reservations r JOIN broadcast_announcements b ON b.id=r.announcement_id
		LEFT JOIN users u ON u.id=b.streamer_id LEFT JOIN live_rooms l ON l.room_id=b.room_id
		WHERE r.user_id=$1 AND r.cancelled_at IS NULL ORDER BY b.starts_at DESC, b.id DESC LIMIT $2 OFFSET $3`, user, limit, offset)
	if err != nil {
		return nil, fmt.Errorf("postgres: user reservations: %w", err)
	}
	defer rows.Close()
	var out []BroadcastReservationRow
	for rows.Next() {
		var x BroadcastReservationRow
		a := &x.Announcement
		if err := rows.Scan(&a.ID, &a.StreamerID, &a.RoomID, &a.Title, &a.StartsAt, &a.MatchID, &a.CreatedAt, &a.StartedAt, &a.EndedAt,
			&a.Withdrawn, &x.Streamer, &x.Avatar, &x.Live, &x.ReservedAt, &x.NotifiedAt); err != nil {
			return nil, err
		}
		a.StartedAt, a.EndedAt, a.Withdrawn, x.NotifiedAt = unEpoch(a.StartedAt), unEpoch(a.EndedAt), unEpoch(a.Withdrawn), unEpoch(x.NotifiedAt)
		out = append(out, x)
	}
	return out, rows.Err()
}
