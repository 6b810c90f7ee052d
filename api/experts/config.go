package experts

import (
	"time"

	"go.uber.org/zap"
)

// Config of the Service; zero values take the defaults given. Every knob is in README.md.
type Config struct {
	// MaxPrice is the highest plan price in coins (spec §5); default 9999. 0 is a free plan.
	MaxPrice int64
	// MaxPlansPerMatch is how many plans an expert may have on one match (under review or
	// published); default 3.
	MaxPlansPerMatch int
	// ExpertSharePercent is the expert's share of a sale (the rest is the platform's); default 70.
	ExpertSharePercent int64
	// TitleMin and TitleMax bound a plan title in characters; default 5 and 30.
	TitleMin, TitleMax int
	// ContentMin and ContentMax bound a plan's analysis in characters; default 20 and 3000.
	ContentMin, ContentMax int
	// AutoApprovePlans publishes plans without staff review (the demo); default false.
	AutoApprovePlans bool
	Now              func() time.Time
	Logger           *zap.Logger
}

func (c *Config) fill() {
	if c.MaxPrice == 0 {
		c.MaxPrice = 9999
	}
	if c.MaxPlansPerMatch == 0 {
		c.MaxPlansPerMatch = 3
	}
	if c.ExpertSharePercent == 0 {
		c.ExpertSharePercent = 70
	}
	if c.TitleMin == 0 {
		c.TitleMin = 5
	}
	if c.TitleMax == 0 {
		c.TitleMax = 30
	}
	if c.ContentMin == 0 {
		c.ContentMin = 20
	}
	if c.ContentMax == 0 {
		c.ContentMax = 3000
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
}
