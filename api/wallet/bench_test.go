package wallet_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"

	"courtside/api/wallet"
	"courtside/storage/postgres"
)

// BenchmarkGiftThroughput sends gifts through the ledger (one Postgres transaction each: debit,
// streamer and platform credits, gift record) from parallel senders to a few streamers, the shape of
// a busy room. senders scales the number of distinct wallets (fewer senders: more row contention).
//
//	eval "$(scripts/postgres.sh)"; export DATABASE_URL
//	go test -run XXX -bench GiftThroughput -benchtime 5000x ./api/wallet/
func BenchmarkGiftThroughput(b *testing.B) {
	for _, senders := range []int{16, 1000} {
		b.Run(fmt.Sprintf("senders=%d", senders), func(b *testing.B) {
			ctx := context.Background()
			e := newEnv(b, wallet.Config{})
			err := postgres.InTx(ctx, e.pool, func(tx pgx.Tx) error {
				for u := 1; u <= senders; u++ { // enough coins for any b.N
					_, err := postgres.PostTx(ctx, tx, postgres.Posting{Key: fmt.Sprint("fund-", u), Type: postgres.TxnAdjustment, UserID: int64(u),
						Entries: []postgres.Entry{
							{Account: postgres.SystemAccount(postgres.KindPromotions, postgres.Coin), Amount: -1e9},
							{Account: postgres.UserWallet(int64(u), postgres.Coin), Amount: 1e9}}})
					if err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
			var n atomic.Int64
			b.ReportAllocs()
			b.SetParallelism(8) // 8 x GOMAXPROCS goroutines against a pool of 10 connections
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					i := n.Add(1)
					_, err := e.svc.SendGift(ctx, wallet.GiftRequest{
						From: 1 + i%int64(senders), StreamerID: 100_000 + i%4, Room: "bench", GiftID: 1, Count: 1,
						IdempotencyKey: fmt.Sprintf("b%d", i),
					})
					if err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "gifts/s")
		})
	}
}
