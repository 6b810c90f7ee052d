package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// GiftIncomeRow is one gift a streamer received.
type GiftIncomeRow struct {
	At       time.Time
	Sender   int64
	GiftName string
	Count    int
	Currency Currency
	Total    int64 // what the sender paid; the streamer's share is the wallet's split of it
}

// GiftIncome lists the gifts streamerID received at or after since, newest first.
func (s *WalletStore) GiftIncome(ctx context.Context, streamerID int64, since time.Time) ([]GiftIncomeRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT gs.created_at, gs.sender_id, g.name, gs.count, gs.currency, gs.total
		FROM gift_sends gs JOIN gifts g ON g.id = gs.gift_id
		WHERE gs.streamer_id = $1 AND gs.created_at >= $2 ORDER BY gs.created_at DESC LIMIT 5000`, streamerID, since)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (GiftIncomeRow, error) {
		var g GiftIncomeRow
		var cur string
		err := r.Scan(&g.At, &g.Sender, &g.GiftName, &g.Count, &cur, &g.Total)
		g.Currency = Currency(cur)
		return g, err
	})
}

// PayUnlock charges a viewer price coins for a paid live room, shared between the streamer and the
// platform like a gift, once per key; at is the caller's "now".
func (s *WalletStore) PayUnlock(ctx context.Context, viewer, streamer int64, room string, price, streamerShare int64, key string, at time.Time) (Posted, error) {
	entries := []Entry{{UserWallet(viewer, Coin), -price}}
	if streamerShare > 0 {
		entries = append(entries, Entry{StreamerEarnings(streamer, Coin), streamerShare})
	}
	if rest := price - streamerShare; rest > 0 {
		entries = append(entries, Entry{SystemAccount(KindPlatform, Coin), rest})
	}
	return s.ledger.Post(ctx, Posting{Key: key, Type: TxnUnlock, Reference: "live/" + room, UserID: viewer, Entries: entries, At: at})
}
