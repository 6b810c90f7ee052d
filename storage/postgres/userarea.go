package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// TxnReward is the ledger type of task and invitation rewards (migration 1200).
const TxnReward TxnType = "reward"

// UserArea stores the user area's experience caps, tasks and invitations (migration 1200).
type UserArea struct{ pool *pgxpool.Pool }

// NewUserArea returns the store over pool.
func NewUserArea(pool *pgxpool.Pool) *UserArea { return &UserArea{pool: pool} }

// Pool is the pool the store runs on.
func (s *UserArea) Pool() *pgxpool.Pool { return s.pool }

// ErrTaskNotDone and ErrTaskClaimed are the store's refusals.
var (
	ErrTaskNotDone = errors.New("postgres: task not done in this period")
	ErrTaskClaimed = errors.New("postgres: task already claimed in this period")
)

// AwardExperience adds up to points of experience from source on day, never more than dailyCap for
// that (user, day, source), and returns what was granted and the user's total experience after it.
// Concurrent awards are serialised on the day's row, so the cap holds under any interleaving.
func (s *UserArea) AwardExperience(ctx context.Context, userID int64, day time.Time, source string, points, dailyCap int64) (granted, total int64, err error) {
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO user_exp_daily (user_id, day, source) VALUES ($1,$2,$3)
			ON CONFLICT DO NOTHING`, userID, day, source); err != nil {
			return err
		}
		var had int64
		if err := tx.QueryRow(ctx, `SELECT points FROM user_exp_daily WHERE user_id=$1 AND day=$2 AND source=$3 FOR UPDATE`,
			userID, day, source).Scan(&had); err != nil {
			return err
		}
		granted = min(points, max(dailyCap-had, 0))
		if granted > 0 {
			if _, err := tx.Exec(ctx, `UPDATE user_exp_daily SET points=points+$4 WHERE user_id=$1 AND day=$2 AND source=$3`,
				userID, day, source, granted); err != nil {
				return err
			}
		}
		return addExperienceTx(ctx, tx, userID, granted, &total)
	})
	if err != nil {
		return 0, 0, fmt.Errorf("postgres: award experience: %w", err)
	}
	return granted, total, nil
}

func addExperienceTx(ctx context.Context, tx pgx.Tx, userID, n int64, total *int64) error {
	err := tx.QueryRow(ctx, `UPDATE users SET experience=experience+$2 WHERE id=$1 RETURNING experience`, userID, n).Scan(total)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrUserNotFound
	}
	return err
}

// ExperienceToday returns what each source granted userID on day.
func (s *UserArea) ExperienceToday(ctx context.Context, userID int64, day time.Time) (map[string]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT source, points FROM user_exp_daily WHERE user_id=$1 AND day=$2`, userID, day)
	if err != nil {
		return nil, err
	}
	out := map[string]int64{}
	defer rows.Close()
	for rows.Next() {
		var src string
		var p int64
		if err := rows.Scan(&src, &p); err != nil {
			return nil, err
		}
		out[src] = p
	}
	return out, rows.Err()
}

// TaskRow is a user's task in one period.
type TaskRow struct {
	Task     string
	Period   string
	Progress int64
	Claimed  bool
}

// AddTaskProgress adds n to the progress of each task in periods (task -> period), never above its
// target (task -> target), and answers whether every one of them is at its target now.
func (s *UserArea) AddTaskProgress(ctx context.Context, userID int64, periods map[string]string, targets map[string]int64, n int64) (allDone bool, err error) {
	b := &pgx.Batch{}
	for task, period := range periods {
		b.Queue(`INSERT INTO user_tasks (user_id, task, period, progress) VALUES ($1,$2,$3,LEAST($4::bigint,$5::bigint))
			ON CONFLICT (user_id, task, period) DO UPDATE SET progress = LEAST(user_tasks.progress + $4::bigint, $5::bigint)
			RETURNING progress >= $5::bigint`,
			userID, task, period, n, targets[task])
	}
	if b.Len() == 0 {
		return true, nil
	}
	br := s.pool.SendBatch(ctx, b)
	allDone = true
	for range b.Len() {
		var done bool
		if err := br.QueryRow().Scan(&done); err != nil {
			br.Close()
			return false, fmt.Errorf("postgres: task progress: %w", err)
		}
		allDone = allDone && done
	}
	if err := br.Close(); err != nil {
		return false, fmt.Errorf("postgres: task progress: %w", err)
	}
	return allDone, nil
}

// Tasks returns userID's rows for the given (task, period) pairs; absent ones are not listed.
func (s *UserArea) Tasks(ctx context.Context, userID int64, periods map[string]string) ([]TaskRow, error) {
	var tasks, pers []string
	for t, p := range periods {
		tasks, pers = append(tasks, t), append(pers, p)
	}
	rows, err := s.pool.Query(ctx, `SELECT t.task, t.period, t.progress, t.claimed_at IS NOT NULL FROM user_tasks t
		JOIN unnest($2::text[], $3::text[]) AS q(task, period) ON q.task = t.task AND q.period = t.period
		WHERE t.user_id=$1`, userID, tasks, pers)
	if err != nil {
		return nil, fmt.Errorf("postgres: tasks: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (TaskRow, error) {
		var t TaskRow
		return t, r.Scan(&t.Task, &t.Period, &t.Progress, &t.Claimed)
	})
}

// CountFollowsSince and CountBookingsSince count what userID did since from (the follow and book
// tasks read them from their own tables, so no other area has to report them).
func (s *UserArea) CountFollowsSince(ctx context.Context, userID int64, from time.Time) (int64, error) {
	var n int64
	// A streamer: the role, or a room they host (streamers seeded for the demo have only the room).
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM follows f WHERE f.follower_id=$1 AND f.created_at >= $2
		AND (EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = f.followee_id AND r.role='streamer')
		  OR EXISTS (SELECT 1 FROM rooms m WHERE m.streamer_id = 'u' || f.followee_id))`, userID, from).Scan(&n)
	return n, err
}

// CountBookingsSince counts the matches userID (wire form "u<id>") booked since from.
func (s *UserArea) CountBookingsSince(ctx context.Context, user string, from time.Time) (int64, error) {
	var n int64
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM sport_reservations WHERE user_id=$1 AND status='booked' AND created_at >= $2`,
		user, from).Scan(&n)
	return n, err
}

// TaskClaim is one claim of a task reward in a period.
type TaskClaim struct {
	UserID   int64
	Task     string
	Period   string
	Target   int64
	Progress int64 // progress known outside the row (follow and book tasks); 0: the row's own
	Coins    int64 // coins from the promotions account
	Exp      int64 // experience
	At       time.Time
}

// TaskKey is the ledger idempotency key of a task reward.
func TaskKey(userID int64, task, period string) string {
	return fmt.Sprintf("task:%d:%s:%s", userID, task, period)
}

// ClaimTask grants a task's reward once: under the lock of the (user, task, period) row it checks the
// progress and that nothing was claimed, posts the coins through the ledger (key TaskKey) and adds
// the experience, in one transaction. A second claim, concurrent or not, gets ErrTaskClaimed.
func (s *UserArea) ClaimTask(ctx context.Context, c TaskClaim) (total int64, err error) {
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO user_tasks (user_id, task, period, progress) VALUES ($1,$2,$3,LEAST($4::bigint,$5::bigint))
			ON CONFLICT (user_id, task, period) DO UPDATE SET progress = GREATEST(user_tasks.progress, LEAST($4::bigint,$5::bigint))`,
			c.UserID, c.Task, c.Period, c.Progress, c.Target); err != nil {
			return err
		}
		var progress int64
		var claimed bool
		if err := tx.QueryRow(ctx, `SELECT progress, claimed_at IS NOT NULL FROM user_tasks WHERE user_id=$1 AND task=$2 AND period=$3 FOR UPDATE`,
			c.UserID, c.Task, c.Period).Scan(&progress, &claimed); err != nil {
			return err
		}
		if claimed {
			return ErrTaskClaimed
		}
		if progress < c.Target {
			return ErrTaskNotDone
		}
		var txn any
		if c.Coins > 0 {
			p, err := PostTx(ctx, tx, Posting{Key: TaskKey(c.UserID, c.Task, c.Period), Type: TxnReward, Reference: "task/" + c.Task,
				UserID: c.UserID, At: c.At, Entries: []Entry{
					{SystemAccount(KindPromotions, Coin), -c.Coins},
					{UserWallet(c.UserID, Coin), c.Coins},
				}})
			if err != nil {
				return err
			}
			if p.Replayed {
				return ErrTaskClaimed
			}
			txn = p.TxnID
		}
		if _, err := tx.Exec(ctx, `UPDATE user_tasks SET claimed_at=$4, txn_id=$5 WHERE user_id=$1 AND task=$2 AND period=$3`,
			c.UserID, c.Task, c.Period, c.At, txn); err != nil {
			return err
		}
		return addExperienceTx(ctx, tx, c.UserID, c.Exp, &total)
	})
	if err != nil && !errors.Is(err, ErrTaskClaimed) && !errors.Is(err, ErrTaskNotDone) {
		err = fmt.Errorf("postgres: claim task: %w", err)
	}
	return total, err
}

// SentGiftRow is one gift a user sent.
type SentGiftRow struct {
	TxnID      int64
	Room       string
	StreamerID int64
	Streamer   string // the streamer's username ('' when none)
	GiftID     int
	GiftName   string
	Icon       string
	Count      int
	Currency   string
	Total      int64
	At         time.Time
}

// SentGifts lists the gifts userID sent, newest first, older than beforeTxn when > 0.
func (s *UserArea) SentGifts(ctx context.Context, userID, beforeTxn int64, limit int) ([]SentGiftRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT gs.txn_id, gs.room_id, gs.streamer_id, coalesce(u.username,''), gs.gift_id, g.name, g.icon,
		gs.count, gs.currency, gs.total, gs.created_at
		FROM gift_sends gs JOIN gifts g ON g.id = gs.gift_id LEFT JOIN users u ON u.id = gs.streamer_id
		WHERE gs.sender_id=$1 AND ($2 = 0 OR gs.txn_id < $2) ORDER BY gs.txn_id DESC LIMIT $3`, userID, beforeTxn, limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: sent gifts: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (SentGiftRow, error) {
		var g SentGiftRow
		return g, r.Scan(&g.TxnID, &g.Room, &g.StreamerID, &g.Streamer, &g.GiftID, &g.GiftName, &g.Icon, &g.Count, &g.Currency, &g.Total, &g.At)
	})
}

// GiftTotalRow is what a user gave one streamer in all.
type GiftTotalRow struct {
	StreamerID int64
	Streamer   string
	Currency   string
	Total      int64
	Gifts      int64
	Last       time.Time
}

// SentGiftTotals sums the gifts userID sent per streamer and currency, the largest first.
func (s *UserArea) SentGiftTotals(ctx context.Context, userID int64) ([]GiftTotalRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT gs.streamer_id, coalesce(min(u.username),''), gs.currency, sum(gs.total), sum(gs.count), max(gs.created_at)
		FROM gift_sends gs LEFT JOIN users u ON u.id = gs.streamer_id WHERE gs.sender_id=$1
		GROUP BY gs.streamer_id, gs.currency ORDER BY sum(gs.total) DESC LIMIT 100`, userID)
	if err != nil {
		return nil, fmt.Errorf("postgres: gift totals: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (GiftTotalRow, error) {
		var g GiftTotalRow
		return g, r.Scan(&g.StreamerID, &g.Streamer, &g.Currency, &g.Total, &g.Gifts, &g.Last)
	})
}

// Invitation is one invitation record.
type Invitation struct {
	InviteeID  int64
	InviterID  int64
	Invitee    string // the invitee's username
	IP, Device string
	At         time.Time
	Rewarded   bool
	Refused    string
}

// InviteCheck is what RecordInvitation needs to decide on the reward.
type InviteCheck struct {
	InviteeID, InviterID int64
	IP, Device           string
	At, DayStart         time.Time
	DailyLimit           int64 // rewarded invitations per inviter per day
	Coins                int64
}

// RecordInvitation records that InviteeID was invited by InviterID, once per invitee, and rewards
// the inviter through the ledger (key invite:<invitee>) unless the inviter reached the daily limit
// or another invitation of the inviter came from the same IP or device. It returns the record.
// Invitations of one inviter are serialised on the inviter's user row.
func (s *UserArea) RecordInvitation(ctx context.Context, c InviteCheck) (inv Invitation, added bool, err error) {
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT 1 FROM users WHERE id=$1 FOR UPDATE`, c.InviterID); err != nil {
			return err
		}
		var existing int64
		err := tx.QueryRow(ctx, `SELECT inviter_id FROM user_invitations WHERE invitee_id=$1`, c.InviteeID).Scan(&existing)
		if err == nil {
			return nil // already invited: nothing changes
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		refused := ""
		var today, same int64
		if err := tx.QueryRow(ctx, `SELECT count(*) FILTER (WHERE rewarded_at >= $2),
			count(*) FILTER (WHERE ($3 <> '' AND ip = $3) OR ($4 <> '' AND device = $4))
			FROM user_invitations WHERE inviter_id=$1`, c.InviterID, c.DayStart, c.IP, c.Device).Scan(&today, &same); err != nil {
			return err
		}
		switch {
		case same > 0:
			refused = "same_source"
		case today >= c.DailyLimit:
			refused = "daily_limit"
		}
		var rewarded any
		if refused == "" {
			rewarded = c.At
		}
		if _, err := tx.Exec(ctx, `INSERT INTO user_invitations (invitee_id, inviter_id, ip, device, created_at, rewarded_at, refused)
			VALUES ($1,$2,$3,$4,$5,$6,$7)`, c.InviteeID, c.InviterID, c.IP, c.Device, c.At, rewarded, refused); err != nil {
			return err
		}
		if refused == "" && c.Coins > 0 {
			if _, err := PostTx(ctx, tx, Posting{Key: fmt.Sprintf("invite:%d", c.InviteeID), Type: TxnReward, Reference: "invite",
				UserID: c.InviterID, At: c.At, Entries: []Entry{
					{SystemAccount(KindPromotions, Coin), -c.Coins},
					{UserWallet(c.InviterID, Coin), c.Coins},
				}}); err != nil {
				return err
			}
		}
		added = true
		inv = Invitation{InviteeID: c.InviteeID, InviterID: c.InviterID, IP: c.IP, Device: c.Device, At: c.At, Rewarded: refused == "", Refused: refused}
		return nil
	})
	if err != nil {
		return Invitation{}, false, fmt.Errorf("postgres: invitation: %w", err)
	}
	return inv, added, nil
}

// Invitations lists the invitations of inviterID, newest first.
func (s *UserArea) Invitations(ctx context.Context, inviterID int64, limit int) ([]Invitation, error) {
	rows, err := s.pool.Query(ctx, `SELECT i.invitee_id, i.inviter_id, coalesce(u.username,''), i.created_at, i.rewarded_at IS NOT NULL, i.refused
		FROM user_invitations i JOIN users u ON u.id = i.invitee_id WHERE i.inviter_id=$1 ORDER BY i.created_at DESC LIMIT $2`, inviterID, limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: invitations: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Invitation, error) {
		var i Invitation
		return i, r.Scan(&i.InviteeID, &i.InviterID, &i.Invitee, &i.At, &i.Rewarded, &i.Refused)
	})
}

// RoomFollowers returns the streamer of room (their username) and up to limit users following them.
func (s *UserArea) RoomFollowers(ctx context.Context, room string, limit int) (streamer string, followers []int64, err error) {
	var sid string
	if err := s.pool.QueryRow(ctx, `SELECT r.streamer_id, coalesce(u.username, '') FROM rooms r
		LEFT JOIN users u ON 'u' || u.id = r.streamer_id WHERE r.id=$1`, room).Scan(&sid, &streamer); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return "", nil, nil
		}
		return "", nil, fmt.Errorf("postgres: room streamer: %w", err)
	}
	rows, err := s.pool.Query(ctx, `SELECT follower_id FROM follows WHERE 'u' || followee_id = $1 ORDER BY created_at LIMIT $2`, sid, limit)
	if err != nil {
		return "", nil, fmt.Errorf("postgres: room followers: %w", err)
	}
	followers, err = pgx.CollectRows(rows, pgx.RowTo[int64])
	return streamer, followers, err
}
