package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Paid messages (migration 1400, api/paidmsg): the charge and its record in one ledger transaction,
// the removal and its refund in another, each exactly once.

// ErrPaidMessageNotFound: no paid message with that id in that room.
var ErrPaidMessageNotFound = errors.New("postgres: paid message not found")

// PaidSend is one paid message to charge: the sender pays Coins, the streamer earns StreamerShare and
// the platform the rest (the gift split). Key is the idempotency key.
type PaidSend struct {
	Key           string
	Room          string
	Sender        int64
	SenderName    string
	Streamer      int64
	Text          string
	Coins         int64
	StreamerShare int64
	Color         string
	Pin           time.Duration // how long it stays pinned from its time
	At            time.Time     // the caller's clock
}

// PaidMessage is one recorded paid message.
type PaidMessage struct {
	ID            int64 // the charge's ledger transaction id
	Key           string
	Room          string
	Sender        int64
	SenderName    string
	Streamer      int64
	Text          string
	Coins         int64
	StreamerShare int64
	Color         string
	PinnedUntil   time.Time
	At            time.Time
	RemovedAt     time.Time // zero while not removed
	RemovedBy     int64
	Reason        string
	RefundTxn     int64 // 0: not refunded
}

const paidCols = `txn_id, idem_key, room_id, sender_id, sender_name, streamer_id, body, coins, streamer_share, color,
	pinned_until, created_at, removed_at, coalesce(removed_by, 0), coalesce(removed_reason, ''), coalesce(refund_txn_id, 0)`

func scanPaid(r pgx.Row) (PaidMessage, error) {
	var m PaidMessage
	var removed *time.Time
	err := r.Scan(&m.ID, &m.Key, &m.Room, &m.Sender, &m.SenderName, &m.Streamer, &m.Text, &m.Coins, &m.StreamerShare,
		&m.Color, &m.PinnedUntil, &m.At, &removed, &m.RemovedBy, &m.Reason, &m.RefundTxn)
	if removed != nil {
		m.RemovedAt = *removed
	}
	return m, err
}

// SendPaidMessage charges a paid message and records it, in one transaction. A replayed key moves
// nothing and returns the first record with replayed set.
func (s *WalletStore) SendPaidMessage(ctx context.Context, p PaidSend) (m PaidMessage, replayed bool, err error) {
	if p.Coins <= 0 || p.StreamerShare < 0 || p.StreamerShare > p.Coins || p.Sender == p.Streamer || p.Key == "" {
		return PaidMessage{}, false, fmt.Errorf("%w: paid message %d coins share %d", ErrBadPosting, p.Coins, p.StreamerShare)
	}
	entries := []Entry{{UserWallet(p.Sender, Coin), -p.Coins}}
	if p.StreamerShare > 0 {
		entries = append(entries, Entry{StreamerEarnings(p.Streamer, Coin), p.StreamerShare})
	}
	if rest := p.Coins - p.StreamerShare; rest > 0 {
		entries = append(entries, Entry{SystemAccount(KindPlatform, Coin), rest})
	}
	posting := Posting{Key: p.Key, Type: TxnGift, Reference: p.Room + "/paidmsg", UserID: p.Sender, Entries: entries, At: p.At}
	var resolved map[Account]int64
	err = InTx(ctx, s.pool, func(tx pgx.Tx) error {
		resolved = s.ledger.cachedIDs(posting.Entries, make(map[Account]int64, len(posting.Entries)))
		posted, err := post(ctx, tx, posting, resolved, func(b *pgx.Batch, txnID int64, at time.Time) {
			b.Queue(`INSERT INTO paid_messages (txn_id, idem_key, room_id, sender_id, sender_name, streamer_id, body, coins,
				streamer_share, color, pinned_until, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
				txnID, p.Key, p.Room, p.Sender, p.SenderName, p.Streamer, p.Text, p.Coins, p.StreamerShare, p.Color,
				at.Add(p.Pin), at)
		})
		if err != nil {
			return err
		}
		replayed = posted.Replayed
		m, err = scanPaid(tx.QueryRow(ctx, `SELECT `+paidCols+` FROM paid_messages WHERE txn_id = $1`, posted.TxnID))
		if errors.Is(err, pgx.ErrNoRows) { // the key was used by a gift or another posting
			return fmt.Errorf("%w: key %q is not a paid message", ErrIdempotencyConflict, p.Key)
		}
		return err
	})
	if err == nil {
		for a, id := range resolved {
			s.ledger.ids.Store(a, id)
		}
	}
	return m, replayed, err
}

// PaidMessageByKey returns the paid message charged under key.
func (s *WalletStore) PaidMessageByKey(ctx context.Context, key string) (PaidMessage, error) {
	m, err := scanPaid(s.pool.QueryRow(ctx, `SELECT `+paidCols+` FROM paid_messages WHERE idem_key = $1`, key))
	if errors.Is(err, pgx.ErrNoRows) {
		return m, ErrPaidMessageNotFound
	}
	return m, err
}

// PinnedMessages lists the paid messages of room pinned at now (not removed, not expired), by amount
// (biggest first) then time (oldest first).
func (s *WalletStore) PinnedMessages(ctx context.Context, room string, now time.Time) ([]PaidMessage, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+paidCols+` FROM paid_messages
		WHERE room_id = $1 AND removed_at IS NULL AND pinned_until > $2 ORDER BY coins DESC, created_at, txn_id`, room, now)
	if err != nil {
		return nil, fmt.Errorf("postgres: pinned messages: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (PaidMessage, error) { return scanPaid(r) })
}

// PaidRemoval is a moderator's removal of a paid message; Refund says whether the coins go back.
type PaidRemoval struct {
	Room   string
	ID     int64
	By     int64
	Reason string
	Refund bool
	At     time.Time
}

// RemovePaidMessage records the removal and, when r.Refund, posts the refund (sender credited in
// full; the streamer's share taken back from their earnings, any part they no longer hold from the
// refunds account; the platform's share reversed), all in one transaction. A message already removed
// is returned as it is with replayed set: the first removal's reason and refund stand.
func (s *WalletStore) RemovePaidMessage(ctx context.Context, r PaidRemoval) (m PaidMessage, replayed bool, err error) {
	err = InTx(ctx, s.pool, func(tx pgx.Tx) error {
		m, err = scanPaid(tx.QueryRow(ctx, `SELECT `+paidCols+` FROM paid_messages WHERE txn_id = $1 AND room_id = $2 FOR UPDATE`, r.ID, r.Room))
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrPaidMessageNotFound
		}
		if err != nil {
			return err
		}
		if !m.RemovedAt.IsZero() {
			replayed = true
			return nil
		}
		replayed = false
		var refund any
		if r.Refund {
			txn, err := postPaidRefund(ctx, tx, m, r.At)
			if err != nil {
				return err
			}
			refund, m.RefundTxn = txn, txn
		}
		m.RemovedAt, m.RemovedBy, m.Reason = r.At, r.By, r.Reason
		_, err = tx.Exec(ctx, `UPDATE paid_messages SET removed_at=$2, removed_by=$3, removed_reason=$4, refund_txn_id=$5 WHERE txn_id=$1`,
			m.ID, r.At, r.By, r.Reason, refund)
		return err
	})
	return m, replayed, err
}

// postPaidRefund reverses the charge of m on tx and returns the refund's transaction id.
func postPaidRefund(ctx context.Context, tx pgx.Tx, m PaidMessage, at time.Time) (int64, error) {
	claw := m.StreamerShare
	if claw > 0 {
		var bal int64
		err := tx.QueryRow(ctx, `SELECT b.balance FROM ledger_balances b JOIN ledger_accounts a ON a.id = b.account_id
			WHERE a.kind = 'streamer' AND a.owner_id = $1 AND a.currency = 'COIN' FOR UPDATE OF b`, m.Streamer).Scan(&bal)
		if errors.Is(err, pgx.ErrNoRows) {
			bal = 0
		} else if err != nil {
			return 0, fmt.Errorf("postgres: paid refund streamer balance: %w", err)
		}
		claw = min(claw, max(bal, 0))
	}
	entries := []Entry{{UserWallet(m.Sender, Coin), m.Coins}}
	if claw > 0 {
		entries = append(entries, Entry{StreamerEarnings(m.Streamer, Coin), -claw})
	}
	if rest := m.Coins - m.StreamerShare; rest > 0 {
		entries = append(entries, Entry{SystemAccount(KindPlatform, Coin), -rest})
	}
	if short := m.StreamerShare - claw; short > 0 {
		entries = append(entries, Entry{SystemAccount(KindRefunds, Coin), -short})
	}
	p := Posting{Key: fmt.Sprintf("paidmsg-refund:%d", m.ID), Type: TxnRefund, Reference: m.Room + "/paidmsg",
		UserID: m.Sender, Entries: entries, At: at}
	posted, err := post(ctx, tx, p, make(map[Account]int64, len(entries)))
	if err != nil {
		return 0, fmt.Errorf("postgres: paid refund: %w", err)
	}
	return posted.TxnID, nil
}

// ScanPaidMessages calls fn for every paid message of room ("" for every room) sent at or after since
// and not refunded, oldest first: what the gift leaderboards are rebuilt from beside the gifts.
func (s *WalletStore) ScanPaidMessages(ctx context.Context, room string, since time.Time, fn func(PaidMessage) error) error {
	rows, err := s.pool.Query(ctx, `SELECT `+paidCols+` FROM paid_messages
		WHERE ($1 = '' OR room_id = $1) AND created_at >= $2 AND refund_txn_id IS NULL ORDER BY created_at, txn_id`, room, since)
	if err != nil {
		return fmt.Errorf("postgres: paid messages: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		m, err := scanPaid(rows)
		if err != nil {
			return err
		}
		if err := fn(m); err != nil {
			return err
		}
	}
	return rows.Err()
}

// PaidMessage returns paid message id of room.
func (s *WalletStore) PaidMessage(ctx context.Context, room string, id int64) (PaidMessage, error) {
	m, err := scanPaid(s.pool.QueryRow(ctx, `SELECT `+paidCols+` FROM paid_messages WHERE txn_id = $1 AND room_id = $2`, id, room))
	if errors.Is(err, pgx.ErrNoRows) {
		return m, ErrPaidMessageNotFound
	}
	return m, err
}
