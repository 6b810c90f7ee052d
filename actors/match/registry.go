package match

import (
	"context"
	"sync"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/match/feed"
)

// Registry finds the actor of a match, activating it on first use, and is the feed ingestion
// point: it implements feed.Sink, so a provider (or the Simulator) pushes straight into it.
//
// On a single node it spawns match actors itself. In cluster mode (UsePlacement) match actors
// are virtual actors placed by identity: Get returns the placement's local proxy, the cluster
// activates the actor (NewActor) on the member that owns the id, and every node may ingest the
// same feed, since the owner drops what it has already applied. Safe for concurrent use.
type Registry struct {
	system *actor.ActorSystem
	cfg    *Config
	place  Placement

	mu        sync.Mutex
	pids      map[string]*actor.PID
	recent    map[string][]pushed // placement only: what Resend sends again
	nextSweep time.Time           // when rememberLocked next drops the expired events of every match
	batch     []feed.Event        // placement only: events of match batchOf not sent yet
	batchOf   string
	batchDue  bool // a timer will send the batch

	fed sync.Map // match id -> struct{}: the matches a feed event was pushed for (Fed)
}

// Placement finds an actor anywhere in a cluster by its identity (a match id, a topic name).
// Get must not block for long: the engine returns a local proxy that resolves the owner and
// forwards, request and reply alike.
type Placement interface{ Get(id string) *actor.PID }

// pushed is a feed event and when it was pushed, kept for Resend.
type pushed struct {
	ev feed.Event
	at time.Time
}

// Batches of events sent to another node (cluster mode): a batch holds the consecutive pushes of
// one match (a feed pushes a match's due events together), at most batchMax of them, and waits at
// most batchDelay for more.
const (
	batchMax   = 256
	batchDelay = 5 * time.Millisecond
)

// recentCap bounds the events kept per match for Resend, whatever the window: a live match sends
// a few events a second at most, while a node that starts pushes the whole history of the last
// days at once (which the owners have stored already).
const recentCap = 256

var _ feed.Sink = (*Registry)(nil)

// NewRegistry makes a registry that spawns matches with cfg (defaults filled in).
func NewRegistry(system *actor.ActorSystem, cfg Config) *Registry {
	cfg.fill()
	return &Registry{system: system, cfg: &cfg, pids: map[string]*actor.PID{}, recent: map[string][]pushed{}}
}

// UsePlacement makes Get ask p instead of spawning match actors on this node (cluster mode).
// Call it before first use.
func (r *Registry) UsePlacement(p Placement) { r.place = p }

// NewActor returns a new actor of match id with the registry's config: the cluster activates
// it on the member that owns the id.
func (r *Registry) NewActor(id string) actor.Actor { return newActor(id, r.cfg) }

// Get returns the match's actor, activating it when needed.
func (r *Registry) Get(id string) *actor.PID {
	if r.place != nil {
		return r.place.Get(id)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if pid, ok := r.pids[id]; ok {
		return pid
	}
	pid := r.system.Root.Spawn(Props(id, r.cfg))
	r.pids[id] = pid
	return pid
}

// Push hands a feed event to its match (feed.Sink).
func (r *Registry) Push(ev feed.Event) {
	if !validMatchID(ev.Match) {
		r.cfg.Log.Warn("feed event with an invalid match id dropped")
		return
	}
	r.fed.LoadOrStore(ev.Match, struct{}{})
	if r.place != nil {
		r.pushPlaced(ev)
		return
	}
	r.system.Root.Send(r.Get(ev.Match), &Apply{Event: ev})
}

// Fed reports whether this node's feed has pushed an event of the match: a match in play here
// exists, whether or not its fixture is stored yet (a subscription must not wait for the store).
func (r *Registry) Fed(id string) bool {
	_, ok := r.fed.Load(id)
	return ok
}

// pushPlaced keeps ev for Resend and adds it to the batch for its match's owner.
func (r *Registry) pushPlaced(ev feed.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.rememberLocked(ev)
	if len(r.batch) > 0 && (r.batchOf != ev.Match || len(r.batch) >= batchMax) {
		r.sendBatchLocked()
	}
	r.batchOf = ev.Match
	r.batch = append(r.batch, ev)
	if !r.batchDue {
		r.batchDue = true
		time.AfterFunc(batchDelay, r.sendDueBatch)
	}
}

func (r *Registry) sendDueBatch() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.batchDue = false
	if len(r.batch) > 0 {
		r.sendBatchLocked()
	}
}

// sendBatchLocked posts the batch to its match's proxy (a mailbox post: it does not block), under
// the lock so that batches of a match leave in push order.
func (r *Registry) sendBatchLocked() {
	r.system.Root.Send(r.place.Get(r.batchOf), &ApplyBatch{Events: r.batch})
	r.batch = nil
}

// rememberLocked keeps ev for Resend, dropping what is older than the resend window.
func (r *Registry) rememberLocked(ev feed.Event) {
	now := time.Now()
	expired := now.Add(-r.cfg.ResendWindow)
	evs := append(prune(r.recent[ev.Match], expired), pushed{ev: ev, at: now})
	if len(evs) > recentCap {
		evs = append(evs[:0:0], evs[len(evs)-recentCap:]...) // let the dropped ones go
	}
	r.recent[ev.Match] = evs
	if now.After(r.nextSweep) { // matches that went quiet keep nothing for long
		r.nextSweep = now.Add(r.cfg.ResendWindow)
		r.pruneAllLocked(expired)
	}
}

func (r *Registry) pruneAllLocked(expired time.Time) {
	for id, list := range r.recent {
		if list = prune(list, expired); len(list) == 0 {
			delete(r.recent, id)
		} else {
			r.recent[id] = list
		}
	}
}

func prune(evs []pushed, before time.Time) []pushed {
	n := 0
	for n < len(evs) && evs[n].at.Before(before) {
		n++
	}
	return evs[n:]
}

// Resend pushes again, in order, every event pushed within Config.ResendWindow (cluster mode;
// a no-op on a single node). The engine calls it when the cluster topology changed, after the
// placement has forgotten the old owners: events sent to a member in the seconds before the
// others noticed it died are lost with it, as are those it received but had not saved, and
// without them the match's new owner would hold every later event behind the gap. The owner
// drops what it has already applied, so resending is harmless.
func (r *Registry) Resend() {
	if r.place == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pruneAllLocked(time.Now().Add(-r.cfg.ResendWindow))
	for id, list := range r.recent {
		for len(list) > 0 {
			n := min(len(list), batchMax)
			evs := make([]feed.Event, n)
			for i := range evs {
				evs[i] = list[i].ev
			}
			r.system.Root.Send(r.place.Get(id), &ApplyBatch{Events: evs})
			list = list[n:]
		}
	}
}

// State asks a match for its live state.
func (r *Registry) State(ctx context.Context, id string) (feed.State, error) {
	timeout := 5 * time.Second
	if dl, ok := ctx.Deadline(); ok {
		timeout = time.Until(dl)
	}
	res, err := r.system.Root.RequestFuture(r.Get(id), &GetState{}, timeout).Result()
	if err != nil {
		return feed.State{}, err
	}
	return *res.(*feed.State), nil
}

// Stop stops a match actor (tests use it to simulate a restart); the next Get activates a new
// one that rebuilds its state from the Store. With a placement it does nothing.
func (r *Registry) Stop(id string) {
	r.mu.Lock()
	pid, ok := r.pids[id]
	delete(r.pids, id)
	r.mu.Unlock()
	if ok {
		_ = r.system.Root.StopFuture(pid).Wait()
	}
}

// StopAll stops every match actor this node activated through Get, each saving the clock ticks
// that were waiting (Config.QuietSaveDelay), and returns once they have stopped or ctx ends. A
// node calls it after its feed has stopped and before it closes the Store. With a placement it
// does nothing (the cluster stops its actors).
func (r *Registry) StopAll(ctx context.Context) {
	r.mu.Lock()
	pids := make([]*actor.PID, 0, len(r.pids))
	for id, pid := range r.pids {
		pids = append(pids, pid)
		delete(r.pids, id)
	}
	r.mu.Unlock()
	futures := make([]*actor.Future, len(pids))
	for i, pid := range pids {
		futures[i] = r.system.Root.StopFuture(pid)
	}
	for _, f := range futures {
		if ctx.Err() != nil {
			return
		}
		_ = f.Wait()
	}
}

// Len is the number of match actors active on this node through Get (0 with a placement).
func (r *Registry) Len() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.pids)
}
