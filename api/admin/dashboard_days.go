package admin

import (
	"context"
	"time"
)

// The dashboard's charts: signups, recharges and coins spent over the last days (UTC days, today
// last, counted as the dashboard counts today).

// Chart day bounds.
const (
	MinChartDays     = 7
	MaxChartDays     = 30
	DefaultChartDays = 14
)

// Day is one day of the charts.
type Day struct {
	Day         int64 `json:"day"` // unix ms of the day's start (UTC)
	Signups     int   `json:"signups"`
	Recharges   int   `json:"recharges"`
	RechargeFen int64 `json:"rechargeFen"`
	CoinsSpent  int64 `json:"coinsSpent"`
}

// DashboardDays counts the last n days (MinChartDays..MaxChartDays; 0 is DefaultChartDays), oldest first.
func (s *Service) DashboardDays(ctx context.Context, n int) ([]Day, error) {
	if n == 0 {
		n = DefaultChartDays
	}
	if n < MinChartDays || n > MaxChartDays {
		return nil, ErrBadInput
	}
	now := s.cfg.Now().UTC()
	start := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, -(n - 1))
	counts, err := s.d.Store.DashboardDays(ctx, start, n)
	if err != nil {
		return nil, err
	}
	out := make([]Day, n)
	for i, c := range counts {
		out[i] = Day{Day: start.AddDate(0, 0, i).UnixMilli(), Signups: c.Signups, Recharges: c.Recharges, RechargeFen: c.RechargeFen,
			CoinsSpent: c.CoinsSpent}
	}
	return out, nil
}
