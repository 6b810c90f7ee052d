package experts

import (
	"testing"
	"time"

	"courtside/storage/postgres"
)

func picks(expert int64, n, wins int, odds float64) []postgres.SettledPlan {
	out := make([]postgres.SettledPlan, n)
	for i := range out {
		out[i] = postgres.SettledPlan{ExpertID: expert, Outcome: "lost", Odds: odds, SettledAt: time.Unix(int64(i), 0)}
		if i < wins {
			out[i].Outcome = "won"
		}
	}
	return out
}

// Ten lucky picks do not outrank three hundred good ones (issue 20).
func TestLuckScoreRanksALongGoodRecordAboveAShortLuckyRun(t *testing.T) {
	lucky := computeStats(picks(1, 10, 10, 2.0))[1]
	good := computeStats(picks(2, 300, 180, 2.0))[2]
	if lucky.HitRate != 1 || good.HitRate != 0.6 {
		t.Fatalf("hit rates %v %v", lucky.HitRate, good.HitRate)
	}
	if lucky.LuckScore >= good.LuckScore {
		t.Fatalf("10/10 scores %.3f, 180/300 scores %.3f: the lucky run must rank lower", lucky.LuckScore, good.LuckScore)
	}
	poor := computeStats(picks(3, 300, 140, 2.0))[3]
	if poor.LuckScore >= good.LuckScore || poor.LuckScore >= 0 {
		t.Fatalf("a losing long record scores %.3f (good %.3f)", poor.LuckScore, good.LuckScore)
	}
}

func TestStreaksSkipPushAndVoid(t *testing.T) {
	ps := []postgres.SettledPlan{
		{ExpertID: 1, Outcome: "won", Odds: 2}, {ExpertID: 1, Outcome: "lost", Odds: 2}, {ExpertID: 1, Outcome: "won", Odds: 2},
		{ExpertID: 1, Outcome: "push", Odds: 2}, {ExpertID: 1, Outcome: "half_won", Odds: 2}, {ExpertID: 1, Outcome: "void", Odds: 2},
		{ExpertID: 1, Outcome: "won", Odds: 2},
	}
	st := computeStats(ps)[1]
	if st.Streak != 3 || st.BestStreak != 3 || st.Decided != 5 || st.Hits != 4 || st.Settled != 7 {
		t.Fatalf("stats %+v", st)
	}
}

func TestEditRuleFreezesAfterSaleOrKickOff(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	base := postgres.PlanRow{State: postgres.PlanPublished, MatchStart: now.Add(time.Hour)}
	if err := editable(base, now); err != nil {
		t.Fatalf("published, no sale, before kick-off: %v", err)
	}
	sold := base
	sold.Sales = 1
	if editable(sold, now) != ErrFrozen {
		t.Fatal("a sold plan must be frozen")
	}
	if editable(base, now.Add(time.Hour)) != ErrFrozen {
		t.Fatal("a plan at kick-off must be frozen")
	}
	removed := base
	removed.State = postgres.PlanRemoved
	if editable(removed, now) != ErrPlanState {
		t.Fatal("a removed plan cannot be edited")
	}
}
