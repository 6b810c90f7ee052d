package match

import (
	"context"
	"sync"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/match/feed"
)

// Registry finds the actor of a match on this node, activating it on first use, and is the feed
// ingestion point: it implements feed.Sink, so a provider (or the Simulator) pushes straight into
// it. It is the single-node placement; the cluster issue replaces it with virtual actors placed
// by identity. Safe for concurrent use.
type Registry struct {
	system *actor.ActorSystem
	cfg    *Config

	mu   sync.Mutex
	pids map[string]*actor.PID
}

var _ feed.Sink = (*Registry)(nil)

// NewRegistry makes a registry that spawns matches with cfg (defaults filled in).
func NewRegistry(system *actor.ActorSystem, cfg Config) *Registry {
	cfg.fill()
	return &Registry{system: system, cfg: &cfg, pids: map[string]*actor.PID{}}
}

// Get returns the match's actor, activating it when needed.
func (r *Registry) Get(id string) *actor.PID {
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
	r.system.Root.Send(r.Get(ev.Match), &Apply{Event: ev})
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
	return res.(feed.State), nil
}

// Stop stops a match actor (tests use it to simulate a restart); the next Get activates a new
// one that rebuilds its state from the Store.
func (r *Registry) Stop(id string) {
	r.mu.Lock()
	pid, ok := r.pids[id]
	delete(r.pids, id)
	r.mu.Unlock()
	if ok {
		_ = r.system.Root.StopFuture(pid).Wait()
	}
}

// Len is the number of active matches.
func (r *Registry) Len() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.pids)
}
