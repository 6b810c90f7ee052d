package account

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// hashPassword returns an argon2id hash in the PHC string format
// ($argon2id$v=19$m=...,t=...,p=...$salt$hash), so parameters can change without a migration.
func (s *Service) hashPassword(pw string) string {
	salt := make([]byte, 16)
	_, _ = rand.Read(salt)
	c := s.cfg
	key := argon2.IDKey([]byte(pw), salt, c.Argon2Time, c.Argon2MemoryK, c.Argon2Threads, 32)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, c.Argon2MemoryK, c.Argon2Time, c.Argon2Threads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key))
}

// checkPasswordHash verifies pw against a PHC argon2id string, with the parameters it records.
func checkPasswordHash(encoded, pw string) bool {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m == 0 || t == 0 || p == 0 || m > 1<<20 {
		return false
	}
	salt, err1 := base64.RawStdEncoding.DecodeString(parts[4])
	want, err2 := base64.RawStdEncoding.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(want) == 0 {
		return false
	}
	got := argon2.IDKey([]byte(pw), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}
