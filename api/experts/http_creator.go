package experts

import (
	"strconv"

	"courtside/api"
	"courtside/storage/postgres"
)

// planBody is the body of POST /expert_plan/add and /expert_plan/edit (id only for edit).
type planBody struct {
	ID           api.FlexString `json:"id"`
	MatchID      string         `json:"matchId"`
	PlayType     string         `json:"playType"`
	PlayLevel    int            `json:"playLevel"`
	Pick         string         `json:"pick"`
	Title        string         `json:"title"`
	Content      string         `json:"content"`
	Label        string         `json:"label"`
	Price        int64          `json:"price"`
	RefundIfLost bool           `json:"refundIfLost"`
	LoginToView  bool           `json:"loginToView"`
}

func (b planBody) input() PlanInput {
	return PlanInput{MatchID: b.MatchID, PlayType: b.PlayType, PlayLevel: b.PlayLevel, Pick: b.Pick, Title: b.Title, Content: b.Content,
		Label: b.Label, Price: b.Price, RefundIfLost: b.RefundIfLost, LoginToView: b.LoginToView}
}

func (h *handlers) addPlan(r *api.Request, uid int64) (any, error) {
	var in planBody
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	p, err := h.svc.CreatePlan(r.Context(), uid, in.input())
	if err != nil {
		return nil, err
	}
	return h.planView(p, true, false), nil
}

func (h *handlers) editPlan(r *api.Request, uid int64) (any, error) {
	var in planBody
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	id, err := planID(string(in.ID))
	if err != nil {
		return nil, err
	}
	p, err := h.svc.EditPlan(r.Context(), uid, id, in.input())
	if err != nil {
		return nil, err
	}
	return h.planView(p, true, false), nil
}

func (h *handlers) removePlan(r *api.Request, uid int64) (any, error) {
	var in struct {
		ID api.FlexString `json:"id"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	id, err := planID(string(in.ID))
	if err != nil {
		return nil, err
	}
	p, err := h.svc.RemovePlan(r.Context(), uid, id)
	if err != nil {
		return nil, err
	}
	return h.planView(p, true, false), nil
}

// ownPlans is plan management: GET /creator_platform/getExpertPlans?state=&page=
func (h *handlers) ownPlans(r *api.Request, uid int64) (any, error) {
	if _, err := h.svc.expert(r.Context(), uid); err != nil {
		return nil, err
	}
	pg, err := r.Paging()
	if err != nil {
		return nil, err
	}
	f := postgres.PlanFilter{ExpertID: uid, Limit: pg.Size, Offset: pg.Offset()}
	if st := r.Query("state"); st != "" {
		f.States = []string{st}
	}
	rows, total, err := h.svc.d.Store.ListPlans(r.Context(), f)
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

func (h *handlers) dataBoard(r *api.Request, uid int64) (any, error) {
	return h.svc.DataBoard(r.Context(), uid)
}

func (h *handlers) returns(r *api.Request, uid int64) (any, error) {
	days, err := r.IntQuery("days", 7)
	if err != nil {
		return nil, err
	}
	rows, total, err := h.svc.Returns(r.Context(), uid, days)
	if err != nil {
		return nil, err
	}
	return map[string]any{"list": rows, "total": total, "days": days}, nil
}

func (h *handlers) returnsSummary(r *api.Request, uid int64) (any, error) {
	out := map[string]int64{}
	for _, d := range []int{7, 14, 30} {
		_, total, err := h.svc.Returns(r.Context(), uid, d)
		if err != nil {
			return nil, err
		}
		out["days"+strconv.Itoa(d)] = total
	}
	return out, nil
}

func (h *handlers) monthly(r *api.Request, uid int64) (any, error) {
	rows, err := h.svc.MonthlyReturns(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	return map[string]any{"list": rows}, nil
}

// MatchOption is a match in the plan form's picker with the markets offered now.
type MatchOption struct {
	ID        string  `json:"id"`
	GameID    int     `json:"gameId"`
	League    string  `json:"league"`
	Home      string  `json:"home"`
	Away      string  `json:"away"`
	MatchTime int64   `json:"matchTime"`
	OddsHome  float64 `json:"oddsHome"`
	OddsDraw  float64 `json:"oddsDraw"`
	OddsAway  float64 `json:"oddsAway"`
	HcLine    float64 `json:"hcLine"`
	HcHome    float64 `json:"hcHome"`
	HcAway    float64 `json:"hcAway"`
	OULine    float64 `json:"ouLine"`
	OUOver    float64 `json:"ouOver"`
	OUUnder   float64 `json:"ouUnder"`
}

// pickMatches is the plan form's match picker: matches not started in the next days (?game=).
func (h *handlers) pickMatches(r *api.Request, uid int64) (any, error) {
	game, err := r.IntQuery("game", 0)
	if err != nil {
		return nil, err
	}
	ms, err := h.svc.PickableMatches(r.Context(), uid, game)
	if err != nil {
		return nil, err
	}
	out := make([]MatchOption, len(ms))
	for i, m := range ms {
		out[i] = MatchOption{ID: m.ID, GameID: m.Game, League: m.League, Home: m.Home, Away: m.Away, MatchTime: api.Millis(m.Start),
			OddsHome: m.OddsHome, OddsDraw: m.OddsDraw, OddsAway: m.OddsAway, HcLine: m.HcLine, HcHome: m.HcHome, HcAway: m.HcAway,
			OULine: m.OULine, OUOver: m.OUOver, OUUnder: m.OUUnder}
	}
	return map[string]any{"list": out}, nil
}
