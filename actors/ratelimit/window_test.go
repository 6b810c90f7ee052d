package ratelimit

import (
	"fmt"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 22, 6, 0, 0, 0, time.UTC)

func at(d time.Duration) time.Time { return t0.Add(d) }

func TestWindowAllowsExactlyCountPerPeriod(t *testing.T) {
	w := NewWindow(Classes{})
	// 20 messages 100 ms apart: all accepted.
	for i := range 20 {
		if ok, _ := w.Allow("u1", Viewer, at(time.Duration(i)*100*time.Millisecond)); !ok {
			t.Fatalf("message %d refused", i+1)
		}
	}
	steps := []struct {
		name      string
		at        time.Duration
		ok        bool
		wantRetry time.Duration
	}{
		{"21st refused until the first leaves the window", 2 * time.Second, false, 28 * time.Second},
		{"still refused just before", 30*time.Second - time.Nanosecond, false, time.Nanosecond},
		{"allowed when the first is a full period old", 30 * time.Second, true, 0},
		{"then refused until the second leaves", 30 * time.Second, false, 100 * time.Millisecond},
		{"window slid past the second", 30*time.Second + 100*time.Millisecond, true, 0},
		{"refusals were not counted", 30*time.Second + 200*time.Millisecond, true, 0},
		{"full again", 30*time.Second + 200*time.Millisecond, false, 100 * time.Millisecond},
	}
	for _, s := range steps {
		ok, retry := w.Allow("u1", Viewer, at(s.at))
		if ok != s.ok || retry != s.wantRetry {
			t.Fatalf("%s: Allow at %v = %v, %v; want %v, %v", s.name, s.at, ok, retry, s.ok, s.wantRetry)
		}
	}
}

func TestWindowIsSlidingNotFixed(t *testing.T) {
	w := NewWindow(Classes{})
	for range 20 {
		w.Allow("u1", Viewer, at(29*time.Second))
	}
	// A fixed 30 s window starting at t0 would reset at 30 s; a sliding one waits for 59 s.
	if ok, retry := w.Allow("u1", Viewer, at(31*time.Second)); ok || retry != 28*time.Second {
		t.Fatalf("Allow at 31s = %v, %v; want refused for 28s", ok, retry)
	}
	if ok, _ := w.Allow("u1", Viewer, at(59*time.Second)); !ok {
		t.Fatal("refused at 59s")
	}
}

func TestWindowClassesDiffer(t *testing.T) {
	tests := []struct {
		name    string
		classes Classes
		class   Class
		want    int
	}{
		{"viewer default", Classes{}, Viewer, 20},
		{"vip default", Classes{}, VIP, 20},
		{"moderator default", Classes{}, Moderator, 100},
		{"streamer default", Classes{}, Streamer, 100},
		{"unknown class is a viewer", Classes{}, Class(9), 20},
		{"configured viewer", Classes{Viewer: Limit{Count: 3, Period: time.Second}}, Viewer, 3},
		{"configured vip", Classes{VIP: Limit{Count: 40, Period: time.Minute}}, VIP, 40},
		{"configured count keeps default period", Classes{Moderator: Limit{Count: 7}}, Moderator, 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := NewWindow(tt.classes)
			allowed := 0
			for range tt.want + 10 {
				if ok, _ := w.Allow("u", tt.class, t0); ok {
					allowed++
				}
			}
			if allowed != tt.want {
				t.Fatalf("allowed %d in one instant, want %d", allowed, tt.want)
			}
		})
	}
}

func TestWindowDefaultsFillPeriod(t *testing.T) {
	w := NewWindow(Classes{Viewer: Limit{Count: 2}})
	w.Allow("u", Viewer, t0)
	w.Allow("u", Viewer, t0)
	if _, retry := w.Allow("u", Viewer, t0); retry != 30*time.Second {
		t.Fatalf("retry = %v, want the default 30s period", retry)
	}
	if got := w.Limits().Viewer; got != (Limit{Count: 2, Period: 30 * time.Second}) {
		t.Fatalf("Limits().Viewer = %v", got)
	}
}

func TestWindowKeysAreIndependent(t *testing.T) {
	w := NewWindow(Classes{Viewer: Limit{Count: 1, Period: time.Minute}})
	if ok, _ := w.Allow("a", Viewer, t0); !ok {
		t.Fatal("a refused")
	}
	if ok, _ := w.Allow("b", Viewer, t0); !ok {
		t.Fatal("b refused after a spoke")
	}
	if ok, _ := w.Allow("a", Viewer, t0); ok {
		t.Fatal("a allowed twice")
	}
}

func TestWindowClassChangeKeepsHistory(t *testing.T) {
	w := NewWindow(Classes{})
	for range 20 {
		w.Allow("u", Viewer, t0)
	}
	if ok, _ := w.Allow("u", Viewer, t0); ok {
		t.Fatal("21st viewer message allowed")
	}
	allowed := 0
	for range 100 {
		if ok, _ := w.Allow("u", Moderator, t0); ok {
			allowed++
		}
	}
	if allowed != 80 {
		t.Fatalf("promoted user allowed %d more, want 80 (100 minus the 20 sent)", allowed)
	}
	// Demoted again: 100 in the window, the viewer limit is 20, so 81 must leave first.
	if ok, retry := w.Allow("u", Viewer, at(time.Second)); ok || retry != 29*time.Second {
		t.Fatalf("demoted user: %v, %v; want refused for 29s", ok, retry)
	}
}

func TestWindowClockGoingBackwardsDoesNotReset(t *testing.T) {
	w := NewWindow(Classes{Viewer: Limit{Count: 2, Period: 10 * time.Second}})
	w.Allow("u", Viewer, at(20*time.Second))
	w.Allow("u", Viewer, at(20*time.Second))
	if ok, retry := w.Allow("u", Viewer, at(0)); ok || retry != 10*time.Second {
		t.Fatalf("Allow with an earlier clock = %v, %v; want refused for 10s", ok, retry)
	}
}

func TestWindowEvictsIdleKeys(t *testing.T) {
	w := NewWindow(Classes{})
	for i := range 1000 {
		w.Allow(fmt.Sprint("user", i), Viewer, t0)
	}
	if w.Len() != 1000 {
		t.Fatalf("Len = %d, want 1000", w.Len())
	}
	// While their messages are inside the window, sweeping keeps them.
	for range 1000 {
		w.Allow("active", Viewer, at(29*time.Second))
	}
	if w.Len() != 1001 {
		t.Fatalf("Len = %d after sweeps inside the period, want 1001", w.Len())
	}
	// A full period later they are idle; about Len/2 calls sweep them all.
	for range 600 {
		w.Allow("active", Viewer, at(30*time.Second))
	}
	if w.Len() != 1 {
		t.Fatalf("Len = %d after the period, want 1 (only the active key)", w.Len())
	}
	// An evicted key starts afresh, as it would have anyway.
	for i := range 20 {
		if ok, _ := w.Allow("user7", Viewer, at(31*time.Second)); !ok {
			t.Fatalf("evicted key refused at message %d", i+1)
		}
	}
}

func TestWindowReusesEvictedRings(t *testing.T) {
	w := NewWindow(Classes{})
	key := "u"
	for round := range 5 {
		now := at(time.Duration(round) * time.Minute)
		w.Allow(key, Viewer, now)
		w.Allow("other", Viewer, now) // sweeps: the idle key from the last round is evicted
		w.Allow("other", Viewer, now)
	}
	if got := len(w.t.free) + w.t.len(); got > 4 {
		t.Fatalf("%d rings held for 2 keys", got)
	}
	if n := testing.AllocsPerRun(100, func() { w.Allow(key, Viewer, at(10*time.Minute)) }); n != 0 {
		t.Fatalf("Allow on an existing key allocates %v times", n)
	}
}
