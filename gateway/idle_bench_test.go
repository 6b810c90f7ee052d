package gateway

import (
	"runtime"
	"testing"
)

// BenchmarkIdleConnectionHeap reports the Go heap an upgraded, idle connection keeps in the gateway
// (issue 24: an idle connection's memory), from HeapInuse after a full collection before and with
// 5,000 connections held by a child process. It is the gateway's part only: the engine adds a
// session actor per connection. Run with -benchtime 1x.
//
//	go test ./gateway -run '^$' -bench IdleConnectionHeap -benchtime 1x
func BenchmarkIdleConnectionHeap(b *testing.B) {
	const conns = 5000
	heapInUse := func() uint64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapInuse
	}
	for b.Loop() {
		before := heapInUse()
		_, held := fanoutSetup(b, conns)
		after := heapInUse()
		b.ReportMetric(float64(int64(after)-int64(before))/float64(len(held)), "heap-B/conn")
		runtime.KeepAlive(held)
	}
}
