package wallet

import (
	"time"

	"go.uber.org/zap"
)

// Config configures the wallet. Zero values get the defaults of New; README.md lists every knob.
type Config struct {
	// DiamondsPerCNY is how many diamonds 1 RMB buys. The spec gives no rate; default 1.
	DiamondsPerCNY int64 `json:"diamondsPerCny"`
	// StreamerSharePercent is the streamer's share of a gift's price; the platform keeps the rest.
	// Default 50.
	StreamerSharePercent int64 `json:"streamerSharePercent"`
	// MaxGiftCount caps one send (a combo of the same gift). Default 999.
	MaxGiftCount int `json:"maxGiftCount"`
	// VIPMonthlyCoins and SVIPMonthlyCoins are the one-month prices in coins; longer packages and
	// the upgrade price derive from them (membership.go). Defaults 300 (30 RMB) and 600 (60 RMB).
	VIPMonthlyCoins  int64 `json:"vipMonthlyCoins"`
	SVIPMonthlyCoins int64 `json:"svipMonthlyCoins"`
	// OrderTTL is how long a recharge order waits for payment. Default 15 minutes.
	OrderTTL time.Duration `json:"orderTtl"`
	// PublicURL is the site's external base URL ("https://courtside.example"), used for provider
	// callback and return URLs. Empty: taken from each create request's Host.
	PublicURL string `json:"publicUrl"`
	// ReturnPath is where a payer's browser returns after paying. Default "/userInfo/water".
	ReturnPath string `json:"returnPath"`
	// DevSecret signs development-provider callbacks. Empty: random per process.
	DevSecret string `json:"-"`
	// DisableDev removes the development provider (production).
	DisableDev bool `json:"disableDev"`
	// Location is the time zone of the daily and weekly leaderboards. Default UTC.
	Location *time.Location `json:"-"`
	// EventsRecheck is how often an open payWs (SSE) stream re-reads its order, to learn of callbacks
	// handled by another node. Default 3 s.
	EventsRecheck time.Duration `json:"eventsRecheck"`
	// SweepEvery is how often Run expires unpaid orders. Default 1 minute.
	SweepEvery time.Duration `json:"sweepEvery"`
	// Now is the clock. Default time.Now.
	Now func() time.Time `json:"-"`
	// Logger. Default no-op.
	Logger *zap.Logger `json:"-"`
}

// Defaults.
const (
	DefaultDiamondsPerCNY       = 1
	DefaultStreamerSharePercent = 50
	DefaultMaxGiftCount         = 999
	DefaultVIPMonthlyCoins      = 300
	DefaultSVIPMonthlyCoins     = 600
	DefaultOrderTTL             = 15 * time.Minute
	DefaultReturnPath           = "/userInfo/water"
	DefaultEventsRecheck        = 3 * time.Second
	DefaultSweepEvery           = time.Minute
)

func (c *Config) fill() {
	if c.DiamondsPerCNY <= 0 {
		c.DiamondsPerCNY = DefaultDiamondsPerCNY
	}
	if c.StreamerSharePercent <= 0 || c.StreamerSharePercent > 100 {
		c.StreamerSharePercent = DefaultStreamerSharePercent
	}
	if c.MaxGiftCount <= 0 {
		c.MaxGiftCount = DefaultMaxGiftCount
	}
	if c.VIPMonthlyCoins <= 0 {
		c.VIPMonthlyCoins = DefaultVIPMonthlyCoins
	}
	if c.SVIPMonthlyCoins <= c.VIPMonthlyCoins {
		c.SVIPMonthlyCoins = max(DefaultSVIPMonthlyCoins, 2*c.VIPMonthlyCoins)
	}
	if c.OrderTTL <= 0 {
		c.OrderTTL = DefaultOrderTTL
	}
	if c.ReturnPath == "" {
		c.ReturnPath = DefaultReturnPath
	}
	if c.Location == nil {
		c.Location = time.UTC
	}
	if c.EventsRecheck <= 0 {
		c.EventsRecheck = DefaultEventsRecheck
	}
	if c.SweepEvery <= 0 {
		c.SweepEvery = DefaultSweepEvery
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
}
