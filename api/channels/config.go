package channels

import (
	"time"

	"go.uber.org/zap"
)

// Config configures the promotion channels. Zero values get the defaults of New; README.md lists
// every knob.
type Config struct {
	// Secret keys the visitor and source hashes (the same on every node, else a visitor counts
	// once per node). Default: random per process.
	Secret []byte `json:"-"`
	// DefaultCode is the channel of users who arrive without one (spec §9). Default "dayan001".
	DefaultCode string `json:"defaultCode"`
	// BurstMax visits from one source within BurstWindow are counted; more are dropped. Default 20
	// per minute.
	BurstMax    int           `json:"burstMax"`
	BurstWindow time.Duration `json:"burstWindow"`
	// ShareBps is a new channel's share of what its users spend, in basis points. Default 1000 (10%).
	ShareBps int `json:"shareBps"`
	// AttributionWindow: GET /promotion/v2/addPromotionReg attributes a user registered at most
	// this long ago. Default 1 hour.
	AttributionWindow time.Duration `json:"attributionWindow"`
	// PublicURL is the site's external base URL, the start of every channel link; empty: the
	// request's own scheme and host.
	PublicURL string `json:"publicUrl"`
	// Stores are the app store links of /download (empty: that store is not shown).
	Stores Stores `json:"stores"`
	// Now is the clock. Default time.Now.
	Now func() time.Time `json:"-"`
	// Logger. Default no-op.
	Logger *zap.Logger `json:"-"`
}

// Stores are the download page's links.
type Stores struct {
	IOS     string `json:"ios"`
	Android string `json:"android"`
	APK     string `json:"apk"`
}

// Defaults.
const (
	DefaultCode        = "dayan001"
	DefaultBurstMax    = 20
	DefaultBurstWindow = time.Minute
	DefaultShareBps    = 1000
	DefaultAttribution = time.Hour
)

func (c *Config) fill() {
	if c.DefaultCode == "" {
		c.DefaultCode = DefaultCode
	}
	if c.BurstMax <= 0 {
		c.BurstMax = DefaultBurstMax
	}
	if c.BurstWindow <= 0 {
		c.BurstWindow = DefaultBurstWindow
	}
	if c.ShareBps <= 0 {
		c.ShareBps = DefaultShareBps
	}
	if c.AttributionWindow <= 0 {
		c.AttributionWindow = DefaultAttribution
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
}
