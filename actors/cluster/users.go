package cluster

import (
	"context"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"courtside/actors/session"
)

// Users across nodes (design §3: "sessions are virtual actors placed by identity"). A signed-in
// user may have connections on several nodes, and a notice for them (a booked match starting, a
// revoked right) is raised wherever it happens. Each signed-in user therefore has one actor of the
// "user" kind somewhere in the cluster, placed by user id like rooms: every node tells it which
// session actors the user has there (UserAttach, UserDetach), and a notice sent to it goes to all
// of them. It watches those sessions, so a session whose node dies drops out by itself.
//
// The user actor is soft state: when its node dies, the next message re-activates it empty on a
// survivor, and every node re-attaches its sessions at once on the topology change and again every
// userRefreshEvery (which also repairs an attach lost in flight). A user with no session left
// stops after userIdle.

// UserKind is the kind of the users' actors.
const UserKind = "user"

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
	case *session.Notice, *session.Reauthorize:
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

// Users is session.Users for a node in a cluster: this node's sessions (a session.LocalUsers), and
// the user actors that know every node's. Adding and removing a session tells the user's actor;
// a notice goes through it to the user's sessions on every node.
//
// One goroutine (Run) resolves each user's actor (protoactor caches the answer) and sends, in
// order; the queue is bounded and a full queue drops the message, counted: the periodic refresh
// repairs attaches, and a notice is best effort anyway (it goes to connected sessions only).
type Users struct {
	local   *session.LocalUsers
	resolve func(uid string) *actor.PID
	system  *actor.ActorSystem
	log     *zap.Logger
	queue   chan userMsg
	resync  chan struct{}
	dropped prometheus.Counter
}

var _ session.Users = (*Users)(nil)

type userMsg struct {
	uid string
	msg any
}

// newUsers makes the cluster's Users over local; resolve finds a user's actor (Cluster.Get).
func newUsers(local *session.LocalUsers, resolve func(uid string) *actor.PID, system *actor.ActorSystem, log *zap.Logger, reg prometheus.Registerer) *Users {
	dropped := prometheus.NewCounter(prometheus.CounterOpts{
		Name: "courtside_user_messages_dropped_total",
		Help: "Attach, detach and notice messages for user actors dropped (queue full or no member owns the user).",
	})
	reg.MustRegister(dropped)
	return &Users{local: local, resolve: resolve, system: system, log: log, queue: make(chan userMsg, userQueue),
		resync: make(chan struct{}, 1), dropped: dropped}
}

// Add implements session.Users.
func (u *Users) Add(uid string, pid *actor.PID) {
	u.local.Add(uid, pid)
	u.send(uid, &UserAttach{Session: pid})
}

// Remove implements session.Users.
func (u *Users) Remove(uid string, pid *actor.PID) {
	u.local.Remove(uid, pid)
	u.send(uid, &UserDetach{Session: pid})
}

// Notify implements session.Users: through the user's actor, to the user's sessions on every node.
func (u *Users) Notify(uid string, n *session.Notice) { u.send(uid, n) }

// Reauthorize implements session.Users: through the user's actor, to the user's sessions on every
// node. A revocation is never dropped for a full queue: it goes to this node's sessions at once
// too, and the user actor re-sends it to every node's.
func (u *Users) Reauthorize(uid string) {
	u.local.Reauthorize(uid)
	select {
	case u.queue <- userMsg{uid, &session.Reauthorize{}}:
	case <-time.After(time.Second):
		u.dropped.Inc()
		u.log.Error("revocation not delivered to other nodes: user queue full", zap.String("user", uid))
	}
}

// send queues msg for uid's actor; it never blocks.
func (u *Users) send(uid string, msg any) {
	select {
	case u.queue <- userMsg{uid, msg}:
	default:
		u.dropped.Inc()
	}
}

// topologyChanged re-attaches every local session soon: user actors of a node that left are gone.
func (u *Users) topologyChanged() {
	select {
	case u.resync <- struct{}{}:
	default:
	}
}

// Run delivers queued messages and re-attaches this node's sessions periodically, until ctx is done.
func (u *Users) Run(ctx context.Context) error {
	refresh := time.NewTicker(userRefreshEvery)
	defer refresh.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case m := <-u.queue:
			u.deliver(m)
		case <-refresh.C:
			u.reattach()
		case <-u.resync:
			u.reattach()
		}
	}
}

func (u *Users) reattach() {
	u.local.Each(func(uid string, pid *actor.PID) { u.deliver(userMsg{uid, &UserAttach{Session: pid}}) })
}

// deliver resolves the user's actor (blocking on the first message to a user, cached after) and
// sends msg, wrapped for the wire when the actor lives on another node (the root context has no
// codec middleware).
func (u *Users) deliver(m userMsg) {
	pid := u.resolve(m.uid)
	if pid == nil {
		u.dropped.Inc()
		u.log.Debug("user actor not resolvable", zap.String("user", m.uid))
		return
	}
	msg := m.msg
	if pid.Address != u.system.Address() {
		wrapped, _, err := wrapMessage(msg)
		if err != nil {
			u.dropped.Inc()
			u.log.Error("user message not encodable", zap.Error(err))
			return
		}
		msg = wrapped
	}
	u.system.Root.Send(pid, msg)
}
