package session

import (
	"runtime"
	"slices"
	"sync"

	"github.com/asynkron/protoactor-go/actor"
)

// mailbox is a session's mailbox: protoactor's contract (system messages before user messages,
// each kind in the order posted; Suspend/ResumeMailbox; a panic escalated to the supervisor; at
// most the dispatcher's throughput messages between yields) in 80 bytes that hold nothing while
// the session is idle.
//
// Every open connection has a session, and most of them sit idle for minutes. protoactor's
// lock-free mailbox is a 96-byte struct plus two queues, each with a node left in it after its
// last message: 176 bytes of every idle connection (issue 24: an idle connection's memory). Here
// the waiting messages are one slice, system messages first, released when the mailbox drains; a
// mutex orders posts against the drain, which is cheap at a session's rate (a client's commands
// and their answers, at most Config.RatePerSec a second).
//
// It does not unpack actor.MessageBatch, and takes no mailbox middlewares: sessions are sent
// neither.
type mailbox struct {
	mu        sync.Mutex
	scheduled bool  // the dispatcher has (or is about to run) process
	suspended bool  // SuspendMailbox seen: only system messages are handled until ResumeMailbox
	system    int32 // the first system messages of queue are system messages
	queue     []any

	invoker    actor.MessageInvoker
	dispatcher actor.Dispatcher
}

// newMailbox is the session's actor.MailboxProducer.
func newMailbox() actor.Mailbox { return &mailbox{} }

func (m *mailbox) RegisterHandlers(invoker actor.MessageInvoker, dispatcher actor.Dispatcher) {
	m.invoker, m.dispatcher = invoker, dispatcher
}

func (m *mailbox) Start() {}

func (m *mailbox) UserMessageCount() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.queue) - int(m.system)
}

func (m *mailbox) PostUserMessage(msg any) {
	m.mu.Lock()
	m.queue = append(m.queue, msg)
	m.scheduleLocked()
}

func (m *mailbox) PostSystemMessage(msg any) {
	m.mu.Lock()
	m.queue = slices.Insert(m.queue, int(m.system), msg)
	m.system++
	m.scheduleLocked()
}

// scheduleLocked unlocks m and starts a drain unless one is running: the drain takes every message
// posted before it finds the mailbox empty (it decides that under the same lock).
func (m *mailbox) scheduleLocked() {
	start := !m.scheduled
	m.scheduled = true
	m.mu.Unlock()
	if start {
		m.dispatcher.Schedule(m.process)
	}
}

// next takes the message to handle, or stops the drain (nil) when only user messages wait and the
// mailbox is suspended, or nothing waits; an empty queue's storage is let go. Suspend and
// ResumeMailbox are the mailbox's own: they are applied here and never handed out.
func (m *mailbox) next() (msg any, system bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for {
		if len(m.queue) == 0 || (m.system == 0 && m.suspended) {
			if len(m.queue) == 0 {
				m.queue = nil
			}
			m.scheduled = false
			return nil, false
		}
		msg, system = m.queue[0], m.system > 0
		m.queue[0] = nil
		m.queue = m.queue[1:]
		if !system {
			return msg, false
		}
		m.system--
		switch msg.(type) {
		case *actor.SuspendMailbox:
			m.suspended = true
		case *actor.ResumeMailbox:
			m.suspended = false
		default:
			return msg, true
		}
	}
}

// process drains the mailbox on the dispatcher's goroutine.
func (m *mailbox) process() {
	for m.run() {
	}
}

// run handles messages until the mailbox is empty (false) or a message panicked (true: the
// failure went to the supervisor, and the drain goes on, as the supervisor's answer is a system
// message that must be read).
func (m *mailbox) run() (panicked bool) {
	var msg any
	defer func() {
		if r := recover(); r != nil {
			m.invoker.EscalateFailure(r, msg)
			panicked = true
		}
	}()
	throughput := m.dispatcher.Throughput()
	for i := 1; ; i++ {
		if i > throughput {
			i = 1
			runtime.Gosched()
		}
		var system bool
		if msg, system = m.next(); msg == nil {
			return false
		}
		if system {
			m.invoker.InvokeSystemMessage(msg)
		} else {
			m.invoker.InvokeUserMessage(msg)
		}
	}
}
