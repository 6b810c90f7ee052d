package admin

import (
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base32"
	"encoding/binary"
	"fmt"
	"hash"
	"net/url"
	"strings"
	"time"
)

// TOTP is a time-based one-time password generator (RFC 6238) over HOTP (RFC 4226): the code of a
// time is HOTP(secret, floor((t - T0) / Step)), truncated to Digits decimal digits. The zero value of
// each field takes the RFC's default: SHA-1, 30-second steps, T0 = 0, 6 digits.
type TOTP struct {
	Secret []byte
	Hash   func() hash.Hash // sha1.New (default), sha256.New or sha512.New
	Step   time.Duration    // default 30 s
	T0     int64            // Unix seconds, default 0
	Digits int              // 6 (default) to 8
}

func (t TOTP) params() (func() hash.Hash, int64, int) {
	h, step, digits := t.Hash, int64(t.Step/time.Second), t.Digits
	if h == nil {
		h = sha1.New
	}
	if step <= 0 {
		step = 30
	}
	if digits <= 0 {
		digits = 6
	}
	return h, step, digits
}

// Counter is the time step of at.
func (t TOTP) Counter(at time.Time) int64 {
	_, step, _ := t.params()
	d := at.Unix() - t.T0
	if d < 0 {
		return -1
	}
	return d / step
}

// Code is the code of time step counter.
func (t TOTP) Code(counter int64) string {
	h, _, digits := t.params()
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], uint64(counter))
	mac := hmac.New(h, t.Secret)
	mac.Write(msg[:])
	sum := mac.Sum(nil)
	// Dynamic truncation (RFC 4226 §5.3).
	off := sum[len(sum)-1] & 0x0f
	bin := (uint32(sum[off])&0x7f)<<24 | uint32(sum[off+1])<<16 | uint32(sum[off+2])<<8 | uint32(sum[off+3])
	mod := uint32(1)
	for i := 0; i < digits; i++ {
		mod *= 10
	}
	return fmt.Sprintf("%0*d", digits, bin%mod)
}

// At is the code at time at.
func (t TOTP) At(at time.Time) string { return t.Code(t.Counter(at)) }

// Verify finds code among the steps at, one before and one after (a clock a little off, a code
// typed as it changes) and returns its step; ok false when none matches.
func (t TOTP) Verify(code string, at time.Time) (step int64, ok bool) {
	code = strings.ReplaceAll(strings.TrimSpace(code), " ", "")
	_, _, digits := t.params()
	if len(code) != digits {
		return 0, false
	}
	c := t.Counter(at)
	for _, s := range []int64{c, c - 1, c + 1} {
		if s >= 0 && hmac.Equal([]byte(t.Code(s)), []byte(code)) {
			return s, true
		}
	}
	return 0, false
}

// The hash functions of RFC 6238 (its test vectors use all three).
var (
	SHA1   = sha1.New
	SHA256 = sha256.New
	SHA512 = sha512.New
)

// base32NoPad is how authenticator apps spell a secret.
var base32NoPad = base32.StdEncoding.WithPadding(base32.NoPadding)

// EncodeSecret spells a secret for authenticator apps (base32, no padding).
func EncodeSecret(secret []byte) string { return base32NoPad.EncodeToString(secret) }

// OTPAuthURI is the otpauth:// URI authenticator apps read (as a QR code or pasted): the issuer, the
// account and the secret, SHA-1, 6 digits, 30 seconds.
func OTPAuthURI(issuer, account string, secret []byte) string {
	label := url.PathEscape(issuer) + ":" + url.PathEscape(account)
	q := url.Values{}
	q.Set("secret", EncodeSecret(secret))
	q.Set("issuer", issuer)
	q.Set("algorithm", "SHA1")
	q.Set("digits", "6")
	q.Set("period", "30")
	return "otpauth://totp/" + label + "?" + q.Encode()
}

// DecodeSecret reads a secret as authenticator apps spell it (base32, padding and case optional).
func DecodeSecret(s string) ([]byte, error) {
	return base32NoPad.DecodeString(strings.ToUpper(strings.TrimRight(strings.ReplaceAll(s, " ", ""), "=")))
}
