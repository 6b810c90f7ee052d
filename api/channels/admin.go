package channels

import (
	"context"
	"strings"

	"courtside/api/audit"
)

// ChannelOverview is one channel as the back office lists it: every partner's, with the partner and
// the channel's all-time totals (counted from events, like the partners' statistics).
type ChannelOverview struct {
	Channel
	OwnerID       int64  `json:"ownerId"` // 0: the site's own (dayan001)
	Owner         string `json:"owner"`   // the partner's username
	Visits        int64  `json:"visits"`
	Registrations int64  `json:"registrations"`
	Downloads     int64  `json:"downloads"`
}

// AllChannels lists every promotion channel for staff who manage channels (the handler checks the
// permission), newest first, filtered by q (code, name, source or partner; "" for all). Each look is
// written to the audit log (channel.list) when Deps.Audit is set: partners' figures are business data.
func (s *Service) AllChannels(ctx context.Context, staff int64, ip, q string, limit, offset int) ([]ChannelOverview, int, error) {
	q = strings.TrimSpace(q)
	if len(q) > 64 {
		q = q[:64]
	}
	rows, total, err := s.store.AllChannels(ctx, q, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	out := make([]ChannelOverview, len(rows))
	for i, r := range rows {
		out[i] = ChannelOverview{Channel: view(r.Channel), OwnerID: r.OwnerID, Owner: r.Owner, Visits: r.Visits,
			Registrations: r.Registrations, Downloads: r.Downloads}
	}
	if s.d.Audit != nil {
		e := audit.Entry{ActorID: staff, Action: "channel.list", TargetKind: "channel", TargetID: "*", IP: ip,
			After: map[string]any{"q": q, "offset": offset, "count": len(out)}}
		if err := s.d.Audit.Record(ctx, e); err != nil {
			s.log.Error("channels: audit entry not written: " + err.Error())
		}
	}
	return out, total, nil
}
