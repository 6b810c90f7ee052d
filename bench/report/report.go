package report

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"time"

	"courtside/bench/hdr"
)

// Version of the JSON shape.
const Version = 1

// Report is latest.json.
type Report struct {
	Version   int        `json:"version"`
	Machine   Machine    `json:"machine"`
	Command   string     `json:"command"`
	Started   time.Time  `json:"started"`
	Finished  time.Time  `json:"finished"`
	Target    string     `json:"target"` // "local node started by the harness" or the gateway URLs
	Scenarios []Scenario `json:"scenarios"`
	// Comparisons: with -baseline, each scenario's figures per build and their ratios.
	Comparisons []Comparison `json:"comparisons,omitempty"`
}

// Machine describes where the figures were taken.
type Machine struct {
	CPUs      int     `json:"cpus"`
	CPUModel  string  `json:"cpu_model"`
	MemBytes  uint64  `json:"mem_bytes"`
	Kernel    string  `json:"kernel"`
	GoVersion string  `json:"go_version"`
	LoadStart float64 `json:"load_avg_1m_at_start"`
	// Pinned: the node ran on one CPU and the load on the others (-pin); PinNote says how, or why not.
	Pinned   bool   `json:"pinned"`
	PinNote  string `json:"pin_note"`
	Hostname string `json:"hostname"`
	Note     string `json:"note"`
}

// Latency is a set of percentiles in milliseconds.
type Latency struct {
	P50  float64 `json:"p50"`
	P90  float64 `json:"p90"`
	P99  float64 `json:"p99"`
	P999 float64 `json:"p999"`
	Max  float64 `json:"max"`
}

// LatencyOf reads the percentiles of h.
func LatencyOf(h *hdr.Histogram) Latency {
	ms := func(ns int64) float64 { return math.Round(float64(ns)/1e3) / 1e3 }
	return Latency{ms(h.Quantile(0.5)), ms(h.Quantile(0.9)), ms(h.Quantile(0.99)), ms(h.Quantile(0.999)), ms(h.Max())}
}

// Comparison is one scenario run with this build and with -baseline's, averaged per build, and the
// ratios current/baseline (below 1: this build is better).
type Comparison struct {
	Scenario string             `json:"scenario"`
	Current  map[string]float64 `json:"current"`
	Baseline map[string]float64 `json:"baseline"`
	Ratio    map[string]float64 `json:"ratio"`
}

// CurvePoint is one step of a curve: a short hot-room load at Subscribers and Rate lines/s.
type CurvePoint struct {
	Kind                    string  `json:"kind"` // "subscribers" or "rate": the axis this step moves along
	Subscribers             int     `json:"subscribers"`
	Rate                    float64 `json:"rate"`
	P50                     float64 `json:"p50_ms"`
	P99                     float64 `json:"p99_ms"`
	CPUSPerMillionDelivered float64 `json:"cpu_s_per_million_delivered"`
	SampledOut              uint64  `json:"sampled_out"`
	LiveFraction            float64 `json:"live_fraction"`
	Delivered               uint64  `json:"delivered"`
}

// SoakSample is the node's footprint at one moment of a long run.
type SoakSample struct {
	T          float64 `json:"t"` // seconds since the load started
	RSS        uint64  `json:"rss"`
	Goroutines float64 `json:"goroutines"`
	Open       int     `json:"open"` // the harness's open connections
}

// Point is one second of a run.
type Point struct {
	T         float64 `json:"t"`      // seconds since the scenario's load started (negative: setup)
	Count     uint64  `json:"n"`      // latencies recorded in this second
	P50       float64 `json:"p50_ms"` //
	P99       float64 `json:"p99_ms"`
	Max       float64 `json:"max_ms"`
	Delivered uint64  `json:"delivered"`
	Open      int     `json:"open"` // connections open
	ServerCPU float64 `json:"server_cpu"`
	ServerRSS uint64  `json:"server_rss"`
}

// Scenario is one scenario's figures. The fields up to Errors are the required set.
type Scenario struct {
	Name                    string  `json:"name"`
	Nodes                   int     `json:"nodes"`
	Subscribers             int     `json:"subscribers"`
	Senders                 int     `json:"senders"`
	InboundMsgsPerS         float64 `json:"inbound_msgs_per_s"`
	DurationS               float64 `json:"duration_s"`
	DeliveredMsgsPerS       float64 `json:"delivered_msgs_per_s"`
	LatencyMs               Latency `json:"latency_ms"`
	ServerCPUS              float64 `json:"server_cpu_s"`
	CPUSPerMillionDelivered float64 `json:"cpu_s_per_million_delivered"`
	ServerRSSBytes          uint64  `json:"server_rss_bytes"`
	RSSBytesPerConn         float64 `json:"rss_bytes_per_conn"`
	SampledOut              uint64  `json:"sampled_out"`
	PriorityEventsLost      uint64  `json:"priority_events_lost"`
	MuteViolations          uint64  `json:"mute_violations"`
	Duplicates              uint64  `json:"duplicates"`
	Errors                  uint64  `json:"errors"`

	Skipped         string  `json:"skipped,omitempty"` // why the scenario did not run
	Description     string  `json:"description"`
	Connections     int     `json:"connections"`
	OfferedMsgsPerS float64 `json:"offered_msgs_per_s"`
	Delivered       uint64  `json:"delivered"`
	// BytesPerDelivered: WebSocket bytes the nodes wrote (courtside_gateway_bytes_out_total, from
	// the measure command to the end of the drain) per line delivered in that span; chat
	// scenarios only. With -compress the clients negotiate permessage-deflate.
	BytesPerDelivered float64  `json:"bytes_per_delivered,omitempty"`
	OutOfOrder        uint64   `json:"out_of_order"`
	UnexplainedHoles  uint64   `json:"unexplained_holes"`
	GapJoins          uint64   `json:"gap_joins"`
	PriorityEvents    int      `json:"priority_events"`
	PriorityLatencyMs *Latency `json:"priority_latency_ms,omitempty"`
	ConnectS          float64  `json:"connect_s"`
	ConnectFailures   uint64   `json:"connect_failures"`
	ResumeS           float64  `json:"resume_s,omitempty"`
	LoadAvgBefore     float64  `json:"load_avg_1m_before"` // the machine's load average when the scenario started (after settling)
	// SettleS is how long the harness waited before the scenario for the previous one's connections
	// to close (the nodes' courtside_gateway_connections_open back near its value at the start of
	// the run, bounded by -settle); ConnectionsOpenBefore is that gauge when the wait ended (absent
	// when it could not be read).
	SettleS               float64            `json:"settle_s"`
	ConnectionsOpenBefore *float64           `json:"connections_open_before,omitempty"`
	WritesPerS            float64            `json:"writes_per_s,omitempty"`    // history: durable chat lines per second
	ReadLatencyMs         *Latency           `json:"read_latency_ms,omitempty"` // history: latest-50 read
	ErrorCodes            map[string]uint64  `json:"error_codes"`
	ExpectedRefusals      map[string]uint64  `json:"expected_refusals,omitempty"`
	CloseCodes            map[string]uint64  `json:"close_codes"`
	ServerMetrics         map[string]float64 `json:"server_metrics,omitempty"`
	Params                map[string]any     `json:"params"`
	Notes                 []string           `json:"notes,omitempty"`
	Series                []Point            `json:"series,omitempty"`
	Soak                  []SoakSample       `json:"soak,omitempty"`  // soak: the node's memory and goroutines over time
	Curve                 []CurvePoint       `json:"curve,omitempty"` // curve: one point per step
	Distribution          []hdr.Point        `json:"distribution,omitempty"`
	ByKind                []KindFigures      `json:"by_kind,omitempty"` // scoreboard: per kind of subscriber (-score-mix)
}

// KindFigures is one kind of scoreboard subscriber (a match page, a big game's page, a list page)
// in the measured window: latency from each delta's `ts` to the subscriber, deltas delivered.
type KindFigures struct {
	Kind          string  `json:"kind"`
	Subscribers   int     `json:"subscribers"`
	Topics        int     `json:"topics"` // distinct topics they follow
	Delivered     uint64  `json:"delivered"`
	DeliveredPerS float64 `json:"delivered_per_s"`
	LatencyMs     Latency `json:"latency_ms"`
}

// Write writes latest.json and latest.html into dir.
func (r *Report) Write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "latest.json"), append(b, '\n'), 0o644); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "latest.html"))
	if err != nil {
		return err
	}
	if err := r.HTML(f); err != nil {
		f.Close()
		return fmt.Errorf("html: %w", err)
	}
	return f.Close()
}
