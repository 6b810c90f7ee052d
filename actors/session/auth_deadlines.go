package session

import (
	"sync"
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// authDeadlines closes the sessions that have not signed in within AuthTimeout, for every session
// of one Config. Each session's deadline is its start plus the same AuthTimeout, so deadlines come
// in the order they are added: one queue and one timer armed for its head serve them all. A
// time.Timer per session cost about 150 bytes of each connection for as long as it stayed
// unauthenticated (issue 24: an idle connection's memory); an entry here is 24.
//
// add is called from sessions' Started (any goroutine); fire runs on the timer's goroutine. mu
// guards queue and timer. Sending under mu is fine: a send to a local mailbox never blocks.
type authDeadlines struct {
	after time.Duration
	start time.Time // deadlines are durations since start, read on the monotonic clock

	mu    sync.Mutex
	queue []authDeadline // oldest first
	timer *time.Timer    // armed for queue[0] while queue is not empty
}

type authDeadline struct {
	due time.Duration
	sys *actor.ActorSystem
	pid *actor.PID
}

func newAuthDeadlines(after time.Duration) *authDeadlines {
	return &authDeadlines{after: after, start: time.Now()}
}

// add posts authTimeout to pid after AuthTimeout. The session ignores it once signed in; a
// session that is gone by then leaves it to the dead letters, as its own timer did.
func (d *authDeadlines) add(sys *actor.ActorSystem, pid *actor.PID) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.queue = append(d.queue, authDeadline{due: time.Since(d.start) + d.after, sys: sys, pid: pid})
	if len(d.queue) > 1 {
		return // the timer is armed for an earlier deadline
	}
	if d.timer == nil {
		d.timer = time.AfterFunc(d.after, d.fire)
	} else {
		d.timer.Reset(d.after)
	}
}

func (d *authDeadlines) fire() {
	d.mu.Lock()
	defer d.mu.Unlock()
	now := time.Since(d.start)
	n := 0
	for ; n < len(d.queue) && d.queue[n].due <= now; n++ {
		d.queue[n].sys.Root.Send(d.queue[n].pid, &authTimeout{})
	}
	clear(d.queue[:n]) // the array stays until append moves the queue; it must not keep PIDs alive
	d.queue = d.queue[n:]
	if len(d.queue) == 0 {
		// Drained: let the array go. A burst of connections grows it to one entry each, and
		// keeping it would cost every one of them its entry long after (issue 24).
		d.queue = nil
		return
	}
	d.timer.Reset(d.queue[0].due - now)
}
