package wallet

import (
	"courtside/api"
	"courtside/storage/postgres"
)

func (h *handlers) userGold(r *api.Request, uid int64) (any, error) {
	b, err := h.svc.Wallets(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	e, err := h.svc.Entitlement(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	return map[string]any{"gold": b.Coins, "score": b.Diamonds, "earnedGold": b.EarnedCoins, "earnedScore": b.EarnedDiamonds,
		"vipLevel": e.Tier, "vipExpire": api.Millis(e.ExpiresAt)}, nil
}

// details lists a user's movements in currency c (the caller's, or any for an administrator).
func (h *handlers) details(c postgres.Currency) api.UserHandler {
	return func(r *api.Request, uid int64) (any, error) {
		p, err := r.Paging()
		if err != nil {
			return nil, err
		}
		rows, total, err := h.svc.Details(r.Context(), uid, c, p.Size, p.Offset())
		if err != nil {
			return nil, err
		}
		lines := make([]map[string]any, len(rows))
		for i, d := range rows {
			lines[i] = map[string]any{"id": d.TxnID, "type": d.Type, "amount": d.Amount, "balance": d.BalanceAfter,
				"reference": d.Reference, "time": api.Millis(d.At)}
		}
		out := p.List(lines, total)
		out["currency"] = c
		return out, nil
	}
}
