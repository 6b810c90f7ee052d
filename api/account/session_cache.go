package account

import (
	"context"
	"time"

	"go.uber.org/zap"

	"courtside/storage/postgres"
)

// SessionCache holds live sessions (user id and expiry by token hash) where every node of a
// cluster sees them, so authentication skips the Postgres session read; the user row is still
// read fresh, because roles, bans and levels change. storage/redis.SessionCache implements it.
//
// Contract (what keeps a revoked session from working anywhere): after Forget returns nil, Get
// finds none of those hashes on any node and a later Put of them does nothing, even a Put of a
// session read from Postgres before the revocation.
type SessionCache interface {
	// Get returns the cached session of tokenHash (found false: ask Postgres).
	Get(ctx context.Context, tokenHash []byte) (userID int64, expiresAt time.Time, found bool, err error)
	// Put caches a live session for ttl.
	Put(ctx context.Context, tokenHash []byte, userID int64, expiresAt time.Time, ttl time.Duration) error
	// Forget drops revoked sessions for good.
	Forget(ctx context.Context, tokenHashes ...[]byte) error
}

// cachedSession returns the session of hash from the cache when it is there and not expired at
// now. A cache error is logged and answered as a miss: Postgres decides.
func (s *Service) cachedSession(ctx context.Context, hash []byte, now time.Time) (postgres.SessionRow, bool) {
	if s.sessions == nil {
		return postgres.SessionRow{}, false
	}
	userID, expiresAt, found, err := s.sessions.Get(ctx, hash)
	if err != nil {
		s.log.Warn("account: session cache read failed; reading Postgres", zap.Error(err))
		return postgres.SessionRow{}, false
	}
	if !found || !now.Before(expiresAt) {
		// An expired entry is never served: Postgres tells 3000 from a renewal another node made.
		return postgres.SessionRow{}, false
	}
	return postgres.SessionRow{UserID: userID, ExpiresAt: expiresAt}, true
}

// cacheSession caches a live session until its expiry, at most Config.SessionCacheTTL. A cache
// error is logged only: the next use reads Postgres again.
func (s *Service) cacheSession(ctx context.Context, hash []byte, userID int64, expiresAt, now time.Time) {
	if s.sessions == nil {
		return
	}
	ttl := min(s.cfg.SessionCacheTTL, expiresAt.Sub(now))
	if ttl <= 0 {
		return
	}
	if err := s.sessions.Put(ctx, hash, userID, expiresAt, ttl); err != nil {
		s.log.Warn("account: session cache write failed", zap.Error(err))
	}
}

// forgetSessions drops revoked sessions from the cache. Its error must fail the revoking call:
// Postgres already holds the sessions revoked, but another node could keep serving one from the
// cache for up to SessionCacheTTL, and the caller must not be told the revocation took effect.
func (s *Service) forgetSessions(ctx context.Context, hashes ...[]byte) error {
	if s.sessions == nil || len(hashes) == 0 {
		return nil
	}
	if err := s.sessions.Forget(ctx, hashes...); err != nil {
		s.log.Error("account: revoked sessions may stay cached until SessionCacheTTL", zap.Int("sessions", len(hashes)), zap.Error(err))
		return err
	}
	return nil
}

// revokeUserSessions revokes every live session of a user but keep (nil: all), in Postgres and in
// the cache. Every path that revokes a user's sessions goes through here.
func (s *Service) revokeUserSessions(ctx context.Context, userID int64, keep []byte) error {
	revoked, err := s.store.RevokeUserSessions(ctx, userID, keep, s.cfg.Now())
	if err != nil {
		return err
	}
	err = s.forgetSessions(ctx, revoked...)
	s.revoked(userID) // after the cache: a re-check must not find a revoked session there
	return err
}
