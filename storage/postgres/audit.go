package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// AuditEntry is one row of the audit log (migration 0600): a staff action.
type AuditEntry struct {
	ID         int64
	At         time.Time
	ActorID    int64
	ActorName  string
	Action     string
	TargetKind string
	TargetID   string
	Before     json.RawMessage // nil: none
	After      json.RawMessage
	Reason     string
	IP         string
}

// AuditFilter narrows a read of the log; zero fields do not filter.
type AuditFilter struct {
	ActorID    int64
	Action     string // exact, or a prefix ending in "." (user. = every action on users)
	TargetKind string
	TargetID   string
	From, To   time.Time
	// BeforeID pages backwards: entries older than this id (0: from the newest).
	BeforeID int64
	Limit    int
}

// AuditLog stores the audit log. It only appends and reads: the table refuses updates and deletes.
type AuditLog struct{ pool *pgxpool.Pool }

// NewAuditLog returns the log over pool.
func NewAuditLog(pool *pgxpool.Pool) *AuditLog { return &AuditLog{pool: pool} }

// Append writes e and returns its id.
func (a *AuditLog) Append(ctx context.Context, e AuditEntry) (int64, error) {
	var id int64
	err := a.pool.QueryRow(ctx, `INSERT INTO audit_log (at, actor_id, actor_name, action, target_kind, target_id,
		before, after, reason, ip) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) RETURNING id`,
		e.At, e.ActorID, e.ActorName, e.Action, e.TargetKind, e.TargetID, nullJSON(e.Before), nullJSON(e.After),
		e.Reason, e.IP).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("postgres: audit append: %w", err)
	}
	return id, nil
}

// List reads entries matching f, newest first.
func (a *AuditLog) List(ctx context.Context, f AuditFilter) ([]AuditEntry, error) {
	var where []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	if f.ActorID != 0 {
		where = append(where, "actor_id = "+arg(f.ActorID))
	}
	if f.Action != "" {
		if strings.HasSuffix(f.Action, ".") {
			where = append(where, "action LIKE "+arg(strings.NewReplacer("%", `\%`, "_", `\_`).Replace(f.Action)+"%"))
		} else {
			where = append(where, "action = "+arg(f.Action))
		}
	}
	if f.TargetKind != "" {
		where = append(where, "target_kind = "+arg(f.TargetKind))
	}
	if f.TargetID != "" {
		where = append(where, "target_id = "+arg(f.TargetID))
	}
	if !f.From.IsZero() {
		where = append(where, "at >= "+arg(f.From))
	}
	if !f.To.IsZero() {
		where = append(where, "at < "+arg(f.To))
	}
	if f.BeforeID > 0 {
		where = append(where, "id < "+arg(f.BeforeID))
	}
	limit := f.Limit
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	q := `SELECT id, at, actor_id, actor_name, action, target_kind, target_id, before, after, reason, ip FROM audit_log`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY id DESC LIMIT " + arg(limit)
	rows, err := a.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("postgres: audit list: %w", err)
	}
	defer rows.Close()
	var out []AuditEntry
	for rows.Next() {
		var e AuditEntry
		var before, after []byte
		if err := rows.Scan(&e.ID, &e.At, &e.ActorID, &e.ActorName, &e.Action, &e.TargetKind, &e.TargetID,
			&before, &after, &e.Reason, &e.IP); err != nil {
			return nil, err
		}
		e.Before, e.After = before, after
		out = append(out, e)
	}
	return out, rows.Err()
}

func nullJSON(b json.RawMessage) any {
	if len(b) == 0 {
		return nil
	}
	return []byte(b)
}
