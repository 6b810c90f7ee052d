package ratelimit

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// clock is a manual clock safe for concurrent use.
type clock struct{ ns atomic.Int64 }

func newClock() *clock { c := &clock{}; c.ns.Store(t0.UnixNano()); return c }

func (c *clock) Now() time.Time          { return time.Unix(0, c.ns.Load()) }
func (c *clock) Advance(d time.Duration) { c.ns.Add(int64(d)) }
func (c *clock) Set(d time.Duration)     { c.ns.Store(t0.Add(d).UnixNano()) }

func TestMemoryDecisions(t *testing.T) {
	c := newClock()
	m := NewMemory(MemoryConfig{Now: c.Now})
	lim := Limit{Count: 20, Period: 30 * time.Second}
	ctx := context.Background()
	for i := range 20 {
		c.Set(time.Duration(i) * time.Second)
		d, err := m.Allow(ctx, "room:1:user:1", lim)
		if err != nil || !d.Allowed || d.Remaining != 19-i || d.RetryAfter != 0 {
			t.Fatalf("message %d: %+v, %v", i+1, d, err)
		}
	}
	steps := []struct {
		name string
		at   time.Duration
		want Decision
	}{
		{"21st refused", 20 * time.Second, Decision{RetryAfter: 10 * time.Second}},
		{"first left the window", 30 * time.Second, Decision{Allowed: true}},
		{"second left too", 31 * time.Second, Decision{Allowed: true}},
		{"full again", 31 * time.Second, Decision{RetryAfter: time.Second}},
		{"many left", 45 * time.Second, Decision{Allowed: true, Remaining: 13}},
	}
	for _, s := range steps {
		c.Set(s.at)
		d, err := m.Allow(ctx, "room:1:user:1", lim)
		if err != nil || d != s.want {
			t.Fatalf("%s: %+v, %v; want %+v", s.name, d, err, s.want)
		}
	}
}

func TestMemoryLimitIsPerCall(t *testing.T) {
	c := newClock()
	m := NewMemory(MemoryConfig{Now: c.Now})
	ctx := context.Background()
	small := Limit{Count: 2, Period: time.Minute}
	big := Limit{Count: 5, Period: time.Minute}
	for range 2 {
		m.Allow(ctx, "k", small)
	}
	if d, _ := m.Allow(ctx, "k", small); d.Allowed {
		t.Fatal("third allowed under 2/min")
	}
	if d, _ := m.Allow(ctx, "k", big); !d.Allowed || d.Remaining != 2 {
		t.Fatalf("under 5/min after 2: %+v; want allowed with 2 remaining", d)
	}
}

func TestMemoryErrors(t *testing.T) {
	c := newClock()
	m := NewMemory(MemoryConfig{Now: c.Now})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	lim := Limit{Count: 1, Period: time.Minute}
	if _, err := m.Allow(ctx, "k", lim); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled ctx: err = %v", err)
	}
	for _, bad := range []Limit{{}, {Count: 1}, {Period: time.Second}, {Count: -1, Period: time.Second}} {
		if _, err := m.Allow(context.Background(), "k", bad); !errors.Is(err, ErrInvalidLimit) {
			t.Fatalf("limit %v: err = %v, want ErrInvalidLimit", bad, err)
		}
	}
	// Failed calls counted nothing.
	if d, _ := m.Allow(context.Background(), "k", lim); !d.Allowed {
		t.Fatal("a failed call was counted")
	}
}

func TestMemoryConcurrentCallsShareOneLimit(t *testing.T) {
	c := newClock()
	m := NewMemory(MemoryConfig{Now: c.Now, Shards: 3})
	if len(m.shards) != 4 {
		t.Fatalf("%d shards, want 3 rounded up to 4", len(m.shards))
	}
	lim := Limit{Count: 100, Period: time.Minute}
	var allowed atomic.Int64
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				if d, err := m.Allow(context.Background(), "hot", lim); err == nil && d.Allowed {
					allowed.Add(1)
				}
				m.Allow(context.Background(), string(rune('a'+g))+string(rune('a'+i)), lim)
			}
		}()
	}
	wg.Wait()
	if got := allowed.Load(); got != 100 {
		t.Fatalf("%d of 400 concurrent calls allowed on one key, want exactly 100", got)
	}
	if got := m.Len(); got != 1+8*50 {
		t.Fatalf("Len = %d, want %d", got, 1+8*50)
	}
}

func TestMemoryEvictsIdleKeys(t *testing.T) {
	c := newClock()
	m := NewMemory(MemoryConfig{Now: c.Now, Shards: 1})
	lim := Limit{Count: 1, Period: time.Second}
	for i := range 100 {
		m.Allow(context.Background(), string(rune(0x4E00+i)), lim)
	}
	c.Advance(time.Second)
	for range 60 {
		m.Allow(context.Background(), "active", lim)
	}
	if m.Len() != 1 {
		t.Fatalf("Len = %d, want 1", m.Len())
	}
}
