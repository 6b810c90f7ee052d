package media

import (
	"net/url"
	"testing"
	"time"
)

// FuzzVerify: whatever query a client sends, verify never panics and accepts only what the signer
// produced.
func FuzzVerify(f *testing.F) {
	s := signer{key: []byte("fuzz-key")}
	now := time.Unix(1_800_000_000, 0)
	good := s.query(Grant{Room: "r1", Kind: KindFLV, UserID: 3, Expiry: now.Add(time.Hour)})
	f.Add("r1", good)
	f.Add("r1", "u=0&e=1800003600&s=")
	f.Add("r1", "u=-1&e=x&s=%%%")
	f.Add("", "")
	f.Fuzz(func(t *testing.T, room, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		g, err := s.verify(room, KindFLV, q, now)
		if err != nil {
			return
		}
		if s.query(g) != q.Encode() && raw != good {
			// Accepted: it must be exactly what the signer issues for that grant.
			want, _ := url.ParseQuery(s.query(g))
			if want.Get("s") != q.Get("s") {
				t.Fatalf("accepted a signature the signer did not issue: %q", raw)
			}
		}
	})
}
