package session

import (
	"testing"
	"unsafe"
)

// TestASessionStaysInItsSizeClass: every open connection keeps one Actor, so its size is part of
// an idle connection's memory (issue 24). A field that takes it past 160 bytes costs every
// connection 16 more (Go's next size class): group small fields, or keep the state in a struct made
// when it is first needed.
func TestASessionStaysInItsSizeClass(t *testing.T) {
	if n := unsafe.Sizeof(Actor{}); n > 160 {
		t.Fatalf("session Actor is %d bytes, over 160", n)
	}
}
