package redis

import (
	"context"
	"fmt"
	"strconv"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// Trials remembers non-members' trials of member-only rooms for every node (media.Trials): one
// Claim per (room, user) holding the trial's start in unix milliseconds, expiring after the trial
// reset period, so the first node to start a trial fixes its start for all.
type Trials struct {
	claims *Claims
	reset  time.Duration
}

// NewTrials makes the shared trials; reset is how long a used trial is remembered (24h for a
// trial a day).
func NewTrials(c *goredis.ClusterClient, keyPrefix string, reset time.Duration) *Trials {
	return &Trials{claims: NewClaims(c, keyPrefix), reset: reset}
}

// Begin returns when user's trial of room started, starting it at now when there is none.
func (t *Trials) Begin(ctx context.Context, user int64, room string, now time.Time) (time.Time, error) {
	key := "trial:" + room + ":" + strconv.FormatInt(user, 10)
	first, existing, err := t.claims.Claim(ctx, key, strconv.FormatInt(now.UnixMilli(), 10), t.reset)
	if err != nil {
		return time.Time{}, fmt.Errorf("redis: trial %s: %w", key, err)
	}
	if first {
		return now, nil
	}
	ms, err := strconv.ParseInt(existing, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("redis: trial %s holds %q: %w", key, existing, err)
	}
	return time.UnixMilli(ms), nil
}
