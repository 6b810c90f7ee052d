package news

import (
	"time"

	"go.uber.org/zap"
)

// Config configures the news. Zero values get the defaults of New.
type Config struct {
	// Now is the clock: what is visible is decided against it. Default time.Now.
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
