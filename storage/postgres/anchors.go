package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"courtside/actors/protocol"
)

// Anchor statuses (spec §4 "Streamer and expert applications").
const (
	AnchorReview   = "review"
	AnchorApproved = "approved"
	AnchorRejected = "rejected"
	AnchorBanned   = "banned"
)

// AnchorRow is one application and, once approved, the streamer.
type AnchorRow struct {
	UserID                  int64
	RealName, IDNumber      string
	Phone                   string
	BirthDate               time.Time
	Intro, LiveContent      string
	IDFront, IDBack, IDHand int64 // upload ids
	Status, Reason          string
	ReviewedBy              int64
	ReviewedAt              time.Time
	SubmittedAt             time.Time
	RoomID                  string // "" until approved
	HasStreamKey            bool
	KeyRotatedAt            time.Time
}

// UploadRow is one uploaded picture.
type UploadRow struct {
	ID            int64
	UserID        int64
	Kind          string // idFront, idBack, idHand, cover, detail
	ContentType   string
	Width, Height int
	Data          []byte
	CreatedAt     time.Time
}

// LiveRoomRow is a streamer's live room: the rooms fields the room actor uses (title, member-only)
// and the live-room fields of spec §3.
type LiveRoomRow struct {
	RoomID           string
	StreamerID       int64
	Title            string
	MemberOnly       bool
	Cover            int64 // upload id, 0 for none
	Paid             bool
	Price            int64
	ExternalComments bool
	Teaser           string
	DetailIntro      string
	DetailPics       []int64
	MatchID          string
	GameID           int
	CustomTag        string
	M3U8URL          string
	Broadcasting     bool
	Live             bool
	LiveSince        time.Time
}

// LiveSessionRow is one broadcast.
type LiveSessionRow struct {
	ID          int64
	RoomID      string
	Title       string
	MatchID     string
	StartedAt   time.Time
	EndedAt     time.Time // zero while live
	PeakViewers int
}

// AnchorListRow is one entry of the anchor list page.
type AnchorListRow struct {
	UserID    int64
	RealName  string
	RoomID    string
	Title     string
	Cover     int64
	MatchID   string
	CustomTag string
	Live      bool
	LiveSince time.Time
	Username  string // the account's public name ("" before the new-user step)
	Avatar    string
	Followers int64
	GameID    int
}

// ModeratorRow is one moderator of a room.
type ModeratorRow struct {
	UserID  string // "u<id>"
	AddedBy string
	AddedAt time.Time
}

// Anchors stores streamers: applications, review, stream keys, live rooms and sessions, unlocks and
// uploads. It is safe for concurrent use; every method is one statement or one transaction.
type Anchors struct {
	pool *pgxpool.Pool
}

// NewAnchors returns the store over pool.
func NewAnchors(pool *pgxpool.Pool) *Anchors { return &Anchors{pool: pool} }

// SaveUpload stores a picture and returns its id.
func (s *Anchors) SaveUpload(ctx context.Context, u UploadRow) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx, `INSERT INTO anchor_uploads (user_id, kind, content_type, width, height, data)
		VALUES ($1,$2,$3,$4,$5,$6) RETURNING id`, u.UserID, u.Kind, u.ContentType, u.Width, u.Height, u.Data).Scan(&id)
	return id, err
}

// SaveUploadWithin stores a picture unless the user's pictures would then exceed quota bytes
// (ErrUploadQuota). Uploads of one user are serialised by an advisory lock, so parallel uploads
// cannot overshoot.
func (s *Anchors) SaveUploadWithin(ctx context.Context, u UploadRow, quota int64) (int64, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	var used int64
	if err := tx.QueryRow(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('anchor_uploads', $1)),
		coalesce((SELECT sum(octet_length(data)) FROM anchor_uploads WHERE user_id=$1), 0)::bigint`, u.UserID).Scan(nil, &used); err != nil {
		return 0, err
	}
	if used+int64(len(u.Data)) > quota {
		return 0, ErrUploadQuota
	}
	var id int64
	if err := tx.QueryRow(ctx, `INSERT INTO anchor_uploads (user_id, kind, content_type, width, height, data)
		VALUES ($1,$2,$3,$4,$5,$6) RETURNING id`, u.UserID, u.Kind, u.ContentType, u.Width, u.Height, u.Data).Scan(&id); err != nil {
		return 0, err
	}
	return id, tx.Commit(ctx)
}

// Upload returns a picture.
func (s *Anchors) Upload(ctx context.Context, id int64) (UploadRow, error) {
	var u UploadRow
	err := s.pool.QueryRow(ctx, `SELECT id, user_id, kind, content_type, width, height, data, created_at
		FROM anchor_uploads WHERE id=$1`, id).Scan(&u.ID, &u.UserID, &u.Kind, &u.ContentType, &u.Width, &u.Height, &u.Data, &u.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return u, ErrUploadNotFound
	}
	return u, err
}

// UploadKinds returns the kind of each of ids that belongs to userID (missing ids are absent).
func (s *Anchors) UploadKinds(ctx context.Context, userID int64, ids []int64) (map[int64]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, kind FROM anchor_uploads WHERE user_id=$1 AND id = ANY($2)`, userID, ids)
	if err != nil {
		return nil, err
	}
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var k string
		if err := rows.Scan(&id, &k); err != nil {
			return nil, err
		}
		out[id] = k
	}
	return out, rows.Err()
}

const anchorCols = `user_id, real_name, id_number, phone, birth_date, intro, live_content, id_front, id_back, id_hand,
	status, reason, COALESCE(reviewed_by,0), COALESCE(reviewed_at,'epoch'), submitted_at, COALESCE(room_id,''),
	stream_key_hash IS NOT NULL, COALESCE(key_rotated_at,'epoch')`

func scanAnchor(row pgx.Row) (AnchorRow, error) {
	var a AnchorRow
	err := row.Scan(&a.UserID, &a.RealName, &a.IDNumber, &a.Phone, &a.BirthDate, &a.Intro, &a.LiveContent,
		&a.IDFront, &a.IDBack, &a.IDHand, &a.Status, &a.Reason, &a.ReviewedBy, &a.ReviewedAt, &a.SubmittedAt,
		&a.RoomID, &a.HasStreamKey, &a.KeyRotatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, ErrAnchorNotFound
	}
	if a.ReviewedAt.Equal(time.Unix(0, 0)) {
		a.ReviewedAt = time.Time{}
	}
	if a.KeyRotatedAt.Equal(time.Unix(0, 0)) {
		a.KeyRotatedAt = time.Time{}
	}
	return a, err
}

// Submit files an application under review. A first application is inserted; a rejected one is
// replaced (applying again). Under review, approved or banned: ErrAnchorState.
func (s *Anchors) Submit(ctx context.Context, a AnchorRow, now time.Time) error {
	tag, err := s.pool.Exec(ctx, `INSERT INTO anchors (user_id, real_name, id_number, phone, birth_date, intro,
			live_content, id_front, id_back, id_hand, status, reason, submitted_at)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,'review','',$11)
		ON CONFLICT (user_id) DO UPDATE SET real_name=EXCLUDED.real_name, id_number=EXCLUDED.id_number,
			phone=EXCLUDED.phone, birth_date=EXCLUDED.birth_date, intro=EXCLUDED.intro,
			live_content=EXCLUDED.live_content, id_front=EXCLUDED.id_front, id_back=EXCLUDED.id_back,
			id_hand=EXCLUDED.id_hand, status='review', reason='', reviewed_by=NULL, reviewed_at=NULL,
			submitted_at=EXCLUDED.submitted_at
		WHERE anchors.status = 'rejected'`,
		a.UserID, a.RealName, a.IDNumber, a.Phone, a.BirthDate, a.Intro, a.LiveContent, a.IDFront, a.IDBack, a.IDHand, now)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrAnchorState
	}
	return nil
}

// Anchor returns userID's application or streamer record.
func (s *Anchors) Anchor(ctx context.Context, userID int64) (AnchorRow, error) {
	return scanAnchor(s.pool.QueryRow(ctx, `SELECT `+anchorCols+` FROM anchors WHERE user_id=$1`, userID))
}

// AnchorByRoom returns the streamer of a live room.
func (s *Anchors) AnchorByRoom(ctx context.Context, room string) (AnchorRow, error) {
	return scanAnchor(s.pool.QueryRow(ctx, `SELECT `+anchorCols+` FROM anchors WHERE room_id=$1`, room))
}

// ListByStatus returns applications in status, oldest first (the review queue).
func (s *Anchors) ListByStatus(ctx context.Context, status string, limit, offset int) ([]AnchorRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+anchorCols+` FROM anchors WHERE status=$1
		ORDER BY submitted_at, user_id LIMIT $2 OFFSET $3`, status, limit, offset)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []AnchorRow
	for rows.Next() {
		a, err := scanAnchor(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// CountByStatus counts the applications in one status (the review queue's pager).
func (s *Anchors) CountByStatus(ctx context.Context, status string) (int, error) {
	var n int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM anchors WHERE status=$1`, status).Scan(&n); err != nil {
		return 0, fmt.Errorf("postgres: count anchors: %w", err)
	}
	return n, nil
}

// RoomIDFor is the live room id of a streamer.
func RoomIDFor(userID int64) string { return "a" + strconv.FormatInt(userID, 10) }

// Review decides an application under review. Approval creates the streamer's live room (rooms row
// with streamer_id "u<id>", and its live_rooms row). Anything not under review: ErrAnchorState.
func (s *Anchors) Review(ctx context.Context, userID int64, approve bool, reason string, by int64, now time.Time) (AnchorRow, error) {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var status string
		err := tx.QueryRow(ctx, `SELECT status FROM anchors WHERE user_id=$1 FOR UPDATE`, userID).Scan(&status)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrAnchorNotFound
		}
		if err != nil {
			return err
		}
		if status != AnchorReview {
			return ErrAnchorState
		}
		if !approve {
			_, err = tx.Exec(ctx, `UPDATE anchors SET status='rejected', reason=$2, reviewed_by=$3, reviewed_at=$4
				WHERE user_id=$1`, userID, reason, by, now)
			return err
		}
		room := RoomIDFor(userID)
		if _, err := tx.Exec(ctx, `INSERT INTO rooms (id, streamer_id) VALUES ($1, $2)
			ON CONFLICT (id) DO UPDATE SET streamer_id=EXCLUDED.streamer_id, updated_at=now()`,
			room, protocol.UserID(userID).String()); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO live_rooms (room_id) VALUES ($1) ON CONFLICT DO NOTHING`, room); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE anchors SET status='approved', reason=$2, reviewed_by=$3, reviewed_at=$4, room_id=$5
			WHERE user_id=$1`, userID, reason, by, now, room)
		return err
	})
	if err != nil {
		return AnchorRow{}, err
	}
	return s.Anchor(ctx, userID)
}

// SetBanned bans an approved streamer from streaming (live is ended: broadcasting and is_live off)
// or lifts the ban. Other states: ErrAnchorState.
func (s *Anchors) SetBanned(ctx context.Context, userID int64, banned bool, reason string, by int64, now time.Time) (AnchorRow, error) {
	from, to := AnchorApproved, AnchorBanned
	if !banned {
		from, to = AnchorBanned, AnchorApproved
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var room string
		err := tx.QueryRow(ctx, `UPDATE anchors SET status=$3, reason=$4, reviewed_by=$5, reviewed_at=$6
			WHERE user_id=$1 AND status=$2 RETURNING room_id`, userID, from, to, reason, by, now).Scan(&room)
		if errors.Is(err, pgx.ErrNoRows) {
			if _, err := s.anchorTx(ctx, tx, userID); err != nil {
				return err
			}
			return ErrAnchorState
		}
		if err != nil {
			return err
		}
		if banned {
			_, err = tx.Exec(ctx, `UPDATE live_rooms SET broadcasting=false, updated_at=now() WHERE room_id=$1`, room)
		}
		return err
	})
	if err != nil {
		return AnchorRow{}, err
	}
	return s.Anchor(ctx, userID)
}

func (s *Anchors) anchorTx(ctx context.Context, tx pgx.Tx, userID int64) (AnchorRow, error) {
	return scanAnchor(tx.QueryRow(ctx, `SELECT `+anchorCols+` FROM anchors WHERE user_id=$1`, userID))
}

// SetStreamKey stores the hash of a new stream key for an approved streamer (the old key stops
// working at once).
func (s *Anchors) SetStreamKey(ctx context.Context, userID int64, hash []byte, now time.Time) error {
	tag, err := s.pool.Exec(ctx, `UPDATE anchors SET stream_key_hash=$2, key_rotated_at=$3
		WHERE user_id=$1 AND status='approved'`, userID, hash, now)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrAnchorState
	}
	return nil
}

// StreamKeyRoom returns the room of the approved streamer holding this stream key hash, if live was
// started in the streamer centre; anything else is ErrStreamKeyRefused.
func (s *Anchors) StreamKeyRoom(ctx context.Context, hash []byte) (string, error) {
	var room string
	err := s.pool.QueryRow(ctx, `SELECT a.room_id FROM anchors a JOIN live_rooms l ON l.room_id=a.room_id
		WHERE a.stream_key_hash=$1 AND a.status='approved' AND l.broadcasting`, hash).Scan(&room)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrStreamKeyRefused
	}
	return room, err
}

const liveRoomCols = `l.room_id, COALESCE(a.user_id,0), r.title, r.member_only, COALESCE(l.cover,0), l.paid, l.price,
	l.external_comments, l.teaser, l.detail_intro, l.detail_pics, l.match_id, l.game_id, l.custom_tag, l.m3u8_url,
	l.broadcasting, l.is_live, COALESCE(l.live_since,'epoch')`

func scanLiveRoom(row pgx.Row) (LiveRoomRow, error) {
	var l LiveRoomRow
	err := row.Scan(&l.RoomID, &l.StreamerID, &l.Title, &l.MemberOnly, &l.Cover, &l.Paid, &l.Price,
		&l.ExternalComments, &l.Teaser, &l.DetailIntro, &l.DetailPics, &l.MatchID, &l.GameID, &l.CustomTag,
		&l.M3U8URL, &l.Broadcasting, &l.Live, &l.LiveSince)
	if errors.Is(err, pgx.ErrNoRows) {
		return l, ErrAnchorNotFound
	}
	if l.LiveSince.Equal(time.Unix(0, 0)) {
		l.LiveSince = time.Time{}
	}
	return l, err
}

// LiveRoom returns a live room's settings.
func (s *Anchors) LiveRoom(ctx context.Context, room string) (LiveRoomRow, error) {
	return scanLiveRoom(s.pool.QueryRow(ctx, `SELECT `+liveRoomCols+`
		FROM live_rooms l JOIN rooms r ON r.id=l.room_id LEFT JOIN anchors a ON a.room_id=l.room_id
		WHERE l.room_id=$1`, room))
}

// UpdateLiveRoom saves the settings a streamer edits (title and member-only into rooms, the rest into
// live_rooms). Validation is the caller's.
func (s *Anchors) UpdateLiveRoom(ctx context.Context, l LiveRoomRow) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE rooms SET title=$2, member_only=$3, updated_at=now() WHERE id=$1`,
			l.RoomID, l.Title, l.MemberOnly)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrAnchorNotFound
		}
		pics := l.DetailPics
		if pics == nil {
			pics = []int64{}
		}
		var cover *int64
		if l.Cover != 0 {
			cover = &l.Cover
		}
		tag, err = tx.Exec(ctx, `UPDATE live_rooms SET cover=$2, paid=$3, price=$4, external_comments=$5, teaser=$6,
			detail_intro=$7, detail_pics=$8, m3u8_url=$9, updated_at=now() WHERE room_id=$1`,
			l.RoomID, cover, l.Paid, l.Price, l.ExternalComments, l.Teaser, l.DetailIntro, pics, l.M3U8URL)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrAnchorNotFound
		}
		return nil
	})
}

// SetMatch links a match (matchID with its game) or a custom tag to a live room; one replaces the other.
func (s *Anchors) SetMatch(ctx context.Context, room, matchID string, gameID int, customTag string) error {
	tag, err := s.pool.Exec(ctx, `UPDATE live_rooms SET match_id=$2, game_id=$3, custom_tag=$4, updated_at=now()
		WHERE room_id=$1`, room, matchID, gameID, customTag)
	if err == nil && tag.RowsAffected() == 0 {
		err = ErrAnchorNotFound
	}
	return err
}

// SetBroadcasting starts (true) or ends (false) live in the streamer centre. Only while broadcasting
// does the streamer's key open the RTMP ingest.
func (s *Anchors) SetBroadcasting(ctx context.Context, room string, on bool) error {
	tag, err := s.pool.Exec(ctx, `UPDATE live_rooms SET broadcasting=$2, updated_at=now() WHERE room_id=$1`, room, on)
	if err == nil && tag.RowsAffected() == 0 {
		err = ErrAnchorNotFound
	}
	return err
}

// SetLive records that a room's stream went up (a live session opens) or down (it closes, with the
// peak viewer count seen). Repeated calls are harmless.
func (s *Anchors) SetLive(ctx context.Context, room string, live bool, peakViewers int, now time.Time) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if live {
			if _, err := tx.Exec(ctx, `UPDATE live_rooms SET is_live=true, live_since=$2 WHERE room_id=$1 AND NOT is_live`, room, now); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO live_sessions (room_id, title, match_id, started_at)
				SELECT r.id, r.title, l.match_id, $2 FROM rooms r JOIN live_rooms l ON l.room_id=r.id WHERE r.id=$1
				ON CONFLICT (room_id) WHERE ended_at IS NULL DO NOTHING`, room, now)
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE live_rooms SET is_live=false, live_since=NULL WHERE room_id=$1`, room); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE live_sessions SET ended_at=$2, peak_viewers=GREATEST(peak_viewers,$3)
			WHERE room_id=$1 AND ended_at IS NULL`, room, now, peakViewers); err != nil {
			return err
		}
		// The announced broadcast this stream started (anchors_reservations.go) has ended.
		_, err := tx.Exec(ctx, `UPDATE broadcast_announcements SET ended_at=$2
			WHERE room_id=$1 AND started_at IS NOT NULL AND ended_at IS NULL`, room, now)
		return err
	})
}

// NotePeakViewers raises the open session's peak viewer count.
func (s *Anchors) NotePeakViewers(ctx context.Context, room string, viewers int) error {
	_, err := s.pool.Exec(ctx, `UPDATE live_sessions SET peak_viewers=GREATEST(peak_viewers,$2)
		WHERE room_id=$1 AND ended_at IS NULL`, room, viewers)
	return err
}

// Sessions returns a room's broadcasts, newest first.
func (s *Anchors) Sessions(ctx context.Context, room string, limit, offset int) ([]LiveSessionRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, room_id, title, match_id, started_at, COALESCE(ended_at,'epoch'), peak_viewers
		FROM live_sessions WHERE room_id=$1 ORDER BY started_at DESC, id DESC LIMIT $2 OFFSET $3`, room, limit, offset)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []LiveSessionRow
	for rows.Next() {
		var r LiveSessionRow
		if err := rows.Scan(&r.ID, &r.RoomID, &r.Title, &r.MatchID, &r.StartedAt, &r.EndedAt, &r.PeakViewers); err != nil {
			return nil, err
		}
		if r.EndedAt.Equal(time.Unix(0, 0)) {
			r.EndedAt = time.Time{}
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// MatchSessions returns the finished broadcasts linked to a match, newest first.
func (s *Anchors) MatchSessions(ctx context.Context, matchID string, limit, offset int) ([]LiveSessionRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, room_id, title, match_id, started_at, ended_at, peak_viewers
		FROM live_sessions WHERE match_id=$1 AND ended_at IS NOT NULL ORDER BY started_at DESC, id DESC LIMIT $2 OFFSET $3`, matchID, limit, offset)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []LiveSessionRow
	for rows.Next() {
		var r LiveSessionRow
		if err := rows.Scan(&r.ID, &r.RoomID, &r.Title, &r.MatchID, &r.StartedAt, &r.EndedAt, &r.PeakViewers); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// List returns approved streamers for the anchor list: live rooms first, each part by followers (most
// first), then newest live first, then by user id.
func (s *Anchors) List(ctx context.Context, liveOnly bool, limit, offset int) ([]AnchorListRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT a.user_id, a.real_name, a.room_id, r.title, COALESCE(l.cover,0), l.match_id,
			l.custom_tag, l.is_live, COALESCE(l.live_since,'epoch'), COALESCE(u.username,''), COALESCE(u.avatar,''),
			(SELECT count(*) FROM follows f WHERE f.followee_id=a.user_id), l.game_id
		FROM anchors a JOIN rooms r ON r.id=a.room_id JOIN live_rooms l ON l.room_id=a.room_id LEFT JOIN users u ON u.id=a.user_id
		WHERE a.status='approved' AND (NOT $1 OR l.is_live)
		ORDER BY l.is_live DESC, 12 DESC, l.live_since DESC NULLS LAST, a.user_id LIMIT $2 OFFSET $3`, liveOnly, limit, offset)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []AnchorListRow
	for rows.Next() {
		var r AnchorListRow
		if err := rows.Scan(&r.UserID, &r.RealName, &r.RoomID, &r.Title, &r.Cover, &r.MatchID, &r.CustomTag, &r.Live, &r.LiveSince,
			&r.Username, &r.Avatar, &r.Followers, &r.GameID); err != nil {
			return nil, err
		}
		if r.LiveSince.Equal(time.Unix(0, 0)) {
			r.LiveSince = time.Time{}
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Moderators returns a room's moderators (room_moderators of 0001), oldest first.
func (s *Anchors) Moderators(ctx context.Context, room string) ([]ModeratorRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT user_id, added_by, added_at FROM room_moderators WHERE room_id=$1
		ORDER BY added_at, user_id`, room)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ModeratorRow
	for rows.Next() {
		var m ModeratorRow
		if err := rows.Scan(&m.UserID, &m.AddedBy, &m.AddedAt); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// RecordUnlock records that userID paid to unlock room until until (a later unlock extends it).
func (s *Anchors) RecordUnlock(ctx context.Context, userID int64, room string, until time.Time, price int64) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO live_unlocks (user_id, room_id, until_at, price) VALUES ($1,$2,$3,$4)
		ON CONFLICT (user_id, room_id) DO UPDATE SET until_at=GREATEST(live_unlocks.until_at, EXCLUDED.until_at),
			price=EXCLUDED.price, created_at=now()`, userID, room, until, price)
	return err
}

// Unlocked returns until when userID has room unlocked; ok is false when it never was.
func (s *Anchors) Unlocked(ctx context.Context, userID int64, room string) (time.Time, bool, error) {
	var until time.Time
	err := s.pool.QueryRow(ctx, `SELECT until_at FROM live_unlocks WHERE user_id=$1 AND room_id=$2`, userID, room).Scan(&until)
	if errors.Is(err, pgx.ErrNoRows) {
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, fmt.Errorf("postgres: unlock: %w", err)
	}
	return until, true, nil
}

// RoomAccessRow is what the media path needs of any room, streamer's or not.
type RoomAccessRow struct {
	MemberOnly, Paid bool
	Price            int64
	M3U8URL          string
}

// RoomAccess returns a room's playback rules; rooms without live-room fields are open and have no
// external source. ErrAnchorNotFound when the room does not exist.
func (s *Anchors) RoomAccess(ctx context.Context, room string) (RoomAccessRow, error) {
	var r RoomAccessRow
	err := s.pool.QueryRow(ctx, `SELECT r.member_only, COALESCE(l.paid,false), COALESCE(l.price,0), COALESCE(l.m3u8_url,'')
		FROM rooms r LEFT JOIN live_rooms l ON l.room_id=r.id WHERE r.id=$1`, room).Scan(&r.MemberOnly, &r.Paid, &r.Price, &r.M3U8URL)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, ErrAnchorNotFound
	}
	return r, err
}

// Pool is the store's pool, for callers that build other stores over the same database.
func (s *Anchors) Pool() *pgxpool.Pool { return s.pool }

// onePixelPNG stands in for the ID photos of a seeded streamer.
var onePixelPNG = []byte{
	0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
	0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0b, 0x49, 0x44, 0x41,
	0x54, 0x78, 0x9c, 0x63, 0x60, 0x00, 0x02, 0x00, 0x00, 0x05, 0x00, 0x01, 0x7a, 0x5e, 0xab, 0x3f, 0x00, 0x00, 0x00, 0x00,
	0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
}

// SeedApproved makes userID an approved streamer of room (created if missing) with live started and
// the given stream key hash, skipping the application: for demo data (`make run`) and end-to-end
// tests that push a stream. Repeated calls update the key. The birth date and ID photos are
// placeholders.
func (s *Anchors) SeedApproved(ctx context.Context, userID int64, name, room string, keyHash []byte) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO rooms (id, title, streamer_id) VALUES ($1, $2, $3)
			ON CONFLICT (id) DO UPDATE SET streamer_id=EXCLUDED.streamer_id`, room, name, protocol.UserID(userID).String()); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO live_rooms (room_id, detail_intro, broadcasting) VALUES ($1, $2, true)
			ON CONFLICT (room_id) DO UPDATE SET broadcasting=true`, room, name); err != nil {
			return err
		}
		var photo int64
		if err := tx.QueryRow(ctx, `INSERT INTO anchor_uploads (user_id, kind, content_type, width, height, data)
			VALUES ($1, 'idFront', 'image/png', 1, 1, $2) RETURNING id`, userID, onePixelPNG).Scan(&photo); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO anchors (user_id, real_name, id_number, phone, birth_date, intro, id_front, id_back,
				id_hand, status, room_id, stream_key_hash, key_rotated_at, reviewed_at)
			VALUES ($1, $2, 'seed', 'seed', '1990-01-01', $2, $3, $3, $3, 'approved', $4, $5, now(), now())
			ON CONFLICT (user_id) DO UPDATE SET status='approved', room_id=EXCLUDED.room_id,
				stream_key_hash=EXCLUDED.stream_key_hash, key_rotated_at=now()`, userID, name, photo, room, keyHash)
		return err
	})
}
