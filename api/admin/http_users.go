package admin

import (
	"courtside/api"
	"courtside/api/account"
)

// target is the body of an action on a user.
type target struct {
	UserID string      `json:"userId"` // "u<id>" or "<id>"
	Reason string      `json:"reason"`
	Hours  api.FlexInt `json:"hours"`
}

func (h *handlers) decodeTarget(r *api.Request) (target, int64, error) {
	var in target
	if err := r.Decode(&in); err != nil {
		return in, 0, err
	}
	id, _ := api.ParseUserID(in.UserID) // 0 for a malformed id: the Service answers not found
	return in, id, nil
}

// GET /admin/users?q=&pageIndex=&pageSize=: the user search, masked.
func (h *handlers) users(r *api.Request, _ Staff) (any, error) {
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	return h.svc.SearchUsers(r.Context(), r.Query("q"), p.Size, p.Offset())
}

// GET /admin/users/{id}?currency=COIN|DIAMOND&pageIndex=: one user with a page of their ledger.
func (h *handlers) user(r *api.Request, _ Staff) (any, error) {
	id, _ := api.ParseUserID(r.PathValue("id"))
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	return h.svc.User(r.Context(), id, r.Query("currency"), p.Size, p.Offset())
}

// POST /admin/users/mute {userId, hours, reason}.
func (h *handlers) mute(r *api.Request, by Staff) (any, error) {
	in, id, err := h.decodeTarget(r)
	if err != nil {
		return nil, err
	}
	return ok(h.svc.MutePlatform(r.Context(), by, id, in.Hours.Value, in.Reason))
}

// POST /admin/users/unmute {userId, reason}.
func (h *handlers) unmute(r *api.Request, by Staff) (any, error) {
	in, id, err := h.decodeTarget(r)
	if err != nil {
		return nil, err
	}
	return ok(h.svc.Unmute(r.Context(), by, id, in.Reason))
}

// POST /admin/users/ban {userId, reason}.
func (h *handlers) ban(r *api.Request, by Staff) (any, error) {
	in, id, err := h.decodeTarget(r)
	if err != nil {
		return nil, err
	}
	return ok(h.svc.Ban(r.Context(), by, id, in.Reason))
}

// POST /admin/users/unban {userId, reason}.
func (h *handlers) unban(r *api.Request, by Staff) (any, error) {
	in, id, err := h.decodeTarget(r)
	if err != nil {
		return nil, err
	}
	return ok(h.svc.Unban(r.Context(), by, id, in.Reason))
}

// POST /admin/users/signout {userId, reason}: sign out everywhere.
func (h *handlers) signOut(r *api.Request, by Staff) (any, error) {
	in, id, err := h.decodeTarget(r)
	if err != nil {
		return nil, err
	}
	return ok(h.svc.SignOutEverywhere(r.Context(), by, id, in.Reason))
}

// POST /admin/users/role {userId, role, grant, days, reason}.
func (h *handlers) role(r *api.Request, by Staff) (any, error) {
	var in struct {
		UserID string      `json:"userId"`
		Role   string      `json:"role"`
		Grant  bool        `json:"grant"`
		Days   api.FlexInt `json:"days"`
		Reason string      `json:"reason"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	id, _ := api.ParseUserID(in.UserID)
	return ok(h.svc.ChangeRole(r.Context(), by, id, in.Role, in.Grant, in.Days.Value, in.Reason))
}

// GET /admin/reports?status=open|actioned|dismissed&pageIndex=&pageSize=: the queue, grouped by line.
func (h *handlers) reports(r *api.Request, _ Staff) (any, error) {
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	return h.svc.Reports(r.Context(), r.Query("status"), p.Size, p.Offset())
}

// POST /admin/reports/handle {room, messageId, action, hours, reason}: dismiss, delete, muteRoom,
// mutePlatform or ban (ban needs the administrators' manageUsers).
func (h *handlers) handleReport(r *api.Request, by Staff) (any, error) {
	var in struct {
		Room      string      `json:"room"`
		MessageID string      `json:"messageId"`
		Action    string      `json:"action"`
		Hours     api.FlexInt `json:"hours"`
		Reason    string      `json:"reason"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return ok(h.svc.HandleReport(r.Context(), by, ReportAction{Room: in.Room, MessageID: in.MessageID, Action: in.Action,
		Hours: in.Hours.Value, Reason: in.Reason}, account.Can(by.User, account.PermManageUsers)))
}
