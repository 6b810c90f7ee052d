package engine

import (
	"context"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/asynkron/protoactor-go/cluster"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"courtside/actors/session"
)

// Users across nodes (design §3: "sessions are virtual actors placed by identity"). A signed-in
// user may have connections on several nodes, and a notice for them (a booked match starting) is
// raised wherever the match actor runs. Each signed-in user therefore has one actor of the "user"
// kind somewhere in the cluster, placed by user id like rooms: every node's directory tells it
// which session actors the user has there (UserAttach, UserDetach), and a notice sent to it goes
// to all of them. It watches those sessions, so a session whose node dies drops out by itself.
//
// The user actor is soft state: when its node dies, the next message re-activates it empty on a
// survivor, and every node re-attaches its sessions at once on the topology change and again every
// userRefreshEvery (which also repairs an attach lost in flight). A user with no session left
// stops after userIdle.

const userKind = "user"

const (
	userIdle         = 2 * time.Minute
	userRefreshEvery = 30 * time.Second
	userQueue        = 65536 // attach/detach/notice messages waiting for the router
)

// UserAttach tells a user's actor that Session (a session actor on any node) is the user's.
type UserAttach struct{ Session *actor.PID }

// UserDetach tells a user's actor that Session ended.
type UserDetach struct{ Session *actor.PID }

// userActor is the "user" kind: the sessions of one user, on every node.
type userActor struct {
	sessions map[string]*actor.PID
}

func newUserActor() actor.Actor { return &userActor{sessions: map[string]*actor.PID{}} }

func (u *userActor) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *actor.Started:
		ctx.SetReceiveTimeout(userIdle)
	case *UserAttach:
		if m.Session == nil {
			return
		}
		k := pidKey(m.Session)
		if _, ok := u.sessions[k]; !ok {
			u.sessions[k] = m.Session
			ctx.Watch(m.Session)
		}
	case *UserDetach:
		if m.Session != nil {
			delete(u.sessions, pidKey(m.Session))
			ctx.Unwatch(m.Session)
		}
	case *actor.Terminated:
		delete(u.sessions, pidKey(m.Who))
	case *session.Notice:
		for _, pid := range u.sessions {
			ctx.Send(pid, m)
		}
	case *actor.ReceiveTimeout:
		if len(u.sessions) == 0 {
			ctx.Stop(ctx.Self()) // passivate; the next message activates it again
		}
	}
}

func pidKey(pid *actor.PID) string { return pid.Address + "/" + pid.Id }

// userRouter sends messages to user actors from outside any actor (sessions start and stop on
// gateway goroutines; notices come from the match actors' goroutines). One goroutine resolves each
// user's actor (protoactor caches the answer) and sends, in order; the queue is bounded and a full
// queue drops the message, counted: the periodic refresh repairs attaches, and a notice is best
// effort anyway (it goes to connected sessions only).
type userRouter struct {
	c       *cluster.Cluster
	system  *actor.ActorSystem
	dir     *directory
	log     *zap.Logger
	queue   chan userMsg
	resync  chan struct{}
	dropped prometheus.Counter
}

type userMsg struct {
	uid string
	msg any
}

func newUserRouter(c *cluster.Cluster, system *actor.ActorSystem, dir *directory, log *zap.Logger, reg prometheus.Registerer) *userRouter {
	dropped := prometheus.NewCounter(prometheus.CounterOpts{
		Name: "courtside_user_messages_dropped_total",
		Help: "Attach, detach and notice messages for user actors dropped (queue full or no member owns the user).",
	})
	reg.MustRegister(dropped)
	return &userRouter{c: c, system: system, dir: dir, log: log, queue: make(chan userMsg, userQueue),
		resync: make(chan struct{}, 1), dropped: dropped}
}

// send queues msg for uid's actor; it never blocks.
func (r *userRouter) send(uid string, msg any) {
	select {
	case r.queue <- userMsg{uid, msg}:
	default:
		r.dropped.Inc()
	}
}

// topologyChanged re-attaches every local session soon: user actors of a node that left are gone.
func (r *userRouter) topologyChanged() {
	select {
	case r.resync <- struct{}{}:
	default:
	}
}

// Run delivers queued messages and re-attaches this node's sessions periodically.
func (r *userRouter) Run(ctx context.Context) error {
	refresh := time.NewTicker(userRefreshEvery)
	defer refresh.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case m := <-r.queue:
			r.deliver(m)
		case <-refresh.C:
			r.reattach()
		case <-r.resync:
			r.reattach()
		}
	}
}

func (r *userRouter) reattach() {
	r.dir.each(func(uid string, pid *actor.PID) { r.deliver(userMsg{uid, &UserAttach{Session: pid}}) })
}

// deliver resolves the user's actor (blocking on the first message to a user, cached after) and
// sends msg, wrapped for the wire when the actor lives on another node (the root context has no
// codec middleware).
func (r *userRouter) deliver(m userMsg) {
	pid := r.c.Get(m.uid, userKind)
	if pid == nil {
		r.dropped.Inc()
		r.log.Debug("user actor not resolvable", zap.String("user", m.uid))
		return
	}
	msg := m.msg
	if pid.Address != r.system.Address() {
		wrapped, _, err := wrapMessage(msg)
		if err != nil {
			r.dropped.Inc()
			r.log.Error("user message not encodable", zap.Error(err))
			return
		}
		msg = wrapped
	}
	r.system.Root.Send(pid, msg)
}
