package admin

import (
	"context"
	"time"

	"go.uber.org/zap"

	"courtside/api/audit"
)

// Dashboard is the back office's front page: today's numbers (since midnight UTC), the queues and the
// rooms live now.
type Dashboard struct {
	Signups       int          `json:"signups"`
	Recharges     int          `json:"recharges"`     // paid recharge orders today
	RechargeFen   int64        `json:"rechargeFen"`   // their total, in fen (CNY cents)
	CoinsSpent    int64        `json:"coinsSpent"`    // coins sent as gifts today
	OpenReports   int          `json:"openReports"`   // reported lines waiting
	ReportsHour   int          `json:"reportsHour"`   // reports in the last hour
	Applications  int          `json:"applications"`  // streamer applications waiting
	LiveRooms     []LiveRoom   `json:"liveRooms"`     // live now
	Since         int64        `json:"since"`         // unix ms the day started
	RecentActions int          `json:"recentActions"` // staff actions today
	Nodes         []NodeHealth `json:"nodes"`         // this node's health from its own metrics
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
	s.roomActivity(ctx, d.LiveRooms, now)
	d.Nodes = []NodeHealth{}
	if s.d.Metrics != nil {
		if h, err := s.d.Metrics.Health(now); err == nil {
			d.Nodes = append(d.Nodes, h)
		} else {
			s.log.Warn("admin: node metrics", zap.Error(err))
		}
	}
	if recent, err := s.d.Audit.List(ctx, audit.Filter{From: day, Limit: 200}); err == nil {
		d.RecentActions = len(recent)
	}
	return d, nil
}

// roomActivity fills each live room's chat rate (the live rooms screen's count, chatRate) and its
// reports of the last hour before now.
func (s *Service) roomActivity(ctx context.Context, rooms []LiveRoom, now time.Time) {
	if len(rooms) == 0 {
		return
	}
	ids := make([]string, len(rooms))
	for i := range rooms {
		ids[i] = rooms[i].Room
		rooms[i].ChatPerMin = s.chatRate(ctx, rooms[i].Room)
	}
	reports, err := s.d.Store.ReportsPerRoom(ctx, ids, now.Add(-time.Hour))
	if err != nil {
		s.log.Warn("admin: reports per room", zap.Error(err))
		return
	}
	for i := range rooms {
		rooms[i].ReportsHour = reports[rooms[i].Room]
	}
}

// Audit reads the audit log, newest first (read-only: the log has no edit).
func (s *Service) Audit(ctx context.Context, f audit.Filter) ([]audit.Record, error) {
	return s.d.Audit.List(ctx, f)
}
