package experts

import (
	"context"
	"errors"

	"courtside/storage/postgres"
)

// GoldCheck is the answer of checkGold: whether the caller can buy the plan now.
type GoldCheck struct {
	Coins   int64
	Price   int64
	Enough  bool
	Bought  bool
	OnSale  bool
	OwnPlan bool
}

// CheckGold tells a buyer their coins against a plan's price, and whether they have it already.
func (s *Service) CheckGold(ctx context.Context, uid, id int64) (GoldCheck, error) {
	p, err := s.d.Store.Plan(ctx, id)
	if errors.Is(err, postgres.ErrPlanNotFound) {
		return GoldCheck{}, ErrPlanNotFound
	}
	if err != nil {
		return GoldCheck{}, err
	}
	var out GoldCheck
	if s.d.Coins != nil {
		if out.Coins, _, err = s.d.Coins.Balances(ctx, uid); err != nil {
			return out, err
		}
	}
	_, out.Bought, err = s.d.Store.Order(ctx, id, uid)
	out.Price, out.Enough, out.OwnPlan = p.Price, out.Coins >= p.Price, p.ExpertID == uid
	out.OnSale = p.State == postgres.PlanPublished && p.SettledAt.IsZero() && s.cfg.Now().Before(p.MatchStart)
	return out, err
}

// sellable is the sale rule: a published, unsettled plan whose match has not started, not one's own.
func (s *Service) sellable(p postgres.PlanRow, matchStatus int, buyer int64) error {
	switch {
	case p.ExpertID == buyer:
		return ErrOwnPlan
	case p.State != postgres.PlanPublished || !p.SettledAt.IsZero():
		return ErrNotOnSale
	case !notStarted(matchStatus, p.MatchStart, s.cfg.Now()):
		return ErrMatchStarted
	}
	return nil
}

// Buy sells plan id to uid (POST /orderpay/goldExpertPlan): the price moves from the buyer's coins
// to the plan escrow through the ledger, and the buyer sees the content at once. Idempotent: a
// second call (a retry, a double click, two tabs) answers the same order and charges nothing.
func (s *Service) Buy(ctx context.Context, uid, id int64) (postgres.OrderRow, postgres.PlanRow, error) {
	o, p, err := s.d.Store.Buy(ctx, id, uid, s.cfg.Now(), func(p postgres.PlanRow, st int) error { return s.sellable(p, st, uid) })
	switch {
	case errors.Is(err, postgres.ErrPlanNotFound):
		return o, p, ErrPlanNotFound
	case errors.Is(err, postgres.ErrInsufficientFunds):
		return o, p, ErrInsufficientCoins.Wrap(err)
	}
	return o, p, err
}

// CanRead reports whether viewer (0: a guest) may read a plan's content: its expert, a buyer, or
// anybody for a free plan (signed in when the plan requires it).
func (s *Service) CanRead(ctx context.Context, p postgres.PlanRow, viewer int64) (bool, error) {
	if viewer != 0 && viewer == p.ExpertID {
		return true, nil
	}
	if p.Price == 0 {
		return !p.LoginToView || viewer != 0, nil
	}
	if viewer == 0 {
		return false, nil
	}
	_, ok, err := s.d.Store.Order(ctx, p.ID, viewer)
	return ok, err
}
