package userarea

import (
	"courtside/api"
)

// handlers serve the signed-in user's calls (README.md).
type handlers struct{ svc *Service }

// Routes registers the user area's calls; users says who calls.
func (s *Service) Routes(srv *api.Server, users api.Authenticator) {
	h := &handlers{svc: s}
	user := api.Auth{Users: users}.RequireUser
	srv.Handle("GET /user/area/levels", user(h.levels))
	srv.Handle("GET /user/area/tasks", user(h.tasks))
	srv.Handle("POST /user/area/tasks/claim", user(h.claim))
	srv.Handle("GET /user/area/gifts", user(h.gifts))
	srv.Handle("GET /user/area/invites", user(h.invites))
	srv.Handle("POST /user/area/invites/accept", user(h.accept))
}

// GET /user/area/levels: the level table, the caller's level and today's experience per activity.
func (h *handlers) levels(r *api.Request, uid int64) (any, error) {
	u, err := h.svc.d.Users.UserByID(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	today, err := h.svc.EarnedToday(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	return Levels(u.Experience, today), nil
}

// GET /user/area/tasks: the daily and weekly tasks with their progress.
func (h *handlers) tasks(r *api.Request, uid int64) (any, error) {
	list, err := h.svc.ListTasks(r.Context(), uid)
	return map[string]any{"list": list}, err
}

// POST /user/area/tasks/claim {task}: grant a done task's reward (once per period).
func (h *handlers) claim(r *api.Request, uid int64) (any, error) {
	var in struct {
		Task string `json:"task"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.Claim(r.Context(), uid, in.Task)
}

// GET /user/area/gifts?before=&pageSize=: the gifts sent and the totals per streamer.
func (h *handlers) gifts(r *api.Request, uid int64) (any, error) {
	before, err := r.IntQuery("before", 0)
	if err != nil {
		return nil, err
	}
	size, err := r.IntQuery("pageSize", 20)
	if err != nil {
		return nil, err
	}
	return h.svc.Sent(r.Context(), uid, int64(before), size)
}

// GET /user/area/invites: the invite code and the invitation record.
func (h *handlers) invites(r *api.Request, uid int64) (any, error) {
	return h.svc.MyInvites(r.Context(), uid)
}

// POST /user/area/invites/accept {code, device}: the signed-in invitee records the invitation they
// arrived with (the client keeps ?invite= until sign-in).
func (h *handlers) accept(r *api.Request, uid int64) (any, error) {
	var in struct {
		Code   string `json:"code"`
		Device string `json:"device"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if len(in.Device) > 128 {
		in.Device = in.Device[:128]
	}
	ip := ""
	if r.ClientIP.IsValid() {
		ip = r.ClientIP.String()
	}
	return h.svc.AcceptInvite(r.Context(), uid, in.Code, ip, in.Device)
}
