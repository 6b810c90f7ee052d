package relay

import (
	"fmt"
	"testing"

	"courtside/actors/room"
)

// countingConn is a connection that only counts what it is given, so the benchmark measures the
// relay's own cost per subscriber.
type countingConn struct {
	id    uint64
	sends int
}

func (c *countingConn) ID() uint64        { return c.id }
func (c *countingConn) Send(f Frame) bool { c.sends++; return true }

type benchFrame struct {
	b        []byte
	priority bool
}

func (f *benchFrame) Priority() bool { return f.priority }

// relayWith returns a relay with subs active connections in room "hot".
func relayWith(subs int) *Actor {
	a := &Actor{cfg: Config{Encode: func(p []byte, prio bool) Frame { return &benchFrame{b: p, priority: prio} }},
		rooms: map[string]*roomSubs{}}
	rs := &roomSubs{index: map[uint64]int{}, pending: map[uint64]*pendingJoin{}}
	a.rooms["hot"] = rs
	for i := 0; i < subs; i++ {
		c := &countingConn{id: uint64(i)}
		rs.index[c.id] = len(rs.active)
		rs.active = append(rs.active, c)
	}
	return a
}

// BenchmarkFanout delivers one room frame to every local subscriber. The frame is built once per
// Deliver; there must be zero allocations per subscriber (allocs/op stays at the per-frame constant
// whatever subs is).
func BenchmarkFanout(b *testing.B) {
	for _, subs := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("subs=%d", subs), func(b *testing.B) {
			a := relayWith(subs)
			d := &room.Deliver{Room: "hot", Payload: make([]byte, 2048)}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				a.onDeliver(d)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(subs), "ns/subscriber")
		})
	}
}

func TestFanoutAllocatesNothingPerSubscriber(t *testing.T) {
	measure := func(subs int) float64 {
		a := relayWith(subs)
		d := &room.Deliver{Room: "hot", Payload: []byte(`{"t":"batch"}`)}
		return testing.AllocsPerRun(50, func() { a.onDeliver(d) })
	}
	small, large := measure(10), measure(10000)
	if large > small {
		t.Fatalf("allocations grow with subscribers: %v for 10, %v for 10000", small, large)
	}
}
