package main

import (
	"strings"
	"testing"

	"courtside/bench/report"
)

func soakRun(rss func(i int) uint64) []report.SoakSample {
	var s []report.SoakSample
	for i := 0; i < 100; i++ {
		s = append(s, report.SoakSample{T: float64(i), RSS: rss(i), Goroutines: 400})
	}
	return s
}

func TestSoakVerdictIgnoresWarmUpAndCatchesALeak(t *testing.T) {
	warm := soakRun(func(i int) uint64 { return uint64(100+min(i, 10)*10) << 20 }) // grows while warming, then flat
	if v := soakVerdict(warm); !strings.HasSuffix(v, ": flat") {
		t.Fatalf("warm-up growth only: %s", v)
	}
	leak := soakRun(func(i int) uint64 { return uint64(200+i) << 20 }) // +1 MiB every sample
	if v := soakVerdict(leak); !strings.HasSuffix(v, "NOT flat") {
		t.Fatalf("a steady leak: %s", v)
	}
	if v := soakVerdict(leak[:5]); !strings.Contains(v, "too few") {
		t.Fatalf("five samples: %s", v)
	}
}
