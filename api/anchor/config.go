package anchor

import (
	"crypto/rand"
	"time"

	"go.uber.org/zap"
)

// Config configures the streamer centre. New fills zero values with the defaults in the comments.
type Config struct {
	// MinAge is the minimum streamer age (spec §5, §9). Default 18.
	MinAge int `json:"minAge"`
	// MatchWindow: a linked match must be in progress or start within this (spec §5). Default 1h.
	MatchWindow time.Duration `json:"matchWindow"`
	// UnlockTTL is how long a paid-room unlock lasts. Default 24h.
	UnlockTTL time.Duration `json:"unlockTTL"`
	// MaxUploadBytes bounds one picture (spec §9: 3 MB, as avatars). Default 3 MiB.
	MaxUploadBytes int64 `json:"maxUploadBytes"`
	// UploadQuotaBytes bounds all the pictures one user keeps. Default 30 MiB (ten full-size
	// pictures: an application's three ID photos, covers and detail pictures, with retries).
	UploadQuotaBytes int64 `json:"uploadQuotaBytes"`
	// MaxPrice bounds a paid room's unlock price in coins. Default 100000.
	MaxPrice int64 `json:"maxPrice"`
	// ReserveEarly: a go-live this long before an announced broadcast's start starts it (and tells
	// its reservers). Default 1h.
	ReserveEarly time.Duration `json:"reserveEarly"`
	// ReserveLate: an announced broadcast not live this long after its start lapses (its reservations
	// read cancelled, a new one may be announced). Default 6h.
	ReserveLate time.Duration `json:"reserveLate"`
	// MaxSources bounds a stream key's source allow-list (GET /addIpWhite). Default 20.
	MaxSources int `json:"maxSources"`
	// PhotoURLKey signs the short-lived URLs of applications' ID photos in the back office (the
	// same on every node; empty: a random key per process). PhotoURLTTL is how long one is good
	// for. Default 10 minutes.
	PhotoURLKey []byte        `json:"-"`
	PhotoURLTTL time.Duration `json:"photoURLTTL"`
	// Logger; default zap.NewNop().
	Logger *zap.Logger `json:"-"`
	// Now is the clock; default time.Now.
	Now func() time.Time `json:"-"`
}

func (c *Config) fill() {
	if c.MinAge <= 0 {
		c.MinAge = 18
	}
	if len(c.PhotoURLKey) == 0 {
		c.PhotoURLKey = make([]byte, 32)
		_, _ = rand.Read(c.PhotoURLKey)
	}
	if c.PhotoURLTTL <= 0 {
		c.PhotoURLTTL = 10 * time.Minute
	}
	if c.MatchWindow <= 0 {
		c.MatchWindow = time.Hour
	}
	if c.UnlockTTL <= 0 {
		c.UnlockTTL = 24 * time.Hour
	}
	if c.MaxUploadBytes <= 0 {
		c.MaxUploadBytes = 3 << 20
	}
	if c.UploadQuotaBytes <= 0 {
		c.UploadQuotaBytes = 30 << 20
	}
	if c.MaxPrice <= 0 {
		c.MaxPrice = 100000
	}
	if c.ReserveEarly <= 0 {
		c.ReserveEarly = time.Hour
	}
	if c.ReserveLate <= 0 {
		c.ReserveLate = 6 * time.Hour
	}
	if c.MaxSources <= 0 {
		c.MaxSources = 20
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
	if c.Now == nil {
		c.Now = time.Now
	}
}
