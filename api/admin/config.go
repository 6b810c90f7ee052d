package admin

import (
	"time"

	"go.uber.org/zap"
)

// Config of the back office; zero values take the defaults.
type Config struct {
	// Now is the clock of every rule (staff sessions, TOTP steps, the dashboard's day). Default
	// time.Now.
	Now func() time.Time
	// StaffSessionTTL is how long a staff session lasts after the second factor, absolute (a user
	// session slides for 30 days; a staff session does not). Default 8 hours.
	StaffSessionTTL time.Duration
	// Issuer names the site in authenticator apps. Default "Courtside".
	Issuer string
	// Logger; default a no-op.
	Logger *zap.Logger
}

func (c *Config) fill() {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.StaffSessionTTL <= 0 {
		c.StaffSessionTTL = 8 * time.Hour
	}
	if c.Issuer == "" {
		c.Issuer = "Courtside"
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
}
