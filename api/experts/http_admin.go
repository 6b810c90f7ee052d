package experts

import (
	"courtside/actors/protocol"
	"courtside/api"
	"courtside/api/settlement"
	"courtside/storage/postgres"
)

// adminApplications is the review queue: GET /admin/experts/applications?status=review (default).
func (h *handlers) adminApplications(r *api.Request, _ int64) (any, error) {
	status := r.Query("status")
	if status == "" {
		status = postgres.ExpertReview
	}
	pg, err := r.Paging()
	if err != nil {
		return nil, err
	}
	rows, err := h.svc.Applications(r.Context(), status, pg.Size, pg.Offset())
	if err != nil {
		return nil, err
	}
	out := make([]map[string]any, len(rows))
	for i, e := range rows {
		out[i] = applicationView(e, false)
		out[i]["userId"] = protocol.UserID(e.UserID).String()
	}
	return map[string]any{"list": out}, nil
}

// decideBody is the body of POST /admin/experts/decide.
type decideBody struct {
	UserID string `json:"userId"`
	Action string `json:"action"` // approve, reject, ban, unban
	Reason string `json:"reason"`
}

func (h *handlers) adminDecide(r *api.Request, by int64) (any, error) {
	var in decideBody
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	id, _ := api.ParseUserID(in.UserID)
	e, err := h.svc.Decide(r.Context(), Decision{UserID: id, Action: in.Action, Reason: in.Reason, By: by, IP: r.ClientIP.String()})
	if err != nil {
		return nil, err
	}
	return applicationView(e, false), nil
}

func (h *handlers) adminFeatured(r *api.Request, _ int64) (any, error) {
	var in struct {
		UserID   string `json:"userId"`
		Featured bool   `json:"featured"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	id, ok := api.ParseUserID(in.UserID)
	if !ok {
		return nil, ErrBadInput
	}
	return map[string]any{"featured": in.Featured}, h.svc.d.Store.SetFeatured(r.Context(), id, in.Featured)
}

// adminPlans is the plan review queue: GET /admin/experts/plans?state=review (default).
func (h *handlers) adminPlans(r *api.Request, _ int64) (any, error) {
	pg, err := r.Paging()
	if err != nil {
		return nil, err
	}
	rows, total, err := h.svc.ReviewQueue(r.Context(), r.Query("state"), pg.Size, pg.Offset())
	if err != nil {
		return nil, err
	}
	out := make([]PlanView, len(rows))
	for i, p := range rows {
		out[i] = h.planView(p, true, false)
		out[i].Reason = p.Reason
	}
	return pg.List(out, total), nil
}

func (h *handlers) adminDecidePlan(r *api.Request, by int64) (any, error) {
	var in struct {
		PlanID api.FlexString `json:"planId"`
		Action string         `json:"action"` // approve, reject, hide
		Reason string         `json:"reason"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	id, err := planID(string(in.PlanID))
	if err != nil {
		return nil, err
	}
	p, err := h.svc.DecidePlan(r.Context(), PlanDecision{PlanID: id, Action: in.Action, Reason: in.Reason, By: by, IP: r.ClientIP.String()})
	if err != nil {
		return nil, err
	}
	v := h.planView(p, true, false)
	v.Reason = p.Reason
	return v, nil
}

// adminCorrect is a result correction: POST /admin/experts/results/correct {matchId, status, home, away, reason}.
func (h *handlers) adminCorrect(r *api.Request, by int64) (any, error) {
	var in struct {
		MatchID string `json:"matchId"`
		Status  int    `json:"status"`
		Home    int    `json:"home"`
		Away    int    `json:"away"`
		Reason  string `json:"reason"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	res, err := h.svc.CorrectResult(r.Context(), settlement.Correction{MatchID: in.MatchID, Status: in.Status, Home: in.Home, Away: in.Away,
		Reason: in.Reason, By: by}, "", r.ClientIP.String())
	if err != nil {
		return nil, err
	}
	return map[string]any{"matchId": res.MatchID, "status": res.Status, "home": res.Home, "away": res.Away, "rev": res.Rev}, nil
}
