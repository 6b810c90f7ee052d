package channels

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"strings"
	"time"

	"go.uber.org/zap"

	"courtside/storage/postgres"
)

// Visitor is who opens a link: the client's address and user agent. Neither is stored: the events
// keep keyed hashes.
type Visitor struct {
	IP        string
	UserAgent string
}

// VisitResult says what a visit did: Counted for the visitor's first visit of the day on this
// channel, Dropped when the fraud guard refused it. Channel is the channel's type, so the page
// knows where the link leads.
type VisitResult struct {
	Counted bool   `json:"counted"`
	Dropped bool   `json:"-"`
	Code    string `json:"code"`
	Kind    string `json:"type"`
}

// day is the visitor's day: the UTC date of t.
func day(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// keys are the visitor's hash for the day and the source's hash (the address alone).
func (s *Service) keys(v Visitor, t time.Time) (visitor, source []byte) {
	mac := func(parts ...string) []byte {
		h := hmac.New(sha256.New, s.cfg.Secret)
		h.Write([]byte(strings.Join(parts, "\x00")))
		return h.Sum(nil)[:16]
	}
	return mac("visitor", v.IP, v.UserAgent, day(t).Format(time.DateOnly)), mac("source", v.IP)
}

// channel finds a channel by code; an empty or unknown code is the default channel when fallback.
func (s *Service) channel(ctx context.Context, code string, fallback bool) (postgres.Channel, error) {
	code = strings.TrimSpace(code)
	if code == "" && fallback {
		code = s.cfg.DefaultCode
	}
	c, err := s.store.ChannelByCode(ctx, code)
	if errors.Is(err, postgres.ErrChannelNotFound) && fallback && code != s.cfg.DefaultCode {
		c, err = s.store.ChannelByCode(ctx, s.cfg.DefaultCode)
	}
	return c, storeErr(err)
}

// Visit counts a visit through a channel link: once per visitor per day (a reload counts nothing),
// and not at all beyond the fraud guard's burst from one source. An unknown code is ErrNotFound.
func (s *Service) Visit(ctx context.Context, code string, v Visitor) (VisitResult, error) {
	c, err := s.channel(ctx, code, false)
	if err != nil {
		return VisitResult{}, err
	}
	now := s.cfg.Now()
	visitor, source := s.keys(v, now)
	counted, dropped, err := s.store.RecordVisit(ctx, postgres.ChannelEvent{ChannelID: c.ID, Day: day(now), Visitor: visitor,
		Source: source, At: now}, s.cfg.BurstMax, s.cfg.BurstWindow)
	if err != nil {
		return VisitResult{}, err
	}
	if dropped {
		s.log.Info("channels: visit dropped by the burst guard", zap.String("channel", c.Code))
	}
	return VisitResult{Counted: counted, Dropped: dropped, Code: c.Code, Kind: c.Kind}, nil
}

// Registered attributes a new account to the channel it signed up through (code and fromType are
// the sign-up payload's promotionChannelId and channelFromtype): an empty or unknown code is the
// default channel. It counts once per user (a named channel may still take a user over from the
// default one, see Attribute); the accounts module calls it after the account exists.
func (s *Service) Registered(ctx context.Context, userID int64, code, fromType string, v Visitor) error {
	c, err := s.channel(ctx, code, true)
	if err != nil {
		return err
	}
	_, err = s.register(ctx, c, userID, fromType, v)
	return err
}

func (s *Service) register(ctx context.Context, c postgres.Channel, userID int64, fromType string, v Visitor) (bool, error) {
	now := s.cfg.Now()
	visitor, source := s.keys(v, now)
	if len(fromType) > 16 {
		fromType = fromType[:16]
	}
	def, err := s.store.ChannelByCode(ctx, s.cfg.DefaultCode)
	if err != nil {
		return false, err
	}
	return s.store.RecordRegistration(ctx, postgres.ChannelEvent{ChannelID: c.ID, Day: day(now), Visitor: visitor, Source: source,
		UserID: userID, FromType: fromType, At: now}, c.Code, def.ID)
}

// Attribute is GET /promotion/v2/addPromotionReg for a signed-in user: it attributes the user to
// the channel when the account is at most Config.AttributionWindow old and was attributed to no
// channel but the default one (a third-party sign-up carries no code: the client names it here).
// It reports whether the user was attributed now.
func (s *Service) Attribute(ctx context.Context, userID int64, code, fromType string, v Visitor) (bool, error) {
	c, err := s.channel(ctx, code, false)
	if err != nil {
		return false, err
	}
	created, err := s.store.UserRegisteredAt(ctx, userID)
	if err != nil {
		return false, err
	}
	if s.cfg.Now().Sub(created) > s.cfg.AttributionWindow {
		return false, nil
	}
	return s.register(ctx, c, userID, fromType, v)
}

// Download counts a download from /download, once per visitor per day and channel; code empty or
// unknown: the default channel. userID is the signed-in user (0 for a guest), so the partner sees
// which of their users downloaded.
func (s *Service) Download(ctx context.Context, code string, v Visitor, userID int64) (bool, error) {
	c, err := s.channel(ctx, code, true)
	if err != nil {
		return false, err
	}
	now := s.cfg.Now()
	visitor, source := s.keys(v, now)
	return s.store.RecordDownload(ctx, postgres.ChannelEvent{ChannelID: c.ID, Day: day(now), Visitor: visitor, Source: source,
		UserID: userID, At: now})
}
