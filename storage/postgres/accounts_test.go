package postgres_test

import (
	"context"
	"errors"
	"sort"
	"sync"
	"testing"
	"time"

	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

func TestAccountsUniqueColumnsMapToSentinels(t *testing.T) {
	a := postgres.NewAccounts(pgtest.NewPool(t))
	ctx := context.Background()
	if _, err := a.CreateUser(ctx, postgres.NewUser{Username: "Fan", Email: "fan@example.com", Phone: "+8613800138000"}, nil); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		nu   postgres.NewUser
		want error
	}{
		{postgres.NewUser{Username: "fan"}, postgres.ErrUsernameTaken},
		{postgres.NewUser{Email: "fan@example.com"}, postgres.ErrEmailTaken},
		{postgres.NewUser{Phone: "+8613800138000"}, postgres.ErrPhoneTaken},
	} {
		if _, err := a.CreateUser(ctx, tt.nu, nil); !errors.Is(err, tt.want) {
			t.Errorf("CreateUser(%+v) = %v, want %v", tt.nu, err, tt.want)
		}
	}
	// Two users without username, phone or e-mail are fine (NULLs are distinct).
	for i := 0; i < 2; i++ {
		if _, err := a.CreateUser(ctx, postgres.NewUser{}, nil); err != nil {
			t.Fatal(err)
		}
	}
}

func TestConsumeCodeLetsOnlyOneOfManyConcurrentChecksSucceed(t *testing.T) {
	a := postgres.NewAccounts(pgtest.NewPool(t))
	ctx := context.Background()
	now := time.Now()
	if _, err := a.PutCode(ctx, "x@example.com", []byte("h"), now, now.Add(time.Minute), time.Minute); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	results := make(chan postgres.CodeResult, 10)
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := a.ConsumeCode(ctx, "x@example.com", []byte("h"), now, 5)
			if err != nil {
				t.Error(err)
			}
			results <- r
		}()
	}
	wg.Wait()
	close(results)
	okN := 0
	for r := range results {
		if r == postgres.CodeOK {
			okN++
		}
	}
	if okN != 1 {
		t.Fatalf("%d concurrent checks consumed the code, want 1", okN)
	}
}

func TestKeyFailureLocksAtTheLimitWithinTheWindowOnly(t *testing.T) {
	a := postgres.NewAccounts(pgtest.NewPool(t))
	ctx := context.Background()
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	// Two failures, then the window passes: the count restarts.
	for i := 0; i < 2; i++ {
		if until, err := a.KeyFailure(ctx, "ip:1", t0, 3, time.Minute, time.Hour); err != nil || !until.IsZero() {
			t.Fatalf("failure %d: %v %v", i, until, err)
		}
	}
	t1 := t0.Add(2 * time.Minute)
	for i := 0; i < 2; i++ {
		if until, _ := a.KeyFailure(ctx, "ip:1", t1, 3, time.Minute, time.Hour); !until.IsZero() {
			t.Fatalf("locked after %d failures in a new window", i+1)
		}
	}
	until, err := a.KeyFailure(ctx, "ip:1", t1, 3, time.Minute, time.Hour)
	if err != nil || !until.Equal(t1.Add(time.Hour)) {
		t.Fatalf("third failure in the window: until %v, %v", until, err)
	}
	if got, _ := a.KeyLocked(ctx, "ip:1", t1.Add(59*time.Minute)); got.IsZero() {
		t.Fatal("not locked within the lock")
	}
	if got, _ := a.KeyLocked(ctx, "ip:1", t1.Add(61*time.Minute)); !got.IsZero() {
		t.Fatal("still locked after the lock")
	}
}

func TestSessionsRevokeOthersKeepsTheCurrentOne(t *testing.T) {
	a := postgres.NewAccounts(pgtest.NewPool(t))
	ctx := context.Background()
	id, err := a.CreateUser(ctx, postgres.NewUser{Email: "s@example.com"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	for _, h := range []string{"a", "b", "c"} {
		if err := a.CreateSession(ctx, []byte(h), id, now, now.Add(time.Hour), "", ""); err != nil {
			t.Fatal(err)
		}
	}
	revoked, err := a.RevokeUserSessions(ctx, id, []byte("b"), now)
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(revoked, func(i, j int) bool { return string(revoked[i]) < string(revoked[j]) })
	if len(revoked) != 2 || string(revoked[0]) != "a" || string(revoked[1]) != "c" {
		t.Fatalf("revoked %q; want the hashes a and c", revoked)
	}
	if again, err := a.RevokeUserSessions(ctx, id, []byte("b"), now); err != nil || len(again) != 0 {
		t.Fatalf("revoking again returned %q, %v; want nothing: those were already revoked", again, err)
	}
	if live, err := a.ExtendSession(ctx, []byte("a"), now, now.Add(2*time.Hour)); err != nil || live {
		t.Fatalf("extending a revoked session: live %v, %v", live, err)
	}
	if live, err := a.ExtendSession(ctx, []byte("b"), now, now.Add(2*time.Hour)); err != nil || !live {
		t.Fatalf("extending the kept session: live %v, %v", live, err)
	}
	for h, revoked := range map[string]bool{"a": true, "b": false, "c": true} {
		s, err := a.Session(ctx, []byte(h))
		if err != nil || s.RevokedAt.IsZero() == revoked {
			t.Errorf("session %s: %+v %v, revoked want %v", h, s, err, revoked)
		}
	}
	if _, err := a.Session(ctx, []byte("zzz")); !errors.Is(err, postgres.ErrSessionNotFound) {
		t.Fatalf("unknown session: %v", err)
	}
}
