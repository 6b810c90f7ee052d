package history_test

import (
	"context"
	"sort"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"courtside/storage/history"
)

// BenchmarkWriterThroughput drives b.N chat events through the group-commit Writer into Pebble with
// every batch committed with pebble.Sync, and reports durable messages per second: the clock stops
// when the last done callback has reported success.
//
//	go test ./storage/history -run '^$' -bench WriterThroughput -benchtime 200000x
func BenchmarkWriterThroughput(b *testing.B) {
	for _, rooms := range []int{1, 100, 1000} {
		b.Run("rooms="+strconv.Itoa(rooms), func(b *testing.B) {
			s, err := history.OpenPebble(history.PebbleConfig{Dir: b.TempDir()})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			reg := prometheus.NewRegistry()
			w, err := history.NewWriter(s, history.WriterConfig{Registerer: reg})
			if err != nil {
				b.Fatal(err)
			}
			names := make([]string, rooms)
			payloads := make([][]byte, rooms)
			for r := range names {
				names[r] = "bench-" + strconv.Itoa(r)
				payloads[r] = chatEvent(names[r], 1, time.Now().UnixMilli()).Payload
			}
			seqs := make([]uint64, rooms)
			var acked atomic.Int64
			all := make(chan struct{})
			n := int64(b.N)
			done := func(err error) {
				if err != nil {
					b.Error(err)
				}
				if acked.Add(1) == n {
					close(all)
				}
			}
			ctx := context.Background()
			b.ReportAllocs()
			b.SetBytes(int64(len(payloads[0])))
			b.ResetTimer()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				r := i % rooms
				seqs[r]++
				ev := history.Event{
					Room: names[r], Seq: seqs[r], ID: names[r] + "-" + strconv.FormatUint(seqs[r], 10),
					Time: start.UnixMilli() + int64(i/1000), Kind: "chat", UserID: "u1", Payload: payloads[r],
				}
				if err := w.AppendWait(ctx, ev, done); err != nil {
					b.Fatal(err)
				}
			}
			<-all
			elapsed := time.Since(start)
			b.StopTimer()
			b.ReportMetric(float64(b.N)/elapsed.Seconds(), "msgs/s")
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
			// Group commit at work: events per durable batch and the mean time of one batch write.
			families, err := reg.Gather()
			if err != nil {
				b.Fatal(err)
			}
			for _, mf := range families {
				h := mf.GetMetric()[0].GetHistogram()
				switch mf.GetName() {
				case "courtside_history_batch_events":
					b.ReportMetric(h.GetSampleSum()/float64(h.GetSampleCount()), "events/batch")
				case "courtside_history_write_seconds":
					b.ReportMetric(1000*h.GetSampleSum()/float64(h.GetSampleCount()), "ms/batch")
				}
			}
		})
	}
}

// BenchmarkLatest50 measures Latest(room, 50) on a room of 100,000 events spread over several time
// buckets (among 50 other rooms), flushed to sstables, with the store idle and while the Writer stores 20,000
// messages/s in the background, and reports the p50, p99 and p99.9 latency of one call.
//
//	go test ./storage/history -run '^$' -bench Latest50 -benchtime 20000x
func BenchmarkLatest50(b *testing.B) {
	s, err := history.OpenPebble(history.PebbleConfig{Dir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	const hot, events, others = "hot", 100000, 50
	start := time.Now().Add(-3 * time.Hour).UnixMilli() // 100 ms apart: about three hourly buckets
	batch := make([]history.Event, 0, 1000)
	for i := 1; i <= events; i++ {
		ts := start + int64(i)*100
		batch = append(batch, chatEvent(hot, uint64(i), ts))
		if i%20 == 0 {
			r := "room-" + strconv.Itoa(i%others)
			batch = append(batch, chatEvent(r, uint64(i/20), ts))
		}
		if len(batch) >= 1000 {
			if err := s.Append(ctx, batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	if err := s.Append(ctx, batch); err != nil {
		b.Fatal(err)
	}
	for i := 10; i <= events; i += 997 { // some moderated messages on the way
		if err := s.Delete(ctx, hot, hot+"-"+strconv.Itoa(i)); err != nil {
			b.Fatal(err)
		}
	}
	if err := s.Flush(); err != nil { // read from sstables, not from the memtable
		b.Fatal(err)
	}

	run := func(b *testing.B) {
		lat := make([]time.Duration, b.N)
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			t0 := time.Now()
			evs, err := s.Latest(ctx, hot, 50)
			lat[i] = time.Since(t0)
			if err != nil || len(evs) != 50 {
				b.Fatalf("Latest: %d events, %v", len(evs), err)
			}
		}
		b.StopTimer()
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
		b.ReportMetric(ms(lat[len(lat)/2]), "p50-ms")
		b.ReportMetric(ms(lat[len(lat)*99/100]), "p99-ms")
		b.ReportMetric(ms(lat[len(lat)*999/1000]), "p99.9-ms")
	}
	b.Run("store=idle", run)
	b.Run("store=writing", func(b *testing.B) {
		w, err := history.NewWriter(s, history.WriterConfig{})
		if err != nil {
			b.Fatal(err)
		}
		stop := make(chan struct{})
		stopped := make(chan struct{})
		go func() { // 20,000 messages/s into the hot room and others, paced per millisecond
			defer close(stopped)
			seq, other := uint64(events), uint64(1_000_000)
			tick := time.NewTicker(time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
				}
				now := time.Now().UnixMilli()
				for k := 0; k < 20; k++ {
					var ev history.Event
					if k%4 == 0 {
						seq++
						ev = chatEvent(hot, seq, now)
					} else {
						other++
						ev = chatEvent("room-"+strconv.Itoa(int(other%others)), other, now)
					}
					_ = w.AppendWait(ctx, ev, nil)
				}
			}
		}()
		run(b)
		close(stop)
		<-stopped
		_ = w.Close()
	})
}
