package channels

import (
	"strings"

	"courtside/api"
	"courtside/api/account"
)

// handlers are the channels' REST endpoints (README.md has the table): decode, call the Service,
// shape the answer. No rule lives here.
type handlers struct {
	svc  *Service
	auth api.Auth
}

// Routes registers every channel endpoint on srv; users says who sends a request and staff what
// they may do (the accounts module: a partner holds account.PermManageChannel).
func (s *Service) Routes(srv *api.Server, users api.Authenticator, staff api.Staff) {
	h := &handlers{svc: s, auth: api.Auth{Users: users, Staff: staff}}
	partner := h.auth.RequireStaff(string(account.PermManageChannel))

	// Public: attribution and downloads (spec §7).
	srv.Handle("GET /promotion/v2/addPromotionReg", h.addPromotionReg)
	srv.Handle("POST /promotion/download", h.download)
	srv.Handle("GET /promotion/downloadInfo", h.downloadInfo)

	// Channel partners, their own channels only.
	srv.Handle("GET /promotion/channel/list", partner(h.list))
	srv.Handle("POST /promotion/channel/save", partner(h.save))
	srv.Handle("GET /promotion/channel/users", partner(h.users))
	srv.Handle("GET /promotion/channel/statistics", partner(h.stats))
	srv.Handle("GET /promotion/channel/gold", partner(h.gold))
	srv.Handle("GET /promotion/channel/water", partner(h.water))

	// The back office: every channel (staff who manage channels; admin.go).
	srv.Handle("GET /admin/channels", h.auth.RequireStaff(string(account.PermManageChannels))(h.adminList))
}

// adminList answers GET /admin/channels?q=&pageIndex=&pageSize=.
func (h *handlers) adminList(r *api.Request, uid int64) (any, error) {
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	rows, total, err := h.svc.AllChannels(r.Context(), uid, r.ClientIP.String(), r.Query("q"), p.Size, p.Offset())
	if err != nil {
		return nil, err
	}
	base := h.base(r)
	type row struct {
		ChannelOverview
		Link string `json:"link"`
	}
	out := make([]row, len(rows))
	for i, c := range rows {
		out[i] = row{ChannelOverview: c, Link: base + c.Path}
	}
	return p.List(out, total), nil
}

// visitor is the request's client, for the keyed hashes.
func visitor(r *api.Request) Visitor {
	return Visitor{IP: r.ClientIP.String(), UserAgent: r.HTTP.UserAgent()}
}

// base is the start of a channel link.
func (h *handlers) base(r *api.Request) string {
	if u := h.svc.cfg.PublicURL; u != "" {
		return strings.TrimRight(u, "/")
	}
	scheme := "http"
	if r.HTTP.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.HTTP.Host
}
