package admin_test

import (
	"strings"
	"testing"
	"time"

	"courtside/api/admin"
)

// The test vectors of RFC 6238, appendix B: 8 digits, T0 = 0, 30-second steps, three hashes with
// their seeds.
func TestTOTPMatchesTheRFC6238Vectors(t *testing.T) {
	seed20 := []byte("12345678901234567890")
	seed32 := []byte("12345678901234567890123456789012")
	seed64 := []byte("1234567890123456789012345678901234567890123456789012345678901234")
	vectors := []struct {
		unix                 int64
		sha1, sha256, sha512 string
	}{
		{59, "94287082", "46119246", "90693936"},
		{1111111109, "07081804", "68084774", "25091201"},
		{1111111111, "14050471", "67062674", "99943326"},
		{1234567890, "89005924", "91819424", "93441116"},
		{2000000000, "69279037", "90698825", "38618901"},
		{20000000000, "65353130", "77737706", "47863826"},
	}
	for _, v := range vectors {
		at := time.Unix(v.unix, 0).UTC()
		for _, c := range []struct {
			name string
			totp admin.TOTP
			want string
		}{
			{"SHA1", admin.TOTP{Secret: seed20, Digits: 8}, v.sha1},
			{"SHA256", admin.TOTP{Secret: seed32, Hash: admin.SHA256, Digits: 8}, v.sha256},
			{"SHA512", admin.TOTP{Secret: seed64, Hash: admin.SHA512, Digits: 8}, v.sha512},
		} {
			if got := c.totp.At(at); got != c.want {
				t.Errorf("%s at %d: %s, want %s", c.name, v.unix, got, c.want)
			}
		}
	}
}

func TestTOTPVerifyAcceptsOneStepEitherSideOnly(t *testing.T) {
	tp := admin.TOTP{Secret: []byte("12345678901234567890")}
	at := time.Unix(1111111111, 0)
	code := tp.At(at)
	if len(code) != 6 {
		t.Fatalf("default digits: %q", code)
	}
	for _, d := range []time.Duration{0, 29 * time.Second, -29 * time.Second} {
		if _, ok := tp.Verify(code, at.Add(d)); !ok {
			t.Errorf("code refused %v away", d)
		}
	}
	for _, d := range []time.Duration{90 * time.Second, -90 * time.Second} {
		if _, ok := tp.Verify(code, at.Add(d)); ok {
			t.Errorf("code accepted %v away", d)
		}
	}
	if _, ok := tp.Verify("12345", at); ok {
		t.Error("a short code was accepted")
	}
	if step, ok := tp.Verify(" "+code[:3]+" "+code[3:], at); !ok || step != tp.Counter(at) {
		t.Error("a code typed with spaces was refused")
	}
}

func TestOTPAuthURI(t *testing.T) {
	u := admin.OTPAuthURI("Courtside", "root", []byte("12345678901234567890"))
	for _, part := range []string{"otpauth://totp/Courtside:root?", "secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", "issuer=Courtside", "period=30"} {
		if !strings.Contains(u, part) {
			t.Errorf("%s lacks %s", u, part)
		}
	}
}
