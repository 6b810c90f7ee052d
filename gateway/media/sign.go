package media

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"strconv"
	"time"
)

// Stream kinds a playback URL is signed for.
const (
	KindFLV = "flv" // the low-delay Pro stream (HTTP-FLV), SVIP only
	KindHLS = "hls" // the standard stream: playlist and segments
)

// Grant is what a signed playback URL carries: who may watch which stream of which room until when.
type Grant struct {
	Room   string
	Kind   string
	UserID int64 // 0 for a guest
	Expiry time.Time
}

// signer signs and checks playback URLs with HMAC-SHA256 over room, kind, user and expiry. The
// signature travels in the query (u, e, s) so that players that cannot set headers (mpegts.js workers,
// HLS segment fetches) carry it.
type signer struct{ key []byte }

func (s signer) mac(g Grant) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(g.Room))
	m.Write([]byte{0})
	m.Write([]byte(g.Kind))
	m.Write([]byte{0})
	m.Write(strconv.AppendInt(nil, g.UserID, 10))
	m.Write([]byte{0})
	m.Write(strconv.AppendInt(nil, g.Expiry.Unix(), 10))
	return m.Sum(nil)
}

// query returns the signed query string of g.
func (s signer) query(g Grant) string {
	v := url.Values{}
	v.Set("u", strconv.FormatInt(g.UserID, 10))
	v.Set("e", strconv.FormatInt(g.Expiry.Unix(), 10))
	v.Set("s", base64.RawURLEncoding.EncodeToString(s.mac(g)))
	return v.Encode()
}

// verify checks the query of a request for room and kind at time now and returns the grant.
func (s signer) verify(room, kind string, q url.Values, now time.Time) (Grant, error) {
	uid, err1 := strconv.ParseInt(q.Get("u"), 10, 64)
	exp, err2 := strconv.ParseInt(q.Get("e"), 10, 64)
	sig, err3 := base64.RawURLEncoding.DecodeString(q.Get("s"))
	if err1 != nil || err2 != nil || err3 != nil || uid < 0 {
		return Grant{}, ErrBadSignature
	}
	g := Grant{Room: room, Kind: kind, UserID: uid, Expiry: time.Unix(exp, 0)}
	if !hmac.Equal(sig, s.mac(g)) {
		return Grant{}, ErrBadSignature
	}
	if !now.Before(g.Expiry) {
		return Grant{}, ErrURLExpired
	}
	return g, nil
}
