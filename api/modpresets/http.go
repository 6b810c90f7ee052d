package modpresets

import "courtside/api"

type handlers struct{ svc *Service }

// Routes registers GET and POST /java/live/modPresets; users says who sends a request.
func (s *Service) Routes(srv *api.Server, users api.Authenticator) {
	h := &handlers{svc: s}
	user := api.Auth{Users: users}.RequireUser
	srv.Handle("GET /live/modPresets", user(h.get))
	srv.Handle("POST /live/modPresets", user(h.save))
}

func (h *handlers) get(r *api.Request, uid int64) (any, error) {
	return h.svc.Get(r.Context(), uid, r.Query("room"))
}

func (h *handlers) save(r *api.Request, uid int64) (any, error) {
	var in Presets
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.Save(r.Context(), uid, r.Query("room"), in)
}
