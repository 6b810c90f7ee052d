package redis_test

import (
	"context"
	"testing"
	"time"

	"courtside/storage/redis"
	"courtside/storage/redis/redistest"
)

// Two nodes adding gifts to the same room see one leaderboard, ordered by score then user id.
func TestLeaderboardIsSharedByEveryNode(t *testing.T) {
	c, prefix := redistest.Client(t)
	nodeA, nodeC := redis.NewLeaderboard(c, prefix), redis.NewLeaderboard(c, prefix)
	ctx := context.Background()
	day := []redis.LeaderboardBucket{{Name: "day:2026-11-22", TTL: time.Hour}, {Name: "all"}}
	for _, g := range []struct {
		node  *redis.Leaderboard
		user  int64
		score int64
	}{{nodeA, 7, 100}, {nodeC, 3, 50}, {nodeA, 9, 50}, {nodeC, 7, 20}, {nodeA, 5, 50}} {
		if err := g.node.Add(ctx, "1001", day, g.user, g.score); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name string
		n    int
		want []redis.Score
	}{
		{"all of them", 0, []redis.Score{{7, 120}, {3, 50}, {5, 50}, {9, 50}}},
		{"a cut inside a tie keeps the lowest ids", 2, []redis.Score{{7, 120}, {3, 50}}},
		{"a cut after a tie", 4, []redis.Score{{7, 120}, {3, 50}, {5, 50}, {9, 50}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := nodeC.Top(ctx, "1001", "all", tc.n)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("Top(%d) = %v, want %v", tc.n, got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("Top(%d) = %v, want %v", tc.n, got, tc.want)
				}
			}
		})
	}
	if ttl := c.TTL(ctx, prefix+"lb:{1001}:day:2026-11-22").Val(); ttl <= 0 || ttl > time.Hour {
		t.Errorf("day bucket TTL %v, want (0, 1h]", ttl)
	}
	if err := nodeA.Reset(ctx, "1001"); err != nil {
		t.Fatal(err)
	}
	if got, _ := nodeC.Top(ctx, "1001", "all", 0); len(got) != 0 {
		t.Fatalf("after Reset: %v", got)
	}
}
