package main

import "testing"

func TestParseBenchMetricsReadsCustomUnits(t *testing.T) {
	out := []byte(`goos: linux
BenchmarkWriterThroughput/rooms=1-2         	  100000	      1501 ns/op	    666000 msgs/s	      1020 events/batch
BenchmarkLatest50-2   	  100000	     17000 ns/op	         0.017 p50-ms	         0.18 p99-ms	         0.39 p99.9-ms
PASS
`)
	m := parseBenchMetrics(out)
	if got := m["BenchmarkWriterThroughput/rooms=1"]["msgs/s"]; got != 666000 {
		t.Fatalf("msgs/s = %v, want 666000 (parsed %v)", got, m)
	}
	if got := m["BenchmarkLatest50"]["p99-ms"]; got != 0.18 {
		t.Fatalf("p99-ms = %v, want 0.18", got)
	}
}
