package redis_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"courtside/actors/ratelimit"
	"courtside/storage/redis"
	"courtside/storage/redis/redistest"
)

func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(5 * time.Millisecond) // polling with a deadline
	}
}

func runMutes(t *testing.T, m *redis.PlatformMutes) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	select {
	case <-m.Ready():
	case err := <-done:
		t.Fatal(err)
	}
}

// A platform-wide mute set on node A refuses a message on node C: C's local copy learns it.
func TestPlatformMuteSetOnOneNodeHoldsOnAnother(t *testing.T) {
	c, prefix := redistest.Client(t)
	nodeA := redis.NewPlatformMutes(c, redis.MutesConfig{Prefix: prefix})
	nodeC := redis.NewPlatformMutes(c, redis.MutesConfig{Prefix: prefix})
	runMutes(t, nodeA)
	runMutes(t, nodeC)
	ctx := context.Background()
	until := time.Now().Add(time.Hour).Truncate(time.Millisecond)
	if err := nodeA.Mute(ctx, "u7", until); err != nil {
		t.Fatal(err)
	}
	if got, ok := nodeA.MutedUntil("u7"); !ok || !got.Equal(until) {
		t.Fatalf("node A's own copy: %v %v", got, ok)
	}
	eventually(t, "node C sees the mute", func() bool { got, ok := nodeC.MutedUntil("u7"); return ok && got.Equal(until) })

	// A node that starts later reads the mutes already in force.
	late := redis.NewPlatformMutes(c, redis.MutesConfig{Prefix: prefix})
	runMutes(t, late)
	if _, ok := late.MutedUntil("u7"); !ok {
		t.Fatal("a node started after the mute does not know it")
	}
	if err := nodeC.Unmute(ctx, "u7"); err != nil {
		t.Fatal(err)
	}
	eventually(t, "node A sees the unmute", func() bool { _, ok := nodeA.MutedUntil("u7"); return !ok })
	eventually(t, "the late node sees the unmute", func() bool { _, ok := late.MutedUntil("u7"); return !ok })
}

func TestSharedRateLimitCountsEveryNodesMessages(t *testing.T) {
	c, prefix := redistest.Client(t)
	nodes := []*redis.Limiter{redis.NewLimiter(c, prefix), redis.NewLimiter(c, prefix)}
	limit := ratelimit.Limit{Count: 20, Period: 30 * time.Second}
	ctx := context.Background()
	for i := 0; i < 20; i++ {
		d, err := nodes[i%2].Allow(ctx, "room:1:u1", limit)
		if err != nil || !d.Allowed {
			t.Fatalf("message %d: %+v %v", i+1, d, err)
		}
	}
	d, err := nodes[0].Allow(ctx, "room:1:u1", limit)
	if err != nil || d.Allowed || d.RetryAfter <= 0 || d.RetryAfter > 30*time.Second {
		t.Fatalf("21st message: %+v %v", d, err)
	}
	if d, _ := nodes[1].Allow(ctx, "room:1:u2", limit); !d.Allowed {
		t.Fatal("another user is limited too")
	}
	if _, err := nodes[0].Allow(ctx, "x", ratelimit.Limit{}); err == nil {
		t.Fatal("an invalid limit was accepted")
	}
}

func TestIdempotencyKeyIsClaimedOnce(t *testing.T) {
	c, prefix := redistest.Client(t)
	claims := redis.NewClaims(c, prefix)
	ctx := context.Background()
	results := make(chan bool, 10)
	for i := 0; i < 10; i++ {
		go func(i int) {
			first, _, err := claims.Claim(ctx, "gift:abc", fmt.Sprint(i), time.Minute)
			if err != nil {
				t.Error(err)
			}
			results <- first
		}(i)
	}
	winners := 0
	for i := 0; i < 10; i++ {
		if <-results {
			winners++
		}
	}
	if winners != 1 {
		t.Fatalf("%d callers claimed the same key", winners)
	}
}
