package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// AdminStore holds the back office's own queries (migration 0610): the user search, the staff's
// second factor and staff sessions, the reports queue and the dashboard's counts. The staff's
// actions themselves go through each area's store.
type AdminStore struct{ pool *pgxpool.Pool }

// NewAdminStore returns the back office's store over pool.
func NewAdminStore(pool *pgxpool.Pool) *AdminStore { return &AdminStore{pool: pool} }

// ErrNoTOTP: the user has no second-factor secret.
var ErrNoTOTP = errors.New("postgres: no TOTP secret")

// SearchUsers finds accounts by id ("123" or "u123"), username, e-mail or phone (a prefix of each,
// case-insensitive), newest first, a page at a time, with the total count. An empty q lists every
// account.
func (s *AdminStore) SearchUsers(ctx context.Context, q string, now time.Time, limit, offset int) ([]UserRow, int, error) {
	q = strings.TrimSpace(q)
	where := "true"
	args := []any{now}
	if q != "" {
		like := strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(strings.ToLower(q)) + "%"
		args = append(args, like)
		where = `(lower(u.username) LIKE $2 OR u.email LIKE $2 OR u.phone LIKE $2 OR u.phone LIKE '+' || $2
			OR substr(u.phone, length(u.area_code) + 2) LIKE $2)`
		if id, err := strconv.ParseInt(strings.TrimPrefix(strings.ToLower(q), "u"), 10, 64); err == nil && id > 0 {
			args = append(args, id)
			where = "(u.id = $3 OR " + where + ")"
		}
	}
	var total int
	count := strings.Replace(where, "$1", "$1", 1)
	if err := s.pool.QueryRow(ctx, "SELECT count(*) FROM users u WHERE $1::timestamptz IS NOT NULL AND "+count, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: search users: %w", err)
	}
	args = append(args, limit, offset)
	n := len(args)
	rows, err := s.pool.Query(ctx, selectUser(where)+fmt.Sprintf(" ORDER BY u.id DESC LIMIT $%d OFFSET $%d", n-1, n), args...)
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: search users: %w", err)
	}
	defer rows.Close()
	var out []UserRow
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, u)
	}
	return out, total, rows.Err()
}

// SessionCount is how many live sessions a user has.
func (s *AdminStore) SessionCount(ctx context.Context, userID int64, now time.Time) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM sessions WHERE user_id=$1 AND revoked_at IS NULL AND expires_at > $2`,
		userID, now).Scan(&n)
	return n, err
}

// --- second factor and staff sessions ---

// TOTPRow is a staff member's second-factor secret.
type TOTPRow struct {
	Secret    []byte
	Confirmed bool
	LastStep  int64
}

// TOTP reads userID's secret (ErrNoTOTP when there is none).
func (s *AdminStore) TOTP(ctx context.Context, userID int64) (TOTPRow, error) {
	var r TOTPRow
	var confirmed *time.Time
	err := s.pool.QueryRow(ctx, `SELECT secret, confirmed_at, last_step FROM staff_totp WHERE user_id=$1`, userID).
		Scan(&r.Secret, &confirmed, &r.LastStep)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, ErrNoTOTP
	}
	r.Confirmed = confirmed != nil
	return r, err
}

// PutTOTP stores a new, unconfirmed secret for userID; it reports false (and stores nothing) when a
// confirmed secret exists: a confirmed secret is never replaced here.
func (s *AdminStore) PutTOTP(ctx context.Context, userID int64, secret []byte, now time.Time) (bool, error) {
	tag, err := s.pool.Exec(ctx, `INSERT INTO staff_totp (user_id, secret, created_at) VALUES ($1,$2,$3)
		ON CONFLICT (user_id) DO UPDATE SET secret=$2, created_at=$3, last_step=0 WHERE staff_totp.confirmed_at IS NULL`,
		userID, secret, now)
	if err != nil {
		return false, fmt.Errorf("postgres: put totp: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// UseTOTPStep records that the code of time step was accepted (confirming the secret) and reports
// false when that step or a later one was already used: a code works once.
func (s *AdminStore) UseTOTPStep(ctx context.Context, userID, step int64, now time.Time) (bool, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE staff_totp SET last_step=$2, confirmed_at=coalesce(confirmed_at, $3)
		WHERE user_id=$1 AND last_step < $2`, userID, step, now)
	if err != nil {
		return false, fmt.Errorf("postgres: use totp step: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// ResetTOTP forgets userID's secret (an administrator's action: the staff member enrols again).
func (s *AdminStore) ResetTOTP(ctx context.Context, userID int64) error {
	_, err := s.pool.Exec(ctx, `DELETE FROM staff_totp WHERE user_id=$1`, userID)
	return err
}

// PutStaffSession marks the user session of hash as a staff session until expires.
func (s *AdminStore) PutStaffSession(ctx context.Context, hash []byte, userID int64, now, expires time.Time) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO staff_sessions (token_hash, user_id, verified_at, expires_at) VALUES ($1,$2,$3,$4)
		ON CONFLICT (token_hash) DO UPDATE SET user_id=$2, verified_at=$3, expires_at=$4`, hash, userID, now, expires)
	return err
}

// StaffSession is when the staff session of hash ends for userID (zero: there is none).
func (s *AdminStore) StaffSession(ctx context.Context, hash []byte, userID int64) (time.Time, error) {
	var exp time.Time
	err := s.pool.QueryRow(ctx, `SELECT expires_at FROM staff_sessions WHERE token_hash=$1 AND user_id=$2`, hash, userID).Scan(&exp)
	if errors.Is(err, pgx.ErrNoRows) {
		return time.Time{}, nil
	}
	return exp, err
}

// EndStaffSessions ends every staff session of userID (a staff role removed, a ban).
func (s *AdminStore) EndStaffSessions(ctx context.Context, userID int64) error {
	_, err := s.pool.Exec(ctx, `DELETE FROM staff_sessions WHERE user_id=$1`, userID)
	return err
}

// --- reports ---

// ReportGroup is every report of one chat line in a state.
type ReportGroup struct {
	Room      string
	MessageID string
	Seq       int64
	Count     int
	Reasons   []string // distinct, most frequent first
	Reporters []string // user ids, first reporter first
	First     time.Time
	Last      time.Time
	Status    string
	HandledBy string
	Handled   time.Time
	Result    string
}

// ReportGroups pages through the reported lines whose reports are in status (open, actioned,
// dismissed), oldest first for open ones and newest first otherwise, with the number of lines.
func (s *AdminStore) ReportGroups(ctx context.Context, status string, limit, offset int) ([]ReportGroup, int, error) {
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(DISTINCT (room_id, message_id)) FROM reports WHERE status=$1`, status).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: report groups: %w", err)
	}
	order := "min(created_at) ASC"
	if status != "open" {
		order = "max(coalesce(handled_at, created_at)) DESC"
	}
	rows, err := s.pool.Query(ctx, `SELECT room_id, message_id, max(message_seq), count(*),
		array_agg(reason ORDER BY created_at), array_agg(reporter_id ORDER BY created_at), min(created_at), max(created_at),
		max(handled_by), coalesce(max(handled_at), 'epoch'::timestamptz), max(resolution)
		FROM reports WHERE status=$1 GROUP BY room_id, message_id ORDER BY `+order+` LIMIT $2 OFFSET $3`, status, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: report groups: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ReportGroup, error) {
		g := ReportGroup{Status: status}
		var reasons []string
		err := r.Scan(&g.Room, &g.MessageID, &g.Seq, &g.Count, &reasons, &g.Reporters, &g.First, &g.Last, &g.HandledBy, &g.Handled, &g.Result)
		if g.Handled.Unix() == 0 {
			g.Handled = time.Time{}
		}
		g.Reasons = byFrequency(reasons)
		return g, err
	})
	return out, total, err
}

// byFrequency returns the distinct values of xs, most frequent first (first seen on ties).
func byFrequency(xs []string) []string {
	count := map[string]int{}
	var order []string
	for _, x := range xs {
		if count[x] == 0 {
			order = append(order, x)
		}
		count[x]++
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && count[order[j]] > count[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order
}

// ReportsOf reads the open reports of one line as a group (found false when the line has none open).
func (s *AdminStore) ReportsOf(ctx context.Context, room, messageID string) (ReportGroup, bool, error) {
	var g ReportGroup
	var reasons []string
	err := s.pool.QueryRow(ctx, `SELECT room_id, message_id, max(message_seq), count(*),
		array_agg(reason ORDER BY created_at), array_agg(reporter_id ORDER BY created_at), min(created_at), max(created_at)
		FROM reports WHERE status='open' AND room_id=$1 AND message_id=$2 GROUP BY room_id, message_id`, room, messageID).
		Scan(&g.Room, &g.MessageID, &g.Seq, &g.Count, &reasons, &g.Reporters, &g.First, &g.Last)
	if errors.Is(err, pgx.ErrNoRows) {
		return g, false, nil
	}
	g.Status = "open"
	g.Reasons = byFrequency(reasons)
	return g, err == nil, err
}

// CloseReports closes every open report of one line with status (actioned or dismissed) and the
// resolution, and returns how many it closed.
func (s *AdminStore) CloseReports(ctx context.Context, room, messageID, status, resolution, by string, now time.Time) (int, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE reports SET status=$3, resolution=$4, handled_by=$5, handled_at=$6
		WHERE room_id=$1 AND message_id=$2 AND status='open'`, room, messageID, status, resolution, by, now)
	if err != nil {
		return 0, fmt.Errorf("postgres: close reports: %w", err)
	}
	return int(tag.RowsAffected()), nil
}

// AddReport files a report of a chat line (the demo data; the room actor files its own through
// RoomStore.Record).
func (s *AdminStore) AddReport(ctx context.Context, room, messageID string, seq int64, reporter, reason string, at time.Time) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO reports (room_id, message_id, message_seq, reporter_id, reason, created_at)
		VALUES ($1,$2,$3,$4,$5,$6) ON CONFLICT (room_id, message_id, reporter_id) DO NOTHING`, room, messageID, seq, reporter, reason, at)
	return err
}

// --- dashboard ---

// DashboardCounts are the back office's numbers since a time (the start of the day).
type DashboardCounts struct {
	Signups         int
	Recharges       int   // paid recharge orders
	RechargeFen     int64 // their total, in fen
	CoinsSpent      int64 // coins sent as gifts
	OpenReports     int   // reported lines waiting
	ReportsHour     int   // reports in the last hour
	PendingStreamer int   // streamer applications waiting
}

// ReportsPerRoom counts the reports made since since in each of rooms (the dashboard's live rooms);
// a room without reports is absent.
func (s *AdminStore) ReportsPerRoom(ctx context.Context, rooms []string, since time.Time) (map[string]int, error) {
	out := make(map[string]int, len(rooms))
	if len(rooms) == 0 {
		return out, nil
	}
	rows, err := s.pool.Query(ctx, `SELECT room_id, count(*) FROM reports WHERE room_id = ANY($1) AND created_at >= $2 GROUP BY room_id`, rooms, since)
	if err != nil {
		return nil, fmt.Errorf("postgres: reports per room: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var room string
		var n int
		if err := rows.Scan(&room, &n); err != nil {
			return nil, err
		}
		out[room] = n
	}
	return out, rows.Err()
}

// Dashboard counts what happened since since (reports of the hour: since hour).
func (s *AdminStore) Dashboard(ctx context.Context, since, hour time.Time) (DashboardCounts, error) {
	var d DashboardCounts
	err := s.pool.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM users WHERE created_at >= $1),
		(SELECT count(*) FROM payment_orders WHERE state='paid' AND paid_at >= $1),
		(SELECT coalesce(sum(cny_fen),0) FROM payment_orders WHERE state='paid' AND paid_at >= $1),
		(SELECT coalesce(sum(total),0) FROM gift_sends WHERE created_at >= $1 AND currency='COIN'),
		(SELECT count(DISTINCT (room_id, message_id)) FROM reports WHERE status='open'),
		(SELECT count(*) FROM reports WHERE created_at >= $2),
		(SELECT count(*) FROM anchors WHERE status='review')`, since, hour).
		Scan(&d.Signups, &d.Recharges, &d.RechargeFen, &d.CoinsSpent, &d.OpenReports, &d.ReportsHour, &d.PendingStreamer)
	if err != nil {
		return d, fmt.Errorf("postgres: dashboard: %w", err)
	}
	return d, nil
}
