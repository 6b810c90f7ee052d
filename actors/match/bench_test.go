package match

import (
	"bytes"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/match/feed"
	"courtside/actors/relay"
)

// latencyHist is a histogram of event-to-delivery latencies in 100 µs buckets.
type latencyHist struct {
	mu      sync.Mutex
	buckets [100000]uint64 // up to 10 s
	n       uint64
}

func (h *latencyHist) add(d time.Duration) {
	i := int(d / (100 * time.Microsecond))
	if i < 0 {
		i = 0
	}
	if i >= len(h.buckets) {
		i = len(h.buckets) - 1
	}
	h.buckets[i]++
	h.n++
}

func (h *latencyHist) quantile(q float64) time.Duration {
	want := uint64(q * float64(h.n))
	var c uint64
	for i, v := range h.buckets {
		c += v
		if c > want {
			return time.Duration(i+1) * 100 * time.Microsecond
		}
	}
	return 10 * time.Second
}

// benchFrame is the relay's frame; the event times in it are parsed once per frame (the
// Encoder runs once per Deliver), never per subscriber.
type benchFrame struct {
	payload []byte
	ts      []int64
}

func (*benchFrame) Priority() bool { return false }

var tsKey = []byte(`"ts":`)

func encodeBench(p []byte, _ bool) relay.Frame {
	f := &benchFrame{payload: p}
	for rest := p; ; {
		i := bytes.Index(rest, tsKey)
		if i < 0 {
			break
		}
		rest = rest[i+len(tsKey):]
		j := 0
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		v, _ := strconv.ParseInt(string(rest[:j]), 10, 64)
		f.ts = append(f.ts, v)
	}
	return f
}

// benchConn is one scoreboard subscriber at the relay. Every connection counts what it is
// given; one in fifty (spread over the relay's write loop) records the latency of every event
// in every frame it gets.
type benchConn struct {
	id      uint64
	got     *atomic.Int64
	joined  *atomic.Int64
	sampled bool
	hist    *latencyHist
}

func (c *benchConn) ID() uint64 { return c.id }

func (c *benchConn) Send(f relay.Frame) bool {
	bf, ok := f.(*benchFrame)
	if !ok {
		return true
	}
	if bytes.HasPrefix(bf.payload, []byte(`{"t":"subbed"`)) {
		c.joined.Add(1)
		return true
	}
	if !bytes.HasPrefix(bf.payload, []byte(`{"t":"scores"`)) {
		return true
	}
	c.got.Add(1)
	if c.sampled && len(bf.ts) > 0 {
		now := time.Now()
		c.hist.mu.Lock()
		for _, ts := range bf.ts {
			c.hist.add(now.Sub(time.UnixMilli(ts)))
		}
		c.hist.mu.Unlock()
	}
	return true
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkLiveScoreboards: live matches each ticking once per second (one score event per
// match per second, spread evenly), published through match actors and scoreboard topics to one
// relay with scoreboard subscribers spread over the eight simulated games. One op is one second
// of wall time. Reports the event-to-delivery latency (feed push → relay hands the frame to the
// subscriber's connection) at p50/p99/max, deliveries per second and CPU cores used.
//
//	go test -run XXX -bench LiveScoreboards -benchtime 10x ./actors/match/
func BenchmarkLiveScoreboards(b *testing.B) {
	for _, c := range []struct{ matches, subs int }{{10000, 5000}} {
		b.Run("matches="+strconv.Itoa(c.matches)+"/subs="+strconv.Itoa(c.subs), func(b *testing.B) {
			benchScoreboards(b, c.matches, c.subs)
		})
	}
}

func benchScoreboards(b *testing.B, matches, subs int) {
	b.ReportAllocs()
	sys := actor.NewActorSystem()
	defer sys.Shutdown()
	topics := NewTopics(sys, TopicConfig{})
	rel := sys.Root.Spawn(relay.Props(relay.Config{Encode: encodeBench, Rooms: Finder{Topics: topics}}))
	reg := NewRegistry(sys, Config{Store: NewMemoryStore(), Topics: topics})
	games := []int{feed.GameSoccer, feed.GameBasketball, feed.GameTennis, feed.GameBaseball, feed.GameLoL, feed.GameCS, feed.GameDota2, feed.GameValorant}

	ids := make([]string, matches)
	for i := range ids {
		ids[i] = "b" + strconv.Itoa(i)
		e := fixtureEv(ids[i], games[i%len(games)])
		reg.Push(e)
		reg.Push(statusEv(ids[i], 2, feed.StatusLive))
	}
	var got, joined atomic.Int64
	hist := &latencyHist{}
	for i := 0; i < subs; i++ {
		conn := &benchConn{id: uint64(i + 1), got: &got, joined: &joined, sampled: i%50 == 49, hist: hist}
		sys.Root.Send(rel, &relay.Subscribe{Room: ScoresTopic(games[i%len(games)]), Conn: conn})
	}
	deadline := time.Now().Add(30 * time.Second)
	for joined.Load() < int64(subs) {
		if time.Now().After(deadline) {
			b.Fatalf("only %d of %d subscribers joined", joined.Load(), subs)
		}
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond) // let the activation burst drain before measuring
	hist.mu.Lock()
	hist.buckets, hist.n = [len(hist.buckets)]uint64{}, 0
	hist.mu.Unlock()
	got.Store(0)

	seq := uint64(2)
	const slots = 100 // pushes are spread over the second in 10 ms slots
	cpu0, wall0 := cpuTime(), time.Now()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		seq++
		start := time.Now()
		for s := 0; s < slots; s++ {
			now := time.Now().UnixMilli()
			for i := s; i < matches; i += slots {
				e := ev(ids[i], seq, feed.KScore)
				e.At = now
				e.Score = &feed.Score{Home: int(seq), Away: i % 7}
				reg.Push(e)
			}
			if d := time.Until(start.Add(time.Duration(s+1) * time.Second / slots)); d > 0 {
				time.Sleep(d) // pacing the feed, not synchronisation
			}
		}
	}
	b.StopTimer()
	wall := time.Since(wall0)
	cpu := cpuTime() - cpu0
	time.Sleep(300 * time.Millisecond) // the last tick's frames
	hist.mu.Lock()
	defer hist.mu.Unlock()
	if hist.n == 0 {
		b.Fatal("no latency samples: nothing was delivered")
	}
	b.ReportMetric(float64(hist.quantile(0.50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(hist.quantile(0.99).Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(hist.quantile(0.9999).Microseconds())/1000, "p99.99-ms")
	b.ReportMetric(float64(got.Load())/wall.Seconds(), "frames-delivered/s")
	b.ReportMetric(float64(matches*b.N)/wall.Seconds(), "events/s")
	b.ReportMetric(cpu.Seconds()/wall.Seconds(), "cpu-cores")
}
