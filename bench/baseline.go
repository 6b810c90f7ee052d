package main

import (
	"context"
	"fmt"

	"courtside/bench/report"
)

// baselineRounds is how many times each scenario runs with each build under -baseline: twice,
// in alternation (current, baseline, current, baseline), so a drift of the machine over the run
// shows as a difference between rounds instead of between builds.
const baselineRounds = 2

// switchNode stops the node in use and starts bin on the same database, ports chosen afresh;
// the chat senders' and the moderator's sessions live in that database, so they stay valid.
func (e *env) switchNode(ctx context.Context, bin string, extraEnv ...string) error {
	if e.node != nil {
		e.node.stop()
	}
	root, err := repoRoot()
	if err != nil {
		return err
	}
	n, err := startNodeBinary(ctx, e.cfg, root, bin, extraEnv)
	if err != nil {
		return err
	}
	e.node = n
	e.http, e.pids = []string{n.http}, []int{n.pid()}
	tg, err := parseTargets([]string{"ws://" + n.ws + "/ws?v=1"}, e.cfg.Sources)
	if err != nil {
		return err
	}
	e.tg = tg
	if e.cfg.Pin {
		_, note := pinCores(e.pids)
		progress("cores: %s", note)
	}
	progress("node %s: pid %d, ws %s", bin, n.pid(), n.ws)
	return nil
}

// compareBuilds averages each build's runs of one scenario and gives current/baseline ratios of
// the figures issue 24 sets targets on (below 1 is better for every one of them).
func compareBuilds(name string, runs []report.Scenario) report.Comparison {
	c := report.Comparison{Scenario: name, Current: map[string]float64{}, Baseline: map[string]float64{}, Ratio: map[string]float64{}}
	metrics := map[string]func(report.Scenario) float64{
		"p50_ms":                      func(s report.Scenario) float64 { return s.LatencyMs.P50 },
		"p99_ms":                      func(s report.Scenario) float64 { return s.LatencyMs.P99 },
		"cpu_s_per_million_delivered": func(s report.Scenario) float64 { return s.CPUSPerMillionDelivered },
		"rss_bytes_per_conn":          func(s report.Scenario) float64 { return s.RSSBytesPerConn },
		"bytes_per_delivered":         func(s report.Scenario) float64 { return s.BytesPerDelivered },
		"sampled_out":                 func(s report.Scenario) float64 { return float64(s.SampledOut) },
	}
	counts := map[string]int{}
	for _, r := range runs {
		if r.Skipped != "" {
			continue
		}
		side := c.Current
		if r.Params["build"] == "baseline" {
			side = c.Baseline
		}
		counts[fmt.Sprint(r.Params["build"])]++
		for k, get := range metrics {
			side[k] += get(r)
		}
	}
	for k := range metrics {
		if n := counts["current"]; n > 0 {
			c.Current[k] = round(c.Current[k]/float64(n), 3)
		}
		if n := counts["baseline"]; n > 0 {
			c.Baseline[k] = round(c.Baseline[k]/float64(n), 3)
		}
		if b := c.Baseline[k]; b > 0 {
			c.Ratio[k] = round(c.Current[k]/b, 3)
		}
	}
	return c
}
