package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// NoticeRow is one notice of the message centre (migration 0590).
type NoticeRow struct {
	ID        int64
	UserID    int64
	Kind      string
	Key       string
	Args      []string
	Link      string
	CreatedAt time.Time
	ReadAt    time.Time // zero: unread
}

// Notices stores the message centre.
type Notices struct{ pool *pgxpool.Pool }

// NewNotices returns the store over pool.
func NewNotices(pool *pgxpool.Pool) *Notices { return &Notices{pool: pool} }

// Add stores n and returns its id; with a dedupe key, a second notice with the same key for the
// same user adds nothing (added is false, id is the first one's).
func (s *Notices) Add(ctx context.Context, n NoticeRow, dedupe string) (id int64, added bool, err error) {
	args, _ := json.Marshal(n.Args)
	if n.Args == nil {
		args = []byte("[]")
	}
	var dd any
	if dedupe != "" {
		dd = dedupe
	}
	err = s.pool.QueryRow(ctx, `INSERT INTO notices (user_id, kind, msg_key, args, link, dedupe, created_at)
		VALUES ($1,$2,$3,$4,$5,$6,$7) ON CONFLICT (user_id, dedupe) WHERE dedupe IS NOT NULL DO NOTHING RETURNING id`,
		n.UserID, n.Kind, n.Key, args, n.Link, dd, n.CreatedAt).Scan(&id)
	if err == nil {
		return id, true, nil
	}
	if dedupe == "" {
		return 0, false, fmt.Errorf("postgres: notice: %w", err)
	}
	if err := s.pool.QueryRow(ctx, `SELECT id FROM notices WHERE user_id=$1 AND dedupe=$2`, n.UserID, dedupe).Scan(&id); err != nil {
		return 0, false, fmt.Errorf("postgres: notice: %w", err)
	}
	return id, false, nil
}

// List returns a user's notices, newest first, older than beforeID when it is > 0; unreadOnly keeps
// the unread ones.
func (s *Notices) List(ctx context.Context, userID, beforeID int64, limit int, unreadOnly bool) ([]NoticeRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, user_id, kind, msg_key, args, link, created_at, read_at FROM notices
		WHERE user_id=$1 AND ($2 = 0 OR id < $2) AND (NOT $3 OR read_at IS NULL) ORDER BY id DESC LIMIT $4`,
		userID, beforeID, unreadOnly, limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: notices: %w", err)
	}
	defer rows.Close()
	var out []NoticeRow
	for rows.Next() {
		var n NoticeRow
		var args []byte
		var read *time.Time
		if err := rows.Scan(&n.ID, &n.UserID, &n.Kind, &n.Key, &args, &n.Link, &n.CreatedAt, &read); err != nil {
			return nil, err
		}
		_ = json.Unmarshal(args, &n.Args)
		if read != nil {
			n.ReadAt = *read
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// Unread counts a user's unread notices.
func (s *Notices) Unread(ctx context.Context, userID int64) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM notices WHERE user_id=$1 AND read_at IS NULL`, userID).Scan(&n)
	return n, err
}

// MarkRead marks a user's notices read at now: the ids given, or every one when ids is empty. It
// returns how many changed.
func (s *Notices) MarkRead(ctx context.Context, userID int64, ids []int64, now time.Time) (int64, error) {
	if ids == nil {
		ids = []int64{} // an empty array, not NULL: "every notice"
	}
	tag, err := s.pool.Exec(ctx, `UPDATE notices SET read_at=$3 WHERE user_id=$1 AND read_at IS NULL
		AND (cardinality($2::bigint[]) = 0 OR id = ANY($2))`, userID, ids, now)
	if err != nil {
		return 0, fmt.Errorf("postgres: mark notices read: %w", err)
	}
	return tag.RowsAffected(), nil
}
