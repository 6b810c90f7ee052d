package ratelimit

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// benchKeys returns n distinct user keys.
func benchKeys(n int) []string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = fmt.Sprintf("user:%d", 1000000+i)
	}
	return keys
}

// The clock advances 100 µs per call: a hot key is mostly refused once its 20 are used, and
// 100,000 keys each speak every 10 s, so they stay live (no eviction, no churn).
func BenchmarkWindowAllow(b *testing.B) {
	b.Run("hot-key", func(b *testing.B) {
		w := NewWindow(Classes{})
		now := t0
		b.ReportAllocs()
		for b.Loop() {
			now = now.Add(100 * time.Microsecond)
			w.Allow("user:1", Viewer, now)
		}
	})
	b.Run("keys=100000", func(b *testing.B) {
		keys := benchKeys(100000)
		w := NewWindow(Classes{})
		now := t0
		for _, k := range keys { // warm up: every key has an entry
			w.Allow(k, Viewer, now)
		}
		i := 0
		b.ReportAllocs()
		for b.Loop() {
			now = now.Add(100 * time.Microsecond)
			w.Allow(keys[i], Viewer, now)
			if i++; i == len(keys) {
				i = 0
			}
		}
	})
	b.Run("keys=100000/churn", func(b *testing.B) {
		// Every call is a key seen more than a period ago: a sweep, an eviction and an insert.
		keys := benchKeys(100000)
		w := NewWindow(Classes{})
		now := t0
		i := 0
		b.ReportAllocs()
		for b.Loop() {
			now = now.Add(time.Millisecond)
			w.Allow(keys[i], Viewer, now)
			if i++; i == len(keys) {
				i = 0
			}
		}
	})
}

func BenchmarkMemoryAllow(b *testing.B) {
	lim := Limit{Count: 20, Period: 30 * time.Second}
	ctx := context.Background()
	b.Run("hot-key", func(b *testing.B) {
		c := newClock()
		m := NewMemory(MemoryConfig{Now: c.Now})
		b.ReportAllocs()
		for b.Loop() {
			c.Advance(100 * time.Microsecond)
			m.Allow(ctx, "user:1", lim)
		}
	})
	b.Run("keys=100000", func(b *testing.B) {
		keys := benchKeys(100000)
		c := newClock()
		m := NewMemory(MemoryConfig{Now: c.Now})
		for _, k := range keys {
			m.Allow(ctx, k, lim)
		}
		i := 0
		b.ReportAllocs()
		for b.Loop() {
			c.Advance(100 * time.Microsecond)
			m.Allow(ctx, keys[i], lim)
			if i++; i == len(keys) {
				i = 0
			}
		}
	})
	b.Run("keys=100000/parallel", func(b *testing.B) {
		keys := benchKeys(100000)
		c := newClock()
		m := NewMemory(MemoryConfig{Now: c.Now})
		for _, k := range keys {
			m.Allow(ctx, k, lim)
		}
		b.ReportAllocs()
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			i := 0
			for pb.Next() {
				m.Allow(ctx, keys[i], lim)
				if i += 7; i >= len(keys) {
					i -= len(keys)
				}
			}
		})
	})
}

// With a 3 s interval, keys=100000 steps the clock 10 µs per call (each key comes back after 1 s
// and is refused), churn 100 µs (each key comes back after 10 s, long forgotten).
func BenchmarkSlowModeAllow(b *testing.B) {
	for _, bc := range []struct {
		name string
		step time.Duration
	}{{"keys=100000", 10 * time.Microsecond}, {"keys=100000/churn", 100 * time.Microsecond}} {
		b.Run(bc.name, func(b *testing.B) {
			keys := benchKeys(100000)
			s := NewSlowMode(3 * time.Second)
			now := t0
			for _, k := range keys {
				s.Allow(k, now)
			}
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				now = now.Add(bc.step)
				s.Allow(keys[i], now)
				if i++; i == len(keys) {
					i = 0
				}
			}
		})
	}
}
