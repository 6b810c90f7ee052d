package anchor

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// The ID photos of an application reach staff through signed short-lived URLs (issue 16): the
// back office's review list carries them, an <img> loads them without the staff session's token,
// and a copied link stops working after Config.PhotoURLTTL.

// SignedUploadURL is picture id's URL signed for Config.PhotoURLTTL from now ("" for none).
func (s *Service) SignedUploadURL(id int64) string {
	if id == 0 {
		return ""
	}
	exp := s.cfg.Now().Add(s.cfg.PhotoURLTTL).Unix()
	return uploadURL(id) + "?e=" + strconv.FormatInt(exp, 10) + "&s=" + s.photoSignature(id, exp)
}

// validPhotoSignature reports whether sig signs picture id until exp, and exp has not passed.
func (s *Service) validPhotoSignature(id, exp int64, sig string) bool {
	if sig == "" || s.cfg.Now().Unix() > exp {
		return false
	}
	want := s.photoSignature(id, exp)
	return hmac.Equal([]byte(sig), []byte(want))
}

func (s *Service) photoSignature(id, exp int64) string {
	m := hmac.New(sha256.New, s.cfg.PhotoURLKey)
	m.Write([]byte("photo:" + strconv.FormatInt(id, 10) + ":" + strconv.FormatInt(exp, 10)))
	return hex.EncodeToString(m.Sum(nil)[:16])
}
