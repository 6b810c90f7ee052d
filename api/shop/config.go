package shop

import (
	"time"

	"go.uber.org/zap"
)

// Config configures the shop. Zero values get the defaults of New; README.md lists every knob.
type Config struct {
	// OrderTTL is how long an unpaid order keeps its stock reserved. Default 15 minutes.
	OrderTTL time.Duration `json:"orderTtl"`
	// SweepEvery is how often Run releases the stock of expired unpaid orders. Default 30 s.
	SweepEvery time.Duration `json:"sweepEvery"`
	// MaxQuantity caps one order's quantity whatever the product says. Default 99.
	MaxQuantity int `json:"maxQuantity"`
	// ConfirmCodeAbove: an order costing more coins than this needs a one-time code (GET /sendMsg),
	// as physical goods always do. Default 5000; negative: only physical goods need one.
	ConfirmCodeAbove int64 `json:"confirmCodeAbove"`
	// Now is the clock. Default time.Now.
	Now func() time.Time `json:"-"`
	// Logger. Default no-op.
	Logger *zap.Logger `json:"-"`
}

// Defaults.
const (
	DefaultOrderTTL    = 15 * time.Minute
	DefaultSweepEvery  = 30 * time.Second
	DefaultMaxQuantity = 99
	// DefaultConfirmCodeAbove is the coin spend above which an order needs a confirmation code.
	DefaultConfirmCodeAbove = 5000
)

func (c *Config) fill() {
	if c.OrderTTL <= 0 {
		c.OrderTTL = DefaultOrderTTL
	}
	if c.SweepEvery <= 0 {
		c.SweepEvery = DefaultSweepEvery
	}
	if c.MaxQuantity <= 0 {
		c.MaxQuantity = DefaultMaxQuantity
	}
	if c.ConfirmCodeAbove == 0 {
		c.ConfirmCodeAbove = DefaultConfirmCodeAbove
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
}
