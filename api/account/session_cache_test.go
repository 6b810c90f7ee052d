package account_test

import (
	"context"
	"crypto/sha256"
	"errors"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"courtside/api"
	"courtside/api/account"
	"courtside/api/apitest"
	"courtside/storage/redis"
	"courtside/storage/redis/redistest"
)

var _ account.SessionCache = (*redis.SessionCache)(nil)

// cluster is two nodes' accounts modules over one Postgres and one Redis Cluster session cache:
// a is e.svc (served over HTTP by e), b a second Service like another node's.
type cluster struct {
	*env
	cache *redis.SessionCache
	b     *account.Service
}

func newCluster(t *testing.T) *cluster {
	t.Helper()
	c, prefix := redistest.Client(t)
	cache := redis.NewSessionCache(c, prefix)
	var cfg account.Config
	var deps account.Deps
	e := newEnv(t, func(c *account.Config, d *account.Deps) {
		d.Sessions = cache
		cfg, deps = *c, *d
	})
	b, err := account.New(cfg, deps)
	if err != nil {
		t.Fatal(err)
	}
	return &cluster{env: e, cache: cache, b: b}
}

func hashOf(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// cached reports whether token's session is in the shared cache.
func (c *cluster) cached(token string) bool {
	c.t.Helper()
	_, _, found, err := c.cache.Get(context.Background(), hashOf(token))
	if err != nil {
		c.t.Fatal(err)
	}
	return found
}

func userID(t *testing.T, uid string) int64 {
	t.Helper()
	id, ok := api.ParseUserID(uid)
	if !ok {
		t.Fatalf("bad uid %q", uid)
	}
	return id
}

// A cached session is served without reading the sessions table: deleting its row behind the
// cache's back does not stop it. The user row is still read fresh: a ban written straight to
// Postgres refuses the cached session.
func TestCachedSessionSkipsThePostgresSessionRead(t *testing.T) {
	c := newCluster(t)
	ctx := context.Background()
	lr := c.register("hit@example.com", "hitter", "hit12345")
	if _, err := c.b.Authenticate(ctx, lr.Token); err != nil {
		t.Fatal(err)
	}
	if !c.cached(lr.Token) {
		t.Fatal("an authenticated session was not cached")
	}
	if _, err := c.pool.Exec(ctx, `DELETE FROM sessions WHERE token_hash=$1`, hashOf(lr.Token)); err != nil {
		t.Fatal(err)
	}
	u, err := c.b.Authenticate(ctx, lr.Token)
	if err != nil || u.UID() != lr.UID {
		t.Fatalf("a cache hit read Postgres: %+v, %v", u, err)
	}
	apitest.Result(t, c.get("/user/info", lr.Token), nil) // the other node too

	if err := c.svc.Store().GrantRole(ctx, userID(t, lr.UID), string(account.RoleBanned), time.Time{}, "test"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.b.Authenticate(ctx, lr.Token); !errors.Is(err, account.ErrBanned) {
		t.Fatalf("a banned user's cached session: %v, want ErrBanned", err)
	}

	// Without a cache the deleted row is the end of the session (the control of this test).
	plain := newEnv(t)
	other := plain.register("miss@example.com", "misser", "miss1234")
	if _, err := plain.pool.Exec(ctx, `DELETE FROM sessions WHERE token_hash=$1`, hashOf(other.Token)); err != nil {
		t.Fatal(err)
	}
	if _, err := plain.svc.Authenticate(ctx, other.Token); !errors.Is(err, api.ErrSessionRevoked) {
		t.Fatalf("without a cache: %v, want ErrSessionRevoked", err)
	}
}

// Every way of revoking sessions on node A stops them on node B at once, although B had them
// cached; sessions that were not revoked keep working from the cache.
func TestRevocationOnOneNodeStopsTheCachedSessionOnAnother(t *testing.T) {
	for _, tt := range []struct {
		name string
		// revoke runs on node A; first is the registration session, second a later sign-in.
		revoke      func(c *cluster, id int64, first, second string)
		firstWorks  bool
		secondWorks bool
	}{
		{"logout", func(c *cluster, _ int64, first, _ string) {
			apitest.Result(c.t, c.post("/login/logout", nil, first), nil)
		}, false, true},
		{"revoke all", func(c *cluster, id int64, _, _ string) {
			if err := c.svc.RevokeAll(context.Background(), id); err != nil {
				c.t.Fatal(err)
			}
		}, false, false},
		{"password change keeps the current session", func(c *cluster, _ int64, _, second string) {
			code := c.sendCode("rev@example.com")
			apitest.Result(c.t, c.post("/user/V2/mobileOrNameToChangePass", map[string]any{"checkCode": code, "password": "changed99"}, second), nil)
		}, false, true},
		{"password reset", func(c *cluster, _ int64, _, _ string) {
			code := c.sendCode("rev@example.com")
			apitest.Result(c.t, c.post("/login/modifyPassword", map[string]any{"mobileOrEmail": "rev@example.com", "checkCode": code, "password": "reset1234"}, ""), nil)
		}, false, false},
		{"ban, even once lifted", func(c *cluster, id int64, _, _ string) {
			ctx := context.Background()
			if err := c.svc.GrantRole(ctx, id, account.RoleBanned, time.Time{}, "test"); err != nil {
				c.t.Fatal(err)
			}
			if err := c.svc.RevokeRole(ctx, id, account.RoleBanned); err != nil {
				c.t.Fatal(err)
			}
		}, false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := newCluster(t)
			ctx := context.Background()
			lr := c.register("rev@example.com", "revoker", "rev12345")
			second, r := c.login("revoker", "rev12345")
			apitest.Result(t, r, nil)
			for _, tok := range []string{lr.Token, second.Token} {
				if _, err := c.b.Authenticate(ctx, tok); err != nil {
					t.Fatal(err)
				}
				if !c.cached(tok) {
					t.Fatal("node B did not cache the session")
				}
			}
			tt.revoke(c, userID(t, lr.UID), lr.Token, second.Token)
			for _, s := range []struct {
				token string
				works bool
			}{{lr.Token, tt.firstWorks}, {second.Token, tt.secondWorks}} {
				_, err := c.b.Authenticate(ctx, s.token)
				switch {
				case s.works && err != nil:
					t.Errorf("a session that was not revoked fails on node B: %v", err)
				case !s.works && !errors.Is(err, api.ErrSessionRevoked):
					t.Errorf("a revoked session on node B: %v, want ErrSessionRevoked", err)
				case s.works && !c.cached(s.token):
					t.Error("a session that was not revoked left the cache")
				}
			}
		})
	}
}

// A node that read a session from Postgres before another node revoked it cannot cache it
// afterwards: the revocation's marker refuses the late write.
func TestLateCacheFillCannotReviveARevokedSession(t *testing.T) {
	c := newCluster(t)
	ctx := context.Background()
	lr := c.register("late@example.com", "later", "late1234")
	id := userID(t, lr.UID)
	if err := c.svc.RevokeAll(ctx, id); err != nil {
		t.Fatal(err)
	}
	// What node B would write had it read the row just before the revocation.
	if err := c.cache.Put(ctx, hashOf(lr.Token), id, c.clock.Now().Add(time.Hour), time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, err := c.b.Authenticate(ctx, lr.Token); !errors.Is(err, api.ErrSessionRevoked) {
		t.Fatalf("a revoked session written back to the cache: %v, want ErrSessionRevoked", err)
	}
}

func TestExpiredSessionIsNotServedFromTheCache(t *testing.T) {
	c := newCluster(t)
	ctx := context.Background()
	lr := c.register("exp@example.com", "expirer", "exp12345")
	if _, err := c.b.Authenticate(ctx, lr.Token); err != nil {
		t.Fatal(err)
	}
	c.clock.Add(account.DefaultSessionTTL + time.Minute)
	if !c.cached(lr.Token) {
		t.Fatal("the entry left Redis: this test would not prove anything")
	}
	if _, err := c.b.Authenticate(ctx, lr.Token); !errors.Is(err, api.ErrSessionExpired) {
		t.Fatalf("an expired session: %v, want ErrSessionExpired", err)
	}
}

func TestSlidingRenewalUpdatesTheCachedExpiry(t *testing.T) {
	c := newCluster(t)
	ctx := context.Background()
	lr := c.register("slide@example.com", "slider", "slide123")
	if _, err := c.b.Authenticate(ctx, lr.Token); err != nil {
		t.Fatal(err)
	}
	c.clock.Add(2 * account.DefaultSessionRenewEvery)
	if _, err := c.svc.Authenticate(ctx, lr.Token); err != nil { // renews
		t.Fatal(err)
	}
	want := c.clock.Now().Add(account.DefaultSessionTTL)
	_, got, found, err := c.cache.Get(ctx, hashOf(lr.Token))
	if err != nil || !found || !got.Equal(want) {
		t.Fatalf("cached expiry %v (found %v, %v), want the renewed %v", got, found, err, want)
	}
	// Past the first expiry, before the renewed one: still signed in on the other node.
	c.clock.Add(account.DefaultSessionTTL - time.Hour)
	if _, err := c.b.Authenticate(ctx, lr.Token); err != nil {
		t.Fatalf("a renewed session after its first expiry: %v", err)
	}
}

// A cache that fails never fails authentication: Postgres answers. A revocation whose cache delete
// fails answers an error, since another node could still serve the session.
func TestFailingSessionCacheFallsBackToPostgres(t *testing.T) {
	// A cluster client with no Redis behind it: every call fails at once (connection refused).
	client := goredis.NewClusterClient(&goredis.ClusterOptions{Addrs: []string{"127.0.0.1:1"}, MaxRetries: -1, DialerRetries: 1})
	t.Cleanup(func() { client.Close() })
	broken := redis.NewSessionCache(client, "")
	e := newEnv(t, func(_ *account.Config, d *account.Deps) { d.Sessions = broken })
	ctx := context.Background()
	lr := e.register("down@example.com", "downer", "down1234")
	if _, err := e.svc.Authenticate(ctx, lr.Token); err != nil {
		t.Fatalf("authentication with a failing cache: %v", err)
	}
	if err := e.svc.Logout(ctx, lr.Token); err == nil {
		t.Fatal("a logout whose cache delete failed reported success")
	}
	if _, err := e.svc.Authenticate(ctx, lr.Token); !errors.Is(err, api.ErrSessionRevoked) {
		t.Fatalf("after the logout: %v, want ErrSessionRevoked (Postgres holds it)", err)
	}
}
