package account

import (
	"strings"

	"courtside/api"
	"courtside/api/account/mail"
)

// POST /admin/user/role {userId, role, grant (true grants, false revokes), days (0: permanent),
// reason?} — administrators only (PermManageUsers).
func (h *handlers) adminRole(r *api.Request) (any, error) {
	admin, _ := UserFrom(r)
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
	id, ok := api.ParseUserID(in.UserID)
	if !ok {
		return nil, ErrNotFound
	}
	return h.svc.ChangeRole(r.Context(), RoleChange{UserID: id, Role: Role(in.Role), Grant: in.Grant, Days: in.Days.Value,
		By: admin.ID, Reason: in.Reason})
}

// DevCodes answers GET /java/dev/codes?to=<e-mail or +<area><number>> with the codes the sink
// holds for that destination, newest last. It exposes secrets by design: mount it on a
// development node only, never in production:
//
//	if sink := accounts.DevSink(); sink != nil && devMode {
//		srv.Handle("GET /dev/codes", account.DevCodes(sink))
//	}
func DevCodes(sink *mail.DevSink) api.HandlerFunc {
	return func(r *api.Request) (any, error) {
		to := strings.TrimSpace(r.Query("to"))
		if to == "" {
			return nil, api.BadRequest("validation.mobileEmpty")
		}
		if !strings.Contains(to, "@") && !strings.HasPrefix(to, "+") {
			// "+" in a query string decodes as a space, which TrimSpace removed.
			area := strings.TrimPrefix(r.Query("areaCode"), "+")
			to = "+" + area + to
		}
		sent := sink.Last(to)
		last := ""
		if len(sent) > 0 {
			last = sent[len(sent)-1].Code
		}
		return map[string]any{"to": to, "code": last, "sent": sent}, nil
	}
}
