package comments

import (
	"time"

	"go.uber.org/zap"
)

// Config configures comments. Zero values get the defaults of New.
type Config struct {
	// MaxRunes is the longest comment, in characters. Default 1000.
	MaxRunes int `json:"maxRunes"`
	// Now is the clock. Default time.Now.
	Now func() time.Time `json:"-"`
	// Logger. Default no-op.
	Logger *zap.Logger `json:"-"`
}

// DefaultMaxRunes is the default of Config.MaxRunes.
const DefaultMaxRunes = 1000

func (c *Config) fill() {
	if c.MaxRunes <= 0 {
		c.MaxRunes = DefaultMaxRunes
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
}
