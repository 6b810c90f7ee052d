package wallet

import (
	"context"
	"time"

	"courtside/storage/postgres"
)

// Paid messages (api/paidmsg) are charged by that area on the wallet's store (Store), split like
// gifts (Split) and counted in the same gift leaderboards (Leaderboard) as gifts: coins spent. A
// rebuild replays them too.

// replayPaidMessages adds the paid messages that were not refunded to lb (RebuildLeaderboard).
func replayPaidMessages(ctx context.Context, store *postgres.WalletStore, lb Leaderboard, room string) (int, error) {
	n := 0
	err := store.ScanPaidMessages(ctx, room, time.Time{}, func(m postgres.PaidMessage) error {
		n++
		return lb.Add(ctx, m.Room, m.Sender, m.Coins, m.At)
	})
	return n, err
}
