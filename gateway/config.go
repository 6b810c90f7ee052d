package gateway

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
)

// Config configures a Server. Zero values take the defaults listed on each
// field (filled by New). The README in this directory has the same table.
type Config struct {
	// Addr is the TCP listen address. Default ":8081". "127.0.0.1:0" picks a
	// free port; read it back with Server.Addr.
	Addr string `json:"addr" env:"COURTSIDE_WS_ADDR"`
	// Path is the only URL path that upgrades; others get 404. Default "/ws".
	Path string `json:"path"`
	// AllowedOrigins lists the Origin values a browser may upgrade from
	// besides the page's own host, as "scheme://host[:port]" (a default port
	// may be left out) or "*.example.com" (any scheme, that domain's
	// subdomains); "*" allows every origin. Always allowed: an Origin whose
	// host name equals the host name of the request's Host header, whatever
	// the ports (the site is on :8080 and the gateway on :8081), and requests
	// without Origin (non-browser clients). Anything else is answered 403
	// before the upgrade. Default: empty, the own host only.
	AllowedOrigins []string `json:"allowedOrigins" env:"COURTSIDE_ALLOWED_ORIGINS"`
	// MaxConnsPerIP bounds the TCP connections one client address may hold
	// at once, upgraded or still in the handshake; an IPv6 address counts
	// with its whole /64. A connection past the cap has its upgrade request
	// answered 503 and is closed (logged at most once a second). Loopback
	// addresses are not exempt. Default 4096 (DefaultMaxConnsPerIP); a
	// negative value disables the cap (for a node whose peers all come
	// through one proxy or load balancer address).
	MaxConnsPerIP int `json:"maxConnsPerIP" env:"COURTSIDE_WS_MAX_CONNS_PER_IP"`
	// MaxMessageSize bounds one (reassembled) client message in bytes; larger
	// ones are refused with close 1009 as soon as a header declares them.
	// Default 64 KiB.
	MaxMessageSize int `json:"maxMessageSize" env:"COURTSIDE_WS_MAX_MESSAGE"`
	// OutboundLimit bounds the bytes queued for one connection (frames not
	// yet written to the socket). Past it, non-priority frames are dropped.
	// Default 256 KiB.
	OutboundLimit int `json:"outboundLimit"`
	// OutboundHardCap bounds the queue for priority frames too; passing it
	// closes the connection with 4008. Default 4 x OutboundLimit.
	OutboundHardCap int `json:"outboundHardCap"`
	// SlowConsumerGrace is how long a connection may stay over
	// OutboundLimit before it is closed with 4008. Default 5s.
	SlowConsumerGrace time.Duration `json:"slowConsumerGrace"`
	// IdleTimeout closes (4009) a connection that sent no frame for this
	// long. Clients answer server pings, so live clients never idle out.
	// Default 60s.
	IdleTimeout time.Duration `json:"idleTimeout"`
	// PingInterval is the period of server pings. Default 25s.
	PingInterval time.Duration `json:"pingInterval"`
	// HandshakeTimeout drops a TCP connection that has not completed the
	// HTTP upgrade in this time. Default 10s.
	HandshakeTimeout time.Duration `json:"handshakeTimeout"`
	// CloseTimeout is how long the server waits for the peer's close frame
	// after sending its own before it drops the TCP connection; it also
	// bounds the wait for all connections at shutdown. Default 3s.
	CloseTimeout time.Duration `json:"closeTimeout"`
	// Compression negotiates permessage-deflate (RFC 7692) with clients that
	// offer it, always without context takeover in both directions: a
	// broadcast frame is then compressed once and the same bytes go to
	// every compressing subscriber (plain subscribers get the plain frame).
	// Clients may send compressed messages; they are inflated up to
	// MaxMessageSize. Default on (CompressionOn); CompressionOff answers
	// every upgrade without the extension.
	Compression CompressionMode `json:"compression" env:"COURTSIDE_WS_COMPRESSION"`
	// MaxConns bounds the TCP connections the gateway holds at once, upgraded or still in the
	// handshake; the next one is closed at accept (a reset). Default: the process's descriptor
	// limit less 1,024 kept for the database pools, the chat history and the rest (accept.go).
	MaxConns int `json:"maxConns" env:"COURTSIDE_WS_MAX_CONNS"`
	// Multicore runs one gnet event loop per CPU instead of one in total.
	Multicore bool `json:"multicore"`
	// SocketSendBuffer sets SO_SNDBUF on accepted sockets; 0 keeps the OS
	// default. A small value makes backpressure reach OutboundLimit sooner.
	SocketSendBuffer int `json:"socketSendBuffer"`
	// Logger receives the gateway's and gnet's logs. Default zap.NewNop().
	Logger *zap.Logger `json:"-"`
	// Registerer receives the gateway's metrics. nil: no metrics exported.
	Registerer prometheus.Registerer `json:"-"`
}

// CompressionMode is Config.Compression; its zero value takes the default
// (on).
type CompressionMode uint8

// CompressionMode values.
const (
	CompressionDefault CompressionMode = iota
	CompressionOn
	CompressionOff
)

// on reports whether permessage-deflate is negotiated.
func (m CompressionMode) on() bool { return m != CompressionOff }

// Defaults, exported so the engine's config layer can show them.
const (
	DefaultAddr              = ":8081"
	DefaultPath              = "/ws"
	DefaultMaxMessageSize    = 64 << 10
	DefaultOutboundLimit     = 256 << 10
	DefaultSlowConsumerGrace = 5 * time.Second
	DefaultIdleTimeout       = 60 * time.Second
	DefaultPingInterval      = 25 * time.Second
	DefaultHandshakeTimeout  = 10 * time.Second
	DefaultCloseTimeout      = 3 * time.Second
	// DefaultMaxConnsPerIP is sized for many viewers behind one carrier or
	// office NAT and for the load harness (bench/: up to 19,000 sockets over
	// 8 loopback source addresses, about 2,400 per address), while one host
	// still cannot take all of a node's descriptors.
	DefaultMaxConnsPerIP = 4096
)

// maxHandshakeSize bounds the HTTP upgrade request (request line and headers).
const maxHandshakeSize = 8 << 10

func (c Config) withDefaults() Config {
	if c.Addr == "" {
		c.Addr = DefaultAddr
	}
	if c.Path == "" {
		c.Path = DefaultPath
	}
	if c.MaxMessageSize <= 0 {
		c.MaxMessageSize = DefaultMaxMessageSize
	}
	if c.OutboundLimit <= 0 {
		c.OutboundLimit = DefaultOutboundLimit
	}
	if c.OutboundHardCap < c.OutboundLimit {
		c.OutboundHardCap = 4 * c.OutboundLimit
	}
	if c.SlowConsumerGrace <= 0 {
		c.SlowConsumerGrace = DefaultSlowConsumerGrace
	}
	if c.IdleTimeout <= 0 {
		c.IdleTimeout = DefaultIdleTimeout
	}
	if c.PingInterval <= 0 {
		c.PingInterval = DefaultPingInterval
	}
	if c.HandshakeTimeout <= 0 {
		c.HandshakeTimeout = DefaultHandshakeTimeout
	}
	if c.CloseTimeout <= 0 {
		c.CloseTimeout = DefaultCloseTimeout
	}
	if c.MaxConnsPerIP == 0 {
		c.MaxConnsPerIP = DefaultMaxConnsPerIP
	}
	if c.MaxConns <= 0 {
		c.MaxConns = defaultMaxConns()
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
	return c
}

// tickInterval is the period of the per-loop sweep (timeouts, pings, slow
// consumers): a quarter of the shortest timer, between 5 ms and 1 s, so each
// deadline is enforced within 25% of its value.
func (c Config) tickInterval() time.Duration {
	d := min(c.IdleTimeout, c.PingInterval, c.SlowConsumerGrace, c.HandshakeTimeout, c.CloseTimeout) / 4
	return max(5*time.Millisecond, min(d, time.Second))
}
