package admin

import (
	"slices"
	"strings"

	"courtside/api"
	"courtside/api/account"
)

// handlers are the back office's REST calls: they decode, check the caller's permission, call the
// Service and shape the answer (the table is in README.md). No rule lives here.
type handlers struct{ svc *Service }

// Path is where every back-office call lives (under api.Prefix).
const Path = "/admin/"

// staffPath is the part of Path a staff member reaches before the second factor: their state,
// enrolment and verification.
const staffPath = "/admin/staff/"

// Routes registers the back office's calls on srv and installs Gate on every call under
// /java/admin/ (the other areas' staff calls too, such as the streamer centre's /java/admin/anchor/).
func (s *Service) Routes(srv *api.Server) {
	h := &handlers{svc: s}
	srv.Use(s.Gate())
	staff := h.staff
	// The second factor (before it is passed).
	srv.Handle("GET /admin/staff/me", h.signedIn(h.me))
	srv.Handle("POST /admin/staff/enrol", h.signedIn(h.enrol))
	srv.Handle("POST /admin/staff/verify", h.signedIn(h.verify))
	srv.Handle("POST /admin/staff/reset", staff(h.resetSecondFactor, account.PermManageUsers))

	srv.Handle("GET /admin/dashboard", staff(h.dashboard, account.PermBackOffice))
	// Users: platform moderators and finance read, moderators mute, administrators ban and give roles.
	srv.Handle("GET /admin/users", staff(h.users, account.PermMutePlatform, account.PermManageOrders))
	srv.Handle("GET /admin/users/{id}", staff(h.user, account.PermMutePlatform, account.PermManageOrders))
	srv.Handle("POST /admin/users/mute", staff(h.mute, account.PermMutePlatform))
	srv.Handle("POST /admin/users/unmute", staff(h.unmute, account.PermMutePlatform))
	srv.Handle("POST /admin/users/signout", staff(h.signOut, account.PermMutePlatform))
	srv.Handle("POST /admin/users/ban", staff(h.ban, account.PermManageUsers))
	srv.Handle("POST /admin/users/unban", staff(h.unban, account.PermManageUsers))
	srv.Handle("POST /admin/users/role", staff(h.role, account.PermManageUsers))
	// The accounts' old name of the same call (spec-era clients, scripts): same rules, same audit.
	srv.Handle("POST /admin/user/role", staff(h.role, account.PermManageUsers))
	// Reports and the audit log.
	srv.Handle("GET /admin/reports", staff(h.reports, account.PermHandleReports))
	srv.Handle("POST /admin/reports/handle", staff(h.handleReport, account.PermHandleReports))
	srv.Handle("GET /admin/audit", staff(h.audit, account.PermViewAudit))
	// Live rooms, moderation rules, orders and money (http_ops.go).
	h.opsRoutes(srv)
}

// gatedAliases are staff calls kept at their old paths outside /java/admin/ (the wallet's, whose
// /java/admin/ names are the ones to use): the same gate stands in front of them, so an old path is
// no way around the second factor.
var gatedAliases = []string{api.Prefix + "/orderpay/refund", api.Prefix + "/gift/leaderboard/rebuild"}

// Gate is the middleware in front of every call under /java/admin/ but the second factor's own: a
// staff member gets through only with a live staff session (6000 otherwise), so a stolen password
// alone opens no staff call. Callers who are not staff pass on to the call's own permission check
// (1003). Requests without a token pass on too (1002 from the call).
func (s *Service) Gate() api.Middleware {
	prefix, open := api.Prefix+Path, api.Prefix+staffPath
	return func(next api.HandlerFunc) api.HandlerFunc {
		return func(r *api.Request) (any, error) {
			p := r.HTTP.URL.Path
			if !(strings.HasPrefix(p, prefix) || slices.Contains(gatedAliases, p)) || strings.HasPrefix(p, open) || r.Token == "" {
				return next(r)
			}
			u, err := s.d.Accounts.Authenticate(r.Context(), r.Token)
			if err != nil {
				return nil, err
			}
			ok, err := s.Passes(r.Context(), u, r.Token)
			if err != nil {
				return nil, api.Internal(err)
			}
			if !ok {
				return nil, ErrSecondFactor
			}
			return next(r)
		}
	}
}

// staffHandler is a back-office handler: it gets the staff member acting.
type staffHandler func(r *api.Request, by Staff) (any, error)

// signedIn runs h for any signed-in user (the second factor's calls check the staff role themselves).
func (h *handlers) signedIn(next staffHandler) api.HandlerFunc {
	return func(r *api.Request) (any, error) {
		u, err := h.svc.d.Accounts.Authenticate(r.Context(), r.Token)
		if err != nil {
			return nil, err
		}
		return next(r, Staff{User: u, IP: r.ClientIP.String()})
	}
}

// staff runs next for a staff member with a live staff session who holds one of perms (1003
// otherwise, a banned one included: Authenticate refuses them first).
func (h *handlers) staff(next staffHandler, perms ...account.Permission) api.HandlerFunc {
	return h.signedIn(func(r *api.Request, by Staff) (any, error) {
		allowed := false
		for _, p := range perms {
			allowed = allowed || account.Can(by.User, p)
		}
		if !allowed {
			return nil, api.ErrAccessDenied
		}
		ok, err := h.svc.Passes(r.Context(), by.User, r.Token)
		if err != nil {
			return nil, api.Internal(err)
		}
		if !ok {
			return nil, ErrSecondFactor
		}
		return next(r, by)
	})
}
