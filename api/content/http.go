package content

import (
	"strconv"
	"strings"

	"courtside/api"
	"courtside/api/account"
)

// handlers are the content's REST endpoints (README.md has the table): decode, call the Service,
// shape the answer. No rule lives here.
type handlers struct {
	svc  *Service
	auth api.Auth
}

// Routes registers every content endpoint on srv; users says who sends a request.
func (s *Service) Routes(srv *api.Server, users api.Authenticator) {
	h := &handlers{svc: s, auth: api.Auth{Users: users, Admins: s.d.Admins, Staff: s.d.Staff}}
	editor := h.auth.RequireStaff(string(account.PermEditContent))

	// Public (spec §7): the banner under the header, and the pages.
	srv.Handle("GET /app/getProclamation", h.current)
	srv.Handle("POST /app/dismissProclamation", h.auth.RequireUser(h.dismiss))
	srv.Handle("GET /content/page/{slug}", h.page)
	srv.Handle("GET /content/protocol/{id}", h.protocol)
	srv.Handle("GET /content/pages", h.index)

	// Staff with editContent (the content editor, administrators).
	srv.Handle("GET /admin/content/proclamations", editor(h.staffProclamations))
	srv.Handle("POST /admin/content/proclamations", editor(h.saveProclamation))
	srv.Handle("POST /admin/content/proclamations/withdraw", editor(h.withdrawProclamation))
	srv.Handle("GET /admin/content/pages", editor(h.staffPages))
	srv.Handle("GET /admin/content/pages/{slug}", editor(h.staffPage))
	srv.Handle("POST /admin/content/pages", editor(h.savePage))
	srv.Handle("POST /admin/content/pages/reset", editor(h.resetPage))
}

// current: GET /app/getProclamation?dismissed=3,7 → the proclamation to show now in the request's
// language, or null. A signed-in caller's dismissed ones are left out; a guest names theirs (kept in
// the browser) in dismissed, at most 50.
func (h *handlers) current(r *api.Request) (any, error) {
	uid, err := h.auth.Viewer(r)
	if err != nil {
		return nil, err
	}
	var skip []int64
	if uid == 0 {
		for i, f := range strings.Split(r.Query("dismissed"), ",") {
			if n, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64); err == nil && n > 0 && i < 50 {
				skip = append(skip, n)
			}
		}
	}
	p, ok, err := h.svc.Current(r.Context(), r.Lang, uid, skip...)
	if err != nil || !ok {
		return nil, err
	}
	return p, nil
}

// dismiss: POST /app/dismissProclamation {id}
func (h *handlers) dismiss(r *api.Request, uid int64) (any, error) {
	var in struct {
		ID int64 `json:"id"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return nil, h.svc.Dismiss(r.Context(), uid, in.ID)
}

// page: GET /content/page/{slug} (about, agreement, privacy, ..., certificate)
func (h *handlers) page(r *api.Request) (any, error) {
	return h.svc.Page(r.Context(), r.PathValue("slug"), r.Lang)
}

// protocol: GET /content/protocol/{id}: the page of the route /protocol/{id} (1, 2, privacy, ...).
func (h *handlers) protocol(r *api.Request) (any, error) {
	slug, ok := ProtocolSlug(r.PathValue("id"))
	if !ok {
		return nil, ErrNotFound
	}
	return h.svc.Page(r.Context(), slug, r.Lang)
}

// index: GET /content/pages → {list: [{slug, path, title}]} in the request's language.
func (h *handlers) index(r *api.Request) (any, error) {
	list, err := h.svc.Index(r.Context(), r.Lang)
	if err != nil {
		return nil, err
	}
	return map[string]any{"list": list}, nil
}
