package media

import (
	"errors"
	"net/url"
	"testing"
	"time"
)

func TestSignedURLs(t *testing.T) {
	s := signer{key: []byte("k1")}
	now := time.Unix(1_800_000_000, 0)
	g := Grant{Room: "r1", Kind: KindFLV, UserID: 42, Expiry: now.Add(time.Minute)}
	good, _ := url.ParseQuery(s.query(g))
	with := func(k, v string) url.Values {
		q := url.Values{}
		for kk, vv := range good {
			q[kk] = vv
		}
		q.Set(k, v)
		return q
	}
	tests := []struct {
		name       string
		room, kind string
		q          url.Values
		now        time.Time
		signer     signer
		want       error
	}{
		{"valid signature is accepted", "r1", KindFLV, good, now, s, nil},
		{"expired URL is refused", "r1", KindFLV, good, now.Add(time.Minute), s, ErrURLExpired},
		{"other room is refused", "r2", KindFLV, good, now, s, ErrBadSignature},
		{"other kind is refused", "r1", KindHLS, good, now, s, ErrBadSignature},
		{"changed user is refused", "r1", KindFLV, with("u", "43"), now, s, ErrBadSignature},
		{"extended expiry is refused", "r1", KindFLV, with("e", "1900000000"), now, s, ErrBadSignature},
		{"tampered signature is refused", "r1", KindFLV, with("s", "AAAA"), now, s, ErrBadSignature},
		{"missing signature is refused", "r1", KindFLV, url.Values{}, now, s, ErrBadSignature},
		{"garbage user is refused", "r1", KindFLV, with("u", "x"), now, s, ErrBadSignature},
		{"other key is refused", "r1", KindFLV, good, now, signer{key: []byte("k2")}, ErrBadSignature},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.signer.verify(tt.room, tt.kind, tt.q, tt.now)
			if !errors.Is(err, tt.want) || (tt.want == nil && err != nil) {
				t.Fatalf("verify: %v, want %v", err, tt.want)
			}
			if tt.want == nil && (got.UserID != 42 || !got.Expiry.Equal(g.Expiry)) {
				t.Fatalf("grant %+v", got)
			}
		})
	}
}
