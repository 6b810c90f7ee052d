package settlement

import (
	"time"

	"go.uber.org/zap"
)

// Config of the Service; zero values take the defaults given.
type Config struct {
	// SweepEvery is how often Run looks for matches with a final state and unsettled items
	// (postponed and cancelled matches, anything a restart left behind); default 5s.
	SweepEvery time.Duration
	// Now is the clock; default time.Now.
	Now    func() time.Time
	Logger *zap.Logger
}

func (c *Config) fill() {
	if c.SweepEvery <= 0 {
		c.SweepEvery = 5 * time.Second
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
}
