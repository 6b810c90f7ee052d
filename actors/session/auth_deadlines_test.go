package session

import (
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// Sessions started at different times are each told no earlier than their own deadline, and a
// deadline added after the queue ran dry still fires (the shared timer is armed again).
func TestAuthDeadlinesFireInTurnForEverySession(t *testing.T) {
	sys := actor.NewActorSystem()
	t.Cleanup(sys.Shutdown)
	const after = 30 * time.Millisecond
	d := newAuthDeadlines(after)
	told := make(chan time.Duration, 8)
	start := time.Now()
	add := func() time.Duration {
		at := time.Since(start)
		d.add(sys, sys.Root.Spawn(actor.PropsFromFunc(func(c actor.Context) {
			if _, ok := c.Message().(*authTimeout); ok {
				told <- time.Since(start) - at
			}
		})))
		return at
	}
	wait := func(what string) {
		t.Helper()
		select {
		case waited := <-told:
			if waited < after {
				t.Fatalf("%s: told after %v, before its AuthTimeout of %v", what, waited, after)
			}
		case <-time.After(5 * time.Second): // a deadline for a hang, not a timing assertion
			t.Fatalf("%s: never told", what)
		}
	}
	add()
	time.Sleep(10 * time.Millisecond)
	add() // while the first one's deadline is armed
	wait("first")
	wait("second")
	add() // the queue is empty again
	wait("third")
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.queue) != 0 {
		t.Fatalf("%d deadlines left after all fired", len(d.queue))
	}
	if d.queue != nil {
		t.Fatalf("a drained queue keeps an array of %d entries", cap(d.queue))
	}
}
