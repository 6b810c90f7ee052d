package redis

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// GiftKeys are the gift idempotency keys of the rooms (room.GiftKeys): which event seq a paid gift
// became, seen by every node. A room re-activated on another node after its node died looks a
// retried gift up here and answers with the first seq instead of showing the gift again. They are
// Claims: the key is the room's gift key ("gift:<room>:<user>:<nonce>"), the value the seq in
// decimal, so the first seq recorded for a key stays.
type GiftKeys struct {
	claims *Claims
	ttl    time.Duration
}

// GiftKeysConfig configures GiftKeys.
type GiftKeysConfig struct {
	Prefix string // key prefix; default "cs:"
	// TTL is how long a gift is recognised after it was shown: longer than any client retries the
	// same nonce. Default 24h.
	TTL time.Duration
}

// ErrGiftKeyTaken is returned by Remember when the key already holds another seq: the gift was
// shown twice (a node died between showing it and remembering it). The first seq stays.
var ErrGiftKeyTaken = errors.New("redis: gift key already holds another seq")

// NewGiftKeys makes the shared gift keys.
func NewGiftKeys(c *goredis.ClusterClient, cfg GiftKeysConfig) *GiftKeys {
	if cfg.TTL <= 0 {
		cfg.TTL = 24 * time.Hour
	}
	return &GiftKeys{claims: NewClaims(c, cfg.Prefix), ttl: cfg.TTL}
}

// Seen returns the seq key was remembered with.
func (g *GiftKeys) Seen(ctx context.Context, key string) (uint64, bool, error) {
	v, found, err := g.claims.Value(ctx, key)
	if err != nil || !found {
		return 0, false, wrapGiftKey("look up", key, err)
	}
	seq, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return 0, false, wrapGiftKey("look up", key, fmt.Errorf("value %q is not a seq: %w", v, err))
	}
	return seq, true, nil
}

// Remember records that key became event seq, unless it already has a seq (then ErrGiftKeyTaken
// when that seq differs).
func (g *GiftKeys) Remember(ctx context.Context, key string, seq uint64) error {
	s := strconv.FormatUint(seq, 10)
	first, existing, err := g.claims.Claim(ctx, key, s, g.ttl)
	if err != nil {
		return wrapGiftKey("remember", key, err)
	}
	if !first && existing != s {
		return fmt.Errorf("%w: %s holds %s, not %s", ErrGiftKeyTaken, key, existing, s)
	}
	return nil
}

func wrapGiftKey(op, key string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("redis: %s gift key %s: %w", op, key, err)
}
