package admin

import (
	"math"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
)

// The metrics the dashboard's node health reads from the node's own registry (the ones /metrics
// serves): the Go and process collectors', the gateway's open connections and the actor gauges the
// engine registers.
const (
	metricStart       = "process_start_time_seconds"
	metricRSS         = "process_resident_memory_bytes"
	metricGoroutines  = "go_goroutines"
	metricHeap        = "go_memstats_heap_alloc_bytes"
	metricConnections = "courtside_gateway_connections_open"
	metricRooms       = "courtside_rooms_active"
	metricMatches     = "courtside_matches_active"
)

// NodeHealth is one node's health as its own metrics tell it. A value the registry does not hold
// reads -1 (the page shows a dash), so a zero is a real zero.
type NodeHealth struct {
	Node        string `json:"node"`        // the node's public address
	Host        string `json:"host"`        // its host name
	UptimeSecs  int64  `json:"uptimeSecs"`  // since the process started
	Goroutines  int64  `json:"goroutines"`  // Go routines running
	HeapBytes   int64  `json:"heapBytes"`   // Go heap in use
	RSSBytes    int64  `json:"rssBytes"`    // resident memory of the process
	Connections int64  `json:"connections"` // WebSockets open on the gateway
	Rooms       int64  `json:"rooms"`       // room actors active on the node
	Matches     int64  `json:"matches"`     // match actors active on the node
}

// NodeMetrics is the node's own metrics registry (*prometheus.Registry implements it), with the
// node's address and host name.
type NodeMetrics struct {
	Gatherer prometheus.Gatherer
	Node     string
	Host     string
}

// Health reads the node's health from its metrics registry; now is the clock the uptime is
// counted on.
func (m NodeMetrics) Health(now time.Time) (NodeHealth, error) {
	h := NodeHealth{Node: m.Node, Host: m.Host, UptimeSecs: -1, Goroutines: -1, HeapBytes: -1, RSSBytes: -1,
		Connections: -1, Rooms: -1, Matches: -1}
	families, err := m.Gatherer.Gather()
	if err != nil && len(families) == 0 {
		return h, err
	}
	for _, f := range families {
		v, ok := firstValue(f)
		if !ok {
			continue
		}
		switch f.GetName() {
		case metricStart:
			if v > 0 {
				h.UptimeSecs = max(0, now.Unix()-int64(v))
			}
		case metricRSS:
			h.RSSBytes = int64(v)
		case metricGoroutines:
			h.Goroutines = int64(v)
		case metricHeap:
			h.HeapBytes = int64(v)
		case metricConnections:
			h.Connections = int64(v)
		case metricRooms:
			h.Rooms = int64(v)
		case metricMatches:
			h.Matches = int64(v)
		}
	}
	return h, nil
}

// firstValue is the value of a gauge or counter family's first (only) series.
func firstValue(f *dto.MetricFamily) (float64, bool) {
	if len(f.GetMetric()) == 0 {
		return 0, false
	}
	m := f.GetMetric()[0]
	var v float64
	switch {
	case m.GetGauge() != nil:
		v = m.GetGauge().GetValue()
	case m.GetCounter() != nil:
		v = m.GetCounter().GetValue()
	case m.GetUntyped() != nil:
		v = m.GetUntyped().GetValue()
	default:
		return 0, false
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}
