package system

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"strings"
	"time"

	"go.uber.org/zap"
)

// Algorithm names the sealing of payloads, as GET /system/getPrivateKey announces it.
const Algorithm = "AES-256-GCM"

// SealedPrefix starts every sealed payload: "gcm1.<key id>.<nonce>.<ciphertext>", each part
// base64url without padding; the ciphertext carries GCM's 16-byte tag.
const SealedPrefix = "gcm1."

// Key is a payload key as the client gets it: the 32-byte key in standard base64 (the spec's
// shape), its id to send back with each sealed payload, and when it stops opening payloads.
type Key struct {
	Key       string `json:"key"`
	KeyID     string `json:"keyId"`
	Algorithm string `json:"alg"`
	ExpiresAt int64  `json:"expiresAt"` // Unix milliseconds
}

// NewKey issues a payload key for the session token (empty before sign-in).
func (s *Service) NewKey(token string) Key {
	exp := s.cfg.Now().Add(s.cfg.KeyTTL)
	raw := make([]byte, 24)
	binary.BigEndian.PutUint64(raw, uint64(exp.UnixMilli()))
	_, _ = rand.Read(raw[8:])
	id := base64.RawURLEncoding.EncodeToString(raw)
	return Key{Key: base64.StdEncoding.EncodeToString(s.derive(id, token)), KeyID: id, Algorithm: Algorithm, ExpiresAt: exp.UnixMilli()}
}

// derive is the key of id for token.
func (s *Service) derive(id, token string) []byte {
	t := sha256.Sum256([]byte(token))
	m := hmac.New(sha256.New, s.cfg.Secret)
	m.Write([]byte("courtside-payload-key\x00" + id + "\x00"))
	m.Write(t[:])
	return m.Sum(nil)
}

// Sealed reports whether v is a sealed payload (as opposed to a plain one).
func Sealed(v string) bool { return strings.HasPrefix(v, SealedPrefix) }

// Open decrypts a sealed payload for the session token: ErrKey for a key id that is malformed or
// expired, ErrDecrypt for anything that does not authenticate. Failures are logged, never shown
// in detail (spec §8).
func (s *Service) Open(token, sealed string) ([]byte, error) {
	parts := strings.Split(strings.TrimPrefix(sealed, SealedPrefix), ".")
	if !Sealed(sealed) || len(parts) != 3 {
		return nil, s.fail(ErrDecrypt, "malformed")
	}
	id := parts[0]
	raw, err := base64.RawURLEncoding.DecodeString(id)
	if err != nil || len(raw) != 24 {
		return nil, s.fail(ErrKey, "malformed key id")
	}
	if exp := time.UnixMilli(int64(binary.BigEndian.Uint64(raw))); !s.cfg.Now().Before(exp) {
		return nil, s.fail(ErrKey, "expired key")
	}
	nonce, err1 := base64.RawURLEncoding.DecodeString(parts[1])
	ct, err2 := base64.RawURLEncoding.DecodeString(parts[2])
	if err1 != nil || err2 != nil {
		return nil, s.fail(ErrDecrypt, "bad encoding")
	}
	block, _ := aes.NewCipher(s.derive(id, token))
	gcm, _ := cipher.NewGCM(block)
	if len(nonce) != gcm.NonceSize() {
		return nil, s.fail(ErrDecrypt, "bad nonce")
	}
	plain, err := gcm.Open(nil, nonce, ct, []byte(id))
	if err != nil {
		return nil, s.fail(ErrDecrypt, "does not authenticate")
	}
	return plain, nil
}

// OpenString is Open for a field that may be sealed: a plain value is returned as is.
func (s *Service) OpenString(token, v string) (string, error) {
	if !Sealed(v) {
		return v, nil
	}
	b, err := s.Open(token, v)
	return string(b), err
}

// Seal seals plain with a key issued by NewKey, as the web client does (tests, tools).
func Seal(key Key, plain []byte) (string, error) {
	k, err := base64.StdEncoding.DecodeString(key.Key)
	if err != nil {
		return "", err
	}
	block, err := aes.NewCipher(k)
	if err != nil {
		return "", err
	}
	gcm, _ := cipher.NewGCM(block)
	nonce := make([]byte, gcm.NonceSize())
	_, _ = rand.Read(nonce)
	ct := gcm.Seal(nil, nonce, plain, []byte(key.KeyID))
	enc := base64.RawURLEncoding.EncodeToString
	return SealedPrefix + key.KeyID + "." + enc(nonce) + "." + enc(ct), nil
}

func (s *Service) fail(err error, why string) error {
	s.log.Info("system: a sealed payload did not open", zap.String("why", why))
	return err
}
