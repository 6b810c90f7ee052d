package redis_test

import (
	"context"
	"testing"
	"time"

	"courtside/storage/redis"
	"courtside/storage/redis/redistest"
)

func TestSessionCacheIsSharedByNodes(t *testing.T) {
	c, prefix := redistest.Client(t)
	nodeA, nodeB := redis.NewSessionCache(c, prefix), redis.NewSessionCache(c, prefix)
	ctx := context.Background()
	hash := []byte("token hash 1")
	expires := time.Now().Add(30 * 24 * time.Hour).Truncate(time.Microsecond)

	if _, _, found, err := nodeB.Get(ctx, hash); err != nil || found {
		t.Fatalf("before any Put: found %v, %v", found, err)
	}
	if err := nodeA.Put(ctx, hash, 42, expires, time.Minute); err != nil {
		t.Fatal(err)
	}
	uid, exp, found, err := nodeB.Get(ctx, hash)
	if err != nil || !found || uid != 42 || !exp.Equal(expires) {
		t.Fatalf("node B reads %d %v %v %v; want 42 %v", uid, exp, found, err, expires)
	}
	// Sliding renewal replaces the expiry.
	later := expires.Add(time.Hour)
	if err := nodeB.Put(ctx, hash, 42, later, time.Minute); err != nil {
		t.Fatal(err)
	}
	if _, exp, _, _ := nodeA.Get(ctx, hash); !exp.Equal(later) {
		t.Fatalf("after renewal node A reads expiry %v, want %v", exp, later)
	}
}

func TestSessionCacheEntryExpiresWithItsTTL(t *testing.T) {
	c, prefix := redistest.Client(t)
	cache := redis.NewSessionCache(c, prefix)
	ctx := context.Background()
	hash := []byte("short-lived")
	if err := cache.Put(ctx, hash, 7, time.Now().Add(time.Hour), 50*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the entry expires", func() bool { _, _, found, _ := cache.Get(ctx, hash); return !found })
	// A TTL under a millisecond (a session about to expire) caches nothing.
	if err := cache.Put(ctx, []byte("expiring"), 7, time.Now(), 0); err != nil {
		t.Fatal(err)
	}
	if _, _, found, _ := cache.Get(ctx, []byte("expiring")); found {
		t.Fatal("a zero TTL cached the session")
	}
}

// A node that read a session from Postgres just before another node revoked it must not put it
// back: Forget's marker refuses the late Put.
func TestSessionCacheForgetIsFinal(t *testing.T) {
	c, prefix := redistest.Client(t)
	nodeA, nodeB := redis.NewSessionCache(c, prefix), redis.NewSessionCache(c, prefix)
	ctx := context.Background()
	expires := time.Now().Add(time.Hour)
	hashes := [][]byte{[]byte("s1"), []byte("s2"), []byte("s3"), []byte("s4")} // spread over slots
	for i, h := range hashes {
		if err := nodeA.Put(ctx, h, int64(i), expires, time.Minute); err != nil {
			t.Fatal(err)
		}
	}
	if err := nodeB.Forget(ctx, hashes[:3]...); err != nil {
		t.Fatal(err)
	}
	for _, h := range hashes[:3] {
		if _, _, found, err := nodeA.Get(ctx, h); err != nil || found {
			t.Fatalf("%s after Forget: found %v, %v", h, found, err)
		}
		if err := nodeA.Put(ctx, h, 9, expires, time.Minute); err != nil {
			t.Fatal(err)
		}
		if _, _, found, _ := nodeB.Get(ctx, h); found {
			t.Fatalf("%s: a Put after Forget brought the revoked session back", h)
		}
	}
	if uid, _, found, _ := nodeB.Get(ctx, hashes[3]); !found || uid != 3 {
		t.Fatal("Forget dropped a session it was not given")
	}
	// A session never cached is forgotten all the same (the racing Put may come later).
	if err := nodeB.Forget(ctx, []byte("never cached")); err != nil {
		t.Fatal(err)
	}
	if err := nodeA.Put(ctx, []byte("never cached"), 1, expires, time.Minute); err != nil {
		t.Fatal(err)
	}
	if _, _, found, _ := nodeA.Get(ctx, []byte("never cached")); found {
		t.Fatal("a Put after Forget of an uncached session cached it")
	}
	if err := nodeB.Forget(ctx); err != nil {
		t.Fatalf("Forget of nothing: %v", err)
	}
}
