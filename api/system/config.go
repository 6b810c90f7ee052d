package system

import (
	"time"

	"go.uber.org/zap"
)

// Config configures the system calls. Zero values get the defaults of New.
type Config struct {
	// Secret derives the payload keys; the same on every node. Default: random per process (a key
	// then opens only on the node that issued it).
	Secret []byte `json:"-"`
	// KeyTTL is how long a payload key opens payloads. Default 10 minutes.
	KeyTTL time.Duration `json:"keyTtl"`
	// Now is the clock. Default time.Now.
	Now func() time.Time `json:"-"`
	// Logger. Default no-op.
	Logger *zap.Logger `json:"-"`
}

// DefaultKeyTTL is the default life of a payload key.
const DefaultKeyTTL = 10 * time.Minute

func (c *Config) fill() {
	if c.KeyTTL <= 0 {
		c.KeyTTL = DefaultKeyTTL
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
}
