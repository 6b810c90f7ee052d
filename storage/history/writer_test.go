package history_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"courtside/storage/history"
)

// chatEvent is a wire-shaped chat event; its payload is a function of (room, seq) so readers can
// check what they get back.
func chatEvent(room string, seq uint64, ts int64) history.Event {
	id := room + "-" + strconv.FormatUint(seq, 10)
	return history.Event{
		Room: room, Seq: seq, ID: id, Time: ts, Kind: "chat", UserID: "u1",
		Payload: fmt.Appendf(nil, `{"seq":%d,"k":"chat","ts":%d,"id":%q,"uid":"u1","name":"Fan","lvl":3,"text":"what a goal"}`, seq, ts, id),
	}
}

// acks records done callbacks: how often each (room, seq) was reported and with which error.
type acks struct {
	mu    sync.Mutex
	calls map[string]int
	errs  map[string]error
	n     atomic.Int64
}

func newAcks() *acks { return &acks{calls: map[string]int{}, errs: map[string]error{}} }

func (a *acks) done(room string, seq uint64) func(error) {
	return func(err error) {
		a.mu.Lock()
		k := room + "#" + strconv.FormatUint(seq, 10)
		a.calls[k]++
		a.errs[k] = err
		a.mu.Unlock()
		a.n.Add(1)
	}
}

// waitFor polls cond until it holds or the deadline passes.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestWriterAcknowledgesEveryEventOnceAfterItIsStored(t *testing.T) {
	s := openPebble(t, history.PebbleConfig{})
	defer s.Close()
	w, err := history.NewWriter(s, history.WriterConfig{MaxBatch: 64})
	if err != nil {
		t.Fatal(err)
	}
	a := newAcks()
	const rooms, per = 5, 400
	ts := time.Now().UnixMilli()
	for i := uint64(1); i <= per; i++ {
		for r := 0; r < rooms; r++ {
			room := "w" + strconv.Itoa(r)
			if err := w.AppendWait(context.Background(), chatEvent(room, i, ts), a.done(room, i)); err != nil {
				t.Fatal(err)
			}
		}
	}
	waitFor(t, "all acks", func() bool { return a.n.Load() == rooms*per })
	for k, c := range a.calls {
		if c != 1 || a.errs[k] != nil {
			t.Fatalf("%s: done called %d times, err %v", k, c, a.errs[k])
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	for r := 0; r < rooms; r++ {
		room := "w" + strconv.Itoa(r)
		var got []uint64
		for since := uint64(0); ; {
			page, err := s.After(context.Background(), room, since, 1000)
			if err != nil {
				t.Fatal(err)
			}
			if len(page) == 0 {
				break
			}
			for _, ev := range page {
				got = append(got, ev.Seq)
			}
			since = page[len(page)-1].Seq
		}
		if len(got) != per || got[0] != 1 || got[per-1] != per {
			t.Fatalf("room %s: stored %d events, want 1..%d", room, len(got), per)
		}
	}
}

func TestWriterCloseFlushesEverythingQueued(t *testing.T) {
	dir := t.TempDir()
	s := openPebble(t, history.PebbleConfig{Dir: dir})
	// A batch delay far beyond the test's life: only Close can make these events durable.
	w, err := history.NewWriter(s, history.WriterConfig{MaxBatch: 100000, MaxDelay: time.Hour, QueueSize: 5000})
	if err != nil {
		t.Fatal(err)
	}
	a := newAcks()
	ts := time.Now().UnixMilli()
	const n = 3000
	for i := uint64(1); i <= n; i++ {
		if err := w.Append(chatEvent("flush", i, ts), a.done("flush", i)); err != nil {
			t.Fatal(err)
		}
	}
	if got := a.n.Load(); got != 0 {
		t.Fatalf("%d events acknowledged before Close; the batch delay should hold them", got)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if got := a.n.Load(); got != n {
		t.Fatalf("after Close %d of %d done callbacks ran", got, n)
	}
	if err := w.Append(chatEvent("flush", n+1, ts), a.done("flush", n+1)); !errors.Is(err, history.ErrClosed) {
		t.Fatalf("Append after Close: err = %v, want ErrClosed", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openPebble(t, history.PebbleConfig{Dir: dir})
	defer s.Close()
	last, err := s.LastSeq(context.Background(), "flush")
	if err != nil || last != n {
		t.Fatalf("LastSeq after reopen = %d, %v; want %d", last, err, n)
	}
	page, err := s.After(context.Background(), "flush", n-10, 100)
	if err != nil || len(page) != 10 {
		t.Fatalf("After(%d) = %d events, %v; want 10", n-10, len(page), err)
	}
}

// gatedStore holds every Append until the test releases it: a full queue without a slow disk.
type gatedStore struct {
	*history.PebbleStore
	entered chan struct{}
	release chan struct{}
}

func (g *gatedStore) Append(ctx context.Context, batch []history.Event) error {
	g.entered <- struct{}{}
	<-g.release
	return g.PebbleStore.Append(ctx, batch)
}

func TestWriterFullQueueRefusesNewEventsAndKeepsAccepted(t *testing.T) {
	s := openPebble(t, history.PebbleConfig{})
	defer s.Close()
	g := &gatedStore{PebbleStore: s, entered: make(chan struct{}), release: make(chan struct{})}
	w, err := history.NewWriter(g, history.WriterConfig{MaxBatch: 1, QueueSize: 4})
	if err != nil {
		t.Fatal(err)
	}
	a := newAcks()
	ts := time.Now().UnixMilli()
	if err := w.Append(chatEvent("bp", 1, ts), a.done("bp", 1)); err != nil {
		t.Fatal(err)
	}
	<-g.entered // the writer holds event 1 in a blocked Append; the queue is empty again
	for i := uint64(2); i <= 5; i++ {
		if err := w.Append(chatEvent("bp", i, ts), a.done("bp", i)); err != nil {
			t.Fatalf("Append(%d) with queue space: %v", i, err)
		}
	}
	if err := w.Append(chatEvent("bp", 6, ts), a.done("bp", 6)); !errors.Is(err, history.ErrQueueFull) {
		t.Fatalf("Append to a full queue: err = %v, want ErrQueueFull", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	err = w.AppendWait(ctx, chatEvent("bp", 6, ts), a.done("bp", 6))
	cancel()
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("AppendWait on a full queue past its deadline: err = %v", err)
	}
	waited := make(chan error, 1)
	go func() { waited <- w.AppendWait(context.Background(), chatEvent("bp", 6, ts), a.done("bp", 6)) }()
	go func() {
		for range g.entered {
			g.release <- struct{}{}
		}
	}()
	g.release <- struct{}{} // let event 1 through; the rest follow one per batch
	if err := <-waited; err != nil {
		t.Fatalf("AppendWait once space freed: %v", err)
	}
	waitFor(t, "six acks", func() bool { return a.n.Load() == 6 })
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	close(g.entered)
	page, err := s.After(context.Background(), "bp", 0, 100)
	if err != nil || len(page) != 6 {
		t.Fatalf("stored %d events, %v; want all 6 accepted", len(page), err)
	}
	for k, c := range a.calls {
		if c != 1 || a.errs[k] != nil {
			t.Fatalf("%s: done called %d times, err %v", k, c, a.errs[k])
		}
	}
}

// flakyStore fails the first failures Appends.
type flakyStore struct {
	*history.PebbleStore
	failures atomic.Int64
}

var errDisk = errors.New("disk on fire")

func (f *flakyStore) Append(ctx context.Context, batch []history.Event) error {
	if f.failures.Add(-1) >= 0 {
		return errDisk
	}
	return f.PebbleStore.Append(ctx, batch)
}

func TestWriterRetriesAFailingBatch(t *testing.T) {
	cases := []struct {
		name     string
		failures int64
		wantErr  error
	}{
		{"transient failures are retried until the batch is stored", 2, nil},
		{"a store that keeps failing fails the events after RetryFor", 1 << 30, errDisk},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := openPebble(t, history.PebbleConfig{})
			defer s.Close()
			f := &flakyStore{PebbleStore: s}
			f.failures.Store(c.failures)
			reg := prometheus.NewRegistry()
			w, err := history.NewWriter(f, history.WriterConfig{RetryFor: 200 * time.Millisecond, Registerer: reg})
			if err != nil {
				t.Fatal(err)
			}
			a := newAcks()
			for i := uint64(1); i <= 3; i++ {
				if err := w.Append(chatEvent("flaky", i, time.Now().UnixMilli()), a.done("flaky", i)); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			for i := uint64(1); i <= 3; i++ {
				k := "flaky#" + strconv.FormatUint(i, 10)
				if a.calls[k] != 1 || !errors.Is(a.errs[k], c.wantErr) {
					t.Errorf("%s: done called %d times with %v, want once with %v", k, a.calls[k], a.errs[k], c.wantErr)
				}
			}
			families, err := reg.Gather()
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			for _, mf := range families {
				seen[mf.GetName()] = true
			}
			for _, name := range []string{"courtside_history_queue_depth", "courtside_history_batch_events", "courtside_history_write_seconds", "courtside_history_write_failures_total"} {
				if !seen[name] {
					t.Errorf("metric %s not registered", name)
				}
			}
		})
	}
}

func TestWriterBarrierWaitsForEverythingQueuedBefore(t *testing.T) {
	s := openPebble(t, history.PebbleConfig{})
	defer s.Close()
	g := &gatedStore{PebbleStore: s, entered: make(chan struct{}), release: make(chan struct{})}
	w, err := history.NewWriter(g, history.WriterConfig{})
	if err != nil {
		t.Fatal(err)
	}
	ts := time.Now().UnixMilli()
	for i := uint64(1); i <= 3; i++ {
		if err := w.Append(chatEvent("bar", i, ts), nil); err != nil {
			t.Fatal(err)
		}
	}
	<-g.entered // the batch is being written and held
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	err = w.Barrier(ctx)
	cancel()
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Barrier while the batch is held: err = %v, want DeadlineExceeded", err)
	}
	go func() {
		g.release <- struct{}{}
		for range g.entered {
			g.release <- struct{}{}
		}
	}()
	if err := w.Barrier(context.Background()); err != nil {
		t.Fatal(err)
	}
	if last, err := s.LastSeq(context.Background(), "bar"); err != nil || last != 3 {
		t.Fatalf("LastSeq after Barrier = %d, %v; want 3", last, err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	close(g.entered)
}
