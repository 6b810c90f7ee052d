package engine

import (
	"context"
	"time"

	"courtside/api/wallet"
	redisstore "courtside/storage/redis"
)

// redisLeaderboard gives the wallet's gift leaderboards the Redis Cluster store in cluster mode: a
// gift sent in a room hosted on one node ranks on every node's /gift/leaderboard.
type redisLeaderboard struct {
	r   *redisstore.Leaderboard
	loc *time.Location
}

var _ wallet.Leaderboard = redisLeaderboard{}

// Day buckets are kept two days past their day, week buckets two weeks: enough for "yesterday"
// and "last week" reads, bounded memory.
const (
	leaderboardDayTTL  = 3 * 24 * time.Hour
	leaderboardWeekTTL = 3 * 7 * 24 * time.Hour
)

func (l redisLeaderboard) Add(ctx context.Context, room string, userID, score int64, at time.Time) error {
	return l.r.Add(ctx, room, []redisstore.LeaderboardBucket{
		{Name: wallet.Bucket(wallet.PeriodDay, at, l.loc), TTL: leaderboardDayTTL},
		{Name: wallet.Bucket(wallet.PeriodWeek, at, l.loc), TTL: leaderboardWeekTTL},
		{Name: wallet.Bucket(wallet.PeriodAll, at, l.loc)},
	}, userID, score)
}

func (l redisLeaderboard) Top(ctx context.Context, room string, p wallet.Period, now time.Time, n int) ([]wallet.Rank, error) {
	scores, err := l.r.Top(ctx, room, wallet.Bucket(p, now, l.loc), n)
	if err != nil {
		return nil, err
	}
	out := make([]wallet.Rank, len(scores))
	for i, s := range scores {
		out[i] = wallet.Rank{Rank: i + 1, UserID: s.UserID, Score: s.Score}
	}
	return out, nil
}

func (l redisLeaderboard) Reset(ctx context.Context, room string) error { return l.r.Reset(ctx, room) }

// sharedLeaderboard is the wallet's leaderboard state: Redis in cluster mode, nil (the wallet's
// in-process default) on a single node.
func (n *Node) sharedLeaderboard() wallet.Leaderboard {
	if n.cluster == nil {
		return nil
	}
	return redisLeaderboard{r: redisstore.NewLeaderboard(n.cluster.redis, ""), loc: time.UTC}
}
