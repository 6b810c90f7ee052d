package redis

import (
	"context"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// SessionCache keeps the live sessions of the accounts module (user id and expiry by token hash)
// where every node sees them, so authenticating a token does not read Postgres each time; after a
// node dies, the clients that reconnect to the survivors are served from here.
//
// Forget does not delete an entry: it replaces it with a revocation marker that lives
// RevokedMarkerTTL, and Put never overwrites a marker. That closes the race in which one node
// reads a still-live session from Postgres, another revokes it and forgets it, and the first then
// caches what it read: the revoked session would otherwise come back to life for a cache TTL.
// Revocation is final (a token hash is never reused), so refusing every later Put is right.
type SessionCache struct {
	c      *goredis.ClusterClient
	prefix string
}

// RevokedMarkerTTL is how long Forget's marker refuses Puts of a revoked session. It must exceed
// the longest time between a node reading a session from Postgres and caching it (milliseconds in
// practice; a marker is a few dozen bytes, so it can afford to be generous).
const RevokedMarkerTTL = time.Hour

// revokedMarker is the value Forget leaves; a live entry is "<user id> <expiry, Unix µs>".
const revokedMarker = "revoked"

// NewSessionCache makes the shared session cache.
func NewSessionCache(c *goredis.ClusterClient, keyPrefix string) *SessionCache {
	return &SessionCache{c: c, prefix: prefix(keyPrefix) + "session:"}
}

func (s *SessionCache) key(tokenHash []byte) string { return s.prefix + hex.EncodeToString(tokenHash) }

// Get returns the cached session of tokenHash; found is false when there is none or it was
// forgotten (revoked): the caller then asks Postgres.
func (s *SessionCache) Get(ctx context.Context, tokenHash []byte) (userID int64, expiresAt time.Time, found bool, err error) {
	v, err := s.c.Get(ctx, s.key(tokenHash)).Result()
	if err == goredis.Nil || v == revokedMarker {
		return 0, time.Time{}, false, nil
	}
	if err != nil {
		return 0, time.Time{}, false, fmt.Errorf("session cache get: %w", err)
	}
	uid, exp, ok := strings.Cut(v, " ")
	userID, err1 := strconv.ParseInt(uid, 10, 64)
	micros, err2 := strconv.ParseInt(exp, 10, 64)
	if !ok || err1 != nil || err2 != nil {
		return 0, time.Time{}, false, fmt.Errorf("session cache get: malformed entry %q", v)
	}
	return userID, time.UnixMicro(micros), true, nil
}

// putUnlessRevoked sets the entry unless Forget left its marker there.
// KEYS[1] the entry; ARGV[1] the value, ARGV[2] its TTL in ms, ARGV[3] the marker.
var putUnlessRevoked = goredis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[3] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`)

// Put caches a live session for ttl (the caller bounds it by the session's expiry). It does
// nothing when ttl is under a millisecond or the session was forgotten (revoked) meanwhile.
func (s *SessionCache) Put(ctx context.Context, tokenHash []byte, userID int64, expiresAt time.Time, ttl time.Duration) error {
	if ttl < time.Millisecond {
		return nil
	}
	v := strconv.FormatInt(userID, 10) + " " + strconv.FormatInt(expiresAt.UnixMicro(), 10)
	err := putUnlessRevoked.Run(ctx, s.c, []string{s.key(tokenHash)}, v, ttl.Milliseconds(), revokedMarker).Err()
	if err != nil {
		return fmt.Errorf("session cache put: %w", err)
	}
	return nil
}

// Forget drops the cached sessions of revoked tokens on every node at once, leaving a marker that
// refuses later Puts for RevokedMarkerTTL. The keys live in different slots; the cluster client
// sends them to their shards in one pipeline.
func (s *SessionCache) Forget(ctx context.Context, tokenHashes ...[]byte) error {
	if len(tokenHashes) == 0 {
		return nil
	}
	_, err := s.c.Pipelined(ctx, func(p goredis.Pipeliner) error {
		for _, h := range tokenHashes {
			p.Set(ctx, s.key(h), revokedMarker, RevokedMarkerTTL)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("session cache forget %d sessions: %w", len(tokenHashes), err)
	}
	return nil
}
