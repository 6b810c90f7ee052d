package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Membership is a user's stored membership: Tier 1 VIP, 2 SVIP. It is in force while ExpiresAt is
// after now; the zero value means never a member.
type Membership struct {
	Tier      int
	ExpiresAt time.Time
}

// Active reports the tier in force at now (0 when expired or none).
func (m Membership) Active(now time.Time) int {
	if m.Tier == 0 || !m.ExpiresAt.After(now) {
		return 0
	}
	return m.Tier
}

// MembershipPlan is what one purchase does, as decided by the pricing rules (package api/wallet):
// the tier and expiry after it, and the coins it costs.
type MembershipPlan struct {
	Action      string // purchase, extend or upgrade
	Tier        int
	Months      int // months bought
	UpgradeDays int // remaining days upgraded from VIP to SVIP
	Coins       int64
	ExpiresAt   time.Time
}

// MembershipRecord is one stored purchase (getVipOpenRecord).
type MembershipRecord struct {
	ID          int64
	UserID      int64
	Action      string
	Tier        int
	Months      int
	UpgradeDays int
	Coins       int64
	ExpiresAt   time.Time
	TxnID       int64
	CreatedAt   time.Time
}

// MembershipKey is the ledger idempotency key of a membership purchase.
func MembershipKey(userID int64, clientKey string) string {
	return fmt.Sprintf("membership:%d:%s", userID, clientKey)
}

// BuyMembership runs one purchase: under a per-user lock it reads the current membership, asks plan
// what to do at now, debits the coins (platform revenue gets them), stores the new tier and expiry and
// the record, all in one transaction. The same client key returns the first purchase's record with
// replayed true and charges nothing. An error from plan (or insufficient coins) changes nothing.
func (s *WalletStore) BuyMembership(ctx context.Context, userID int64, clientKey string, now time.Time,
	plan func(cur Membership, now time.Time) (MembershipPlan, error)) (rec MembershipRecord, replayed bool, err error) {
	key := MembershipKey(userID, clientKey)
	err = InTx(ctx, s.pool, func(tx pgx.Tx) error {
		replayed = false
		// One purchase per user at a time: the plan depends on the expiry it reads.
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, fmt.Sprintf("membership:%d", userID)); err != nil {
			return err
		}
		var txnID int64
		err := tx.QueryRow(ctx, `SELECT id FROM ledger_transactions WHERE idem_key = $1`, key).Scan(&txnID)
		if err == nil {
			rec, err = scanRecord(tx.QueryRow(ctx, `SELECT `+recordColumns+` FROM membership_records WHERE txn_id = $1`, txnID))
			replayed = true
			return err
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		var cur Membership
		err = tx.QueryRow(ctx, `SELECT tier, expires_at FROM memberships WHERE user_id = $1`, userID).Scan(&cur.Tier, &cur.ExpiresAt)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		p, err := plan(cur, now)
		if err != nil {
			return err
		}
		posted, err := PostTx(ctx, tx, Posting{
			Key: key, Type: TxnMembership, Reference: fmt.Sprintf("%s:tier%d:%dm:%dd", p.Action, p.Tier, p.Months, p.UpgradeDays), UserID: userID,
			Entries: []Entry{{UserWallet(userID, Coin), -p.Coins}, {SystemAccount(KindPlatform, Coin), p.Coins}},
			At:      now,
		})
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO memberships (user_id, tier, expires_at) VALUES ($1, $2, $3)
			ON CONFLICT (user_id) DO UPDATE SET tier = $2, expires_at = $3, updated_at = now()`, userID, p.Tier, p.ExpiresAt); err != nil {
			return err
		}
		rec, err = scanRecord(tx.QueryRow(ctx, `INSERT INTO membership_records (user_id, action, tier, months, upgrade_days, coins,
			expires_at, txn_id, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) RETURNING `+recordColumns,
			userID, p.Action, p.Tier, p.Months, p.UpgradeDays, p.Coins, p.ExpiresAt, posted.TxnID, now))
		return err
	})
	return rec, replayed, err
}

const recordColumns = `id, user_id, action, tier, months, upgrade_days, coins, expires_at, txn_id, created_at`

func scanRecord(r pgx.Row) (MembershipRecord, error) {
	var m MembershipRecord
	err := r.Scan(&m.ID, &m.UserID, &m.Action, &m.Tier, &m.Months, &m.UpgradeDays, &m.Coins, &m.ExpiresAt, &m.TxnID, &m.CreatedAt)
	return m, err
}

// Membership reads a user's stored membership (the zero value when never a member).
func (s *WalletStore) Membership(ctx context.Context, userID int64) (Membership, error) {
	var m Membership
	err := s.pool.QueryRow(ctx, `SELECT tier, expires_at FROM memberships WHERE user_id = $1`, userID).Scan(&m.Tier, &m.ExpiresAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return Membership{}, nil
	}
	return m, err
}

// MembershipRecords pages through a user's purchases, newest first, with the total count.
func (s *WalletStore) MembershipRecords(ctx context.Context, userID int64, limit, offset int) ([]MembershipRecord, int, error) {
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM membership_records WHERE user_id = $1`, userID).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.pool.Query(ctx, `SELECT `+recordColumns+` FROM membership_records WHERE user_id = $1
		ORDER BY id DESC LIMIT $2 OFFSET $3`, userID, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (MembershipRecord, error) { return scanRecord(r) })
	return out, total, err
}
