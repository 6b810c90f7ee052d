package account

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Argon2 work is bounded by memory: every hash or verification acquires its memory cost (m, in KiB)
// from s.argon2 (Config.Argon2MemoryBudgetKiB in all), waits at most Config.Argon2QueueWait for it,
// and otherwise answers ErrBusy. 150 parallel sign-ins therefore queue briefly instead of adding
// gigabytes.

// argon2Acquire reserves kib of the argon2 memory budget; release gives it back.
func (s *Service) argon2Acquire(ctx context.Context, kib uint32) (release func(), err error) {
	n := min(int64(kib), s.cfg.Argon2MemoryBudgetKiB)
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Argon2QueueWait)
	defer cancel()
	if err := s.argon2.Acquire(ctx, n); err != nil {
		s.log.Warn("argon2 budget exhausted: password work refused")
		return nil, ErrBusy
	}
	return func() { s.argon2.Release(n) }, nil
}

// hashPassword returns an argon2id hash in the PHC string format
// ($argon2id$v=19$m=...,t=...,p=...$salt$hash), so parameters can change without a migration.
// It answers ErrBusy when the argon2 budget stays exhausted for Config.Argon2QueueWait.
func (s *Service) hashPassword(ctx context.Context, pw string) (string, error) {
	c := s.cfg
	release, err := s.argon2Acquire(ctx, c.Argon2MemoryK)
	if err != nil {
		return "", err
	}
	defer release()
	salt := make([]byte, 16)
	_, _ = rand.Read(salt)
	key := argon2.IDKey([]byte(pw), salt, c.Argon2Time, c.Argon2MemoryK, c.Argon2Threads, 32)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, c.Argon2MemoryK, c.Argon2Time, c.Argon2Threads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

// verifyPassword checks pw against encoded within the argon2 budget (ErrBusy when it stays
// exhausted), counting the evaluation (tests read the count).
func (s *Service) verifyPassword(ctx context.Context, encoded, pw string) (bool, error) {
	p, ok := parseHash(encoded)
	if !ok {
		return false, nil
	}
	release, err := s.argon2Acquire(ctx, p.m)
	if err != nil {
		return false, err
	}
	defer release()
	s.evaluated.Add(1)
	got := argon2.IDKey([]byte(pw), p.salt, p.t, p.m, p.p, uint32(len(p.key)))
	return subtle.ConstantTimeCompare(got, p.key) == 1, nil
}

// phc is a parsed argon2id hash.
type phc struct {
	m, t      uint32
	p         uint8
	salt, key []byte
}

// parseHash reads a PHC argon2id string; ok is false for anything else (or m over 1 GiB).
func parseHash(encoded string) (phc, bool) {
	var h phc
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return h, false
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &h.m, &h.t, &h.p); err != nil || h.m == 0 || h.t == 0 || h.p == 0 || h.m > 1<<20 {
		return h, false
	}
	var err1, err2 error
	h.salt, err1 = base64.RawStdEncoding.DecodeString(parts[4])
	h.key, err2 = base64.RawStdEncoding.DecodeString(parts[5])
	return h, err1 == nil && err2 == nil && len(h.key) > 0
}
