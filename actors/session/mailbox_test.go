package session

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/asynkron/protoactor-go/actor"
)

// recordingInvoker notes every message the mailbox hands it, and fails the test when two are
// handled at once (an actor's messages are handled one at a time).
type recordingInvoker struct {
	t       *testing.T
	busy    atomic.Bool
	mu      sync.Mutex
	got     []string
	failed  []any
	panicOn string
}

func (r *recordingInvoker) note(kind string, msg any) {
	if !r.busy.CompareAndSwap(false, true) {
		r.t.Errorf("%s %v handled while another message was", kind, msg)
	}
	defer r.busy.Store(false)
	r.mu.Lock()
	r.got = append(r.got, fmt.Sprintf("%s:%v", kind, msg))
	r.mu.Unlock()
	if s, ok := msg.(string); ok && s == r.panicOn {
		panic("boom")
	}
}

func (r *recordingInvoker) InvokeSystemMessage(msg any) { r.note("sys", msg) }
func (r *recordingInvoker) InvokeUserMessage(msg any)   { r.note("user", msg) }
func (r *recordingInvoker) EscalateFailure(_ any, msg any) {
	r.mu.Lock()
	r.failed = append(r.failed, msg)
	r.mu.Unlock()
}

func (r *recordingInvoker) messages() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.got)
}

// heldDispatcher keeps what the mailbox schedules until the test runs it.
type heldDispatcher struct{ scheduled []func() }

func (d *heldDispatcher) Schedule(fn func()) { d.scheduled = append(d.scheduled, fn) }
func (d *heldDispatcher) Throughput() int    { return 2 }

func (d *heldDispatcher) runAll() {
	for len(d.scheduled) > 0 {
		fn := d.scheduled[0]
		d.scheduled = d.scheduled[1:]
		fn()
	}
}

func TestTheMailboxHandsSystemMessagesFirstAndEachKindInOrder(t *testing.T) {
	inv, disp := &recordingInvoker{t: t}, &heldDispatcher{}
	m := newMailbox()
	m.RegisterHandlers(inv, disp)
	m.PostUserMessage("u1")
	m.PostSystemMessage("s1")
	m.PostUserMessage("u2")
	m.PostSystemMessage("s2")
	if n := m.UserMessageCount(); n != 2 {
		t.Errorf("UserMessageCount = %d, want 2", n)
	}
	if len(disp.scheduled) != 1 {
		t.Fatalf("%d drains scheduled for four posts, want 1", len(disp.scheduled))
	}
	disp.runAll()
	want := []string{"sys:s1", "sys:s2", "user:u1", "user:u2"}
	if got := inv.messages(); !slices.Equal(got, want) {
		t.Fatalf("handled %v, want %v", got, want)
	}
	// Drained: the next post schedules a new drain.
	m.PostUserMessage("u3")
	if len(disp.scheduled) != 1 {
		t.Fatalf("a post to a drained mailbox scheduled %d drains, want 1", len(disp.scheduled))
	}
	disp.runAll()
	if got := inv.messages(); got[len(got)-1] != "user:u3" {
		t.Fatalf("handled %v, want u3 last", got)
	}
	if mb := m.(*mailbox); mb.queue != nil {
		t.Errorf("a drained mailbox keeps a queue of capacity %d", cap(mb.queue))
	}
}

func TestASuspendedMailboxHoldsUserMessagesUntilResumed(t *testing.T) {
	inv, disp := &recordingInvoker{t: t}, &heldDispatcher{}
	m := newMailbox()
	m.RegisterHandlers(inv, disp)
	m.PostSystemMessage(&actor.SuspendMailbox{})
	m.PostUserMessage("u1")
	disp.runAll()
	if got := inv.messages(); len(got) != 0 {
		t.Fatalf("a suspended mailbox handled %v", got)
	}
	m.PostSystemMessage("s1")
	disp.runAll()
	if got := inv.messages(); !slices.Equal(got, []string{"sys:s1"}) {
		t.Fatalf("suspended: handled %v, want only the system message", got)
	}
	m.PostSystemMessage(&actor.ResumeMailbox{})
	disp.runAll()
	if got := inv.messages(); !slices.Equal(got, []string{"sys:s1", "user:u1"}) {
		t.Fatalf("resumed: handled %v, want the held user message after s1", got)
	}
}

func TestAPanicGoesToTheSupervisorAndTheDrainGoesOn(t *testing.T) {
	inv, disp := &recordingInvoker{t: t, panicOn: "bad"}, &heldDispatcher{}
	m := newMailbox()
	m.RegisterHandlers(inv, disp)
	m.PostUserMessage("bad")
	m.PostUserMessage("after")
	disp.runAll()
	if len(inv.failed) != 1 || inv.failed[0] != "bad" {
		t.Fatalf("escalated %v, want the message that panicked", inv.failed)
	}
	if got := inv.messages(); !slices.Equal(got, []string{"user:bad", "user:after"}) {
		t.Fatalf("handled %v, want the drain to go on after the panic", got)
	}
}

// TestTheMailboxLosesNothingUnderConcurrentPosts posts from many goroutines to a mailbox drained by
// protoactor's own goroutine dispatcher: every message is handled once, one at a time.
func TestTheMailboxLosesNothingUnderConcurrentPosts(t *testing.T) {
	const posters, each = 8, 2000
	var handled atomic.Int64
	done := make(chan struct{})
	inv := &countingInvoker{t: t, handled: &handled, want: posters * each, done: done}
	m := newMailbox()
	m.RegisterHandlers(inv, actor.NewDefaultDispatcher(5))
	var wg sync.WaitGroup
	for p := range posters {
		wg.Go(func() {
			for i := range each {
				if i%10 == 0 {
					m.PostSystemMessage(p)
				} else {
					m.PostUserMessage(p)
				}
			}
		})
	}
	wg.Wait()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("handled %d of %d messages", handled.Load(), posters*each)
	}
	if n := m.UserMessageCount(); n != 0 {
		t.Errorf("%d user messages left", n)
	}
}

type countingInvoker struct {
	t       *testing.T
	busy    atomic.Bool
	handled *atomic.Int64
	want    int64
	done    chan struct{}
}

func (c *countingInvoker) handle() {
	if !c.busy.CompareAndSwap(false, true) {
		c.t.Error("two messages handled at once")
	}
	c.busy.Store(false)
	if c.handled.Add(1) == c.want {
		close(c.done)
	}
}

func (c *countingInvoker) InvokeSystemMessage(any)  { c.handle() }
func (c *countingInvoker) InvokeUserMessage(any)    { c.handle() }
func (c *countingInvoker) EscalateFailure(any, any) { c.t.Error("no message panics here") }

// TestAnIdleMailboxIsSmall: every open connection keeps one (issue 24).
func TestAnIdleMailboxIsSmall(t *testing.T) {
	if n := unsafe.Sizeof(mailbox{}); n > 80 {
		t.Fatalf("session mailbox is %d bytes, over 80", n)
	}
}
