package admin

import (
	"courtside/api"
)

// GET /admin/staff/me: the caller's back-office state (roles, permissions, second factor); 1003 for
// anybody who is not staff.
func (h *handlers) me(r *api.Request, by Staff) (any, error) {
	if !IsStaff(by.User) {
		return nil, api.ErrAccessDenied
	}
	return h.svc.State(r.Context(), by.User, r.Token)
}

// POST /admin/staff/enrol: a new TOTP secret and its otpauth URI, shown once.
func (h *handlers) enrol(r *api.Request, by Staff) (any, error) {
	if !IsStaff(by.User) {
		return nil, api.ErrAccessDenied
	}
	return h.svc.Enrol(r.Context(), by.User)
}

// POST /admin/staff/verify {code}: opens the staff session.
func (h *handlers) verify(r *api.Request, by Staff) (any, error) {
	if !IsStaff(by.User) {
		return nil, api.ErrAccessDenied
	}
	var in struct {
		Code string `json:"code"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.Verify(r.Context(), by.User, r.Token, in.Code, by.IP)
}

// POST /admin/staff/reset {userId, reason}: forget a staff member's second factor.
func (h *handlers) resetSecondFactor(r *api.Request, by Staff) (any, error) {
	var in target
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	id, _ := api.ParseUserID(in.UserID)
	return ok(h.svc.ResetSecondFactor(r.Context(), by, id, in.Reason))
}

// ok is the answer of an action: {"done": true}.
func ok(err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return map[string]bool{"done": true}, nil
}

// GET /admin/dashboard.
func (h *handlers) dashboard(r *api.Request, _ Staff) (any, error) {
	return h.svc.Dashboard(r.Context())
}
