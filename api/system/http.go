package system

import (
	"courtside/api"
)

// Routes registers the system calls on srv, and Unseal for every call.
func (s *Service) Routes(srv *api.Server) {
	srv.Handle("GET /system/getPrivateKey", s.getPrivateKey)
	srv.Handle("GET /system/payButton", s.payButton)
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
