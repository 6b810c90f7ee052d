package admin

import (
	"context"
	"time"

	"courtside/api/audit"
)

// Dashboard is the back office's front page: today's numbers (since midnight UTC), the queues and the
// rooms live now.
type Dashboard struct {
	Signups       int        `json:"signups"`
	Recharges     int        `json:"recharges"`     // paid recharge orders today
	RechargeFen   int64      `json:"rechargeFen"`   // their total, in fen (CNY cents)
	CoinsSpent    int64      `json:"coinsSpent"`    // coins sent as gifts today
	OpenReports   int        `json:"openReports"`   // reported lines waiting
	ReportsHour   int        `json:"reportsHour"`   // reports in the last hour
	Applications  int        `json:"applications"`  // streamer applications waiting
	LiveRooms     []LiveRoom `json:"liveRooms"`     // live now
	Since         int64      `json:"since"`         // unix ms the day started
	RecentActions int        `json:"recentActions"` // staff actions today
}

// Dashboard counts today's activity and the queues.
func (s *Service) Dashboard(ctx context.Context) (Dashboard, error) {
	now := s.cfg.Now().UTC()
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	c, err := s.d.Store.Dashboard(ctx, day, now.Add(-time.Hour))
	if err != nil {
		return Dashboard{}, err
	}
	d := Dashboard{Signups: c.Signups, Recharges: c.Recharges, RechargeFen: c.RechargeFen, CoinsSpent: c.CoinsSpent,
		OpenReports: c.OpenReports, ReportsHour: c.ReportsHour, Applications: c.PendingStreamer, LiveRooms: []LiveRoom{},
		Since: day.UnixMilli()}
	if s.d.Live != nil {
		if live, err := s.d.Live.LiveRooms(ctx); err == nil && live != nil {
			d.LiveRooms = live
		}
	}
	if recent, err := s.d.Audit.List(ctx, audit.Filter{From: day, Limit: 200}); err == nil {
		d.RecentActions = len(recent)
	}
	return d, nil
}

// Audit reads the audit log, newest first (read-only: the log has no edit).
func (s *Service) Audit(ctx context.Context, f audit.Filter) ([]audit.Record, error) {
	return s.d.Audit.List(ctx, f)
}
