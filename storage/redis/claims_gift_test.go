package redis_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"courtside/storage/redis"
	"courtside/storage/redis/redistest"
)

// A gift one node remembered is seen by another node, with the first seq it was remembered with.
func TestGiftKeyRememberedOnOneNodeIsSeenOnAnother(t *testing.T) {
	c, prefix := redistest.Client(t)
	nodeA := redis.NewGiftKeys(c, redis.GiftKeysConfig{Prefix: prefix})
	nodeB := redis.NewGiftKeys(c, redis.GiftKeysConfig{Prefix: prefix})
	ctx := context.Background()
	const key = "gift:1001:u7:n1"
	if seq, found, err := nodeB.Seen(ctx, key); err != nil || found {
		t.Fatalf("unknown key: seq %d found %v err %v", seq, found, err)
	}
	if err := nodeA.Remember(ctx, key, 42); err != nil {
		t.Fatal(err)
	}
	if seq, found, err := nodeB.Seen(ctx, key); err != nil || !found || seq != 42 {
		t.Fatalf("node B sees seq %d found %v err %v, want 42", seq, found, err)
	}
	// Remembering the same seq again (a retried Remember) is fine.
	if err := nodeB.Remember(ctx, key, 42); err != nil {
		t.Fatalf("same seq again: %v", err)
	}
	// A second showing (the failover window) is reported and does not replace the first seq.
	if err := nodeB.Remember(ctx, key, 57); !errors.Is(err, redis.ErrGiftKeyTaken) {
		t.Fatalf("another seq for a remembered key: %v, want ErrGiftKeyTaken", err)
	}
	if seq, _, _ := nodeA.Seen(ctx, key); seq != 42 {
		t.Fatalf("seq %d after a second Remember, want the first (42)", seq)
	}
	// Other users and nonces are other gifts.
	if _, found, err := nodeA.Seen(ctx, "gift:1001:u7:n2"); err != nil || found {
		t.Fatalf("another nonce: found %v err %v", found, err)
	}
}

// Gift keys expire after their TTL (default 24h), so they do not pile up in Redis.
func TestGiftKeysExpire(t *testing.T) {
	c, prefix := redistest.Client(t)
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		ttl  time.Duration
		want time.Duration
	}{{"default", 0, 24 * time.Hour}, {"configured", time.Hour, time.Hour}} {
		keys := redis.NewGiftKeys(c, redis.GiftKeysConfig{Prefix: prefix, TTL: tc.ttl})
		key := "gift:1001:u7:" + tc.name
		if err := keys.Remember(ctx, key, 1); err != nil {
			t.Fatal(err)
		}
		left, err := c.PTTL(ctx, prefix+"idem:"+key).Result()
		if err != nil {
			t.Fatal(err)
		}
		if left <= 0 || left > tc.want {
			t.Fatalf("%s: key expires in %v, want within %v", tc.name, left, tc.want)
		}
	}
}

// A value that is not a seq (written by something else under the same key) is an error, which the
// room treats as "store down", not as a seq.
func TestGiftKeyHoldingGarbageIsAnError(t *testing.T) {
	c, prefix := redistest.Client(t)
	ctx := context.Background()
	if _, _, err := redis.NewClaims(c, prefix).Claim(ctx, "gift:1001:u7:x", "not-a-seq", time.Minute); err != nil {
		t.Fatal(err)
	}
	if seq, found, err := redis.NewGiftKeys(c, redis.GiftKeysConfig{Prefix: prefix}).Seen(ctx, "gift:1001:u7:x"); err == nil || found {
		t.Fatalf("garbage read as seq %d found %v", seq, found)
	}
}
