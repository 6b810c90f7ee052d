package redis

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// Leaderboard keeps gift scores per room and time bucket in sorted sets, one key per (room,
// bucket): "<prefix>lb:{<room>}:<bucket>". The braces are a hash tag, so every bucket of a room
// lives on one shard and one MULTI updates them together. Buckets are named by the caller
// ("day:2026-11-22", "week:2026-W47", "all") and expire with the TTL it gives (0: never).
type Leaderboard struct {
	c      *goredis.ClusterClient
	prefix string
}

// LeaderboardBucket is one window a score counts in.
type LeaderboardBucket struct {
	Name string
	TTL  time.Duration // how long the bucket is kept after its last update; 0 = for ever
}

// Score is one sender's total in a bucket.
type Score struct {
	UserID int64
	Score  int64
}

// NewLeaderboard returns the leaderboards under keyPrefix (default "cs:").
func NewLeaderboard(c *goredis.ClusterClient, keyPrefix string) *Leaderboard {
	return &Leaderboard{c: c, prefix: prefix(keyPrefix)}
}

func (l *Leaderboard) key(room, bucket string) string {
	return l.prefix + "lb:{" + room + "}:" + bucket
}

// Add adds score to userID in every bucket, atomically.
func (l *Leaderboard) Add(ctx context.Context, room string, buckets []LeaderboardBucket, userID, score int64) error {
	member := strconv.FormatInt(userID, 10)
	_, err := l.c.TxPipelined(ctx, func(p goredis.Pipeliner) error {
		for _, b := range buckets {
			k := l.key(room, b.Name)
			p.ZIncrBy(ctx, k, float64(score), member)
			if b.TTL > 0 {
				p.Expire(ctx, k, b.TTL)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("redis leaderboard: add: %w", err)
	}
	return nil
}

// Top returns the n best of a bucket (n <= 0: all), best first, ties by ascending user id.
func (l *Leaderboard) Top(ctx context.Context, room, bucket string, n int) ([]Score, error) {
	k := l.key(room, bucket)
	stop := int64(-1)
	if n > 0 {
		stop = int64(n - 1)
	}
	zs, err := l.c.ZRevRangeWithScores(ctx, k, 0, stop).Result()
	if err != nil {
		return nil, fmt.Errorf("redis leaderboard: top: %w", err)
	}
	if n > 0 && len(zs) == n {
		// Redis orders equal scores by member text; the contract orders them by user id, so take
		// every member tied with the last one and sort here.
		last := zs[len(zs)-1].Score
		tied, err := l.c.ZRangeByScoreWithScores(ctx, k, &goredis.ZRangeBy{
			Min: strconv.FormatFloat(last, 'f', -1, 64), Max: strconv.FormatFloat(last, 'f', -1, 64),
		}).Result()
		if err != nil {
			return nil, fmt.Errorf("redis leaderboard: top: %w", err)
		}
		above := zs[:0:0]
		for _, z := range zs {
			if z.Score > last {
				above = append(above, z)
			}
		}
		zs = append(above, tied...)
	}
	out := make([]Score, 0, len(zs))
	for _, z := range zs {
		id, err := strconv.ParseInt(fmt.Sprint(z.Member), 10, 64)
		if err != nil {
			continue
		}
		out = append(out, Score{UserID: id, Score: int64(z.Score)})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].UserID < out[j].UserID
	})
	if n > 0 && len(out) > n {
		out = out[:n]
	}
	return out, nil
}

// Reset deletes every bucket of room ("" = of every room), on every shard.
func (l *Leaderboard) Reset(ctx context.Context, room string) error {
	match := l.prefix + "lb:*"
	if room != "" {
		match = l.prefix + "lb:{" + room + "}:*"
	}
	err := l.c.ForEachMaster(ctx, func(ctx context.Context, s *goredis.Client) error {
		iter := s.Scan(ctx, 0, match, 500).Iterator()
		for iter.Next(ctx) {
			if err := s.Del(ctx, iter.Val()).Err(); err != nil {
				return err
			}
		}
		return iter.Err()
	})
	if err != nil {
		return fmt.Errorf("redis leaderboard: reset: %w", err)
	}
	return nil
}
