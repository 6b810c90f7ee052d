package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// WalletStore keeps the wallet's tables beside the ledger: payment orders, memberships, the gift
// catalogue and the record of gifts sent. Every paid operation runs in one transaction together with
// its ledger posting. It is safe for concurrent use.
type WalletStore struct {
	pool   *pgxpool.Pool
	ledger *Ledger
}

// NewWalletStore returns a WalletStore (and its Ledger) on pool.
func NewWalletStore(pool *pgxpool.Pool) *WalletStore {
	return &WalletStore{pool: pool, ledger: NewLedger(pool)}
}

// Ledger is the store's ledger.
func (s *WalletStore) Ledger() *Ledger { return s.ledger }

// WalletBalances is what a user holds: wallet coins and diamonds, and gift earnings as a streamer.
type WalletBalances struct {
	Coins, Diamonds             int64
	EarnedCoins, EarnedDiamonds int64
}

// Balances reads a user's wallets (zero for wallets that never moved).
func (s *WalletStore) Balances(ctx context.Context, userID int64) (WalletBalances, error) {
	var w WalletBalances
	rows, err := s.pool.Query(ctx, `SELECT a.kind, a.currency, b.balance FROM ledger_accounts a
		JOIN ledger_balances b ON b.account_id = a.id
		WHERE a.owner_id = $1 AND a.kind IN ('user', 'streamer')`, userID)
	if err != nil {
		return w, fmt.Errorf("postgres: balances: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k, c string
		var b int64
		if err := rows.Scan(&k, &c, &b); err != nil {
			return w, err
		}
		switch {
		case k == "user" && c == "COIN":
			w.Coins = b
		case k == "user" && c == "DIAMOND":
			w.Diamonds = b
		case k == "streamer" && c == "COIN":
			w.EarnedCoins = b
		case k == "streamer" && c == "DIAMOND":
			w.EarnedDiamonds = b
		}
	}
	return w, rows.Err()
}

// DetailRow is one line of a user's transaction details: a movement of one wallet.
type DetailRow struct {
	TxnID        int64
	Type         TxnType
	Reference    string
	Amount       int64 // signed: negative is money out
	BalanceAfter int64
	At           time.Time
}

// Details pages through the movements of a user's wallet in currency c, newest first, and returns the
// total number of movements.
func (s *WalletStore) Details(ctx context.Context, userID int64, c Currency, limit, offset int) ([]DetailRow, int, error) {
	var accID int64
	err := s.pool.QueryRow(ctx, `SELECT id FROM ledger_accounts WHERE kind = 'user' AND owner_id = $1 AND currency = $2`,
		userID, string(c)).Scan(&accID)
	if errors.Is(err, pgx.ErrNoRows) {
		return []DetailRow{}, 0, nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: details: %w", err)
	}
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM ledger_entries WHERE account_id = $1`, accID).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.pool.Query(ctx, `SELECT t.id, t.type, t.reference, e.amount, coalesce(e.balance_after, 0), e.created_at
		FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.txn_id
		WHERE e.account_id = $1 ORDER BY e.id DESC LIMIT $2 OFFSET $3`, accID, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (DetailRow, error) {
		var d DetailRow
		var t string
		err := r.Scan(&d.TxnID, &t, &d.Reference, &d.Amount, &d.BalanceAfter, &d.At)
		d.Type = TxnType(t)
		return d, err
	})
	return out, total, err
}

// Gift is one entry of the gift catalogue.
type Gift struct {
	ID       int
	Name     string
	Icon     string
	Currency Currency
	Price    int64
	Sort     int
}

// Gifts lists the active catalogue in display order.
func (s *WalletStore) Gifts(ctx context.Context) ([]Gift, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, name, icon, currency, price, sort FROM gifts WHERE active ORDER BY sort, id`)
	if err != nil {
		return nil, fmt.Errorf("postgres: gifts: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Gift, error) {
		var g Gift
		var c string
		err := r.Scan(&g.ID, &g.Name, &g.Icon, &c, &g.Price, &g.Sort)
		g.Currency = Currency(c)
		return g, err
	})
}

// GiftSend is one gift to record: the sender pays Total in Currency, the streamer earns
// StreamerShare and the platform the rest; Score is the leaderboard points.
type GiftSend struct {
	Key           string
	Room          string
	Sender        int64
	Streamer      int64
	GiftID        int
	Count         int
	Currency      Currency
	Total         int64
	StreamerShare int64
	Score         int64
	At            time.Time // when it was sent, by the caller's clock (zero: the database's)
}

// SendGift posts the gift (sender to streamer and platform) and records it, in one transaction.
// A replayed key returns the first posting with Replayed set and records nothing.
func (s *WalletStore) SendGift(ctx context.Context, g GiftSend) (Posted, error) {
	if g.Total <= 0 || g.StreamerShare < 0 || g.StreamerShare > g.Total || g.Sender == g.Streamer {
		return Posted{}, fmt.Errorf("%w: gift total %d share %d", ErrBadPosting, g.Total, g.StreamerShare)
	}
	entries := []Entry{{UserWallet(g.Sender, g.Currency), -g.Total}}
	if g.StreamerShare > 0 {
		entries = append(entries, Entry{StreamerEarnings(g.Streamer, g.Currency), g.StreamerShare})
	}
	if rest := g.Total - g.StreamerShare; rest > 0 {
		entries = append(entries, Entry{SystemAccount(KindPlatform, g.Currency), rest})
	}
	p := Posting{Key: g.Key, Type: TxnGift, Reference: fmt.Sprintf("%s/%d", g.Room, g.GiftID), UserID: g.Sender, Entries: entries, At: g.At}
	var out Posted
	var resolved map[Account]int64
	err := InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		resolved = s.ledger.cachedIDs(p.Entries, make(map[Account]int64, len(p.Entries)))
		// The gift record rides in the posting's last round trip (not queued on a replay).
		out, err = post(ctx, tx, p, resolved, func(b *pgx.Batch, txnID int64, at time.Time) {
			b.Queue(`INSERT INTO gift_sends (txn_id, room_id, sender_id, streamer_id, gift_id, count, currency,
				total, score, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
				txnID, g.Room, g.Sender, g.Streamer, g.GiftID, g.Count, string(g.Currency), g.Total, g.Score, at)
		})
		return err
	})
	if err == nil {
		for a, id := range resolved {
			s.ledger.ids.Store(a, id)
		}
	}
	return out, err
}

// GiftSendRow is one recorded gift.
type GiftSendRow struct {
	TxnID    int64
	Room     string
	Sender   int64
	Streamer int64
	GiftID   int
	Count    int
	Currency Currency
	Total    int64
	Score    int64
	At       time.Time
}

// ScanGiftSends calls fn for every gift sent in room (every room when room is "") at or after since,
// oldest first. It is what the leaderboards are rebuilt from.
func (s *WalletStore) ScanGiftSends(ctx context.Context, room string, since time.Time, fn func(GiftSendRow) error) error {
	rows, err := s.pool.Query(ctx, `SELECT txn_id, room_id, sender_id, streamer_id, gift_id, count, currency, total, score, created_at
		FROM gift_sends WHERE ($1 = '' OR room_id = $1) AND created_at >= $2 ORDER BY created_at, txn_id`, room, since)
	if err != nil {
		return fmt.Errorf("postgres: gift sends: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var g GiftSendRow
		var c string
		if err := rows.Scan(&g.TxnID, &g.Room, &g.Sender, &g.Streamer, &g.GiftID, &g.Count, &c, &g.Total, &g.Score, &g.At); err != nil {
			return err
		}
		g.Currency = Currency(c)
		if err := fn(g); err != nil {
			return err
		}
	}
	return rows.Err()
}
