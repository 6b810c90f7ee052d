package wallet_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"courtside/api/wallet"
)

func TestBucketsRollOverByDayAndISOWeek(t *testing.T) {
	shanghai := time.FixedZone("CST", 8*3600)
	tests := []struct {
		p    wallet.Period
		at   time.Time
		loc  *time.Location
		want string
	}{
		{wallet.PeriodDay, time.Date(2026, 11, 22, 23, 59, 0, 0, time.UTC), time.UTC, "day:2026-11-22"},
		{wallet.PeriodDay, time.Date(2026, 11, 22, 16, 0, 0, 0, time.UTC), shanghai, "day:2026-11-23"},
		{wallet.PeriodWeek, time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC), time.UTC, "week:2026-W47"}, // a Sunday
		{wallet.PeriodWeek, time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC), time.UTC, "week:2026-W48"},  // the Monday after
		{wallet.PeriodWeek, time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC), time.UTC, "week:2026-W53"},
		{wallet.PeriodAll, time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC), time.UTC, "all"},
	}
	for _, tc := range tests {
		if got := wallet.Bucket(tc.p, tc.at, tc.loc); got != tc.want {
			t.Errorf("Bucket(%s, %v) = %s, want %s", tc.p, tc.at, got, tc.want)
		}
	}
}

func TestMemoryLeaderboardRanksPerRoomAndWindow(t *testing.T) {
	ctx := context.Background()
	lb := wallet.NewMemoryLeaderboard(time.UTC)
	mon := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	sunday := mon.Add(-24 * time.Hour)
	_ = lb.Add(ctx, "r1", 1, 100, sunday) // last week, yesterday
	_ = lb.Add(ctx, "r1", 2, 30, mon)
	_ = lb.Add(ctx, "r1", 3, 30, mon)
	_ = lb.Add(ctx, "r1", 2, 5, mon)
	_ = lb.Add(ctx, "r2", 9, 1000, mon)
	check := func(p wallet.Period, want []wallet.Rank) {
		t.Helper()
		got, _ := lb.Top(ctx, "r1", p, mon, 10)
		if len(got) != len(want) {
			t.Fatalf("%s: %+v, want %+v", p, got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s: %+v, want %+v", p, got, want)
			}
		}
	}
	check(wallet.PeriodDay, []wallet.Rank{{1, 2, 35}, {2, 3, 30}})
	check(wallet.PeriodWeek, []wallet.Rank{{1, 2, 35}, {2, 3, 30}})
	check(wallet.PeriodAll, []wallet.Rank{{1, 1, 100}, {2, 2, 35}, {3, 3, 30}})
	if top, _ := lb.Top(ctx, "r1", wallet.PeriodAll, mon, 1); len(top) != 1 || top[0].UserID != 1 {
		t.Fatalf("top 1 = %+v", top)
	}
	_ = lb.Reset(ctx, "r1")
	if top, _ := lb.Top(ctx, "r1", wallet.PeriodAll, mon, 10); len(top) != 0 {
		t.Fatalf("after reset: %+v", top)
	}
	if top, _ := lb.Top(ctx, "r2", wallet.PeriodAll, mon, 10); len(top) != 1 {
		t.Fatalf("reset of r1 touched r2: %+v", top)
	}
}

func TestMemoryLeaderboardIsSafeForConcurrentUse(t *testing.T) {
	ctx := context.Background()
	lb := wallet.NewMemoryLeaderboard(nil)
	now := time.Now()
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 1000 {
				_ = lb.Add(ctx, "room", int64(i%10), 1, now)
				if i%100 == 0 {
					_, _ = lb.Top(ctx, "room", wallet.PeriodDay, now, 3)
				}
			}
			_ = g
		}()
	}
	wg.Wait()
	top, _ := lb.Top(ctx, "room", wallet.PeriodAll, now, 100)
	var sum int64
	for _, r := range top {
		sum += r.Score
	}
	if sum != 8000 || len(top) != 10 {
		t.Fatalf("%d senders with %d points in all, want 10 with 8000", len(top), sum)
	}
}
