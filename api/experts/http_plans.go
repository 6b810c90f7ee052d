package experts

import (
	"errors"
	"sort"

	"courtside/actors/protocol"
	"courtside/api"
	"courtside/storage/postgres"
)

func (h *handlers) checkGold(r *api.Request, uid int64) (any, error) {
	id, err := planID(r.Query("id"))
	if err != nil {
		return nil, err
	}
	c, err := h.svc.CheckGold(r.Context(), uid, id)
	if err != nil {
		return nil, err
	}
	return map[string]any{"gold": c.Coins, "price": c.Price, "enough": c.Enough, "bought": c.Bought, "onSale": c.OnSale, "own": c.OwnPlan}, nil
}

func (h *handlers) buy(r *api.Request, uid int64) (any, error) {
	var in struct {
		PlanID api.FlexString `json:"planId"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	id, err := planID(string(in.PlanID))
	if err != nil {
		return nil, err
	}
	o, p, err := h.svc.Buy(r.Context(), uid, id)
	if err != nil {
		return nil, err
	}
	return map[string]any{"price": o.Price, "repeated": o.Replayed, "plan": h.planView(p, true, true)}, nil
}

// bought is my bought plans: GET /user/userExpertPlanOrderPC?page=
func (h *handlers) bought(r *api.Request, uid int64) (any, error) {
	pg, err := r.Paging()
	if err != nil {
		return nil, err
	}
	rows, total, err := h.svc.d.Store.BoughtPlans(r.Context(), uid, pg.Size, pg.Offset())
	if err != nil {
		return nil, err
	}
	type line struct {
		PlanView
		PaidPrice int64 `json:"paidPrice"`
		Refunded  bool  `json:"refunded"`
		BoughtAt  int64 `json:"boughtAt"`
	}
	out := make([]line, len(rows))
	for i, b := range rows {
		out[i] = line{PlanView: h.planView(b.Plan, true, true), PaidPrice: b.Order.Price, Refunded: b.Order.Refunded,
			BoughtAt: api.Millis(b.Order.CreatedAt)}
	}
	return pg.List(out, total), nil
}

// views shapes public plans for viewer.
func (h *handlers) views(r *api.Request, viewer int64, rows []postgres.PlanRow) ([]PlanView, error) {
	out := make([]PlanView, len(rows))
	for i, p := range rows {
		ok, err := h.svc.CanRead(r.Context(), p, viewer)
		if err != nil {
			return nil, err
		}
		bought := false
		if viewer != 0 && p.Price > 0 && viewer != p.ExpertID {
			bought = ok
		}
		out[i] = h.planView(p, ok, bought)
		out[i].Editable = false
	}
	return out, nil
}

// homePlans is the experts home's hot plans: published, not started, most sold first.
func (h *handlers) homePlans(r *api.Request) (any, error) {
	viewer, err := h.auth.Viewer(r)
	if err != nil {
		return nil, err
	}
	pg, err := r.Paging()
	if err != nil {
		return nil, err
	}
	rows, total, err := h.svc.d.Store.ListPlans(r.Context(), postgres.PlanFilter{States: []string{postgres.PlanPublished},
		Upcoming: h.svc.cfg.Now(), OrderBy: "sales", Limit: pg.Size, Offset: pg.Offset()})
	if err != nil {
		return nil, err
	}
	views, err := h.views(r, viewer, rows)
	if err != nil {
		return nil, err
	}
	return pg.List(views, total), nil
}

// focusEvents is GET /expert_plan/focusEvents?page=: the published plans on the matches the
// signed-in user has booked (followed events), soonest kick-off first among the newest plans.
func (h *handlers) focusEvents(r *api.Request, uid int64) (any, error) {
	pg, err := r.Paging()
	if err != nil {
		return nil, err
	}
	f := postgres.PlanFilter{States: []string{postgres.PlanPublished}, FollowedBy: protocol.UserID(uid).String(),
		Limit: pg.Size, Offset: pg.Offset()}
	rows, total, err := h.svc.d.Store.ListPlans(r.Context(), f)
	if err != nil {
		return nil, err
	}
	views, err := h.views(r, uid, rows)
	if err != nil {
		return nil, err
	}
	return pg.List(views, total), nil
}

// plans is GET /expert_plan/getPlansPC?expertId=&matchId=&settled=1&page=: published plans.
func (h *handlers) plans(r *api.Request) (any, error) {
	viewer, err := h.auth.Viewer(r)
	if err != nil {
		return nil, err
	}
	pg, err := r.Paging()
	if err != nil {
		return nil, err
	}
	f := postgres.PlanFilter{States: []string{postgres.PlanPublished}, MatchID: r.Query("matchId"), Settled: r.Query("settled") == "1",
		Limit: pg.Size, Offset: pg.Offset()}
	if q := r.Query("expertId"); q != "" {
		if f.ExpertID, err = expertID(q); err != nil {
			return nil, err
		}
	}
	rows, total, err := h.svc.d.Store.ListPlans(r.Context(), f)
	if err != nil {
		return nil, err
	}
	views, err := h.views(r, viewer, rows)
	if err != nil {
		return nil, err
	}
	return pg.List(views, total), nil
}

// planInfo is a plan's details with its record: every version's hash and the settlements.
func (h *handlers) planInfo(r *api.Request) (any, error) {
	viewer, err := h.auth.Viewer(r)
	if err != nil {
		return nil, err
	}
	id, err := planID(r.Query("id"))
	if err != nil {
		return nil, err
	}
	p, err := h.svc.d.Store.Plan(r.Context(), id)
	if errors.Is(err, postgres.ErrPlanNotFound) {
		return nil, ErrPlanNotFound
	} else if err != nil {
		return nil, err
	}
	if p.State != postgres.PlanPublished && p.State != postgres.PlanHidden && viewer != p.ExpertID {
		return nil, ErrPlanNotFound
	}
	views, err := h.views(r, viewer, []postgres.PlanRow{p})
	if err != nil {
		return nil, err
	}
	v := views[0]
	if viewer == p.ExpertID {
		v.Editable = editable(p, h.svc.cfg.Now()) == nil
	}
	type version struct {
		Version     int    `json:"version"`
		Hash        string `json:"hash"`
		ReleaseTime int64  `json:"releaseTime"`
	}
	vs, err := h.svc.d.Store.Versions(r.Context(), id)
	if err != nil {
		return nil, err
	}
	versions := make([]version, len(vs))
	for i, x := range vs {
		versions[i] = version{Version: x.Version, Hash: x.Hash, ReleaseTime: api.Millis(x.ReleasedAt)}
	}
	ss, err := h.svc.d.Store.PlanSettlements(r.Context(), id)
	if err != nil {
		return nil, err
	}
	type settled struct {
		Rev     int    `json:"rev"`
		Outcome string `json:"outcome"`
		Home    int    `json:"home"`
		Away    int    `json:"away"`
		Refunds int    `json:"refunds"`
		At      int64  `json:"at"`
	}
	settlements := make([]settled, len(ss))
	for i, x := range ss {
		settlements[i] = settled{Rev: x.Rev, Outcome: x.Outcome, Home: x.Home, Away: x.Away, Refunds: x.Refunds, At: api.Millis(x.At)}
	}
	out := map[string]any{"plan": v, "versions": versions, "settlements": settlements}
	if v.Readable {
		out["record"] = RecordOf(p) // what the hash is computed over: anybody can check it
	}
	st, err := h.svc.StatsOf(r.Context(), p.ExpertID, 30)
	if err != nil {
		return nil, err
	}
	out["expertStats"] = st
	return out, nil
}

func (h *handlers) recommend(r *api.Request) (any, error) {
	rows, err := h.svc.Ranking(r.Context(), RankLuck, 90)
	if err != nil {
		return nil, err
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Expert.Featured && !rows[j].Expert.Featured })
	if len(rows) > 6 {
		rows = rows[:6]
	}
	out := make([]ExpertView, len(rows))
	for i, e := range rows {
		st := e.Stats
		out[i] = expertView(e.Expert, &st)
	}
	return map[string]any{"list": out}, nil
}

// library is every approved expert with the 30-day record: GET /expert/expertLibraryPC?sort=hitRate|streak|luck
func (h *handlers) library(r *api.Request) (any, error) {
	experts, err := h.svc.d.Store.ApprovedExperts(r.Context())
	if err != nil {
		return nil, err
	}
	out := make([]ExpertView, 0, len(experts))
	for _, e := range experts {
		st, err := h.svc.StatsOf(r.Context(), e.UserID, 30)
		if err != nil {
			return nil, err
		}
		out = append(out, expertView(e, &st))
	}
	switch r.Query("sort") {
	case RankHitRate:
		sort.SliceStable(out, func(i, j int) bool { return out[i].Stats.HitRate > out[j].Stats.HitRate })
	case RankStreak:
		sort.SliceStable(out, func(i, j int) bool { return out[i].Stats.Streak > out[j].Stats.Streak })
	case RankLuck:
		sort.SliceStable(out, func(i, j int) bool { return out[i].Stats.LuckScore > out[j].Stats.LuckScore })
	}
	return map[string]any{"list": out, "total": len(out)}, nil
}

// ranking is GET /expert/ranking?type=hitRate|streak|luck&days=7|30|90
func (h *handlers) ranking(r *api.Request) (any, error) {
	days, err := r.IntQuery("days", 30)
	if err != nil {
		return nil, err
	}
	kind := r.Query("type")
	if kind == "" {
		kind = RankLuck
	}
	rows, err := h.svc.Ranking(r.Context(), kind, days)
	if err != nil {
		return nil, err
	}
	out := make([]ExpertView, len(rows))
	for i, e := range rows {
		st := e.Stats
		out[i] = expertView(e.Expert, &st)
	}
	return map[string]any{"list": out, "type": kind, "days": days}, nil
}

func (h *handlers) approved(r *api.Request) (postgres.ExpertRow, error) {
	id, err := expertID(r.Query("id"))
	if err != nil {
		return postgres.ExpertRow{}, err
	}
	e, err := h.svc.d.Store.Expert(r.Context(), id)
	if errors.Is(err, postgres.ErrExpertNotFound) || (err == nil && e.Status != postgres.ExpertApproved) {
		return e, ErrNotExpert.WithKey("expert.notFound")
	}
	return e, err
}

func (h *handlers) expertInfo(r *api.Request) (any, error) {
	e, err := h.approved(r)
	if err != nil {
		return nil, err
	}
	st, err := h.svc.StatsOf(r.Context(), e.UserID, 0)
	if err != nil {
		return nil, err
	}
	v := expertView(e, &st)
	return map[string]any{"expert": v, "experience": e.Experience, "since": api.Millis(e.ReviewedAt)}, nil
}

func (h *handlers) accuracy(r *api.Request) (any, error) {
	e, err := h.approved(r)
	if err != nil {
		return nil, err
	}
	out := map[string]Stats{}
	for _, d := range []int{7, 30, 90} {
		st, err := h.svc.StatsOf(r.Context(), e.UserID, d)
		if err != nil {
			return nil, err
		}
		out[map[int]string{7: "days7", 30: "days30", 90: "days90"}[d]] = st
	}
	return out, nil
}

func (h *handlers) graph(r *api.Request) (any, error) {
	e, err := h.approved(r)
	if err != nil {
		return nil, err
	}
	pts, err := h.svc.Graph(r.Context(), e.UserID, 90)
	if err != nil {
		return nil, err
	}
	return map[string]any{"list": pts}, nil
}
