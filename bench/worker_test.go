package main

import (
	"fmt"
	"testing"
	"time"

	"courtside/bench/check"
	"courtside/bench/client"
)

// feed hands a worker the frames a server would send one connection, as the event loop would.
func feed(w *worker, p *peer, frames ...string) {
	c := &client.Conn{User: p}
	for _, f := range frames {
		w.Message(c, []byte(f))
	}
}

func chatEv(seq uint64, sender int, n uint64, uid string) string {
	return fmt.Sprintf(`{"seq":%d,"k":"chat","ts":1,"id":"1001-%d","uid":"%s","name":"G","lvl":0,"text":"%s"}`,
		seq, seq, uid, check.FormatLine(sender, n, time.Now().UnixNano()))
}

func batch(sampled int, evs ...string) string {
	s := `{"t":"batch","room":"1001","ev":[`
	for i, e := range evs {
		if i > 0 {
			s += ","
		}
		s += e
	}
	return s + fmt.Sprintf(`],"sampled":%d}`, sampled)
}

func TestWorkerCatchesWhatABrokenServerWouldSend(t *testing.T) {
	out := make(chan workerMsg, 64)
	w, err := newWorker(plan{Targets: []string{"127.0.0.1:1"}, Senders: 2,
		Groups: []group{{Count: 3, Rooms: []string{"1001"}, SenderBase: -1, Check: true}}}, out)
	if err != nil {
		t.Fatal(err)
	}
	a, b, c := w.peers[0], w.peers[1], w.peers[2]
	joined := `{"t":"joined","room":"1001","seq":10,"open":true,"presence":3,"gap":false}`
	history := batch(0, chatEv(9, 0, 7, "g-old"), `{"seq":10,"k":"del","ts":1,"msg":"1001-3","by":"m"}`)
	frame1 := batch(0, chatEv(11, 0, 1, "g-a"), chatEv(12, 1, 1, "g-b"))
	mute := batch(0, `{"seq":13,"k":"mute","ts":1,"uid":"g-b","until":9,"by":"m"}`)
	frame2 := batch(0, chatEv(14, 1, 2, "g-b"), chatEv(15, 0, 2, "g-a"))
	del := batch(0, `{"seq":16,"k":"del","ts":1,"msg":"1001-11","by":"m"}`)

	feed(w, a, joined, history, frame1, frame1, mute, del) // a duplicate frame; misses frame2
	feed(w, b, joined, history, frame1, frame2, del)       // never gets the mute; a line after it
	feed(w, c, joined, history, frame2, frame1, mute, del) // frames swapped
	res := w.chk.Result()
	// a: frame1 twice (2 duplicates), misses 14 and 15 (2 holes). b: misses the mute (1 lost, 1 hole)
	// and gets g-b's line 14 after it (1 violation). c: 14, 15 first, then 11, 12 and the mute 13 late
	// (3 out of order; they fill the holes they left), and g-b's line 14 (1 violation).
	want := check.Result{Receivers: 3, Delivered: 12, PriorityEvents: 2, Duplicates: 2, OutOfOrder: 3,
		PriorityLost: 1, MuteViolations: 2, UnexplainedHoles: 3, History: 6}
	if res != want {
		t.Fatalf("got  %+v\nwant %+v", res, want)
	}
	if w.hist.Count() != 12 {
		t.Errorf("%d latencies recorded, want one per live harness line received (12)", w.hist.Count())
	}
	if w.delivered != 12 {
		t.Errorf("delivered %d, want 12 (history excluded)", w.delivered)
	}
	if len(w.cache) != 5 {
		t.Errorf("%d distinct frames cached, want 5 (each parsed once)", len(w.cache))
	}
}

// BenchmarkWorkerBatch is the client side's cost of one hot-room frame (10 lines) reaching every
// subscriber a worker holds: one parse, then per subscriber the checks and latency records.
func BenchmarkWorkerBatch(b *testing.B) {
	for _, subs := range []int{100, 1000} {
		b.Run(fmt.Sprintf("subs=%d", subs), func(b *testing.B) {
			out := make(chan workerMsg, 64)
			w, err := newWorker(plan{Targets: []string{"127.0.0.1:1"}, Senders: 80,
				Groups: []group{{Count: subs, Rooms: []string{"1001"}, SenderBase: -1, Check: true}}}, out)
			if err != nil {
				b.Fatal(err)
			}
			conns := make([]*client.Conn, subs)
			for i, p := range w.peers {
				conns[i] = &client.Conn{User: p}
				w.Message(conns[i], []byte(`{"t":"joined","room":"1001","seq":0,"open":true,"presence":1,"gap":false}`))
			}
			seq := uint64(0)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				evs := make([]string, 10)
				for j := range evs {
					seq++
					evs[j] = chatEv(seq, j*8%80, uint64(i+1), fmt.Sprintf("g-%d", j))
				}
				frame := []byte(batch(0, evs...))
				for _, c := range conns {
					w.Message(c, frame)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*subs*10), "ns/delivery")
		})
	}
}
