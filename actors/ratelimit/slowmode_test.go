package ratelimit

import (
	"fmt"
	"testing"
	"time"
)

func TestSlowModeOff(t *testing.T) {
	for _, s := range []*SlowMode{{}, NewSlowMode(0)} {
		for range 5 {
			if !s.Allow("u", t0) {
				t.Fatal("slow mode off refused a message")
			}
		}
		if s.Len() != 0 {
			t.Fatalf("slow mode off remembers %d users", s.Len())
		}
	}
}

func TestSlowModeOneMessagePerInterval(t *testing.T) {
	s := NewSlowMode(5 * time.Second)
	steps := []struct {
		name      string
		key       string
		class     Class
		at        time.Duration
		ok        bool
		wantRetry time.Duration
	}{
		{"first message", "u", Viewer, 0, true, 0},
		{"second too soon", "u", Viewer, time.Second, false, 4 * time.Second},
		{"just before the interval", "u", Viewer, 5*time.Second - time.Millisecond, false, time.Millisecond},
		{"at the interval", "u", Viewer, 5 * time.Second, true, 0},
		{"others are independent", "v", Viewer, 5 * time.Second, true, 0},
		{"vip is slowed", "vip", VIP, 5 * time.Second, true, 0},
		{"vip is slowed again", "vip", VIP, 6 * time.Second, false, 4 * time.Second},
		{"moderator is exempt", "mod", Moderator, 6 * time.Second, true, 0},
		{"moderator is exempt again", "mod", Moderator, 6 * time.Second, true, 0},
		{"streamer is exempt", "host", Streamer, 6 * time.Second, true, 0},
		{"streamer is exempt again", "host", Streamer, 6 * time.Second, true, 0},
	}
	for _, st := range steps {
		ok, retry := s.AllowClass(st.key, st.class, at(st.at))
		if ok != st.ok || retry != st.wantRetry {
			t.Fatalf("%s: AllowClass = %v, %v; want %v, %v", st.name, ok, retry, st.ok, st.wantRetry)
		}
	}
	if s.Len() != 3 {
		t.Fatalf("Len = %d, want 3 (exempt users are not recorded)", s.Len())
	}
}

func TestSlowModeIntervalChanges(t *testing.T) {
	s := NewSlowMode(2 * time.Second)
	s.Allow("u", at(0))
	s.SetInterval(10 * time.Second)
	if got := s.RetryAfter("u", at(3*time.Second)); got != 7*time.Second {
		t.Fatalf("after tightening, RetryAfter = %v, want 7s", got)
	}
	if s.Allow("u", at(3*time.Second)) {
		t.Fatal("tightened interval not applied")
	}
	s.SetInterval(0)
	if s.Len() != 0 || !s.Allow("u", at(3*time.Second)) {
		t.Fatal("turning slow mode off did not forget and allow")
	}
	s.Interval = time.Second // the field works as well as SetInterval
	if !s.Allow("u", at(4*time.Second)) || s.Allow("u", at(4*time.Second)) {
		t.Fatal("interval set through the field not applied")
	}
}

func TestSlowModeRetryAfterDoesNotRecord(t *testing.T) {
	s := NewSlowMode(time.Second)
	if got := s.RetryAfter("u", t0); got != 0 {
		t.Fatalf("RetryAfter before any message = %v", got)
	}
	if !s.Allow("u", t0) {
		t.Fatal("RetryAfter counted as a message")
	}
}

func TestSlowModeEvictsIdleUsers(t *testing.T) {
	s := NewSlowMode(10 * time.Second)
	for i := range 100 {
		s.Allow(fmt.Sprint("u", i), t0)
	}
	for range 60 {
		s.Allow("active", at(10*time.Second))
	}
	if s.Len() != 1 {
		t.Fatalf("Len = %d, want 1", s.Len())
	}
}
