package comments

import (
	"courtside/api"
)

// handlers are the comments' REST endpoints (README of api/news lists them): decode, call the
// Service, shape the answer. No rule lives here.
type handlers struct {
	svc  *Service
	auth api.Auth
}

// Routes registers the comments' endpoints on srv; users says who sends a request, staff what a
// staff member may do (nil: administrators only, through admins).
func (s *Service) Routes(srv *api.Server, users api.Authenticator, staff api.Staff, admins api.Admins) {
	h := &handlers{svc: s, auth: api.Auth{Users: users, Staff: staff, Admins: admins}}
	user := h.auth.RequireUser

	srv.Handle("GET /comments/list", h.list)
	srv.Handle("GET /comments/replies", h.replies)
	srv.Handle("POST /comments/add", user(h.add))
	srv.Handle("POST /comments/like", user(h.like))
	srv.Handle("POST /comments/report", user(h.report))
	srv.Handle("GET /comments/mine", user(h.mine))

	srv.Handle("GET /admin/comments/reports", h.staff(h.reports))
	srv.Handle("POST /admin/comments/delete", h.staff(h.remove))
	srv.Handle("POST /admin/comments/dismiss", h.staff(h.dismiss))
}

// staff runs h for a staff member holding one of StaffPerms (1003 otherwise).
func (h *handlers) staff(next api.UserHandler) api.HandlerFunc {
	return func(r *api.Request) (any, error) {
		uid, err := h.auth.User(r)
		if err != nil {
			return nil, err
		}
		for _, p := range StaffPerms {
			var ok bool
			if h.auth.Staff != nil {
				ok, err = h.auth.Staff.Can(r.Context(), uid, p)
			} else {
				ok, err = h.auth.IsAdmin(r.Context(), uid)
			}
			if err != nil {
				return nil, api.Internal(err)
			}
			if ok {
				return next(r, uid)
			}
		}
		return nil, api.ErrAccessDenied
	}
}

// list: GET /comments/list?kind=news&id=12&sort=newest|top&pageIndex=&pageSize=
func (h *handlers) list(r *api.Request) (any, error) {
	viewer, err := h.auth.Viewer(r)
	if err != nil {
		return nil, err
	}
	page, err := r.Paging()
	if err != nil {
		return nil, err
	}
	p, err := h.svc.List(r.Context(), viewer, r.Query("kind"), r.Query("id"), r.Query("sort"), page.Size, page.Offset())
	if err != nil {
		return nil, err
	}
	return page.List(p.List, p.Total), nil
}

// replies: GET /comments/replies?parentId=&pageIndex=&pageSize=
func (h *handlers) replies(r *api.Request) (any, error) {
	viewer, err := h.auth.Viewer(r)
	if err != nil {
		return nil, err
	}
	page, err := r.Paging()
	if err != nil {
		return nil, err
	}
	parent, err := r.IntQuery("parentId", 0)
	if err != nil || parent <= 0 {
		return nil, api.ErrFormat
	}
	p, err := h.svc.Replies(r.Context(), viewer, int64(parent), page.Size, page.Offset())
	if err != nil {
		return nil, err
	}
	return page.List(p.List, p.Total), nil
}

// add: POST /comments/add {kind, id, parentId?, text}
func (h *handlers) add(r *api.Request, uid int64) (any, error) {
	var in struct {
		Kind     string `json:"kind"`
		ID       string `json:"id"`
		ParentID int64  `json:"parentId"`
		Text     string `json:"text"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.Post(r.Context(), uid, in.Kind, in.ID, in.ParentID, in.Text)
}

// like: POST /comments/like {id, like} (like false takes the like back)
func (h *handlers) like(r *api.Request, uid int64) (any, error) {
	var in struct {
		ID   int64 `json:"id"`
		Like *bool `json:"like"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	n, err := h.svc.Like(r.Context(), uid, in.ID, in.Like == nil || *in.Like)
	if err != nil {
		return nil, err
	}
	return map[string]any{"id": in.ID, "likes": n, "liked": in.Like == nil || *in.Like}, nil
}

// report: POST /comments/report {id, reason}
func (h *handlers) report(r *api.Request, uid int64) (any, error) {
	var in struct {
		ID     int64  `json:"id"`
		Reason string `json:"reason"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if err := h.svc.Report(r.Context(), uid, in.ID, in.Reason); err != nil {
		return nil, err
	}
	return map[string]any{"id": in.ID}, nil
}

// mine: GET /comments/mine?pageIndex= (the signed-in user's comments and replies)
func (h *handlers) mine(r *api.Request, uid int64) (any, error) {
	page, err := r.Paging()
	if err != nil {
		return nil, err
	}
	p, err := h.svc.ByUser(r.Context(), uid, page.Size, page.Offset())
	if err != nil {
		return nil, err
	}
	return page.List(p.List, p.Total), nil
}

// reports: GET /admin/comments/reports?status=open|actioned|dismissed&pageIndex=
func (h *handlers) reports(r *api.Request, _ int64) (any, error) {
	page, err := r.Paging()
	if err != nil {
		return nil, err
	}
	rows, total, err := h.svc.Reports(r.Context(), r.Query("status"), page.Size, page.Offset())
	if err != nil {
		return nil, err
	}
	return page.List(rows, total), nil
}

// remove: POST /admin/comments/delete {id, reason}
func (h *handlers) remove(r *api.Request, uid int64) (any, error) {
	var in struct {
		ID     int64  `json:"id"`
		Reason string `json:"reason"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if err := h.svc.Delete(r.Context(), Actor{ID: uid, IP: r.IP()}, in.ID, in.Reason); err != nil {
		return nil, err
	}
	return map[string]any{"id": in.ID, "deleted": true}, nil
}

// dismiss: POST /admin/comments/dismiss {id}
func (h *handlers) dismiss(r *api.Request, uid int64) (any, error) {
	var in struct {
		ID int64 `json:"id"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if err := h.svc.Dismiss(r.Context(), Actor{ID: uid, IP: r.IP()}, in.ID); err != nil {
		return nil, err
	}
	return map[string]any{"id": in.ID}, nil
}
