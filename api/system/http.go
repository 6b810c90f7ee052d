package system

import (
	"courtside/api"
)

// Routes registers the system calls on srv, and Unseal for every call.
func (s *Service) Routes(srv *api.Server) {
	srv.Handle("GET /system/getPrivateKey", s.getPrivateKey)
	srv.Handle("GET /system/payButton", s.payButton)
	srv.Handle("POST /system/sealCheck", s.sealCheck)
	srv.Use(s.Unseal)
}

// GET /system/getPrivateKey: a payload key for this session (or for sign-in, without a token).
// The answer is never cached.
func (s *Service) getPrivateKey(r *api.Request) (any, error) {
	r.Header().Set("Cache-Control", "no-store")
	return s.NewKey(r.Token), nil
}

// GET /system/payButton {region?}: the buttons for the client's region (the query, else the country
// of its address) and language.
func (s *Service) payButton(r *api.Request) (any, error) {
	region := r.Query("region")
	if region == "" && s.d.Countries != nil {
		region = s.d.Countries.Country(r.ClientIP.String())
	}
	return s.PayButtons(region, r.Lang), nil
}

// sealCheckIn is the test payload of /jiami's live check: a random challenge the page makes.
type sealCheckIn struct {
	Challenge string `json:"challenge"`
}

// maxChallenge bounds the challenge echoed back.
const maxChallenge = 128

// POST /system/sealCheck {"sealed": ...}: the live check of /jiami (decision 0016). The body must
// arrive sealed with this session's payload key; Unseal has opened it, so answering proves the
// key works end to end. The answer echoes the challenge (the page compares it) and names the key.
// A plain body is refused with ErrNotSealed: the check is about the sealing, not the call.
func (s *Service) sealCheck(r *api.Request) (any, error) {
	keyID, sealed := OpenedKey(r)
	if !sealed {
		return nil, ErrNotSealed
	}
	var in sealCheckIn
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if in.Challenge == "" || len(in.Challenge) > maxChallenge {
		return nil, api.ErrFormat
	}
	return map[string]any{"ok": true, "challenge": in.Challenge, "keyId": keyID, "alg": Algorithm, "signedIn": r.Token != ""}, nil
}
