package paidmsg

import (
	"courtside/api"
)

// handlers are the area's REST endpoints (README.md): they decode, ask auth who calls and call the
// Service. No rule lives here.
type handlers struct {
	svc  *Service
	auth api.Auth
}

// Routes registers the endpoints on srv; users says who sends a request.
func (s *Service) Routes(srv *api.Server, users api.Authenticator) {
	h := &handlers{svc: s, auth: api.Auth{Users: users}}
	srv.Handle("GET /paidmsg/tiers", h.tiers)
	srv.Handle("GET /paidmsg/pinned", h.pinned)
	srv.Handle("POST /paidmsg/send", h.auth.RequireUser(h.send))
	srv.Handle("POST /paidmsg/remove", h.auth.RequireUser(h.remove))
}

func (h *handlers) tiers(*api.Request) (any, error) {
	type tier struct {
		Tier
		PinSecs int `json:"pinSecs"`
	}
	list := make([]tier, len(h.svc.Tiers()))
	for i, t := range h.svc.Tiers() {
		list[i] = tier{Tier: t, PinSecs: int(t.Pin.Seconds())}
	}
	return map[string]any{"list": list, "reasons": h.svc.Reasons()}, nil
}

func (h *handlers) pinned(r *api.Request) (any, error) {
	list, err := h.svc.Pinned(r.Context(), r.Query("room"))
	if err != nil {
		return nil, err
	}
	return map[string]any{"list": list, "now": api.Millis(h.svc.Now())}, nil
}

func (h *handlers) send(r *api.Request, uid int64) (any, error) {
	var in SendRequest
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.Send(r.Context(), uid, in)
}

func (h *handlers) remove(r *api.Request, uid int64) (any, error) {
	var in RemoveRequest
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.Remove(r.Context(), uid, in)
}
