package wallet

import (
	"courtside/api"
	"courtside/storage/postgres"
)

func (h *handlers) vipList(*api.Request) (any, error) {
	cfg := h.svc.Config()
	return map[string]any{"list": h.svc.Packages(), "vipMonthly": cfg.VIPMonthlyCoins, "svipMonthly": cfg.SVIPMonthlyCoins, "monthDays": MonthDays}, nil
}

func planView(p postgres.MembershipPlan) map[string]any {
	return map[string]any{"action": p.Action, "tier": p.Tier, "months": p.Months, "upgradeDays": p.UpgradeDays,
		"coins": p.Coins, "expiresAt": api.Millis(p.ExpiresAt)}
}

func (h *handlers) vipAmount(r *api.Request, uid int64) (any, error) {
	tier, err := r.IntQuery("tier", TierVIP)
	if err != nil {
		return nil, err
	}
	months, err := r.IntQuery("months", 1)
	if err != nil {
		return nil, err
	}
	p, err := h.svc.QuoteMembership(r.Context(), uid, tier, months)
	if err != nil {
		return nil, err
	}
	return planView(p), nil
}

func recordView(m postgres.MembershipRecord) map[string]any {
	return map[string]any{"id": m.ID, "action": m.Action, "tier": m.Tier, "months": m.Months, "upgradeDays": m.UpgradeDays,
		"coins": m.Coins, "expiresAt": api.Millis(m.ExpiresAt), "createdAt": api.Millis(m.CreatedAt)}
}

func (h *handlers) vipPay(r *api.Request, uid int64) (any, error) {
	var in struct {
		Tier      int    `json:"tier"`
		Months    int    `json:"months"`
		ClientKey string `json:"clientKey"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	rec, replayed, err := h.svc.BuyMembership(r.Context(), uid, in.Tier, in.Months, in.ClientKey)
	if err != nil {
		return nil, err
	}
	bal, err := h.svc.Wallets(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	out := recordView(rec)
	out["replayed"], out["gold"] = replayed, bal.Coins
	return out, nil
}

// vipRecords lists a user's membership purchases (the caller's, or any for an administrator).
func (h *handlers) vipRecords(r *api.Request, uid int64) (any, error) {
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	recs, total, err := h.svc.MembershipRecords(r.Context(), uid, p.Size, p.Offset())
	if err != nil {
		return nil, err
	}
	rows := make([]map[string]any, len(recs))
	for i, m := range recs {
		rows[i] = recordView(m)
	}
	return p.List(rows, total), nil
}
