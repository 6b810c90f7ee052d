package content

import (
	"time"

	"go.uber.org/zap"
)

// Config configures the content. Zero values get the defaults of New.
type Config struct {
	// Now is the clock proclamations are scheduled against. Default time.Now.
	Now func() time.Time `json:"-"`
	// Logger. Default no-op.
	Logger *zap.Logger `json:"-"`
}

func (c *Config) fill() {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
}
