package session_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/session"
)

// BenchmarkIdleSessionHeap reports the Go heap an idle session keeps (issue 24: an idle
// connection's memory): HeapInuse after a full collection before and with 5,000 sessions spawned,
// each started and past its first message, none signed in or in a room. It is the engine's part of
// an idle connection; BenchmarkIdleConnectionHeap in gateway is the gateway's. Run with -benchtime 1x.
//
//	go test ./actors/session -run '^$' -bench IdleSessionHeap -benchtime 1x
func BenchmarkIdleSessionHeap(b *testing.B) {
	const sessions = 5000
	heapInUse := func() uint64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapInuse
	}
	for b.Loop() {
		sys := actor.NewActorSystem()
		sink := sys.Root.Spawn(actor.PropsFromFunc(func(actor.Context) {}))
		cfg := &session.Config{Relay: sink, Rooms: noRooms{sink}, AuthTimeout: time.Hour,
			Translate: func(_, key string, _ ...any) string { return key }}
		props, c := session.Props(cfg), &recConn{}
		before := heapInUse()
		pids := make([]*actor.PID, sessions)
		for i := range pids {
			pids[i] = session.Spawn(sys.Root, props, c, "en_US")
		}
		// A request to each proves it has run its Started and drained its mailbox.
		for _, pid := range pids {
			if _, err := sys.Root.RequestFuture(pid, &actor.Touch{}, 10*time.Second).Result(); err != nil {
				b.Fatal(err)
			}
		}
		after := heapInUse()
		b.ReportMetric(float64(int64(after)-int64(before))/sessions, "heap-B/session")
		runtime.KeepAlive(pids)
		sys.Shutdown()
	}
}
