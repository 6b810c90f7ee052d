package wallet_test

import (
	"context"
	"testing"
	"time"

	"courtside/api/wallet"
	redisstore "courtside/storage/redis"
	"courtside/storage/redis/redistest"
)

func TestRedisLeaderboardRanksByDayWeekAndAllTime(t *testing.T) {
	c, prefix := redistest.Client(t)
	lb := wallet.NewRedisLeaderboard(redisstore.NewLeaderboard(c, prefix), time.UTC)
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC) // a Sunday
	for _, g := range []struct {
		user  int64
		score int64
		at    time.Time
	}{
		{1, 100, now},
		{2, 300, now.AddDate(0, 0, -1)}, // yesterday, same ISO week
		{3, 500, now.AddDate(0, 0, -7)}, // last week
		{1, 50, now},
	} {
		if err := lb.Add(ctx, "1001", g.user, g.score, g.at); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		p    wallet.Period
		want []wallet.Rank
	}{
		{wallet.PeriodDay, []wallet.Rank{{Rank: 1, UserID: 1, Score: 150}}},
		{wallet.PeriodWeek, []wallet.Rank{{Rank: 1, UserID: 2, Score: 300}, {Rank: 2, UserID: 1, Score: 150}}},
		{wallet.PeriodAll, []wallet.Rank{{Rank: 1, UserID: 3, Score: 500}, {Rank: 2, UserID: 2, Score: 300}, {Rank: 3, UserID: 1, Score: 150}}},
	} {
		got, err := lb.Top(ctx, "1001", tc.p, now, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(tc.want) {
			t.Fatalf("%s: %v, want %v", tc.p, got, tc.want)
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Fatalf("%s: %v, want %v", tc.p, got, tc.want)
			}
		}
	}
}
