package api

import (
	"go.uber.org/zap"

	"courtside/api/locale"
)

// Config configures a Server. Every zero value is replaced by its default in New; the
// README's table lists the knobs with their environment names.
type Config struct {
	// MaxBodyBytes caps a /java request body; a larger one gets a 413 envelope.
	// Default 1 MiB.
	MaxBodyBytes int64 `json:"maxBodyBytes"`

	// SiteDir is the built web client (index.html, assets/). Default "webclient/dist".
	SiteDir string `json:"siteDir"`

	// MobileHost is the mobile site's origin (scheme://host) for the mobile alternate link of
	// every page; empty: this host with the same path (the site is responsive, never a 404).
	MobileHost string `json:"mobileHost"`

	// GatewayURLs, when set, is what GET /java/system/gateways returns, as is.
	GatewayURLs []string `json:"gatewayUrls"`
	// GatewayPort builds the gateway URL from the request's host when GatewayURLs is
	// empty: ws://<host>:<GatewayPort>/ws. Default 8081 (COURTSIDE_WS_ADDR's default).
	GatewayPort int `json:"gatewayPort"`

	// GeoIPPath is a MaxMind GeoIP2/GeoLite2-Country .mmdb file for the language
	// fallback by country. Empty: no country step. Ignored when Resolver is set.
	GeoIPPath string `json:"geoipPath"`
	// TrustedProxies are IPs or CIDR prefixes whose X-Forwarded-For (and
	// X-Forwarded-Proto) is believed. Ignored when Resolver is set.
	TrustedProxies []string `json:"trustedProxies"`
	// AllowedOrigins are other origins (scheme://host[:port]) whose pages may make
	// state-changing calls with the `token` cookie (csrf.go). Default: the request's own host
	// only.
	AllowedOrigins []string `json:"allowedOrigins"`
	// Resolver, when set, is used instead of one built from GeoIPPath and
	// TrustedProxies, so the engine can share one with the WebSocket gateway and see
	// configuration errors at start-up (locale.New returns them; New only logs them).
	// The Server does not close a Resolver it was given.
	Resolver *locale.Resolver `json:"-"`

	// Logger receives the access log (debug), handler failures and panics (error).
	// Default: a no-op logger.
	Logger *zap.Logger `json:"-"`
}

// Defaults.
const (
	DefaultMaxBodyBytes = 1 << 20
	DefaultSiteDir      = "webclient/dist"
	DefaultGatewayPort  = 8081
)

func (c *Config) fill() {
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if c.SiteDir == "" {
		c.SiteDir = DefaultSiteDir
	}
	if c.GatewayPort <= 0 {
		c.GatewayPort = DefaultGatewayPort
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
}
