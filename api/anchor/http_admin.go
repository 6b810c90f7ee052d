package anchor

import (
	"courtside/actors/protocol"
	"courtside/api"
	"courtside/storage/postgres"
)

// adminList is the review queue: GET /admin/anchor/applications?status=review (default)&pageIndex=
// &pageSize= with the full (unmasked) application and its photo URLs, and the total in that status.
func (h *handlers) adminList(r *api.Request, _ int64) (any, error) {
	status := r.Query("status")
	if status == "" {
		status = postgres.AnchorReview
	}
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	rows, total, err := h.svc.Applications(r.Context(), status, p.Size, p.Offset())
	if err != nil {
		return nil, err
	}
	type entry struct {
		Status
		UserID    string `json:"userId"`
		BirthDate string `json:"birthDate"`
		IDFront   string `json:"idFront"`
		IDBack    string `json:"idBack"`
		IDHand    string `json:"idHand"`
	}
	out := make([]entry, 0, len(rows))
	for _, a := range rows {
		out = append(out, entry{Status: statusOf(a, false), UserID: protocol.UserID(a.UserID).String(),
			BirthDate: a.BirthDate.Format("2006-01-02"), IDFront: h.svc.SignedUploadURL(a.IDFront), IDBack: h.svc.SignedUploadURL(a.IDBack), IDHand: h.svc.SignedUploadURL(a.IDHand)})
	}
	return map[string]any{"list": out, "total": total}, nil
}

// Review is the body of POST /admin/anchor/review.
type Review struct {
	UserID  string `json:"userId"` // "u<id>" or "<id>"
	Approve bool   `json:"approve"`
	Reason  string `json:"reason"` // required when rejecting: the applicant sees it
}

func (h *handlers) adminReview(r *api.Request, by int64) (any, error) {
	var in Review
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	id, _ := api.ParseUserID(in.UserID) // 0 for a malformed id: the Service refuses it
	a, err := h.svc.Review(r.Context(), ReviewRequest{UserID: id, Approve: in.Approve, Reason: in.Reason, By: by})
	if err != nil {
		return nil, err
	}
	return statusOf(a, false), nil
}

// Ban is the body of POST /admin/anchor/ban: a streaming ban for a violation of spec §6, or its
// lifting (banned false).
type Ban struct {
	UserID string `json:"userId"`
	Banned bool   `json:"banned"`
	Reason string `json:"reason"` // required for a ban: the streamer sees it
}

// adminBan bans a streamer (Service.Ban). (On a cluster, the node holding the stream is told by
// the engine's media wiring: see README.)
func (h *handlers) adminBan(r *api.Request, by int64) (any, error) {
	var in Ban
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	id, _ := api.ParseUserID(in.UserID) // 0 for a malformed id: the Service refuses it
	a, stopped, err := h.svc.Ban(r.Context(), BanRequest{UserID: id, Banned: in.Banned, Reason: in.Reason, By: by})
	if err != nil {
		return nil, err
	}
	return map[string]any{"status": statusOf(a, false), "streamStopped": stopped}, nil
}
