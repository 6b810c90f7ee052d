package anchor

import (
	"context"
	"sort"
	"time"
)

// EarningDays are the views of spec §9 ("Earnings views: 7, 14, 30 days").
var EarningDays = []int{7, 14, 30}

func validDays(d int) bool {
	for _, x := range EarningDays {
		if d == x {
			return true
		}
	}
	return false
}

// Income lists uid's gift income of the last days days (7, 14 or 30; ErrBadInput otherwise), newest
// first, from since, the start of the first day (UTC).
func (s *Service) Income(ctx context.Context, uid int64, days int) (list []IncomeEntry, since time.Time, err error) {
	if !validDays(days) {
		return nil, time.Time{}, ErrBadInput
	}
	a, err := s.streamer(ctx, uid, true)
	if err != nil {
		return nil, time.Time{}, err
	}
	now := s.cfg.Now()
	since = startOfDay(now).AddDate(0, 0, -(days - 1))
	if s.d.Earnings == nil {
		return nil, since, nil
	}
	list, err = s.d.Earnings.GiftIncome(ctx, a.UserID, since)
	if err != nil {
		return nil, since, err
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].At.After(list[j].At) })
	return list, since, nil
}

func startOfDay(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// DayTotal is one day of the earnings chart.
type DayTotal struct {
	Date     string `json:"date"` // YYYY-MM-DD, UTC
	Coins    int64  `json:"coins"`
	Diamonds int64  `json:"diamonds"`
}

// Totals is the answer of /anchor/goldTotal: sums over the view and one entry per day (zero days
// included, oldest first) for the chart.
type Totals struct {
	Days     int        `json:"days"`
	Coins    int64      `json:"coins"`
	Diamonds int64      `json:"diamonds"`
	Gifts    int        `json:"gifts"`
	Daily    []DayTotal `json:"daily"`
}

// IncomeTotals sums uid's gift income of the last days days, per currency and per day.
func (s *Service) IncomeTotals(ctx context.Context, uid int64, days int) (Totals, error) {
	list, since, err := s.Income(ctx, uid, days)
	if err != nil {
		return Totals{}, err
	}
	t := Totals{Days: days, Daily: make([]DayTotal, days)}
	for i := range t.Daily {
		t.Daily[i].Date = since.AddDate(0, 0, i).Format("2006-01-02")
	}
	for _, e := range list {
		i := int(startOfDay(e.At).Sub(since) / (24 * time.Hour))
		if i < 0 || i >= days {
			continue
		}
		t.Gifts += max(e.Quantity, 1)
		if e.Currency == "diamond" {
			t.Diamonds += e.Amount
			t.Daily[i].Diamonds += e.Amount
		} else {
			t.Coins += e.Amount
			t.Daily[i].Coins += e.Amount
		}
	}
	return t, nil
}
