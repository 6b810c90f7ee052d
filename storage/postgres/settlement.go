package postgres

// The results that plans (and later in-room predictions) are settled on, and the settlement of
// expert plans. Exactly once, across restarts and nodes: a result has a revision (settlement_results.rev)
// and each plan remembers the revision it was settled on (expert_plans.settled_rev), checked under the
// plan's row lock; every ledger movement has an idempotency key of its order. A redelivered result,
// a second node or a restart in the middle therefore moves nothing twice.

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// MatchResult is the result a match is settled on.
type MatchResult struct {
	MatchID     string
	Status      int // feed.Status: 5 finished, 6 postponed, 7 cancelled
	Home, Away  int
	Rev         int
	CorrectedBy int64 // the staff member of the last correction, 0 for the feed
	Reason      string
	UpdatedAt   time.Time
}

// ErrNoResult: the match is not finished, postponed or cancelled (nothing to settle on yet).
var ErrNoResult = errors.New("postgres: match has no final result")

func scanResult(r pgx.Row) (MatchResult, error) {
	var m MatchResult
	err := r.Scan(&m.MatchID, &m.Status, &m.Home, &m.Away, &m.Rev, &m.CorrectedBy, &m.Reason, &m.UpdatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return m, ErrNoResult
	}
	return m, err
}

const resultCols = `match_id, status, home, away, rev, corrected_by, reason, updated_at`

// Settlements records the results matches are settled on. It is safe for concurrent use.
type Settlements struct{ pool *pgxpool.Pool }

// NewSettlements returns the results store on pool.
func NewSettlements(pool *pgxpool.Pool) *Settlements { return &Settlements{pool: pool} }

// Result returns the result match was settled on (ErrNoResult for none).
func (s *Settlements) Result(ctx context.Context, match string) (MatchResult, error) {
	return scanResult(s.pool.QueryRow(ctx, `SELECT `+resultCols+` FROM settlement_results WHERE match_id = $1`, match))
}

// RecordFeedResult takes the match's final state from sport_matches (finished, postponed or
// cancelled; ErrNoResult otherwise) into settlement_results: a new revision when it differs from
// the one recorded, nothing when the same (a redelivered result) or when staff corrected it.
func (s *Settlements) RecordFeedResult(ctx context.Context, match string, at time.Time) (MatchResult, error) {
	_, err := s.pool.Exec(ctx, `INSERT INTO settlement_results (match_id, status, home, away, rev, updated_at)
		SELECT id, status, home_score, away_score, 1, $2 FROM sport_matches WHERE id = $1 AND status IN (5, 6, 7)
		ON CONFLICT (match_id) DO UPDATE SET status = EXCLUDED.status, home = EXCLUDED.home, away = EXCLUDED.away,
			rev = settlement_results.rev + 1, updated_at = EXCLUDED.updated_at
		WHERE settlement_results.corrected_by = 0 AND (settlement_results.status, settlement_results.home, settlement_results.away)
			IS DISTINCT FROM (EXCLUDED.status, EXCLUDED.home, EXCLUDED.away)`, match, at)
	if err != nil {
		return MatchResult{}, fmt.Errorf("postgres: record result: %w", err)
	}
	return s.Result(ctx, match)
}

// CorrectResult is a staff correction: the result becomes status, home–away in a new revision
// (settling again every plan on the match), and the feed no longer overrides it.
func (s *Settlements) CorrectResult(ctx context.Context, match string, status, home, away int, by int64, reason string, at time.Time) (MatchResult, error) {
	return scanResult(s.pool.QueryRow(ctx, `INSERT INTO settlement_results (match_id, status, home, away, rev, corrected_by, reason, updated_at)
		VALUES ($1, $2, $3, $4, 1, $5, $6, $7)
		ON CONFLICT (match_id) DO UPDATE SET status = $2, home = $3, away = $4, rev = settlement_results.rev + 1,
			corrected_by = $5, reason = $6, updated_at = $7
		RETURNING `+resultCols, match, status, home, away, by, reason, at))
}

// settledStates are the plan states settled on a result: a plan under review at kick-off is
// settled too (it was never sold; the record shows what it said), removed and rejected ones not.
var settledStates = []string{PlanReview, PlanPublished, PlanHidden}

// UnsettledMatches lists matches with a final state (in the feed or corrected by staff) that have
// plans not yet settled on their latest result: what a restart or a missed delivery left behind.
func (s *Experts) UnsettledMatches(ctx context.Context, limit int) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT DISTINCT p.match_id FROM expert_plans p
		LEFT JOIN sport_matches m ON m.id = p.match_id LEFT JOIN settlement_results r ON r.match_id = p.match_id
		WHERE p.state = ANY($1) AND ((r.match_id IS NULL AND m.status IN (5, 6, 7)) OR p.settled_rev < r.rev
			OR (r.corrected_by = 0 AND (m.status, m.home_score, m.away_score) IS DISTINCT FROM (r.status, r.home, r.away) AND m.status IN (5, 6, 7)))
		LIMIT $2`, settledStates, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// Grading is what settling a plan needs from the rules (api/settlement and api/experts).
type Grading struct {
	// Grade is the plan's outcome on the result: won, lost, void, push, half_won, half_lost.
	Grade func(p PlanRow, r MatchResult) string
	// Refund says whether buyers get their coins back for this outcome.
	Refund func(p PlanRow, outcome string) bool
	// Share is the expert's share of a price; the rest is the platform's.
	Share func(price int64) int64
}

// Settled is what SettlePlans did.
type Settled struct {
	Plans, Refunds, Payouts int
}

// SettlePlans settles every plan on r's match not yet settled on r.Rev, each in its own
// transaction: outcome, result and time written with the buyers' refunds or the payouts of its
// orders. Idempotent: a plan already on r.Rev is skipped under its lock.
func (s *Experts) SettlePlans(ctx context.Context, r MatchResult, g Grading, at time.Time) (Settled, error) {
	var out Settled
	rows, err := s.pool.Query(ctx, `SELECT id FROM expert_plans WHERE match_id = $1 AND state = ANY($2) AND settled_rev < $3 ORDER BY id`,
		r.MatchID, settledStates, r.Rev)
	if err != nil {
		return out, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return out, err
	}
	for _, id := range ids {
		var one Settled
		err := InTx(ctx, s.pool, func(tx pgx.Tx) error {
			one = Settled{}
			return settlePlan(ctx, tx, id, r, g, at, &one)
		})
		if err != nil {
			return out, fmt.Errorf("postgres: settle plan %d: %w", id, err)
		}
		out.Plans += one.Plans
		out.Refunds += one.Refunds
		out.Payouts += one.Payouts
	}
	return out, nil
}

func settlePlan(ctx context.Context, tx pgx.Tx, id int64, r MatchResult, g Grading, at time.Time, out *Settled) error {
	p, err := scanPlan(tx.QueryRow(ctx, `SELECT `+planCols+planFrom+`WHERE p.id = $1 FOR UPDATE OF p`, id))
	if err != nil {
		return err
	}
	if p.SettledRev >= r.Rev {
		return nil // settled on this result already (another node, a redelivery)
	}
	outcome := g.Grade(p, r)
	refund := g.Refund(p, outcome)
	type order struct {
		id, buyer, price int64
		refunded         bool
		settled          bool
	}
	rows, err := tx.Query(ctx, `SELECT id, buyer_id, price, refunded, settle_txn IS NOT NULL FROM expert_plan_orders
		WHERE plan_id = $1 AND txn_id IS NOT NULL ORDER BY id FOR UPDATE`, id)
	if err != nil {
		return err
	}
	orders, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (order, error) {
		var o order
		err := row.Scan(&o.id, &o.buyer, &o.price, &o.refunded, &o.settled)
		return o, err
	})
	if err != nil {
		return err
	}
	ref := PlanReference(id)
	for _, o := range orders {
		switch {
		case refund && !o.refunded:
			// From the escrow while the money is held there; after a payout (a corrected result), the
			// platform's refunds account bears it.
			from := PlanEscrow()
			if o.settled {
				from = SystemAccount(KindRefunds, Coin)
			}
			posted, err := PostTx(ctx, tx, Posting{Key: planRefundKey(o.id), Type: TxnRefund, Reference: ref, UserID: o.buyer, At: at,
				Entries: []Entry{{from, -o.price}, {UserWallet(o.buyer, Coin), o.price}}})
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE expert_plan_orders SET refunded = true, settle_txn = coalesce(settle_txn, $2) WHERE id = $1`,
				o.id, posted.TxnID); err != nil {
				return err
			}
			out.Refunds++
		case !refund && !o.settled:
			share := g.Share(o.price)
			entries := []Entry{{PlanEscrow(), -o.price}}
			if share > 0 {
				entries = append(entries, Entry{CreatorEarnings(p.ExpertID), share})
			}
			if rest := o.price - share; rest > 0 {
				entries = append(entries, Entry{SystemAccount(KindPlatform, Coin), rest})
			}
			posted, err := PostTx(ctx, tx, Posting{Key: planPayoutKey(o.id), Type: TxnPlan, Reference: ref, UserID: p.ExpertID, At: at, Entries: entries})
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE expert_plan_orders SET settle_txn = $2 WHERE id = $1`, o.id, posted.TxnID); err != nil {
				return err
			}
			out.Payouts++
		case !refund && o.refunded:
			// A correction turned a refunded plan into a winning one: the refund stands (a fan's refund
			// is never taken back) and the platform pays the expert's share from its refunds account.
			if share := g.Share(o.price); share > 0 {
				if _, err := PostTx(ctx, tx, Posting{Key: planPayoutKey(o.id), Type: TxnPlan, Reference: ref, UserID: p.ExpertID, At: at,
					Entries: []Entry{{SystemAccount(KindRefunds, Coin), -share}, {CreatorEarnings(p.ExpertID), share}}}); err != nil {
					return err
				}
				out.Payouts++
			}
		}
	}
	if _, err := tx.Exec(ctx, `UPDATE expert_plans SET outcome = $2, result_home = $3, result_away = $4, settled_at = $5, settled_rev = $6
		WHERE id = $1`, id, outcome, r.Home, r.Away, at, r.Rev); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO expert_plan_settlements (plan_id, rev, outcome, home, away, refunds, payouts, settled_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, id, r.Rev, outcome, r.Home, r.Away, out.Refunds, out.Payouts, at); err != nil {
		return err
	}
	out.Plans = 1
	return nil
}

// PlanSettlement is one settlement of a plan (a correction adds one).
type PlanSettlement struct {
	Rev              int
	Outcome          string
	Home, Away       int
	Refunds, Payouts int
	At               time.Time
}

// PlanSettlements lists a plan's settlements, oldest first.
func (s *Experts) PlanSettlements(ctx context.Context, id int64) ([]PlanSettlement, error) {
	rows, err := s.pool.Query(ctx, `SELECT rev, outcome, home, away, refunds, payouts, settled_at FROM expert_plan_settlements
		WHERE plan_id = $1 ORDER BY rev`, id)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (PlanSettlement, error) {
		var x PlanSettlement
		err := r.Scan(&x.Rev, &x.Outcome, &x.Home, &x.Away, &x.Refunds, &x.Payouts, &x.At)
		return x, err
	})
}
