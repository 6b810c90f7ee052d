package media

import (
	"strconv"
	"time"

	"go.uber.org/zap"
)

// Config configures a Hub. The zero value works: New fills every zero field with the default in its
// comment, except SigningKey, which New generates at random when empty (fine for one node; a cluster
// must share one key so that any node can check a URL another node signed).
type Config struct {
	// RTMPAddr is where the RTMP ingest listens. Default ":1935".
	RTMPAddr string `json:"rtmpAddr"`
	// RTMPPublicURL is the server address shown in the OBS guide. Default: none configured, and the
	// guide shows rtmp://<the host the streamer reached the site by>:<the ingest's port>/<App>
	// (Hub.Ingest); Config() then reports rtmp://localhost:<port>/<App>.
	RTMPPublicURL string `json:"rtmpPublicURL"`
	// App is the RTMP application name publishers must use (rtmp://host/<App>/<stream key>). Default "live".
	App string `json:"app"`
	// PathPrefix is where the HTTP handler is mounted. Default "/media". Not "/live": that is a page of
	// the web client (/live/{id}).
	PathPrefix string `json:"pathPrefix"`
	// SigningKey is the HMAC key of playback URLs. Default: 32 random bytes.
	SigningKey []byte `json:"-"`
	// URLTTL is how long a signed playback URL (and a connection opened with it) stays valid. The
	// client asks for a fresh one before it runs out. Default 2h.
	URLTTL time.Duration `json:"urlTTL"`
	// Trial is how long a signed-in non-member may watch a member-only room. Default 180s. A negative
	// value disables trials.
	Trial time.Duration `json:"trial"`
	// HLSSegment is the HLS target segment duration; segments are cut on the first keyframe after it.
	// Default 2s.
	HLSSegment time.Duration `json:"hlsSegment"`
	// HLSWindow is how many segments the live playlist lists. Default 6.
	HLSWindow int `json:"hlsWindow"`
	// FLVRing is how many FLV tags a stream keeps for its viewers; a viewer that falls further behind
	// skips to the newest keyframe. Default 2048 (about 30 s of 25 fps video with AAC audio).
	FLVRing int `json:"flvRing"`
	// StallAfter is how long a connected publisher may send no media before the stream is reported
	// stalled. Default 5s.
	StallAfter time.Duration `json:"stallAfter"`
	// HandshakeTimeout bounds the RTMP handshake and the wait for the first media. Default 10s.
	HandshakeTimeout time.Duration `json:"handshakeTimeout"`
	// ReadTimeout closes a publisher that sends nothing at all (not even RTMP pings) for this long.
	// Default 30s.
	ReadTimeout time.Duration `json:"readTimeout"`
	// AnnounceEvery is how often the streams this node holds are announced again to the Directory, refreshing their state and expiry (keep it well under
	// the directory's TTL). Default 3s.
	AnnounceEvery time.Duration `json:"announceEvery"`
	// HealthEvery is how often a live stream's bitrate and frame rate are measured and handed to a
	// HealthObserver (health.go). Default 5s.
	HealthEvery time.Duration `json:"healthEvery"`
	// Logger; default zap.NewNop().
	Logger *zap.Logger `json:"-"`
	// Now is the clock; default time.Now. Tests move it.
	Now func() time.Time `json:"-"`
}

func (c *Config) fill() {
	if c.RTMPAddr == "" {
		c.RTMPAddr = ":1935"
	}
	if c.App == "" {
		c.App = "live"
	}
	if c.RTMPPublicURL == "" {
		// The port the ingest listens on, not a constant (Hub.Ingest uses the page's host instead of
		// localhost, and the listener's port when RTMPAddr asks for any).
		c.RTMPPublicURL = "rtmp://localhost:" + strconv.Itoa(portOf(c.RTMPAddr)) + "/" + c.App
	}
	if c.PathPrefix == "" {
		c.PathPrefix = "/media"
	}
	if len(c.SigningKey) == 0 {
		c.SigningKey = randomBytes(32)
	}
	if c.URLTTL <= 0 {
		c.URLTTL = 2 * time.Hour
	}
	if c.Trial == 0 {
		c.Trial = 180 * time.Second
	}
	if c.HLSSegment <= 0 {
		c.HLSSegment = 2 * time.Second
	}
	if c.HLSWindow <= 0 {
		c.HLSWindow = 6
	}
	if c.FLVRing <= 0 {
		c.FLVRing = 2048
	}
	if c.StallAfter <= 0 {
		c.StallAfter = 5 * time.Second
	}
	if c.HandshakeTimeout <= 0 {
		c.HandshakeTimeout = 10 * time.Second
	}
	if c.ReadTimeout <= 0 {
		c.ReadTimeout = 30 * time.Second
	}
	if c.AnnounceEvery <= 0 {
		c.AnnounceEvery = 3 * time.Second
	}
	if c.HealthEvery <= 0 {
		c.HealthEvery = 5 * time.Second
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
	if c.Now == nil {
		c.Now = time.Now
	}
}
