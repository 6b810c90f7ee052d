package paidmsg

import (
	"time"

	"go.uber.org/zap"
)

// Tier is one price of a paid message: what it buys.
type Tier struct {
	Coins int64         `json:"coins"`
	Color string        `json:"color"` // highlight colour name the client maps to its palette
	Pin   time.Duration `json:"-"`     // how long it stays pinned
}

// Config configures the Service; New fills zero values with defaults. README.md lists every knob.
type Config struct {
	// Tiers are the amounts a viewer may pay, each with its colour and pin time. Default
	// DefaultTiers.
	Tiers []Tier
	// RefundReasons are the removal reasons that are not the sender's fault: the coins come back.
	// Default "mistake", "roomClosed".
	RefundReasons []string
	// KeepReasons are the removal reasons that are the sender's fault: no refund. Default "abuse",
	// "spam".
	KeepReasons []string
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// Logger. Default no-op.
	Logger *zap.Logger
}

// DefaultTiers are the tiers of a Config without any.
var DefaultTiers = []Tier{
	{Coins: 30, Color: "blue", Pin: time.Minute},
	{Coins: 100, Color: "teal", Pin: 2 * time.Minute},
	{Coins: 500, Color: "yellow", Pin: 5 * time.Minute},
	{Coins: 1000, Color: "orange", Pin: 15 * time.Minute},
	{Coins: 2000, Color: "red", Pin: 30 * time.Minute},
}

func (c *Config) fill() {
	if len(c.Tiers) == 0 {
		c.Tiers = DefaultTiers
	}
	if len(c.RefundReasons) == 0 {
		c.RefundReasons = []string{"mistake", "roomClosed"}
	}
	if len(c.KeepReasons) == 0 {
		c.KeepReasons = []string{"abuse", "spam"}
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
}
