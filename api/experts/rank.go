package experts

import (
	"context"
	"math"
	"sort"
	"time"

	"courtside/api/settlement"
	"courtside/storage/postgres"
)

// Luck adjustment (README.md, "The luck-adjusted score"): the yield's lower confidence bound after
// shrinking towards zero by luckPrior pseudo-picks, so that a short lucky run cannot outrank a
// long good record.
const (
	luckPrior = 20    // pseudo-picks of zero yield added to every record
	luckZ     = 1.645 // one-sided 95%
)

// Stats is an expert's record over a window.
type Stats struct {
	Settled    int     `json:"settled"`    // settled plans (push and void included)
	Decided    int     `json:"decided"`    // won, lost, half won or half lost
	Hits       int     `json:"hits"`       // won or half won
	HitRate    float64 `json:"hitRate"`    // hits / decided, 0..1
	Streak     int     `json:"streak"`     // current winning streak (push and void skipped)
	BestStreak int     `json:"bestStreak"` // longest winning streak in the window
	Yield      float64 `json:"yield"`      // mean profit per settled plan at a one-coin stake
	LuckScore  float64 `json:"luckScore"`  // the luck-adjusted score
}

// computeStats aggregates settled plans (oldest first) per expert.
func computeStats(plans []postgres.SettledPlan) map[int64]*Stats {
	type acc struct {
		profits []float64
		varNull float64
	}
	out := map[int64]*Stats{}
	accs := map[int64]*acc{}
	for _, p := range plans {
		st, a := out[p.ExpertID], accs[p.ExpertID]
		if st == nil {
			st, a = &Stats{}, &acc{}
			out[p.ExpertID], accs[p.ExpertID] = st, a
		}
		st.Settled++
		pr := settlement.Profit(p.Outcome, p.Odds)
		a.profits = append(a.profits, pr)
		a.varNull += p.Odds - 1
		if settlement.Decided(p.Outcome) {
			st.Decided++
			if settlement.Winning(p.Outcome) {
				st.Hits++
				st.Streak++
				st.BestStreak = max(st.BestStreak, st.Streak)
			} else {
				st.Streak = 0
			}
		}
	}
	for id, st := range out {
		st.LuckScore = luckScore(accs[id].profits, accs[id].varNull/float64(len(accs[id].profits)))
		if st.Decided > 0 {
			st.HitRate = float64(st.Hits) / float64(st.Decided)
		}
		sum := 0.0
		for _, p := range accs[id].profits {
			sum += p
		}
		st.Yield = sum / float64(len(accs[id].profits))
	}
	return out
}

// luckScore is the luck-adjusted yield: with n picks of profits p_i (one-coin stakes), shrunk mean
// m = Σp_i / (n + luckPrior), spread s = max(sample standard deviation, √(mean odds − 1)) (the
// spread a skill-less tipster has at those odds), score = m − luckZ·s/√(n + luckPrior).
func luckScore(profits []float64, nullVar float64) float64 {
	n := float64(len(profits))
	if n == 0 {
		return 0
	}
	sum := 0.0
	for _, p := range profits {
		sum += p
	}
	mean := sum / n
	v := 0.0
	for _, p := range profits {
		v += (p - mean) * (p - mean)
	}
	if n > 1 {
		v /= n - 1
	}
	v = math.Max(v, nullVar)
	k := n + luckPrior
	return sum/k - luckZ*math.Sqrt(v)/math.Sqrt(k)
}

// Rankings.
const (
	RankHitRate = "hitRate"
	RankStreak  = "streak"
	RankLuck    = "luck"
)

// RankEntry is one line of a ranking.
type RankEntry struct {
	Expert postgres.ExpertRow
	Stats  Stats
}

// minDecidedForHitRate keeps one lucky pick off the top of the hit-rate ranking.
const minDecidedForHitRate = 3

// Ranking ranks approved experts over the last days (7, 30 or 90) by kind.
func (s *Service) Ranking(ctx context.Context, kind string, days int) ([]RankEntry, error) {
	if days != 7 && days != 30 && days != 90 {
		return nil, ErrBadInput
	}
	if kind != RankHitRate && kind != RankStreak && kind != RankLuck {
		return nil, ErrBadInput
	}
	plans, err := s.d.Store.SettledSince(ctx, s.cfg.Now().Add(-time.Duration(days)*24*time.Hour), 0)
	if err != nil {
		return nil, err
	}
	stats := computeStats(plans)
	experts, err := s.d.Store.ApprovedExperts(ctx)
	if err != nil {
		return nil, err
	}
	var out []RankEntry
	for _, e := range experts {
		st := stats[e.UserID]
		if st == nil || (kind == RankHitRate && st.Decided < minDecidedForHitRate) {
			continue
		}
		out = append(out, RankEntry{Expert: e, Stats: *st})
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Stats, out[j].Stats
		switch kind {
		case RankHitRate:
			if a.HitRate != b.HitRate {
				return a.HitRate > b.HitRate
			}
			return a.Decided > b.Decided
		case RankStreak:
			if a.Streak != b.Streak {
				return a.Streak > b.Streak
			}
			return a.BestStreak > b.BestStreak
		}
		return a.LuckScore > b.LuckScore
	})
	return out, nil
}

// StatsOf is one expert's record over the last days (0: all time).
func (s *Service) StatsOf(ctx context.Context, expertID int64, days int) (Stats, error) {
	since := time.Time{}
	if days > 0 {
		since = s.cfg.Now().Add(-time.Duration(days) * 24 * time.Hour)
	}
	plans, err := s.d.Store.SettledSince(ctx, since, expertID)
	if err != nil {
		return Stats{}, err
	}
	if st := computeStats(plans)[expertID]; st != nil {
		return *st, nil
	}
	return Stats{}, nil
}

// GraphPoint is the record up to a day: cumulative hit rate and yield.
type GraphPoint struct {
	Day     string  `json:"day"` // YYYY-MM-DD (UTC)
	HitRate float64 `json:"hitRate"`
	Yield   float64 `json:"yield"`
	Settled int     `json:"settled"`
}

// Graph is an expert's cumulative hit rate and yield day by day over the last days.
func (s *Service) Graph(ctx context.Context, expertID int64, days int) ([]GraphPoint, error) {
	plans, err := s.d.Store.SettledSince(ctx, s.cfg.Now().Add(-time.Duration(days)*24*time.Hour), expertID)
	if err != nil {
		return nil, err
	}
	var out []GraphPoint
	for i := range plans {
		day := plans[i].SettledAt.UTC().Format("2006-01-02")
		if i+1 < len(plans) && plans[i+1].SettledAt.UTC().Format("2006-01-02") == day {
			continue
		}
		st := computeStats(plans[:i+1])[expertID]
		out = append(out, GraphPoint{Day: day, HitRate: st.HitRate, Yield: st.Yield, Settled: st.Settled})
	}
	return out, nil
}

// Board is the creator centre's data board.
type Board struct {
	Plans      int   `json:"plans"`
	Published  int   `json:"published"`
	InReview   int   `json:"inReview"`
	Sales      int   `json:"sales"`
	Buyers     int   `json:"buyers"`
	Revenue7   int64 `json:"revenue7"`
	Revenue30  int64 `json:"revenue30"`
	RevenueAll int64 `json:"revenueAll"`
	Stats      Stats `json:"stats"`
	// Daily is the revenue of each of the last 14 days, oldest first (the chart).
	Daily []DayRevenue `json:"daily"`
}

// DayRevenue is one day of revenue.
type DayRevenue struct {
	Day    string `json:"day"`
	Amount int64  `json:"amount"`
	Sales  int    `json:"sales"`
}

// DataBoard is the creator centre's data board for uid.
func (s *Service) DataBoard(ctx context.Context, uid int64) (Board, error) {
	var b Board
	if _, err := s.expert(ctx, uid); err != nil {
		return b, err
	}
	plans, total, err := s.d.Store.ListPlans(ctx, postgres.PlanFilter{ExpertID: uid, Limit: 1000})
	if err != nil {
		return b, err
	}
	b.Plans = total
	for _, p := range plans {
		b.Sales += p.Sales
		switch p.State {
		case postgres.PlanPublished:
			b.Published++
		case postgres.PlanReview:
			b.InReview++
		}
	}
	if b.Buyers, err = s.d.Store.ExpertBuyers(ctx, uid); err != nil {
		return b, err
	}
	now := s.cfg.Now()
	rev, err := s.d.Store.ExpertRevenue(ctx, uid, time.Time{})
	if err != nil {
		return b, err
	}
	daily := map[string]*DayRevenue{}
	for i := 13; i >= 0; i-- {
		d := now.Add(-time.Duration(i) * 24 * time.Hour).UTC().Format("2006-01-02")
		b.Daily = append(b.Daily, DayRevenue{Day: d})
	}
	for i := range b.Daily {
		daily[b.Daily[i].Day] = &b.Daily[i]
	}
	for _, r := range rev {
		b.RevenueAll += r.Amount
		if r.At.After(now.Add(-7 * 24 * time.Hour)) {
			b.Revenue7 += r.Amount
		}
		if r.At.After(now.Add(-30 * 24 * time.Hour)) {
			b.Revenue30 += r.Amount
		}
		if d := daily[r.At.UTC().Format("2006-01-02")]; d != nil {
			d.Amount += r.Amount
			d.Sales++
		}
	}
	b.Stats, err = s.StatsOf(ctx, uid, 0)
	return b, err
}

// Returns is the revenue of the last days (7, 14 or 30) day by day, from the ledger.
func (s *Service) Returns(ctx context.Context, uid int64, days int) ([]DayRevenue, int64, error) {
	if days != 7 && days != 14 && days != 30 {
		return nil, 0, ErrBadInput
	}
	if _, err := s.expert(ctx, uid); err != nil {
		return nil, 0, err
	}
	now := s.cfg.Now()
	rev, err := s.d.Store.ExpertRevenue(ctx, uid, now.Add(-time.Duration(days)*24*time.Hour))
	if err != nil {
		return nil, 0, err
	}
	out := make([]DayRevenue, days)
	idx := map[string]int{}
	for i := 0; i < days; i++ {
		d := now.Add(-time.Duration(days-1-i) * 24 * time.Hour).UTC().Format("2006-01-02")
		out[i].Day, idx[d] = d, i
	}
	var total int64
	for _, r := range rev {
		total += r.Amount
		if i, ok := idx[r.At.UTC().Format("2006-01-02")]; ok {
			out[i].Amount += r.Amount
			out[i].Sales++
		}
	}
	return out, total, nil
}

// MonthlyReturns is the revenue month by month (YYYY-MM), newest first, from the ledger.
func (s *Service) MonthlyReturns(ctx context.Context, uid int64) ([]DayRevenue, error) {
	if _, err := s.expert(ctx, uid); err != nil {
		return nil, err
	}
	rev, err := s.d.Store.ExpertRevenue(ctx, uid, time.Time{})
	if err != nil {
		return nil, err
	}
	var out []DayRevenue
	for i := len(rev) - 1; i >= 0; i-- {
		m := rev[i].At.UTC().Format("2006-01")
		if len(out) == 0 || out[len(out)-1].Day != m {
			out = append(out, DayRevenue{Day: m})
		}
		out[len(out)-1].Amount += rev[i].Amount
		out[len(out)-1].Sales++
	}
	return out, nil
}
