package gateway

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/panjf2000/gnet/v2"
)

// loop is the gateway's state for one gnet event loop: its connections (for
// the timer sweep) and the list of connections with frames to write.
//
// One wake-up of the loop serves every connection that became non-empty
// since the last one, so a fan-out to N sockets costs N mutex operations and
// at most one event-loop task (one allocation inside gnet) per loop, not one
// per socket.
type loop struct {
	s  *Server
	el gnet.EventLoop

	// Event loop only.
	conns   []*Conn
	scratch []byte   // encode buffer for control frames and HTTP answers
	iov     [][]byte // frames of one writev
	spare   []*Conn

	// mu guards dirty and triggered. Never held while calling into gnet or
	// taking a Conn.mu.
	mu        sync.Mutex
	dirty     []*Conn
	triggered bool

	sweeping atomic.Bool
	drainR   gnet.Runnable
	sweepR   gnet.Runnable
	closeR   gnet.Runnable
}

func newLoop(s *Server, el gnet.EventLoop) *loop {
	l := &loop{s: s, el: el, scratch: make([]byte, 0, 512), iov: make([][]byte, 0, maxIov)}
	l.drainR = gnet.RunnableFunc(func(context.Context) error { l.drain(); return nil })
	l.sweepR = gnet.RunnableFunc(func(context.Context) error { l.sweep(); return nil })
	l.closeR = gnet.RunnableFunc(func(context.Context) error { l.closeAll(); return nil })
	return l
}

// enqueue schedules c.service on the loop. Any goroutine; the caller has
// set c.scheduled, so c is on the list at most once.
func (l *loop) enqueue(c *Conn) {
	if l.add2dirty(c) {
		l.trigger()
	}
}

// add2dirty puts c on the list and reports whether the loop must be woken
// (no drain is pending or running). The caller must then call trigger.
func (l *loop) add2dirty(c *Conn) (mustTrigger bool) {
	l.mu.Lock()
	l.dirty = append(l.dirty, c)
	mustTrigger = !l.triggered
	l.triggered = true
	l.mu.Unlock()
	return mustTrigger
}

// trigger queues one drain task on the event loop. gnet allocates a closure
// and a queue node per task, which is why wake-ups are per loop, not per
// connection.
func (l *loop) trigger() {
	if err := l.el.Execute(context.Background(), l.drainR); err != nil {
		// Engine shutting down: its connections are being closed anyway.
		l.mu.Lock()
		l.triggered = false
		l.mu.Unlock()
	}
}

// drain serves every scheduled connection. It keeps going while producers
// add more, and only then clears triggered: connections scheduled while a
// drain runs are picked up by it without another event-loop task. Event
// loop only.
func (l *loop) drain() {
	for {
		l.mu.Lock()
		batch := l.dirty
		if len(batch) == 0 {
			l.triggered = false
			l.mu.Unlock()
			return
		}
		l.dirty = l.spare[:0]
		l.mu.Unlock()
		for _, c := range batch {
			c.service()
		}
		clear(batch)
		l.spare = batch[:0]
	}
}

// add registers a new TCP connection. Event loop only.
func (l *loop) add(c *Conn) {
	c.idx = int32(len(l.conns))
	l.conns = append(l.conns, c)
}

// remove unregisters c (swap with the last). Event loop only.
func (l *loop) remove(c *Conn) {
	i := int(c.idx)
	if i < 0 || i >= len(l.conns) || l.conns[i] != c {
		return
	}
	last := len(l.conns) - 1
	l.conns[i] = l.conns[last]
	l.conns[i].idx = int32(i)
	l.conns[last] = nil
	l.conns = l.conns[:last]
	c.idx = -1
}

// requestSweep asks the loop to run its timer sweep unless one is pending.
// Called from gnet's ticker goroutine.
func (l *loop) requestSweep() {
	if l.sweeping.CompareAndSwap(false, true) {
		if err := l.el.Execute(context.Background(), l.sweepR); err != nil {
			l.sweeping.Store(false)
		}
	}
}

// sweep enforces timers on every connection of the loop. Event loop only.
// It walks backwards because closing a connection swaps the last one into
// its slot.
func (l *loop) sweep() {
	l.sweeping.Store(false)
	now := time.Now().UnixNano()
	for i := len(l.conns) - 1; i >= 0; i-- {
		if i < len(l.conns) {
			l.conns[i].sweep(now)
		}
	}
}

// closeAll starts the close handshake (1001) on every upgraded connection
// and drops connections still in the HTTP handshake. Event loop only.
func (l *loop) closeAll() {
	for i := len(l.conns) - 1; i >= 0; i-- {
		if i >= len(l.conns) {
			continue
		}
		c := l.conns[i]
		switch c.state {
		case stateHandshake:
			_ = l.el.Close(c.gc)
		case stateOpen:
			c.startClose(CloseGoingAway, "server shutting down")
		}
	}
}
