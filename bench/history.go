package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"

	"courtside/bench/report"
)

// The embedded chat store's targets (issue 24): durable writes and the latest-50 read.
const (
	historyWritesTarget = 50000
	historyReadP99Ms    = 5
)

// benchLine is one result line of `go test -bench`: the name, then value-unit pairs.
var benchLine = regexp.MustCompile(`^(Benchmark\S+)\s+\d+\s+(.*)$`)

// parseBenchMetrics reads `go test -bench` output into name -> unit -> value.
func parseBenchMetrics(out []byte) map[string]map[string]float64 {
	res := map[string]map[string]float64{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		m := benchLine.FindStringSubmatch(strings.TrimSpace(sc.Text()))
		if m == nil {
			continue
		}
		name := regexp.MustCompile(`-\d+$`).ReplaceAllString(m[1], "") // drop the GOMAXPROCS suffix
		f := strings.Fields(m[2])
		units := map[string]float64{}
		for i := 0; i+1 < len(f); i += 2 {
			if v, err := strconv.ParseFloat(f[i], 64); err == nil {
				units[f[i+1]] = v
			}
		}
		res[name] = units
	}
	return res
}

// runHistory measures the embedded chat history store (Pebble) where it runs: in the node's
// process, below the wire, so the harness runs the store's own Go benchmarks (storage/history)
// and reports their figures. Over the wire, the viewer chat limit (20 lines per 30 s) would need
// 75,000 senders to offer 50,000 lines/s.
func runHistory(e *env, desc string) (report.Scenario, error) {
	sc := report.Scenario{Name: "history", Description: desc, Params: map[string]any{}}
	args := []string{"test", "./storage/history", "-run", "^$", "-bench", "WriterThroughput|Latest50", "-benchtime", e.cfg.HistoryN}
	start := time.Now()
	cmd := exec.Command("go", args...)
	out, err := cmd.CombinedOutput()
	sc.DurationS = round(time.Since(start).Seconds(), 1)
	sc.Params["command"] = "go " + strings.Join(args, " ")
	if err != nil {
		return sc, skip("the store's benchmarks need the Go toolchain and the source tree (run the harness from the repository): %v: %s", err, lastLines(out, 5))
	}
	metrics := parseBenchMetrics(out)
	writes, worst := 0.0, ""
	for name, u := range metrics {
		if v, ok := u["msgs/s"]; ok && strings.HasPrefix(name, "BenchmarkWriterThroughput") {
			sc.Params[strings.TrimPrefix(name, "Benchmark")] = round(v, 0)
			if writes == 0 || v < writes {
				writes, worst = v, name
			}
		}
	}
	var read *report.Latency
	for name, u := range metrics {
		if p99, ok := u["p99-ms"]; ok && strings.HasPrefix(name, "BenchmarkLatest50") {
			l := report.Latency{P50: u["p50-ms"], P99: p99, P999: u["p99.9-ms"]}
			if read == nil || l.P99 > read.P99 {
				read = &l
			}
		}
	}
	if writes == 0 || read == nil {
		return sc, fmt.Errorf("history: no figures in the benchmarks' output: %s", lastLines(out, 10))
	}
	sc.WritesPerS = round(writes, 0)
	sc.ReadLatencyMs = read
	verdict := "met"
	if writes < historyWritesTarget || read.P99 > historyReadP99Ms {
		verdict = "NOT met"
	}
	sc.Notes = append(sc.Notes, fmt.Sprintf("durable writes %.0f lines/s (the slowest case, %s), latest-50 read p99 %.3f ms; targets >= %d lines/s, p99 <= %d ms: %s",
		writes, strings.TrimPrefix(worst, "Benchmark"), read.P99, historyWritesTarget, historyReadP99Ms, verdict))
	return sc, nil
}

func lastLines(b []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}
