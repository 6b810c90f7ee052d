package session

import (
	"testing"
	"time"
)

// TestRoomListKeepsMembershipAndTimingApart: leaving keeps a running join time until it is taken,
// taking the time keeps the membership, and an entry goes only when it is neither.
func TestRoomListKeepsMembershipAndTimingApart(t *testing.T) {
	t0 := int64(5 * time.Second)
	var l roomList
	l.join("a", t0)
	l.join("b", 0)
	l.join("a", t0+int64(time.Minute)) // joined again: the first time keeps running
	if !l.has("a") || !l.has("b") || l.has("c") || l.count() != 2 {
		t.Fatalf("after joins: %+v", l)
	}
	l.leave("a")
	if l.has("a") || l.count() != 1 {
		t.Fatalf("after leaving a: %+v", l)
	}
	if at, ok := l.takeTime("a"); !ok || at != t0 {
		t.Fatalf("a's time after leaving: %v %v, want %v", at, ok, t0)
	}
	if l.find("a") >= 0 {
		t.Fatalf("a neither in nor timed, still listed: %+v", l)
	}
	if _, ok := l.takeTime("b"); ok {
		t.Fatal("b was never timed")
	}
	l.leave("b")
	if len(l) != 0 {
		t.Fatalf("b left untimed, still listed: %+v", l)
	}

	l.join("c", t0)
	if _, ok := l.takeTime("c"); !ok || !l.has("c") {
		t.Fatalf("taking c's time took it out of the room: %+v", l)
	}
	l.join("d", t0)
	l.forget("d")
	if l.find("d") >= 0 || l.count() != 1 {
		t.Fatalf("forgotten d still listed: %+v", l)
	}
}
