package postgres

// The comments store (migration 0800, rules in api/comments). A like is one row of comment_likes
// (its primary key makes a second like of the same user a no-op) and the comment's likes counter
// moves in the same transaction only when that row was inserted or deleted. A reply bumps its
// parent's replies counter in the insert's transaction.

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrCommentNotFound: no such comment.
var ErrCommentNotFound = errors.New("postgres: comment not found")

// Comment is one row of comments, with its author's name and avatar.
type Comment struct {
	ID        int64
	Kind      string
	Target    string
	ParentID  int64 // 0: top level
	UserID    int64
	UserName  string
	Avatar    string
	Text      string
	Likes     int
	Replies   int
	Deleted   bool
	DeletedBy int64
	Created   time.Time
	Liked     bool // by the viewer of the list
}

// CommentReport is one comment with its open reports grouped.
type CommentReport struct {
	Comment Comment
	Count   int
	Reasons []string
	First   time.Time
	Status  string
}

// CommentStore reads and writes comments.
type CommentStore struct{ pool *pgxpool.Pool }

// NewCommentStore returns the comment store on pool.
func NewCommentStore(pool *pgxpool.Pool) *CommentStore { return &CommentStore{pool: pool} }

const commentCols = `c.id, c.kind, c.target_id, coalesce(c.parent_id, 0), c.user_id, coalesce(u.username, ''), coalesce(u.avatar, ''),
	c.text, c.likes, c.replies, c.deleted_at IS NOT NULL, coalesce(c.deleted_by, 0), c.created_at`

const commentFrom = ` FROM comments c LEFT JOIN users u ON u.id = c.user_id `

func scanComment(row pgx.Row, extra ...any) (Comment, error) {
	var c Comment
	err := row.Scan(append([]any{&c.ID, &c.Kind, &c.Target, &c.ParentID, &c.UserID, &c.UserName, &c.Avatar, &c.Text, &c.Likes,
		&c.Replies, &c.Deleted, &c.DeletedBy, &c.Created}, extra...)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return c, ErrCommentNotFound
	}
	return c, err
}

// AddComment inserts c at now (bumping its parent's replies) and returns it as stored.
func (s *CommentStore) AddComment(ctx context.Context, c Comment, now time.Time) (Comment, error) {
	var id int64
	err := InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var parent any
		if c.ParentID != 0 {
			parent = c.ParentID
			if _, err := tx.Exec(ctx, `UPDATE comments SET replies = replies + 1 WHERE id=$1`, c.ParentID); err != nil {
				return err
			}
		}
		return tx.QueryRow(ctx, `INSERT INTO comments (kind, target_id, parent_id, user_id, text, created_at) VALUES ($1,$2,$3,$4,$5,$6)
			RETURNING id`, c.Kind, c.Target, parent, c.UserID, c.Text, now).Scan(&id)
	})
	if err != nil {
		return Comment{}, err
	}
	return s.Comment(ctx, id)
}

// Comment reads one comment.
func (s *CommentStore) Comment(ctx context.Context, id int64) (Comment, error) {
	return scanComment(s.pool.QueryRow(ctx, `SELECT `+commentCols+commentFrom+`WHERE c.id=$1`, id))
}

// CommentQuery selects a page of comments: the top-level comments of (Kind, Target), or the replies
// of Parent, or a user's comments (User). Top orders by likes; else newest first (replies oldest
// first). Viewer marks the comments that user liked.
type CommentQuery struct {
	Kind, Target string
	Parent       int64
	User         int64
	Top          bool
	Viewer       int64
	Limit        int
	Offset       int
}

// Comments lists a page by q with the total.
func (s *CommentStore) Comments(ctx context.Context, q CommentQuery) ([]Comment, int, error) {
	var cond string
	var args []any
	order := " ORDER BY c.created_at DESC, c.id DESC"
	switch {
	case q.Parent != 0:
		cond, args = "c.parent_id = $1", []any{q.Parent}
		order = " ORDER BY c.created_at, c.id"
	case q.User != 0:
		cond, args = "c.user_id = $1 AND c.deleted_at IS NULL", []any{q.User}
	default:
		cond, args = "c.kind = $1 AND c.target_id = $2 AND c.parent_id IS NULL", []any{q.Kind, q.Target}
	}
	if q.Top && q.Parent == 0 {
		order = " ORDER BY c.likes DESC, c.replies DESC, c.created_at DESC, c.id DESC"
	}
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM comments c WHERE `+cond, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	limit := q.Limit
	if limit <= 0 {
		limit = 20
	}
	args = append(args, q.Viewer)
	liked := fmt.Sprintf(", EXISTS(SELECT 1 FROM comment_likes l WHERE l.comment_id = c.id AND l.user_id = $%d)", len(args))
	rows, err := s.pool.Query(ctx, `SELECT `+commentCols+liked+commentFrom+`WHERE `+cond+order+
		fmt.Sprintf(" LIMIT %d OFFSET %d", limit, max(q.Offset, 0)), args...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []Comment{}
	for rows.Next() {
		var c Comment
		var isLiked bool
		c, err := scanComment(rows, &isLiked)
		if err != nil {
			return nil, 0, err
		}
		c.Liked = isLiked
		out = append(out, c)
	}
	return out, total, rows.Err()
}

// Like adds (on) or removes user's like of comment id; it reports whether anything changed and
// the comment's likes after.
func (s *CommentStore) Like(ctx context.Context, id, user int64, on bool, now time.Time) (changed bool, likes int, err error) {
	err = InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var tag interface{ RowsAffected() int64 }
		var err error
		delta := 1
		if on {
			tag, err = tx.Exec(ctx, `INSERT INTO comment_likes (comment_id, user_id, created_at) VALUES ($1,$2,$3) ON CONFLICT DO NOTHING`, id, user, now)
		} else {
			delta = -1
			tag, err = tx.Exec(ctx, `DELETE FROM comment_likes WHERE comment_id=$1 AND user_id=$2`, id, user)
		}
		if err != nil {
			return err
		}
		changed = tag.RowsAffected() == 1
		if !changed {
			return tx.QueryRow(ctx, `SELECT likes FROM comments WHERE id=$1`, id).Scan(&likes)
		}
		return tx.QueryRow(ctx, `UPDATE comments SET likes = greatest(likes + $2, 0) WHERE id=$1 RETURNING likes`, id, delta).Scan(&likes)
	})
	return changed, likes, err
}

// Delete marks comment id deleted by staff (or its author) at now and closes its open reports as
// actioned; it reports whether the comment was still there.
func (s *CommentStore) Delete(ctx context.Context, id, by int64, now time.Time) (bool, error) {
	var done bool
	err := InTx(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE comments SET deleted_at=$2, deleted_by=$3 WHERE id=$1 AND deleted_at IS NULL`, id, now, by)
		if err != nil {
			return err
		}
		done = tag.RowsAffected() == 1
		_, err = tx.Exec(ctx, `UPDATE comment_reports SET status='actioned', handled_by=$2, handled_at=$3 WHERE comment_id=$1 AND status='open'`, id, by, now)
		return err
	})
	return done, err
}

// Report records user's report of comment id; a second report of one user is a no-op (false).
func (s *CommentStore) Report(ctx context.Context, id, user int64, reason string, now time.Time) (bool, error) {
	tag, err := s.pool.Exec(ctx, `INSERT INTO comment_reports (comment_id, reporter_id, reason, created_at) VALUES ($1,$2,$3,$4)
		ON CONFLICT (comment_id, reporter_id) DO NOTHING`, id, user, reason, now)
	return tag.RowsAffected() == 1, err
}

// Dismiss closes the open reports of comment id as dismissed.
func (s *CommentStore) Dismiss(ctx context.Context, id, by int64, now time.Time) (int64, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE comment_reports SET status='dismissed', handled_by=$2, handled_at=$3 WHERE comment_id=$1 AND status='open'`, id, by, now)
	return tag.RowsAffected(), err
}

// Reports lists reported comments whose reports are in status, the oldest waiting first.
func (s *CommentStore) Reports(ctx context.Context, status string, limit, offset int) ([]CommentReport, int, error) {
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(DISTINCT comment_id) FROM comment_reports WHERE status=$1`, status).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.pool.Query(ctx, `SELECT `+commentCols+`, r.n, r.reasons, r.first FROM (SELECT comment_id, count(*) AS n,
		array_agg(reason ORDER BY created_at) AS reasons, min(created_at) AS first FROM comment_reports WHERE status=$1 GROUP BY comment_id) r
		JOIN comments c ON c.id = r.comment_id LEFT JOIN users u ON u.id = c.user_id ORDER BY r.first, c.id LIMIT $2 OFFSET $3`,
		status, max(limit, 1), max(offset, 0))
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []CommentReport{}
	for rows.Next() {
		r := CommentReport{Status: status}
		c, err := scanComment(rows, &r.Count, &r.Reasons, &r.First)
		if err != nil {
			return nil, 0, err
		}
		r.Comment = c
		out = append(out, r)
	}
	return out, total, rows.Err()
}
