package gateway

import (
	"errors"
	"strconv"
	"sync"

	"github.com/prometheus/client_golang/prometheus"
)

// metrics are always live collectors so the hot path has no nil checks;
// with a nil Registerer they are simply never exported.
type metrics struct {
	open       prometheus.Gauge
	dropped    prometheus.Counter
	slowCloses prometheus.Counter
	bytesOut   prometheus.Counter
	closeCodes *prometheus.CounterVec
	handshakes *prometheus.CounterVec
	// ipCapRefusals counts connections refused by MaxConnsPerIP.
	ipCapRefusals prometheus.Counter
	// deflateHandshakes counts upgrades that negotiated permessage-deflate.
	deflateHandshakes prometheus.Counter
	// capacityRefusals counts connections closed at accept because MaxConns were open.
	capacityRefusals prometheus.Counter
	// acceptErrors counts failed accepts (out of descriptors, ...) and sockets gnet could not take.
	acceptErrors prometheus.Counter
	codeMu       sync.Mutex
	codeCounter  map[uint16]prometheus.Counter
}

func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		open: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: "courtside", Subsystem: "gateway", Name: "connections_open",
			Help: "Upgraded WebSocket connections currently open.",
		}),
		dropped: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "courtside", Subsystem: "gateway", Name: "frames_dropped_total",
			Help: "Non-priority frames dropped because a connection was over its outbound limit.",
		}),
		slowCloses: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "courtside", Subsystem: "gateway", Name: "slow_consumer_closes_total",
			Help: "Connections closed with 4008 (over the outbound limit too long, or past the hard cap).",
		}),
		bytesOut: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "courtside", Subsystem: "gateway", Name: "bytes_out_total",
			Help: "Bytes of WebSocket frames handed to sockets.",
		}),
		closeCodes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "courtside", Subsystem: "gateway", Name: "close_codes_sent_total",
			Help: "Close frames sent, by close code.",
		}, []string{"code"}),
		handshakes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "courtside", Subsystem: "gateway", Name: "handshakes_total",
			Help: "HTTP upgrade attempts, by answered status.",
		}, []string{"status"}),
		ipCapRefusals: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "courtside", Subsystem: "gateway", Name: "ip_cap_refusals_total",
			Help: "Connections refused with 503 because their address held MaxConnsPerIP connections.",
		}),
		deflateHandshakes: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "courtside", Subsystem: "gateway", Name: "deflate_handshakes_total",
			Help: "Upgrades that negotiated permessage-deflate (compressed frames).",
		}),
		capacityRefusals: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "courtside", Subsystem: "gateway", Name: "capacity_refusals_total",
			Help: "Connections closed at accept because MaxConns connections were open.",
		}),
		acceptErrors: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "courtside", Subsystem: "gateway", Name: "accept_errors_total",
			Help: "Accepts that failed (out of file descriptors, ...) and sockets the event loops could not take.",
		}),
		codeCounter: map[uint16]prometheus.Counter{},
	}
	if reg != nil {
		m.open = register(reg, m.open)
		m.dropped = register(reg, m.dropped)
		m.slowCloses = register(reg, m.slowCloses)
		m.bytesOut = register(reg, m.bytesOut)
		m.closeCodes = register(reg, m.closeCodes)
		m.handshakes = register(reg, m.handshakes)
		m.ipCapRefusals = register(reg, m.ipCapRefusals)
		m.deflateHandshakes = register(reg, m.deflateHandshakes)
		m.capacityRefusals = register(reg, m.capacityRefusals)
		m.acceptErrors = register(reg, m.acceptErrors)
	}
	return m
}

// register registers c, or reuses the collector already registered under the
// same name (two servers sharing one registry in tests).
func register[C prometheus.Collector](reg prometheus.Registerer, c C) C {
	if err := reg.Register(c); err != nil {
		var are prometheus.AlreadyRegisteredError
		if errors.As(err, &are) {
			if existing, ok := are.ExistingCollector.(C); ok {
				return existing
			}
		}
	}
	return c
}

func (m *metrics) closeSent(code uint16) {
	m.codeMu.Lock()
	c, ok := m.codeCounter[code]
	if !ok {
		c = m.closeCodes.WithLabelValues(strconv.Itoa(int(code)))
		m.codeCounter[code] = c
	}
	m.codeMu.Unlock()
	c.Inc()
}
