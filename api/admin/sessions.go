package admin

import (
	"context"
	"net/netip"
	"strings"
)

// maxSessions bounds the sessions listed for one user (the count on the user's page is exact).
const maxSessions = 50

// Session is one live session of a user as staff see it: when, from where (the address masked like
// the contacts are), on what.
type Session struct {
	Started  int64  `json:"started"`
	LastSeen int64  `json:"lastSeen"`
	Expires  int64  `json:"expires"`
	IP       string `json:"ip"`
	Device   string `json:"device"`
}

// Sessions lists user id's live sessions, the most recently used first; "sign out everywhere"
// (SignOutEverywhere) ends them all.
func (s *Service) Sessions(ctx context.Context, id int64) ([]Session, error) {
	if _, err := s.user(ctx, id); err != nil {
		return nil, err
	}
	rows, err := s.d.Store.UserSessions(ctx, id, s.cfg.Now(), maxSessions)
	if err != nil {
		return nil, err
	}
	out := make([]Session, 0, len(rows))
	for _, r := range rows {
		out = append(out, Session{Started: r.CreatedAt.UnixMilli(), LastSeen: r.LastSeenAt.UnixMilli(), Expires: r.ExpiresAt.UnixMilli(),
			IP: maskIP(r.IP), Device: device(r.UserAgent)})
	}
	return out, nil
}

// maskIP keeps the network part of an address: 203.0.113.* and 2001:db8:85a3::*.
func maskIP(s string) string {
	a, err := netip.ParseAddr(s)
	if err != nil {
		return ""
	}
	if a.Is4() || a.Is4In6() {
		p, _ := a.Unmap().Prefix(24)
		return strings.TrimSuffix(p.Addr().String(), ".0") + ".*"
	}
	p, _ := a.Prefix(48)
	return strings.TrimSuffix(p.Addr().String(), "::") + "::*"
}

// device shortens a user agent to what tells sessions apart (at most 80 characters).
func device(ua string) string {
	ua = strings.TrimSpace(ua)
	if r := []rune(ua); len(r) > 80 {
		return string(r[:79]) + "…"
	}
	return ua
}
