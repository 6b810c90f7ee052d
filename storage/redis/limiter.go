package redis

import (
	"context"
	"strconv"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"courtside/actors/ratelimit"
)

// Limiter is ratelimit.Limiter shared by every node: a sliding-window log per key in a sorted set.
type Limiter struct {
	c      *goredis.ClusterClient
	prefix string
}

var _ ratelimit.Limiter = (*Limiter)(nil)

// NewLimiter makes the shared limiter.
func NewLimiter(c *goredis.ClusterClient, keyPrefix string) *Limiter {
	return &Limiter{c: c, prefix: prefix(keyPrefix) + "rl:"}
}

// slidingLog trims entries older than the window, then records a new one if the limit allows.
// The server's clock decides, so nodes with skewed clocks agree. Returns {allowed, remaining,
// retry-after ms}.
var slidingLog = goredis.NewScript(`
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local n = redis.call('ZCARD', key)
if n < limit then
  redis.call('ZADD', key, now, now .. '-' .. math.random(1000000))
  redis.call('PEXPIRE', key, math.ceil(window / 1000))
  return {1, limit - n - 1, 0}
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local retry = tonumber(oldest[2]) + window - now
return {0, 0, math.ceil(retry / 1000)}
`)

// Allow records one event for key if limit allows it.
func (l *Limiter) Allow(ctx context.Context, key string, limit ratelimit.Limit) (ratelimit.Decision, error) {
	if limit.Count <= 0 || limit.Period <= 0 {
		return ratelimit.Decision{}, ratelimit.ErrInvalidLimit
	}
	res, err := slidingLog.Run(ctx, l.c, []string{l.prefix + key},
		strconv.Itoa(limit.Count), strconv.FormatInt(limit.Period.Microseconds(), 10)).Int64Slice()
	if err != nil {
		return ratelimit.Decision{}, err
	}
	return ratelimit.Decision{Allowed: res[0] == 1, Remaining: int(res[1]), RetryAfter: time.Duration(res[2]) * time.Millisecond}, nil
}
