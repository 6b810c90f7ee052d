package channels

import (
	"context"
	"strings"
	"time"

	"courtside/storage/postgres"
)

// DayStats is one day of one channel: what happened through it.
type DayStats struct {
	Day           string `json:"day"` // YYYY-MM-DD (UTC)
	ChannelID     int64  `json:"channelId"`
	Visits        int64  `json:"visits"`
	Registrations int64  `json:"registrations"`
	Downloads     int64  `json:"downloads"`
}

// Totals are one channel's sums over the period.
type Totals struct {
	ChannelID     int64  `json:"channelId"`
	Name          string `json:"name"`
	Visits        int64  `json:"visits"`
	Registrations int64  `json:"registrations"`
	Downloads     int64  `json:"downloads"`
}

// Stats is the statistics page: every day of the period (days without events included, zero), per
// channel, and each channel's totals.
type Stats struct {
	From     string     `json:"from"`
	To       string     `json:"to"`
	Days     []DayStats `json:"days"`
	Channels []Totals   `json:"channels"`
}

// MaxDays is the longest period of a statistics read.
const MaxDays = 90

// Stats computes the partner's statistics for the last days days (1–90, today included) from the
// stored events.
func (s *Service) Stats(ctx context.Context, partner int64, days int) (Stats, error) {
	days = min(max(days, 1), MaxDays)
	to := day(s.cfg.Now())
	from := to.AddDate(0, 0, -(days - 1))
	chans, ids, err := s.ids(ctx, partner)
	if err != nil {
		return Stats{}, err
	}
	rows, err := s.store.Stats(ctx, ids, from, to)
	if err != nil {
		return Stats{}, err
	}
	out := Stats{From: from.Format(time.DateOnly), To: to.Format(time.DateOnly), Days: make([]DayStats, 0, len(rows)),
		Channels: make([]Totals, len(chans))}
	idx := map[int64]int{}
	for i, c := range chans {
		out.Channels[i] = Totals{ChannelID: c.ID, Name: c.Name}
		idx[c.ID] = i
	}
	for _, r := range rows {
		out.Days = append(out.Days, DayStats{Day: r.Day.Format(time.DateOnly), ChannelID: r.ChannelID, Visits: r.Visits,
			Registrations: r.Registrations, Downloads: r.Downloads})
		t := &out.Channels[idx[r.ChannelID]]
		t.Visits += r.Visits
		t.Registrations += r.Registrations
		t.Downloads += r.Downloads
	}
	return out, nil
}

// User is a user registered through one of the partner's channels, as the partner may see them:
// the name masked, never the phone or e-mail.
type User struct {
	Name         string `json:"name"`
	ChannelID    int64  `json:"channelId"`
	Channel      string `json:"channel"`
	RegisteredAt int64  `json:"registeredAt"` // Unix milliseconds
	LastOpened   int64  `json:"lastOpened"`
	Downloaded   bool   `json:"downloaded"`
}

// Users lists the users registered through the partner's channels, newest first.
func (s *Service) Users(ctx context.Context, partner int64, limit, offset int) ([]User, int, error) {
	chans, ids, err := s.ids(ctx, partner)
	if err != nil {
		return nil, 0, err
	}
	rows, total, err := s.store.Users(ctx, ids, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	names := channelNames(chans)
	out := make([]User, len(rows))
	for i, u := range rows {
		out[i] = User{Name: maskUser(u), ChannelID: u.ChannelID, Channel: names[u.ChannelID], RegisteredAt: u.RegisteredAt.UnixMilli(),
			LastOpened: u.LastOpened.UnixMilli(), Downloaded: u.Downloaded}
	}
	return out, total, nil
}

func channelNames(chans []postgres.Channel) map[int64]string {
	m := make(map[int64]string, len(chans))
	for _, c := range chans {
		m[c.ID] = c.Name
	}
	return m
}

// maskUser shows a name, a phone or an e-mail with its middle hidden.
func maskUser(u postgres.ChannelUser) string {
	switch {
	case u.Username != "":
		return Mask(u.Username)
	case u.Email != "":
		at := strings.LastIndexByte(u.Email, '@')
		return Mask(u.Email[:at]) + u.Email[at:]
	case u.Phone != "":
		return Mask(u.Phone)
	}
	return "***"
}

// Mask keeps the first and last characters of s (two each when it is long) and stars the rest.
func Mask(s string) string {
	r := []rune(s)
	switch n := len(r); {
	case n <= 2:
		return string(r[:1]) + "***"
	case n <= 6:
		return string(r[:1]) + "***" + string(r[n-1:])
	default:
		keep := 2
		if n >= 11 {
			keep = 3
		}
		return string(r[:keep]) + "****" + string(r[n-keep:])
	}
}

// Gold is the spend page: per channel, the coins and diamonds its users spent over the period and
// the partner's share of them (whole units, rounded down).
type Gold struct {
	Since    int64         `json:"since"` // Unix milliseconds
	Channels []ChannelGold `json:"channels"`
	Coins    int64         `json:"coins"`
	Diamonds int64         `json:"diamonds"`
	Share    Share         `json:"share"`
}

// ChannelGold is one channel's spend and share.
type ChannelGold struct {
	ChannelID int64  `json:"channelId"`
	Name      string `json:"name"`
	ShareBps  int    `json:"shareBps"`
	Coins     int64  `json:"coins"`
	Diamonds  int64  `json:"diamonds"`
	Share     Share  `json:"share"`
}

// Share is the partner's part of a spend.
type Share struct {
	Coins    int64 `json:"coins"`
	Diamonds int64 `json:"diamonds"`
}

// Gold reads, from the ledger, what the partner's users spent in the last days days (1–90) and
// the partner's share.
func (s *Service) Gold(ctx context.Context, partner int64, days int) (Gold, error) {
	days = min(max(days, 1), MaxDays)
	since := day(s.cfg.Now()).AddDate(0, 0, -(days - 1))
	chans, ids, err := s.ids(ctx, partner)
	if err != nil {
		return Gold{}, err
	}
	totals, err := s.store.SpendTotals(ctx, ids, since)
	if err != nil {
		return Gold{}, err
	}
	out := Gold{Since: since.UnixMilli(), Channels: make([]ChannelGold, len(chans))}
	for i, c := range chans {
		g := ChannelGold{ChannelID: c.ID, Name: c.Name, ShareBps: c.ShareBps, Coins: totals[c.ID]["COIN"], Diamonds: totals[c.ID]["DIAMOND"]}
		g.Share = Share{Coins: max(g.Coins, 0) * int64(c.ShareBps) / 10000, Diamonds: max(g.Diamonds, 0) * int64(c.ShareBps) / 10000}
		out.Channels[i] = g
		out.Coins += g.Coins
		out.Diamonds += g.Diamonds
		out.Share.Coins += g.Share.Coins
		out.Share.Diamonds += g.Share.Diamonds
	}
	return out, nil
}

// Movement is one spend of a channel user, with the partner's share of it (a refund: negative).
type Movement struct {
	ID        int64  `json:"id"`
	User      string `json:"user"`
	ChannelID int64  `json:"channelId"`
	Channel   string `json:"channel"`
	Type      string `json:"type"` // gift, shop, plan, unlock, membership, refund
	Currency  string `json:"currency"`
	Amount    int64  `json:"amount"`
	Share     int64  `json:"share"`
	At        int64  `json:"at"` // Unix milliseconds
}

// Water is the flow of the partner's users' spending over the last days days, newest first.
func (s *Service) Water(ctx context.Context, partner int64, days, limit, offset int) ([]Movement, int, error) {
	days = min(max(days, 1), MaxDays)
	since := day(s.cfg.Now()).AddDate(0, 0, -(days - 1))
	chans, ids, err := s.ids(ctx, partner)
	if err != nil {
		return nil, 0, err
	}
	rows, total, err := s.store.Spend(ctx, ids, since, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	byID := map[int64]postgres.Channel{}
	for _, c := range chans {
		byID[c.ID] = c
	}
	out := make([]Movement, len(rows))
	for i, r := range rows {
		c := byID[r.ChannelID]
		name := "***"
		if r.Username != "" {
			name = Mask(r.Username)
		}
		out[i] = Movement{ID: r.TxnID, User: name, ChannelID: c.ID, Channel: c.Name, Type: r.Type, Currency: r.Currency,
			Amount: r.Amount, Share: r.Amount * int64(c.ShareBps) / 10000, At: r.At.UnixMilli()}
	}
	return out, total, nil
}
