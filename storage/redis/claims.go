package redis

import (
	"context"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// Claims are idempotency keys: the first Claim of a key wins until it expires. Keys are
// "<prefix>idem:<key>", one plain string each (no hash tag: every call touches one key).
type Claims struct {
	c      *goredis.ClusterClient
	prefix string
}

// NewClaims makes the shared idempotency keys.
func NewClaims(c *goredis.ClusterClient, keyPrefix string) *Claims {
	return &Claims{c: c, prefix: prefix(keyPrefix) + "idem:"}
}

// Claim reports whether this call is the first for key within ttl; value is kept for later callers.
func (c *Claims) Claim(ctx context.Context, key, value string, ttl time.Duration) (first bool, existing string, err error) {
	ok, err := c.c.SetNX(ctx, c.prefix+key, value, ttl).Result()
	if err != nil || ok {
		return ok, "", err
	}
	existing, err = c.c.Get(ctx, c.prefix+key).Result()
	if err == goredis.Nil {
		return c.Claim(ctx, key, value, ttl) // expired between the two calls
	}
	return false, existing, err
}

// Value returns what the first Claim of key stored, while it has not expired.
func (c *Claims) Value(ctx context.Context, key string) (value string, found bool, err error) {
	value, err = c.c.Get(ctx, c.prefix+key).Result()
	switch {
	case err == goredis.Nil:
		return "", false, nil
	case err != nil:
		return "", false, err
	}
	return value, true, nil
}
