package postgres

// The experts' store (issue 20): applications, plans and their versions, purchases and the plans'
// settlement. Money moves only through the ledger (PostTx inside the same transaction as the row
// that points at it). Rules live in api/experts; this file offers transactions that lock the row a
// rule is about and hand it to the rule (a func argument), so a check and its write are atomic.

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Expert statuses (spec §4).
const (
	ExpertReview   = "review"
	ExpertApproved = "approved"
	ExpertRejected = "rejected"
	ExpertBanned   = "banned"
)

// Plan states (spec §4).
const (
	PlanReview    = "review"    // published, pending review
	PlanPublished = "published" // passed review: on sale
	PlanRejected  = "rejected"  // did not pass review
	PlanRemoved   = "removed"   // taken off shelf by the expert (before any sale and kick-off)
	PlanHidden    = "hidden"    // hidden by staff; the record keeps it
)

var (
	// ErrExpertNotFound: no application for that user.
	ErrExpertNotFound = errors.New("postgres: expert not found")
	// ErrExpertState: not possible in the application's current status.
	ErrExpertState = errors.New("postgres: expert application in another status")
	// ErrPlanNotFound: no such plan.
	ErrPlanNotFound = errors.New("postgres: plan not found")
	// ErrPlanLimit: the expert already has the maximum of plans on the match.
	ErrPlanLimit = errors.New("postgres: too many plans on this match")
)

// ExpertRow is an application and, once approved, the expert.
type ExpertRow struct {
	UserID                  int64
	Status                  string
	Nickname, RealName      string
	IDNumber, Phone         string
	Intro, Experience       string
	Games                   []int32
	Featured                bool
	Reason                  string
	SubmittedAt, ReviewedAt time.Time
	ReviewedBy              int64
	Avatar                  string // the account's avatar (read only)
}

// Experts is the experts' store. It is safe for concurrent use.
type Experts struct{ pool *pgxpool.Pool }

// NewExperts returns the store on pool.
func NewExperts(pool *pgxpool.Pool) *Experts { return &Experts{pool: pool} }

// Pool is the store's pool.
func (s *Experts) Pool() *pgxpool.Pool { return s.pool }

const expertCols = `e.user_id, e.status, e.nickname, e.real_name, e.id_number, e.phone, e.intro, e.experience, e.games,
	e.featured, e.reason, e.submitted_at, coalesce(e.reviewed_at, 'epoch'), e.reviewed_by, coalesce(u.avatar, '')`

const expertFrom = ` FROM expert_profiles e LEFT JOIN users u ON u.id = e.user_id `

func scanExpert(r pgx.Row) (ExpertRow, error) {
	var e ExpertRow
	err := r.Scan(&e.UserID, &e.Status, &e.Nickname, &e.RealName, &e.IDNumber, &e.Phone, &e.Intro, &e.Experience, &e.Games,
		&e.Featured, &e.Reason, &e.SubmittedAt, &e.ReviewedAt, &e.ReviewedBy, &e.Avatar)
	if errors.Is(err, pgx.ErrNoRows) {
		return e, ErrExpertNotFound
	}
	return e, err
}

// Expert returns uid's application, or ErrExpertNotFound.
func (s *Experts) Expert(ctx context.Context, uid int64) (ExpertRow, error) {
	return scanExpert(s.pool.QueryRow(ctx, `SELECT `+expertCols+expertFrom+`WHERE e.user_id = $1`, uid))
}

// ExpertsByStatus lists applications in one status, oldest submission first.
func (s *Experts) ExpertsByStatus(ctx context.Context, status string, limit, offset int) ([]ExpertRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+expertCols+expertFrom+`WHERE e.status = $1 ORDER BY e.submitted_at, e.user_id LIMIT $2 OFFSET $3`,
		status, limit, offset)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (ExpertRow, error) { return scanExpert(r) })
}

// Apply stores an application under review: a first one, or a new one after a rejection
// (ErrExpertState while one is under review, approved or banned).
func (s *Experts) Apply(ctx context.Context, e ExpertRow) (ExpertRow, error) {
	tag, err := s.pool.Exec(ctx, `INSERT INTO expert_profiles (user_id, status, nickname, real_name, id_number, phone, intro,
			experience, games, submitted_at)
		VALUES ($1, 'review', $2, $3, $4, $5, $6, $7, $8, $9)
		ON CONFLICT (user_id) DO UPDATE SET status = 'review', nickname = $2, real_name = $3, id_number = $4, phone = $5,
			intro = $6, experience = $7, games = $8, submitted_at = $9, reason = '', reviewed_at = NULL, reviewed_by = 0
		WHERE expert_profiles.status = 'rejected'`,
		e.UserID, e.Nickname, e.RealName, e.IDNumber, e.Phone, e.Intro, e.Experience, e.Games, e.SubmittedAt)
	if err != nil {
		return e, fmt.Errorf("postgres: expert apply: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return e, ErrExpertState
	}
	return s.Expert(ctx, e.UserID)
}

// SetExpertStatus moves uid's application from one of from to status (with the reason shown to
// the applicant, the staff member and the time); ErrExpertState from any other status.
func (s *Experts) SetExpertStatus(ctx context.Context, uid int64, from []string, status, reason string, by int64, at time.Time) (ExpertRow, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE expert_profiles SET status = $2, reason = $3, reviewed_by = $4, reviewed_at = $5
		WHERE user_id = $1 AND status = ANY($6)`, uid, status, reason, by, at, from)
	if err != nil {
		return ExpertRow{}, err
	}
	if tag.RowsAffected() == 0 {
		if _, err := s.Expert(ctx, uid); err != nil {
			return ExpertRow{}, err
		}
		return ExpertRow{}, ErrExpertState
	}
	return s.Expert(ctx, uid)
}

// SetFeatured marks an approved expert as featured on the experts home (or not).
func (s *Experts) SetFeatured(ctx context.Context, uid int64, on bool) error {
	_, err := s.pool.Exec(ctx, `UPDATE expert_profiles SET featured = $2 WHERE user_id = $1`, uid, on)
	return err
}

// PlanRow is a plan with the match fields copied at creation.
type PlanRow struct {
	ID                        int64
	ExpertID                  int64
	MatchID                   string
	GameID                    int
	League, Home, Away        string
	MatchStart                time.Time
	PlayType                  string // 1x2, handicap, ou
	PlayLevel                 int
	Pick                      string // home, draw, away, over, under
	Line, Odds                float64
	Title, Content, Label     string
	Price                     int64
	RefundIfLost, LoginToView bool
	State, Reason             string
	Version, Sales            int
	CreatedAt, UpdatedAt      time.Time
	ReleasedAt                time.Time
	RecordHash                string
	Outcome                   string
	ResultHome, ResultAway    int
	SettledAt                 time.Time // zero until settled
	SettledRev                int
	ExpertName                string // read only: the expert's nickname
}

const planCols = `p.id, p.expert_id, p.match_id, p.game_id, p.league_name, p.home_name, p.away_name, p.match_start, p.play_type,
	p.play_level, p.pick, p.line::float8, p.odds::float8, p.title, p.content, p.label, p.price, p.refund_if_lost, p.login_to_view,
	p.state, p.reason, p.version, p.sales, p.created_at, p.updated_at, p.released_at, p.record_hash, p.outcome,
	coalesce(p.result_home, 0), coalesce(p.result_away, 0), coalesce(p.settled_at, 'epoch'), p.settled_rev, coalesce(e.nickname, '')`

const planFrom = ` FROM expert_plans p LEFT JOIN expert_profiles e ON e.user_id = p.expert_id `

func scanPlan(r pgx.Row) (PlanRow, error) {
	var p PlanRow
	err := r.Scan(&p.ID, &p.ExpertID, &p.MatchID, &p.GameID, &p.League, &p.Home, &p.Away, &p.MatchStart, &p.PlayType,
		&p.PlayLevel, &p.Pick, &p.Line, &p.Odds, &p.Title, &p.Content, &p.Label, &p.Price, &p.RefundIfLost, &p.LoginToView,
		&p.State, &p.Reason, &p.Version, &p.Sales, &p.CreatedAt, &p.UpdatedAt, &p.ReleasedAt, &p.RecordHash, &p.Outcome,
		&p.ResultHome, &p.ResultAway, &p.SettledAt, &p.SettledRev, &p.ExpertName)
	if errors.Is(err, pgx.ErrNoRows) {
		return p, ErrPlanNotFound
	}
	if p.SettledAt.Unix() == 0 {
		p.SettledAt = time.Time{}
	}
	return p, err
}

func collectPlans(rows pgx.Rows, err error) ([]PlanRow, error) {
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (PlanRow, error) { return scanPlan(r) })
}

// Plan returns one plan, or ErrPlanNotFound.
func (s *Experts) Plan(ctx context.Context, id int64) (PlanRow, error) {
	return scanPlan(s.pool.QueryRow(ctx, `SELECT `+planCols+planFrom+`WHERE p.id = $1`, id))
}

// PlanRecord is a version of a plan's record: the canonical JSON that was hashed.
type PlanRecord struct {
	Version    int
	Record     []byte
	Hash       string
	ReleasedAt time.Time
}

// CreatePlan inserts p (state set by the caller) and its first version in one transaction: record
// is called once p has its id and returns the canonical record, having set p.RecordHash.
// At most maxPerMatch plans of the expert on p's match may be under review or published at once:
// ErrPlanLimit beyond (the expert's row is locked, so two concurrent creations cannot both pass).
func (s *Experts) CreatePlan(ctx context.Context, p PlanRow, record func(p *PlanRow) ([]byte, error), maxPerMatch int) (PlanRow, error) {
	err := InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var st string
		if err := tx.QueryRow(ctx, `SELECT status FROM expert_profiles WHERE user_id = $1 FOR UPDATE`, p.ExpertID).Scan(&st); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return ErrExpertNotFound
			}
			return err
		}
		if st != ExpertApproved {
			return ErrExpertState
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM expert_plans WHERE expert_id = $1 AND match_id = $2
			AND state IN ('review', 'published')`, p.ExpertID, p.MatchID).Scan(&n); err != nil {
			return err
		}
		if n >= maxPerMatch {
			return ErrPlanLimit
		}
		err := tx.QueryRow(ctx, `INSERT INTO expert_plans (expert_id, match_id, game_id, league_name, home_name, away_name,
				match_start, play_type, play_level, pick, line, odds, title, content, label, price, refund_if_lost, login_to_view,
				state, version, created_at, updated_at, released_at, record_hash)
			VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,1,$20,$20,$20,'') RETURNING id`,
			p.ExpertID, p.MatchID, p.GameID, p.League, p.Home, p.Away, p.MatchStart, p.PlayType, p.PlayLevel, p.Pick, p.Line,
			p.Odds, p.Title, p.Content, p.Label, p.Price, p.RefundIfLost, p.LoginToView, p.State, p.CreatedAt).Scan(&p.ID)
		if err != nil {
			return err
		}
		rec, err := record(&p)
		if err != nil {
			return err
		}
		if _, err = tx.Exec(ctx, `UPDATE expert_plans SET record_hash = $2 WHERE id = $1`, p.ID, p.RecordHash); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO expert_plan_versions (plan_id, version, record, record_hash, released_at)
			VALUES ($1, 1, $2, $3, $4)`, p.ID, rec, p.RecordHash, p.ReleasedAt)
		return err
	})
	if err != nil {
		return p, err
	}
	return p, nil
}

// AddVersion appends a version of plan id's record (append-only: the table refuses changes).
func (s *Experts) AddVersion(ctx context.Context, id int64, v PlanRecord) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO expert_plan_versions (plan_id, version, record, record_hash, released_at)
		VALUES ($1, $2, $3, $4, $5)`, id, v.Version, v.Record, v.Hash, v.ReleasedAt)
	return err
}

// Versions lists every version of a plan's record, oldest first.
func (s *Experts) Versions(ctx context.Context, id int64) ([]PlanRecord, error) {
	rows, err := s.pool.Query(ctx, `SELECT version, record::text, record_hash, released_at FROM expert_plan_versions
		WHERE plan_id = $1 ORDER BY version`, id)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (PlanRecord, error) {
		var v PlanRecord
		var rec string
		err := r.Scan(&v.Version, &rec, &v.Hash, &v.ReleasedAt)
		v.Record = []byte(rec)
		return v, err
	})
}

// UpdatePlan locks plan id, hands it to change (which applies a rule and edits the copy; an error
// aborts) and writes the result; when change returns a record (an edit of the prediction), the
// version is bumped and the record appended in the same transaction.
func (s *Experts) UpdatePlan(ctx context.Context, id int64, change func(p *PlanRow) (record []byte, err error)) (PlanRow, error) {
	var out PlanRow
	err := InTx(ctx, s.pool, func(tx pgx.Tx) error {
		p, err := scanPlan(tx.QueryRow(ctx, `SELECT `+planCols+planFrom+`WHERE p.id = $1 FOR UPDATE OF p`, id))
		if err != nil {
			return err
		}
		prevVersion := p.Version
		record, err := change(&p)
		if err != nil {
			return err
		}
		if record != nil {
			p.Version = prevVersion + 1
			if _, err := tx.Exec(ctx, `INSERT INTO expert_plan_versions (plan_id, version, record, record_hash, released_at)
				VALUES ($1, $2, $3, $4, $5)`, p.ID, p.Version, record, p.RecordHash, p.ReleasedAt); err != nil {
				return err
			}
		}
		_, err = tx.Exec(ctx, `UPDATE expert_plans SET play_type=$2, play_level=$3, pick=$4, line=$5, odds=$6, title=$7, content=$8,
			label=$9, price=$10, refund_if_lost=$11, login_to_view=$12, state=$13, reason=$14, version=$15, updated_at=$16,
			released_at=$17, record_hash=$18 WHERE id=$1`,
			p.ID, p.PlayType, p.PlayLevel, p.Pick, p.Line, p.Odds, p.Title, p.Content, p.Label, p.Price, p.RefundIfLost,
			p.LoginToView, p.State, p.Reason, p.Version, p.UpdatedAt, p.ReleasedAt, p.RecordHash)
		out = p
		return err
	})
	return out, err
}

// PlanFilter narrows ListPlans; zero fields do not filter.
type PlanFilter struct {
	ExpertID int64
	MatchID  string
	States   []string
	Upcoming time.Time // only plans whose match starts after this time
	Settled  bool      // only settled plans
	OrderBy  string    // "sales" (hot first) or "" (newest first)
	// FollowedBy keeps plans on matches this user (protocol.UserID string) has booked: the
	// user's followed events (focusEvents).
	FollowedBy string
	Limit      int
	Offset     int
}

// ListPlans lists plans with the total count.
func (s *Experts) ListPlans(ctx context.Context, f PlanFilter) ([]PlanRow, int, error) {
	where := `WHERE ($1 = 0 OR p.expert_id = $1) AND ($2 = '' OR p.match_id = $2) AND (cardinality($3::text[]) = 0 OR p.state = ANY($3))
		AND ($4::timestamptz IS NULL OR p.match_start > $4) AND (NOT $5 OR p.settled_at IS NOT NULL)
		AND ($6 = '' OR p.match_id IN (SELECT match_id FROM sport_reservations WHERE user_id = $6 AND status = 'booked'))`
	var upcoming *time.Time
	if !f.Upcoming.IsZero() {
		upcoming = &f.Upcoming
	}
	if f.States == nil {
		f.States = []string{}
	}
	if f.Limit <= 0 {
		f.Limit = 20
	}
	args := []any{f.ExpertID, f.MatchID, f.States, upcoming, f.Settled, f.FollowedBy}
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*)`+planFrom+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	order := ` ORDER BY p.created_at DESC, p.id DESC`
	if f.OrderBy == "sales" {
		order = ` ORDER BY p.sales DESC, p.match_start, p.id DESC`
	}
	rows, err := s.pool.Query(ctx, `SELECT `+planCols+planFrom+where+order+` LIMIT $7 OFFSET $8`, append(args, f.Limit, f.Offset)...)
	list, err := collectPlans(rows, err)
	return list, total, err
}

// SettledPlan is what the rankings need of a settled plan.
type SettledPlan struct {
	ExpertID  int64
	Outcome   string
	Odds      float64
	SettledAt time.Time
}

// SettledSince lists the settled, not hidden plans of approved experts settled at or after since,
// oldest first (the rankings and records are computed from it).
func (s *Experts) SettledSince(ctx context.Context, since time.Time, expertID int64) ([]SettledPlan, error) {
	rows, err := s.pool.Query(ctx, `SELECT p.expert_id, p.outcome, p.odds::float8, p.settled_at FROM expert_plans p
		JOIN expert_profiles e ON e.user_id = p.expert_id AND e.status = 'approved'
		WHERE p.settled_at >= $1 AND p.state IN ('published', 'hidden') AND ($2 = 0 OR p.expert_id = $2)
		ORDER BY p.settled_at, p.id`, since, expertID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (SettledPlan, error) {
		var p SettledPlan
		err := r.Scan(&p.ExpertID, &p.Outcome, &p.Odds, &p.SettledAt)
		return p, err
	})
}

// ApprovedExperts lists approved experts, featured first then by submission.
func (s *Experts) ApprovedExperts(ctx context.Context) ([]ExpertRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+expertCols+expertFrom+`WHERE e.status = 'approved' ORDER BY e.featured DESC, e.submitted_at, e.user_id`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (ExpertRow, error) { return scanExpert(r) })
}

// OrderRow is a purchase.
type OrderRow struct {
	ID        int64
	PlanID    int64
	BuyerID   int64
	Price     int64
	TxnID     int64 // 0 for a free plan
	Refunded  bool
	CreatedAt time.Time
	Replayed  bool // the buyer already had it: nothing moved now
}

// Buy records buyer's purchase of plan id, once: check is called with the locked plan and decides
// whether it may be sold (an error aborts). A paid plan's price moves from the buyer's coins to the
// plan escrow in the same transaction (ErrInsufficientFunds when short). A second call for the same
// (plan, buyer) returns the first order with Replayed set and moves nothing.
func (s *Experts) Buy(ctx context.Context, id, buyer int64, at time.Time, check func(p PlanRow, matchStatus int) error) (OrderRow, PlanRow, error) {
	var o OrderRow
	var plan PlanRow
	err := InTx(ctx, s.pool, func(tx pgx.Tx) error {
		o = OrderRow{}
		p, err := scanPlan(tx.QueryRow(ctx, `SELECT `+planCols+planFrom+`WHERE p.id = $1 FOR UPDATE OF p`, id))
		if err != nil {
			return err
		}
		plan = p
		var txn *int64
		err = tx.QueryRow(ctx, `SELECT id, price, txn_id, refunded, created_at FROM expert_plan_orders WHERE plan_id = $1 AND buyer_id = $2`,
			id, buyer).Scan(&o.ID, &o.Price, &txn, &o.Refunded, &o.CreatedAt)
		if err == nil {
			o.PlanID, o.BuyerID, o.Replayed = id, buyer, true
			if txn != nil {
				o.TxnID = *txn
			}
			return nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		var status int
		if err := tx.QueryRow(ctx, `SELECT status FROM sport_matches WHERE id = $1`, p.MatchID).Scan(&status); err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if err := check(p, status); err != nil {
			return err
		}
		o = OrderRow{PlanID: id, BuyerID: buyer, Price: p.Price, CreatedAt: at}
		if p.Price > 0 {
			posted, err := PostTx(ctx, tx, Posting{Key: planSaleKey(id, buyer), Type: TxnPlan, Reference: PlanReference(id), UserID: buyer,
				At: at, Entries: []Entry{{UserWallet(buyer, Coin), -p.Price}, {PlanEscrow(), p.Price}}})
			if err != nil {
				return err
			}
			o.TxnID = posted.TxnID
			txn = &posted.TxnID
		}
		if err := tx.QueryRow(ctx, `INSERT INTO expert_plan_orders (plan_id, buyer_id, price, txn_id, created_at)
			VALUES ($1, $2, $3, $4, $5) RETURNING id`, id, buyer, p.Price, txn, at).Scan(&o.ID); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE expert_plans SET sales = sales + 1 WHERE id = $1`, id)
		plan.Sales++
		return err
	})
	return o, plan, err
}

// Order returns buyer's order of plan id (ok false when there is none).
func (s *Experts) Order(ctx context.Context, id, buyer int64) (OrderRow, bool, error) {
	var o OrderRow
	var txn *int64
	err := s.pool.QueryRow(ctx, `SELECT id, price, txn_id, refunded, created_at FROM expert_plan_orders WHERE plan_id = $1 AND buyer_id = $2`,
		id, buyer).Scan(&o.ID, &o.Price, &txn, &o.Refunded, &o.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return o, false, nil
	}
	if txn != nil {
		o.TxnID = *txn
	}
	o.PlanID, o.BuyerID = id, buyer
	return o, err == nil, err
}

// BoughtPlan is one line of a buyer's plans.
type BoughtPlan struct {
	Order OrderRow
	Plan  PlanRow
}

// BoughtPlans lists buyer's purchases, newest first, with the total.
func (s *Experts) BoughtPlans(ctx context.Context, buyer int64, limit, offset int) ([]BoughtPlan, int, error) {
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM expert_plan_orders WHERE buyer_id = $1`, buyer).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.pool.Query(ctx, `SELECT o.id, o.price, coalesce(o.txn_id, 0), o.refunded, o.created_at, `+planCols+`
		FROM expert_plan_orders o JOIN expert_plans p ON p.id = o.plan_id LEFT JOIN expert_profiles e ON e.user_id = p.expert_id
		WHERE o.buyer_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2 OFFSET $3`, buyer, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (BoughtPlan, error) {
		var b BoughtPlan
		p := &b.Plan
		err := r.Scan(&b.Order.ID, &b.Order.Price, &b.Order.TxnID, &b.Order.Refunded, &b.Order.CreatedAt,
			&p.ID, &p.ExpertID, &p.MatchID, &p.GameID, &p.League, &p.Home, &p.Away, &p.MatchStart, &p.PlayType,
			&p.PlayLevel, &p.Pick, &p.Line, &p.Odds, &p.Title, &p.Content, &p.Label, &p.Price, &p.RefundIfLost, &p.LoginToView,
			&p.State, &p.Reason, &p.Version, &p.Sales, &p.CreatedAt, &p.UpdatedAt, &p.ReleasedAt, &p.RecordHash, &p.Outcome,
			&p.ResultHome, &p.ResultAway, &p.SettledAt, &p.SettledRev, &p.ExpertName)
		if p.SettledAt.Unix() == 0 {
			p.SettledAt = time.Time{}
		}
		b.Order.PlanID, b.Order.BuyerID = p.ID, buyer
		return b, err
	})
	return out, total, err
}

// Revenue is one line of an expert's revenue from the ledger: a payout of a sold plan.
type Revenue struct {
	At     time.Time
	PlanID int64
	Amount int64 // the expert's share, coins
}

// ExpertRevenue reads an expert's plan payouts since a time from the ledger (the creator earnings
// account's TxnPlan entries), oldest first: the creator centre's revenue has no second set of numbers.
func (s *Experts) ExpertRevenue(ctx context.Context, expertID int64, since time.Time) ([]Revenue, error) {
	rows, err := s.pool.Query(ctx, `SELECT t.created_at, t.reference, e.amount FROM ledger_entries e
		JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions t ON t.id = e.txn_id
		WHERE a.kind = 'streamer' AND a.owner_id = $1 AND a.currency = 'COIN' AND t.type = 'plan' AND t.created_at >= $2
		ORDER BY t.created_at, t.id`, expertID, since)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Revenue, error) {
		var v Revenue
		var ref string
		err := r.Scan(&v.At, &ref, &v.Amount)
		fmt.Sscanf(ref, "plan/%d", &v.PlanID)
		return v, err
	})
}

// ExpertBuyers counts the distinct buyers of an expert's plans.
func (s *Experts) ExpertBuyers(ctx context.Context, expertID int64) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, `SELECT count(DISTINCT o.buyer_id) FROM expert_plan_orders o JOIN expert_plans p ON p.id = o.plan_id
		WHERE p.expert_id = $1`, expertID).Scan(&n)
	return n, err
}
