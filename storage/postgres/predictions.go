package postgres

// In-room predictions and channel points (migration 1300; the rules are in api/predictions).
//
// Exactly once, on any node, across restarts: a prediction moves open → locked → resolved or
// cancelled only under its row lock (SELECT ... FOR UPDATE), and the payouts or refunds are posted in
// the same transaction, each with an idempotency key (payout:<prediction>:<user>,
// refund:<prediction>:<user>). A second node, a redelivered result or a restart between two steps
// finds the prediction settled and moves nothing. An entry holds the prediction's row in share mode,
// so no entry can slip in after a lock commits. Balances can never go negative (a CHECK, and the
// stake is taken by a conditional UPDATE).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Prediction states.
const (
	PredictionOpen      = "open"
	PredictionLocked    = "locked"
	PredictionResolved  = "resolved"
	PredictionCancelled = "cancelled"
)

// The predictions store's refusals.
var (
	ErrPredictionNotFound = errors.New("postgres: no such prediction")
	ErrPredictionActive   = errors.New("postgres: the room already has an open prediction")
	ErrPredictionClosed   = errors.New("postgres: the prediction no longer takes entries")
	ErrPredictionSettled  = errors.New("postgres: the prediction is already resolved or cancelled")
	ErrPointsShort        = errors.New("postgres: not enough channel points")
	ErrOtherOutcome       = errors.New("postgres: the user already entered on another outcome")
)

// PredictionRow is one prediction.
type PredictionRow struct {
	ID         int64
	RoomID     string
	StreamerID int64
	MatchID    string
	HomeName   string // the linked match's teams, for match markets
	AwayName   string
	Market     string
	Line       float64
	Question   string
	Outcomes   []string
	State      string
	LockAt     time.Time // zero: no time lock
	LockOn     string
	BaseSeq    int64
	BaseHome   int
	BaseAway   int
	Winner     int
	Reason     string
	CreatedBy  int64
	CreatedAt  time.Time
	LockedAt   time.Time
	SettledAt  time.Time
}

// OutcomeTotal is what was staked on one outcome.
type OutcomeTotal struct {
	Entries int
	Points  int64
}

// Totals returns, per outcome index, the entries and points staked on a prediction.
func (s *Predictions) Totals(ctx context.Context, id int64, outcomes int) ([]OutcomeTotal, error) {
	out := make([]OutcomeTotal, outcomes)
	rows, err := s.pool.Query(ctx, `SELECT outcome, count(*), sum(stake) FROM prediction_entries WHERE prediction_id = $1 GROUP BY outcome`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var o int
		var t OutcomeTotal
		if err := rows.Scan(&o, &t.Entries, &t.Points); err != nil {
			return nil, err
		}
		if o >= 0 && o < outcomes {
			out[o] = t
		}
	}
	return out, rows.Err()
}

// Entry returns the user's entry on a prediction (ok false: none).
func (s *Predictions) Entry(ctx context.Context, id, user int64) (PredictionEntry, bool, error) {
	var e PredictionEntry
	err := s.pool.QueryRow(ctx, `SELECT user_id, outcome, stake, payout, entered_at FROM prediction_entries WHERE prediction_id = $1 AND user_id = $2`,
		id, user).Scan(&e.UserID, &e.Outcome, &e.Stake, &e.Payout, &e.EnteredAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return e, false, nil
	}
	return e, err == nil, err
}

// PredictionEntry is one user's entry.
type PredictionEntry struct {
	UserID    int64
	Name      string
	Outcome   int
	Stake     int64
	Payout    int64
	EnteredAt time.Time
}

// Predictions stores predictions, their entries and channel points. Safe for concurrent use.
type Predictions struct{ pool *pgxpool.Pool }

// NewPredictions returns the store over pool.
func NewPredictions(pool *pgxpool.Pool) *Predictions { return &Predictions{pool: pool} }

const predCols = `id, room_id, streamer_id, match_id, home_name, away_name, market, line, question, outcomes, state,
	coalesce(lock_at, 'epoch'), lock_on, base_seq, base_home, base_away, winner, reason, created_by, created_at,
	coalesce(locked_at, 'epoch'), coalesce(settled_at, 'epoch')`

func zeroEpoch(t time.Time) time.Time {
	if t.Unix() == 0 {
		return time.Time{}
	}
	return t
}

func scanPrediction(r pgx.Row) (PredictionRow, error) {
	var p PredictionRow
	var outcomes []byte
	err := r.Scan(&p.ID, &p.RoomID, &p.StreamerID, &p.MatchID, &p.HomeName, &p.AwayName, &p.Market, &p.Line, &p.Question, &outcomes, &p.State,
		&p.LockAt, &p.LockOn, &p.BaseSeq, &p.BaseHome, &p.BaseAway, &p.Winner, &p.Reason, &p.CreatedBy, &p.CreatedAt,
		&p.LockedAt, &p.SettledAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return p, ErrPredictionNotFound
	}
	if err != nil {
		return p, err
	}
	p.LockAt, p.LockedAt, p.SettledAt = zeroEpoch(p.LockAt), zeroEpoch(p.LockedAt), zeroEpoch(p.SettledAt)
	err = json.Unmarshal(outcomes, &p.Outcomes)
	return p, err
}

// RoomInfo is what predictions need to know of a room and a user in it.
type RoomInfo struct {
	StreamerID int64 // 0: the room has no streamer
	MatchID    string
	Streamer   bool // the user is the room's streamer
	Moderator  bool // the user moderates the room
}

// RoomInfo returns the room's streamer and linked match, and the user's role there.
func (s *Predictions) RoomInfo(ctx context.Context, room string, user int64) (RoomInfo, bool, error) {
	var info RoomInfo
	var streamer string
	uid := "u" + strconv.FormatInt(user, 10)
	err := s.pool.QueryRow(ctx, `SELECT coalesce(r.streamer_id, ''), coalesce(l.match_id, ''),
		EXISTS (SELECT 1 FROM room_moderators m WHERE m.room_id = r.id AND m.user_id = $2)
		FROM rooms r LEFT JOIN live_rooms l ON l.room_id = r.id WHERE r.id = $1`, room, uid).Scan(&streamer, &info.MatchID, &info.Moderator)
	if errors.Is(err, pgx.ErrNoRows) {
		return info, false, nil
	}
	if err != nil {
		return info, false, err
	}
	if len(streamer) > 1 && streamer[0] == 'u' {
		info.StreamerID, _ = strconv.ParseInt(streamer[1:], 10, 64)
	}
	info.Streamer = info.StreamerID != 0 && info.StreamerID == user
	return info, true, nil
}

// ensurePoints creates the user's points row with the welcome allowance on a first visit.
func ensurePoints(ctx context.Context, tx pgx.Tx, user, streamer, welcome int64, at time.Time) error {
	tag, err := tx.Exec(ctx, `INSERT INTO channel_points (user_id, streamer_id, balance) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
		user, streamer, welcome)
	if err != nil || tag.RowsAffected() == 0 || welcome == 0 {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO channel_point_moves (user_id, streamer_id, delta, balance_after, kind, key, at)
		VALUES ($1, $2, $3, $3, 'welcome', $4, $5)`, user, streamer, welcome, fmt.Sprintf("welcome:%d:%d", user, streamer), at)
	return err
}

// move changes a balance by delta and records it; ErrPointsShort when it would go negative. A
// non-empty key already used makes it a no-op (applied false).
func move(ctx context.Context, tx pgx.Tx, user, streamer, delta int64, kind, ref, key string, at time.Time) (balance int64, applied bool, err error) {
	if key != "" {
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM channel_point_moves WHERE key = $1`, key).Scan(&n); err != nil {
			return 0, false, err
		}
		if n > 0 {
			err := tx.QueryRow(ctx, `SELECT balance FROM channel_points WHERE user_id = $1 AND streamer_id = $2`, user, streamer).Scan(&balance)
			return balance, false, err
		}
	}
	err = tx.QueryRow(ctx, `UPDATE channel_points SET balance = balance + $3 WHERE user_id = $1 AND streamer_id = $2 AND balance + $3 >= 0
		RETURNING balance`, user, streamer, delta).Scan(&balance)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, ErrPointsShort
	}
	if err != nil {
		return 0, false, err
	}
	var k any
	if key != "" {
		k = key
	}
	_, err = tx.Exec(ctx, `INSERT INTO channel_point_moves (user_id, streamer_id, delta, balance_after, kind, ref, key, at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, user, streamer, delta, balance, kind, ref, k, at)
	return balance, err == nil, err
}

// Points returns the user's balance with a streamer, creating it with the welcome allowance on a
// first visit.
func (s *Predictions) Points(ctx context.Context, user, streamer, welcome int64, at time.Time) (int64, error) {
	var bal int64
	err := InTx(ctx, s.pool, func(tx pgx.Tx) error {
		if err := ensurePoints(ctx, tx, user, streamer, welcome, at); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT balance FROM channel_points WHERE user_id = $1 AND streamer_id = $2`, user, streamer).Scan(&bal)
	})
	return bal, err
}

// Earning is activity points to credit: Amount points of Kind (watch, chat) to User in
// Streamer's room, at most DailyCap points of that kind per user, streamer and day (0: no cap).
// Granted is what EarnPoints credited.
type Earning struct {
	User, Streamer   int64
	Kind             string
	Amount, DailyCap int64
	Granted          int64
}

// EarnPoints credits a batch of activity in one transaction of three statements whatever its size
// (the chat lines of a hot room arrive by the hundred a second): the first visit's welcome
// allowance where a balance is new, a row lock on every balance (in key order: two batches never
// deadlock), then each earning within its daily cap, counted from dayStart. Earnings of the same
// user, streamer and kind are added up first; what it returns is one per user, streamer and kind
// (a user's earnings in their own room left out), with Granted set.
func (s *Predictions) EarnPoints(ctx context.Context, earnings []Earning, welcome int64, dayStart, at time.Time) ([]Earning, error) {
	type key struct {
		user, streamer int64
		kind           string
	}
	index := map[key]int{}
	var out []Earning
	for _, e := range earnings {
		if e.Amount <= 0 || e.User == e.Streamer {
			continue
		}
		k := key{e.User, e.Streamer, e.Kind}
		if i, ok := index[k]; ok {
			out[i].Amount += e.Amount
			out[i].DailyCap = max(out[i].DailyCap, e.DailyCap)
			continue
		}
		index[k] = len(out)
		e.Granted = 0
		out = append(out, e)
	}
	if len(out) == 0 {
		return out, nil
	}
	n := len(out)
	users, streamers, kinds := make([]int64, n), make([]int64, n), make([]string, n)
	amounts, caps := make([]int64, n), make([]int64, n)
	for i, e := range out {
		users[i], streamers[i], kinds[i], amounts[i], caps[i] = e.User, e.Streamer, e.Kind, e.Amount, e.DailyCap
	}
	err := InTx(ctx, s.pool, func(tx pgx.Tx) error {
		for i := range out {
			out[i].Granted = 0
		}
		// The welcome allowance of every new balance (ensurePoints, for many).
		if _, err := tx.Exec(ctx, `WITH fresh AS (
				INSERT INTO channel_points (user_id, streamer_id, balance)
				SELECT DISTINCT u, s, $3::bigint FROM unnest($1::bigint[], $2::bigint[]) AS r(u, s) ORDER BY u, s
				ON CONFLICT DO NOTHING RETURNING user_id, streamer_id)
			INSERT INTO channel_point_moves (user_id, streamer_id, delta, balance_after, kind, key, at)
			SELECT user_id, streamer_id, $3, $3, 'welcome', 'welcome:' || user_id || ':' || streamer_id, $4 FROM fresh
			WHERE $3 > 0 ORDER BY user_id, streamer_id`, users, streamers, welcome, at); err != nil {
			return err
		}
		// Lock first, count after: the caps' sums below are read once no other writer of these
		// balances is in between.
		if _, err := tx.Exec(ctx, `SELECT 1 FROM channel_points WHERE (user_id, streamer_id) IN
			(SELECT * FROM unnest($1::bigint[], $2::bigint[])) ORDER BY user_id, streamer_id FOR UPDATE`, users, streamers); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `WITH req AS (
				SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::bigint[], $5::bigint[]) WITH ORDINALITY AS r(u, s, kind, amount, cap, n)),
			grant_ AS (
				SELECT r.n, r.u, r.s, r.kind, CASE WHEN r.cap > 0 THEN least(r.amount, r.cap - (SELECT coalesce(sum(m.delta), 0)
					FROM channel_point_moves m WHERE m.user_id = r.u AND m.streamer_id = r.s AND m.kind = r.kind AND m.at >= $6))
					ELSE r.amount END AS g
				FROM req r),
			pos AS (SELECT * FROM grant_ WHERE g > 0),
			upd AS (
				UPDATE channel_points p SET balance = p.balance + t.total
				FROM (SELECT u, s, sum(g) AS total FROM pos GROUP BY u, s) t
				WHERE p.user_id = t.u AND p.streamer_id = t.s
				RETURNING p.user_id, p.streamer_id, p.balance),
			moves AS (
				INSERT INTO channel_point_moves (user_id, streamer_id, delta, balance_after, kind, ref, key, at)
				SELECT pos.u, pos.s, pos.g,
					upd.balance - coalesce(sum(pos.g) OVER (PARTITION BY pos.u, pos.s ORDER BY pos.n ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0),
					pos.kind, '', NULL, $7
				FROM pos JOIN upd ON upd.user_id = pos.u AND upd.streamer_id = pos.s ORDER BY pos.n)
			SELECT n, g FROM pos`, users, streamers, kinds, amounts, caps, dayStart, at)
		if err != nil {
			return err
		}
		var i, g int64
		_, err = pgx.ForEachRow(rows, []any{&i, &g}, func() error {
			out[i-1].Granted = g
			return nil
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// OpenPrediction stores a new open prediction (ErrPredictionActive when the room has one).
func (s *Predictions) OpenPrediction(ctx context.Context, p PredictionRow) (PredictionRow, error) {
	outcomes, _ := json.Marshal(p.Outcomes)
	var lockAt any
	if !p.LockAt.IsZero() {
		lockAt = p.LockAt
	}
	out, err := scanPrediction(s.pool.QueryRow(ctx, `INSERT INTO predictions (room_id, streamer_id, match_id, market, line, question,
		outcomes, state, lock_at, lock_on, created_by, created_at, home_name, away_name)
		VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', $8, $9, $10, $11, $12, $13)
		RETURNING `+predCols, p.RoomID, p.StreamerID, p.MatchID, p.Market, p.Line, p.Question, outcomes, lockAt, p.LockOn, p.CreatedBy, p.CreatedAt, p.HomeName, p.AwayName))
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return out, ErrPredictionActive
	}
	return out, err
}

// Prediction returns one prediction.
func (s *Predictions) Prediction(ctx context.Context, id int64) (PredictionRow, error) {
	return scanPrediction(s.pool.QueryRow(ctx, `SELECT `+predCols+` FROM predictions WHERE id = $1`, id))
}

// RoomPredictions lists a room's predictions, newest first.
func (s *Predictions) RoomPredictions(ctx context.Context, room string, limit int) ([]PredictionRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+predCols+` FROM predictions WHERE room_id = $1 ORDER BY id DESC LIMIT $2`, room, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (PredictionRow, error) { return scanPrediction(r) })
}

// Entries lists a prediction's entries with the users' names, biggest payout then stake first.
func (s *Predictions) Entries(ctx context.Context, id int64) ([]PredictionEntry, error) {
	rows, err := s.pool.Query(ctx, `SELECT e.user_id, coalesce(u.username, 'user' || e.user_id), e.outcome, e.stake, e.payout, e.entered_at
		FROM prediction_entries e LEFT JOIN users u ON u.id = e.user_id WHERE e.prediction_id = $1
		ORDER BY e.payout DESC, e.stake DESC, e.entered_at, e.user_id`, id)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (PredictionEntry, error) {
		var e PredictionEntry
		err := r.Scan(&e.UserID, &e.Name, &e.Outcome, &e.Stake, &e.Payout, &e.EnteredAt)
		return e, err
	})
}

// Enter stakes points on an outcome (or adds to the user's entry on the same outcome). The
// stake leaves the balance at once. ErrPredictionClosed after the lock (or past lock_at at now),
// ErrOtherOutcome, ErrPointsShort.
func (s *Predictions) Enter(ctx context.Context, id, user int64, outcome int, stake, welcome int64, now time.Time) (PredictionEntry, int64, error) {
	var e PredictionEntry
	var bal int64
	err := InTx(ctx, s.pool, func(tx pgx.Tx) error {
		p, err := scanPrediction(tx.QueryRow(ctx, `SELECT `+predCols+` FROM predictions WHERE id = $1 FOR SHARE`, id))
		if err != nil {
			return err
		}
		if p.State != PredictionOpen || (!p.LockAt.IsZero() && !now.Before(p.LockAt)) {
			return ErrPredictionClosed
		}
		if err := ensurePoints(ctx, tx, user, p.StreamerID, welcome, now); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `INSERT INTO prediction_entries (prediction_id, user_id, outcome, stake, entered_at) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (prediction_id, user_id) DO UPDATE SET stake = prediction_entries.stake + EXCLUDED.stake
			WHERE prediction_entries.outcome = EXCLUDED.outcome`, id, user, outcome, stake, now)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrOtherOutcome
		}
		if bal, _, err = move(ctx, tx, user, p.StreamerID, -stake, "stake", "prediction:"+strconv.FormatInt(id, 10), "", now); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT user_id, outcome, stake, payout, entered_at FROM prediction_entries WHERE prediction_id = $1 AND user_id = $2`,
			id, user).Scan(&e.UserID, &e.Outcome, &e.Stake, &e.Payout, &e.EnteredAt)
	})
	return e, bal, err
}

// LockPrediction closes an open prediction to entries, taking the linked match's last applied feed
// seq and score as the base of event markets. It returns the prediction and whether this call
// locked it (false: it was not open).
func (s *Predictions) LockPrediction(ctx context.Context, id int64, at time.Time) (PredictionRow, bool, error) {
	p, err := scanPrediction(s.pool.QueryRow(ctx, `UPDATE predictions p SET state = 'locked', locked_at = $2,
		base_seq = coalesce((SELECT last_seq FROM sport_matches m WHERE m.id = p.match_id), 0),
		base_home = coalesce((SELECT home_score FROM sport_matches m WHERE m.id = p.match_id), 0),
		base_away = coalesce((SELECT away_score FROM sport_matches m WHERE m.id = p.match_id), 0)
		WHERE id = $1 AND state = 'open' RETURNING `+predCols, id, at))
	if errors.Is(err, ErrPredictionNotFound) {
		p, err = s.Prediction(ctx, id)
		return p, false, err
	}
	return p, err == nil, err
}

// DueLocks lists open predictions whose entries must close at now: their lock time passed, or they
// lock at kick-off and the match has started (or ended).
func (s *Predictions) DueLocks(ctx context.Context, now time.Time) ([]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT p.id FROM predictions p LEFT JOIN sport_matches m ON m.id = p.match_id
		WHERE p.state = 'open' AND ((p.lock_at IS NOT NULL AND p.lock_at <= $1) OR (p.lock_on = 'kickoff' AND m.status IN (1, 2, 3, 4, 5, 6, 7)))
		ORDER BY p.id LIMIT 500`, now)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// ActiveOn lists the open and locked predictions of the given markets (all when none), optionally
// only on one match.
func (s *Predictions) ActiveOn(ctx context.Context, match string, markets []string) ([]PredictionRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+predCols+` FROM predictions WHERE state IN ('open', 'locked') AND match_id <> ''
		AND ($1 = '' OR match_id = $1) AND (cardinality($2::text[]) = 0 OR market = ANY($2)) ORDER BY id LIMIT 1000`, match, markets)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (PredictionRow, error) { return scanPrediction(r) })
}

// PendingMatches lists matches with a final state (finished, postponed, cancelled) that still have
// open or locked predictions: the settlement service's sweep settles them.
func (s *Predictions) PendingMatches(ctx context.Context, limit int) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT DISTINCT p.match_id FROM predictions p JOIN sport_matches m ON m.id = p.match_id
		WHERE p.state IN ('open', 'locked') AND p.market <> 'free' AND m.status IN (5, 6, 7) LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// MatchEvent is one stored feed event of a match, as event markets read it.
type MatchEvent struct {
	Seq  int64
	Kind string
	Body []byte
}

// MatchEventsAfter returns the match's feed events after seq, oldest first, of the given kinds.
func (s *Predictions) MatchEventsAfter(ctx context.Context, match string, seq int64, kinds []string, limit int) ([]MatchEvent, error) {
	rows, err := s.pool.Query(ctx, `SELECT seq, kind, body FROM sport_match_events WHERE match_id = $1 AND seq > $2 AND kind = ANY($3)
		ORDER BY seq LIMIT $4`, match, seq, kinds, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (MatchEvent, error) {
		var e MatchEvent
		err := r.Scan(&e.Seq, &e.Kind, &e.Body)
		return e, err
	})
}

// Split decides the payouts of a resolved prediction: one amount per entry, in the order given.
type Split func(entries []PredictionEntry, winner int) []int64

// Settlement is what a resolution or a cancellation did.
type Settlement struct {
	Prediction PredictionRow
	Entries    []PredictionEntry // with their payouts, biggest first
	Moved      int               // payout or refund rows posted
}

// ResolvePrediction resolves a prediction on the winning outcome: payouts as split decides, posted
// in the same transaction under the prediction's row lock. ErrPredictionSettled when it was already
// resolved or cancelled (the earlier settlement stands: nothing moves twice).
func (s *Predictions) ResolvePrediction(ctx context.Context, id int64, winner int, reason string, split Split, at time.Time) (Settlement, error) {
	return s.settle(ctx, id, winner, reason, split, at)
}

// CancelPrediction cancels a prediction and refunds every stake (ErrPredictionSettled when it was
// already resolved or cancelled).
func (s *Predictions) CancelPrediction(ctx context.Context, id int64, reason string, at time.Time) (Settlement, error) {
	return s.settle(ctx, id, -1, reason, nil, at)
}

func (s *Predictions) settle(ctx context.Context, id int64, winner int, reason string, split Split, at time.Time) (Settlement, error) {
	var out Settlement
	err := InTx(ctx, s.pool, func(tx pgx.Tx) error {
		out = Settlement{}
		p, err := scanPrediction(tx.QueryRow(ctx, `SELECT `+predCols+` FROM predictions WHERE id = $1 FOR UPDATE`, id))
		if err != nil {
			return err
		}
		if p.State == PredictionResolved || p.State == PredictionCancelled {
			out.Prediction = p
			return ErrPredictionSettled
		}
		rows, err := tx.Query(ctx, `SELECT e.user_id, coalesce(u.username, 'user' || e.user_id), e.outcome, e.stake, 0, e.entered_at
			FROM prediction_entries e LEFT JOIN users u ON u.id = e.user_id WHERE e.prediction_id = $1 ORDER BY e.entered_at, e.user_id`, id)
		if err != nil {
			return err
		}
		entries, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (PredictionEntry, error) {
			var e PredictionEntry
			err := r.Scan(&e.UserID, &e.Name, &e.Outcome, &e.Stake, &e.Payout, &e.EnteredAt)
			return e, err
		})
		if err != nil {
			return err
		}
		ref := "prediction:" + strconv.FormatInt(id, 10)
		state, kind, prefix := PredictionResolved, "payout", "payout:"
		var pay []int64
		if split == nil || winner < 0 {
			state, kind, prefix, winner = PredictionCancelled, "refund", "refund:", -1
			pay = make([]int64, len(entries))
			for i, e := range entries {
				pay[i] = e.Stake
			}
		} else {
			pay = split(entries, winner)
		}
		for i := range entries {
			e := &entries[i]
			e.Payout = pay[i]
			if e.Payout <= 0 {
				continue
			}
			key := fmt.Sprintf("%s%d:%d", prefix, id, e.UserID)
			if _, applied, err := move(ctx, tx, e.UserID, p.StreamerID, e.Payout, kind, ref, key, at); err != nil {
				return err
			} else if applied {
				out.Moved++
			}
			if _, err := tx.Exec(ctx, `UPDATE prediction_entries SET payout = $3 WHERE prediction_id = $1 AND user_id = $2`, id, e.UserID, e.Payout); err != nil {
				return err
			}
		}
		p, err = scanPrediction(tx.QueryRow(ctx, `UPDATE predictions SET state = $2, winner = $3, reason = $4, settled_at = $5,
			locked_at = coalesce(locked_at, $5) WHERE id = $1 RETURNING `+predCols, id, state, winner, reason, at))
		if err != nil {
			return err
		}
		out.Prediction = p
		out.Entries = entries
		return nil
	})
	if err == nil {
		sortEntries(out.Entries)
	}
	return out, err
}

// sortEntries orders entries biggest payout first, then biggest stake, then earliest.
func sortEntries(es []PredictionEntry) {
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && entryBefore(es[j], es[j-1]); j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
}

func entryBefore(a, b PredictionEntry) bool {
	if a.Payout != b.Payout {
		return a.Payout > b.Payout
	}
	if a.Stake != b.Stake {
		return a.Stake > b.Stake
	}
	return a.EnteredAt.Before(b.EnteredAt)
}

// PointsCheck is the ledger check of channel points: every balance equals the sum of its moves,
// and stakes held by open or locked predictions plus balances equal everything ever credited.
// It returns the number of balances that disagree with their moves.
func (s *Predictions) PointsCheck(ctx context.Context) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM channel_points c LEFT JOIN (SELECT user_id, streamer_id, sum(delta) AS s
		FROM channel_point_moves GROUP BY 1, 2) m USING (user_id, streamer_id) WHERE c.balance <> coalesce(m.s, 0)`).Scan(&n)
	return n, err
}
