package report

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"courtside/bench/hdr"
)

func TestWriteProducesTheVersionOneShapeAndAnOfflinePage(t *testing.T) {
	h := hdr.New()
	for i := int64(1); i <= 1000; i++ {
		h.Record(i * 1e6)
	}
	open := 12.0
	r := &Report{Version: Version, Started: time.Now(), Finished: time.Now(), Scenarios: []Scenario{
		{Name: "hot-room", LatencyMs: LatencyOf(h), Distribution: h.Distribution(12), SettleS: 7.25, ConnectionsOpenBefore: &open,
			ByKind: []KindFigures{{Kind: "hot", Subscribers: 1000, Topics: 10, Delivered: 5, LatencyMs: Latency{P50: 41.5, P99: 87.25}}},
			Series: []Point{{T: 0, Count: 10, P50: 5, P99: 9, Max: 12}, {T: 1, Count: 10, P50: 6, P99: 10, Max: 30}}},
		{Name: "scoreboard", Skipped: "topics are not served"},
	}}
	dir := t.TempDir()
	if err := r.Write(dir); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	b, _ := os.ReadFile(filepath.Join(dir, "latest.json"))
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if doc["version"] != 1.0 || doc["machine"] == nil {
		t.Fatalf("top level %v", doc)
	}
	sc := doc["scenarios"].([]any)[0].(map[string]any)
	for _, k := range []string{"name", "nodes", "subscribers", "senders", "inbound_msgs_per_s", "duration_s",
		"delivered_msgs_per_s", "latency_ms", "server_cpu_s", "cpu_s_per_million_delivered", "server_rss_bytes",
		"rss_bytes_per_conn", "sampled_out", "priority_events_lost", "mute_violations", "duplicates", "errors"} {
		if _, ok := sc[k]; !ok {
			t.Errorf("scenario lacks %q", k)
		}
	}
	if sc["settle_s"] != 7.25 || sc["connections_open_before"] != 12.0 {
		t.Errorf("settle_s %v, connections_open_before %v", sc["settle_s"], sc["connections_open_before"])
	}
	if k := sc["by_kind"].([]any)[0].(map[string]any); k["kind"] != "hot" || k["latency_ms"].(map[string]any)["p99"] != 87.25 {
		t.Errorf("by_kind %v", k)
	}
	lat := sc["latency_ms"].(map[string]any)
	for _, k := range []string{"p50", "p90", "p99", "p999", "max"} {
		if _, ok := lat[k]; !ok {
			t.Errorf("latency_ms lacks %q", k)
		}
	}
	if lat["p99"].(float64) < 989 || lat["p99"].(float64) > 999 {
		t.Errorf("p99 %v ms, want about 990", lat["p99"])
	}
	html, _ := os.ReadFile(filepath.Join(dir, "latest.html"))
	s := string(html)
	if strings.Count(s, "<svg") != 2 || !strings.Contains(s, "<polyline") || !strings.Contains(s, "topics are not served") {
		t.Errorf("html lacks plots or the skip reason")
	}
	for _, want := range []string{"settled in 7.25 s, 12 connections open", "<td>hot</td><td>1000</td><td>10</td>", "<td>41.5</td><td>87.25</td>"} {
		if !strings.Contains(s, want) {
			t.Errorf("html lacks %q", want)
		}
	}
	for _, external := range []string{"<script", "http://", "https://", "<link"} {
		if strings.Contains(strings.ReplaceAll(s, `xmlns="http://www.w3.org/2000/svg"`, ""), external) {
			t.Errorf("html refers to %q: it must open offline", external)
		}
	}
}

func TestCurvePlotsDrawBothAxes(t *testing.T) {
	html := string(curvePlots([]CurvePoint{
		{Kind: "subscribers", Subscribers: 1000, Rate: 40, P50: 5, P99: 20, CPUSPerMillionDelivered: 0.4},
		{Kind: "subscribers", Subscribers: 18000, Rate: 40, P50: 50, P99: 200, CPUSPerMillionDelivered: 0.6},
		{Kind: "rate", Subscribers: 18000, Rate: 200, P50: 80, P99: 300, CPUSPerMillionDelivered: 0.5},
	}))
	for _, want := range []string{"by subscribers", "by chat lines per second", "CPU-s/M (max 0.6)"} {
		if !strings.Contains(html, want) {
			t.Fatalf("curve plots miss %q", want)
		}
	}
}
