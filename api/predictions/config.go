package predictions

import (
	"time"

	"go.uber.org/zap"
)

// Config of the Service; zero values take the defaults given.
type Config struct {
	// Welcome is the one-time allowance of a user's first visit to a streamer's room; default 500.
	Welcome int64
	// WatchPerMinute and WatchDailyCap: points per minute watched, and at most per streamer and day;
	// defaults 10 and 1200.
	WatchPerMinute, WatchDailyCap int64
	// ChatPerLine and ChatDailyCap: points per chat line, and at most per streamer and day; defaults
	// 5 and 200.
	ChatPerLine, ChatDailyCap int64
	// MaxLock is how far ahead a lock time may be; default 24h.
	MaxLock time.Duration
	// SweepEvery is how often Run locks due predictions and resolves event markets; default 1s.
	SweepEvery time.Duration
	// UpdateEvery coalesces the pool updates broadcast after entries; default 500ms.
	UpdateEvery time.Duration
	// Leaderboard is how many winners the result line names; default 5.
	Leaderboard int
	// Location is where a day starts for the daily caps; default UTC.
	Location *time.Location
	// Now is the clock; default time.Now.
	Now    func() time.Time
	Logger *zap.Logger
}

func (c *Config) fill() {
	def := func(v *int64, d int64) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&c.Welcome, 500)
	def(&c.WatchPerMinute, 10)
	def(&c.WatchDailyCap, 1200)
	def(&c.ChatPerLine, 5)
	def(&c.ChatDailyCap, 200)
	if c.MaxLock <= 0 {
		c.MaxLock = 24 * time.Hour
	}
	if c.SweepEvery <= 0 {
		c.SweepEvery = time.Second
	}
	if c.UpdateEvery <= 0 {
		c.UpdateEvery = 500 * time.Millisecond
	}
	if c.Leaderboard <= 0 {
		c.Leaderboard = 5
	}
	if c.Location == nil {
		c.Location = time.UTC
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
}
