// Package report holds the harness's result document (bench/results/latest.json, version 1) and
// renders it as a self-contained HTML page with inline SVG plots (latency over time, latency
// distribution) that opens offline.
//
// Concurrency: plain values; build a Report on one goroutine, then Write it.
package report
