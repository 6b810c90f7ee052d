package notice

import (
	"courtside/api"
)

// handlers serve the signed-in user's message centre.
type handlers struct{ svc *Service }

// Routes registers the message centre's calls (README.md); users says who calls.
func (s *Service) Routes(srv *api.Server, users api.Authenticator) {
	h := &handlers{svc: s}
	user := api.Auth{Users: users}.RequireUser
	srv.Handle("GET /user/notices", user(h.list))
	srv.Handle("GET /user/notices/unread", user(h.unread))
	srv.Handle("POST /user/notices/read", user(h.read))
}

// GET /user/notices?before=&pageSize=&unread=1
func (h *handlers) list(r *api.Request, uid int64) (any, error) {
	before, err := r.IntQuery("before", 0)
	if err != nil {
		return nil, err
	}
	size, err := r.IntQuery("pageSize", 20)
	if err != nil {
		return nil, err
	}
	return h.svc.List(r.Context(), uid, r.Lang, int64(before), size, r.Query("unread") == "1")
}

// GET /user/notices/unread
func (h *handlers) unread(r *api.Request, uid int64) (any, error) {
	n, err := h.svc.Unread(r.Context(), uid)
	return map[string]int{"unread": n}, err
}

// POST /user/notices/read {ids: [..]} (no ids: all)
func (h *handlers) read(r *api.Request, uid int64) (any, error) {
	var in struct {
		IDs []int64 `json:"ids"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	n, err := h.svc.MarkRead(r.Context(), uid, in.IDs)
	return map[string]int{"unread": n}, err
}
