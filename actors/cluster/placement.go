package cluster

import (
	"sync"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"courtside/actors/match"
	"courtside/actors/room"
)

// Placement finds the actors of one kind in the cluster for a registry (room.Placement,
// match.Placement). Get never blocks: it returns a local proxy actor per identity that resolves the
// actor's current PID (an activation request to the owner) and forwards to it; after a topology
// change every proxy resolves again (Invalidate), so an actor whose node died is re-activated on a
// survivor by its next message (a relay's heartbeat, a command, a join, a feed event).
type Placement struct {
	system *actor.ActorSystem
	kind   string
	props  func(*actor.Props) *actor.Props
	log    *zap.Logger
	// resolve asks the cluster for the actor of an identity (Cluster.Get; it blocks).
	resolve func(id string) *actor.PID

	mu      sync.Mutex
	proxies map[string]*actor.PID
}

var (
	_ room.Placement  = (*Placement)(nil)
	_ match.Placement = (*Placement)(nil)
)

// NewPlacement makes the placement of kind over resolve (a cluster's Get, or a test's stand-in);
// props equips the proxies (the codec: they forward to other nodes).
func NewPlacement(system *actor.ActorSystem, kind string, resolve func(id string) *actor.PID, props func(*actor.Props) *actor.Props, log *zap.Logger) *Placement {
	return &Placement{system: system, kind: kind, props: props, log: log, proxies: map[string]*actor.PID{}, resolve: resolve}
}

// Get returns the proxy of the actor named id.
func (p *Placement) Get(id string) *actor.PID {
	p.mu.Lock()
	defer p.mu.Unlock()
	if pid, ok := p.proxies[id]; ok {
		return pid
	}
	pid := p.system.Root.Spawn(p.props(actor.PropsFromProducer(func() actor.Actor { return &identityProxy{p: p, id: id} })))
	p.proxies[id] = pid
	return pid
}

// Invalidate makes every proxy resolve its actor again before the next message.
func (p *Placement) Invalidate() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, pid := range p.proxies {
		p.system.Root.Send(pid, &resolveAgain{})
	}
}

type resolveAgain struct{}

// proxyRetry is how long a proxy drops messages after its actor could not be resolved (no member
// owns it yet, or the owner did not answer) before trying again.
const proxyRetry = 200 * time.Millisecond

// identityProxy forwards to one actor (a room, a match, a topic) wherever it lives. Messages it
// cannot deliver are dropped, as they would be to a dead node: sessions answer commands with a
// timeout, relays re-send joins and heartbeats, clients resume, the feed is resent after a
// topology change (match.Registry.Resend). A request (a message with a sender: Registry.State)
// is answered through a one-shot replyForwarder, so the reply is decoded before the requester
// (typically a future, which has no codec) sees it.
type identityProxy struct {
	p       *Placement
	id      string
	target  *actor.PID
	retryAt time.Time
}

func (r *identityProxy) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *actor.Started, *actor.Stopping, *actor.Stopped, *actor.Restarting:
		return
	case *resolveAgain:
		r.target, r.retryAt = nil, time.Time{}
		return
	case *actor.Terminated:
		// The actor stopped (it was not found, failed to load, or was handed over): find it again
		// on the next message. When its whole node went away, the next topology change says
		// where it lives now; until then its owner is still the dead node.
		if r.target != nil && m.Who.Equal(r.target) && m.Why != actor.TerminatedReason_AddressTerminated {
			r.target = nil
		}
		return
	}
	if r.target == nil {
		if time.Now().Before(r.retryAt) {
			return
		}
		// A blocking request to the owner's placement actor; it holds up this actor's messages only.
		if r.target = r.p.resolve(r.id); r.target == nil {
			r.retryAt = time.Now().Add(proxyRetry)
			r.p.log.Debug("actor not resolvable yet", zap.String("kind", r.p.kind), zap.String("id", r.id))
			return
		}
		ctx.Watch(r.target)
	}
	if sender := ctx.Sender(); sender != nil {
		fwd := ctx.Spawn(r.p.props(actor.PropsFromProducer(func() actor.Actor { return &replyForwarder{to: sender} })))
		ctx.RequestWithCustomSender(r.target, ctx.Message(), fwd)
		return
	}
	ctx.Send(r.target, ctx.Message())
}

// replyWait is how long a replyForwarder waits for its one reply (longer than any caller waits).
const replyWait = time.Minute

// replyForwarder hands the one reply to a request made through a proxy to the original sender,
// then stops; with no reply within replyWait it stops anyway.
type replyForwarder struct{ to *actor.PID }

func (f *replyForwarder) Receive(ctx actor.Context) {
	switch ctx.Message().(type) {
	case *actor.Started:
		ctx.SetReceiveTimeout(replyWait)
	case *actor.Stopping, *actor.Stopped, *actor.Restarting:
	case *actor.ReceiveTimeout:
		ctx.Stop(ctx.Self())
	default:
		ctx.Send(f.to, ctx.Message())
		ctx.Stop(ctx.Self())
	}
}
