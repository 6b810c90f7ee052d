package experts

import (
	"context"
	"time"

	"courtside/api/settlement"
	"courtside/storage/postgres"
)

// plansSettler settles expert plans for the settlement service.
type plansSettler struct{ s *Service }

var _ settlement.Settler = plansSettler{}

// Refund is the refund rule: a void match refunds every buyer; a refund-if-not-winning plan
// refunds its buyers unless it won (in full or half).
func Refund(p postgres.PlanRow, outcome string) bool {
	return outcome == settlement.Void || (p.RefundIfLost && !settlement.Winning(outcome))
}

func (ps plansSettler) grading() postgres.Grading {
	return postgres.Grading{
		Grade: func(p postgres.PlanRow, r postgres.MatchResult) string {
			return settlement.Grade(settlement.Prediction{Market: p.PlayType, Pick: p.Pick, Line: p.Line},
				settlement.Final{Status: r.Status, Home: r.Home, Away: r.Away})
		},
		Refund: Refund,
		Share:  func(price int64) int64 { e, _ := ps.s.Split(price); return e },
	}
}

// Settle settles every plan on r's match (idempotent by revision, see postgres.Experts.SettlePlans).
func (ps plansSettler) Settle(ctx context.Context, r settlement.Result) error {
	_, err := ps.s.d.Store.SettlePlans(ctx, r, ps.grading(), ps.s.cfg.Now())
	return err
}

// Pending lists matches with plans left to settle.
func (ps plansSettler) Pending(ctx context.Context, limit int) ([]string, error) {
	return ps.s.d.Store.UnsettledMatches(ctx, limit)
}

// SettleDemo records a finished match's result and settles its plans as of at (the demo seeds a
// record settled when each match ended). Idempotent like every settlement.
func (s *Service) SettleDemo(ctx context.Context, matchID string, at time.Time) error {
	r, err := s.d.Settlement.RecordResultAt(ctx, matchID, at)
	if err != nil || r.Rev == 0 {
		return err
	}
	_, err = s.d.Store.SettlePlans(ctx, r, plansSettler{s}.grading(), at)
	return err
}
