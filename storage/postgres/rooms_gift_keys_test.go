package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// A gift remembered before a restart (a new GiftKeys on the same database) is seen after it with
// its first seq; a second showing is reported and does not replace the first.
func TestGiftKeyRememberedBeforeARestartIsSeenAfterIt(t *testing.T) {
	pool := pgtest.NewPool(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	before := postgres.NewGiftKeys(pool, postgres.GiftKeysConfig{Now: clock})
	const key = "gift:1001:u7:n1"
	if seq, found, err := before.Seen(ctx, key); err != nil || found {
		t.Fatalf("unknown key: seq %d found %v err %v", seq, found, err)
	}
	if err := before.Remember(ctx, key, 42); err != nil {
		t.Fatal(err)
	}
	after := postgres.NewGiftKeys(pool, postgres.GiftKeysConfig{Now: clock})
	if seq, found, err := after.Seen(ctx, key); err != nil || !found || seq != 42 {
		t.Fatalf("after the restart: seq %d found %v err %v, want 42", seq, found, err)
	}
	if err := after.Remember(ctx, key, 42); err != nil {
		t.Fatalf("same seq again: %v", err)
	}
	if err := after.Remember(ctx, key, 57); !errors.Is(err, postgres.ErrGiftKeyTaken) {
		t.Fatalf("another seq for a remembered key: %v, want ErrGiftKeyTaken", err)
	}
	if seq, _, _ := after.Seen(ctx, key); seq != 42 {
		t.Fatalf("seq %d after a second Remember, want the first (42)", seq)
	}
	if _, found, err := after.Seen(ctx, "gift:1001:u7:n2"); err != nil || found {
		t.Fatalf("another nonce: found %v err %v", found, err)
	}
}

// Keys expire after their TTL: no longer seen, taken over by a new Remember, pruned.
func TestGiftKeysExpireAfterTheirTTL(t *testing.T) {
	pool := pgtest.NewPool(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	keys := postgres.NewGiftKeys(pool, postgres.GiftKeysConfig{TTL: time.Hour, Now: func() time.Time { return now }})
	if err := keys.Remember(ctx, "gift:1001:u7:old", 1); err != nil {
		t.Fatal(err)
	}
	now = now.Add(time.Hour + time.Second)
	if _, found, err := keys.Seen(ctx, "gift:1001:u7:old"); err != nil || found {
		t.Fatalf("an expired key is seen: found %v err %v", found, err)
	}
	if err := keys.Remember(ctx, "gift:1001:u7:old", 9); err != nil {
		t.Fatalf("an expired key is not taken over: %v", err)
	}
	if err := keys.Remember(ctx, "gift:1001:u7:other", 2); err != nil {
		t.Fatal(err)
	}
	now = now.Add(2 * time.Hour)
	if n, err := keys.Prune(ctx); err != nil || n != 2 {
		t.Fatalf("pruned %d, %v; want 2", n, err)
	}
}
