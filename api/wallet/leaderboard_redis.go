package wallet

import (
	"context"
	"time"

	redisstore "courtside/storage/redis"
)

// RedisLeaderboard is the Leaderboard of a cluster: buckets in Redis Cluster, so a gift sent in a
// room hosted on one node ranks on every node's /gift/leaderboard.
type RedisLeaderboard struct {
	r   *redisstore.Leaderboard
	loc *time.Location
}

var _ Leaderboard = RedisLeaderboard{}

// NewRedisLeaderboard ranks in r, with the days and weeks of loc (nil: UTC).
func NewRedisLeaderboard(r *redisstore.Leaderboard, loc *time.Location) RedisLeaderboard {
	if loc == nil {
		loc = time.UTC
	}
	return RedisLeaderboard{r: r, loc: loc}
}

// Day buckets are kept two days past their day, week buckets two weeks: enough for "yesterday"
// and "last week" reads, bounded memory.
const (
	leaderboardDayTTL  = 3 * 24 * time.Hour
	leaderboardWeekTTL = 3 * 7 * 24 * time.Hour
)

// Add implements Leaderboard.
func (l RedisLeaderboard) Add(ctx context.Context, room string, userID, score int64, at time.Time) error {
	return l.r.Add(ctx, room, []redisstore.LeaderboardBucket{
		{Name: Bucket(PeriodDay, at, l.loc), TTL: leaderboardDayTTL},
		{Name: Bucket(PeriodWeek, at, l.loc), TTL: leaderboardWeekTTL},
		{Name: Bucket(PeriodAll, at, l.loc)},
	}, userID, score)
}

// Top implements Leaderboard.
func (l RedisLeaderboard) Top(ctx context.Context, room string, p Period, now time.Time, n int) ([]Rank, error) {
	scores, err := l.r.Top(ctx, room, Bucket(p, now, l.loc), n)
	if err != nil {
		return nil, err
	}
	out := make([]Rank, len(scores))
	for i, s := range scores {
		out[i] = Rank{Rank: i + 1, UserID: s.UserID, Score: s.Score}
	}
	return out, nil
}

// Reset implements Leaderboard.
func (l RedisLeaderboard) Reset(ctx context.Context, room string) error { return l.r.Reset(ctx, room) }
