package anchor

import (
	"sort"
	"strconv"
	"time"

	"courtside/api"
)

// earningDays are the views of spec §9 ("Earnings views: 7, 14, 30 days").
var earningDays = map[int]bool{7: true, 14: true, 30: true}

func days(r *api.Request) (int, error) {
	d := 7
	if v := r.Query("days"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || !earningDays[n] {
			return 0, api.ErrFormat
		}
		d = n
	}
	return d, nil
}

func (s *Service) income(r *api.Request, d int) ([]IncomeEntry, time.Time, error) {
	a, err := s.streamer(r, true)
	if err != nil {
		return nil, time.Time{}, err
	}
	now := s.cfg.Now()
	since := startOfDay(now).AddDate(0, 0, -(d - 1))
	if s.d.Earnings == nil {
		return nil, since, nil
	}
	list, err := s.d.Earnings.GiftIncome(r.Context(), a.UserID, since)
	if err != nil {
		return nil, since, api.Internal(err)
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].At.After(list[j].At) })
	return list, since, nil
}

func startOfDay(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// DetailEntry is one line of /anchor/goldDetail.
type DetailEntry struct {
	IncomeEntry
	Time     int64  `json:"time"`
	FromUser string `json:"fromUser"`
}

// goldDetail lists gift income of the last 7, 14 or 30 days (?days=), newest first, paged.
func (s *Service) goldDetail(r *api.Request) (any, error) {
	d, err := days(r)
	if err != nil {
		return nil, err
	}
	limit, offset, err := page(r)
	if err != nil {
		return nil, err
	}
	list, _, err := s.income(r, d)
	if err != nil {
		return nil, err
	}
	total := len(list)
	if offset > len(list) {
		offset = len(list)
	}
	list = list[offset:min(offset+limit, len(list))]
	out := make([]DetailEntry, 0, len(list))
	for _, e := range list {
		out = append(out, DetailEntry{IncomeEntry: e, Time: e.At.UnixMilli(), FromUser: uid(e.FromUser)})
	}
	return map[string]any{"days": d, "total": total, "list": out}, nil
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

func (s *Service) goldTotal(r *api.Request) (any, error) {
	d, err := days(r)
	if err != nil {
		return nil, err
	}
	list, since, err := s.income(r, d)
	if err != nil {
		return nil, err
	}
	t := Totals{Days: d, Daily: make([]DayTotal, d)}
	for i := range t.Daily {
		t.Daily[i].Date = since.AddDate(0, 0, i).Format("2006-01-02")
	}
	for _, e := range list {
		i := int(startOfDay(e.At).Sub(since) / (24 * time.Hour))
		if i < 0 || i >= d {
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
