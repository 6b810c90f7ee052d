package room

import (
	"sync"

	"github.com/asynkron/protoactor-go/actor"
)

// Registry finds the actor of a room, activating it on first use: on this node by default, or,
// once a Placement is set (cluster mode), wherever the placement puts it. Safe for concurrent use.
type Registry struct {
	system *actor.ActorSystem
	cfg    *Config
	place  Placement

	mu   sync.Mutex
	pids map[string]*actor.PID
}

// Placement finds a room's actor anywhere in a cluster. Get must not block for long: it is called
// from actors' mailboxes.
type Placement interface{ Get(id string) *actor.PID }

// UsePlacement makes Get ask p instead of spawning rooms on this node. Call it before first use.
func (r *Registry) UsePlacement(p Placement) { r.place = p }

// NewRegistry makes a registry that spawns rooms with cfg (defaults filled in place).
func NewRegistry(system *actor.ActorSystem, cfg *Config) *Registry {
	cfg.fill()
	r := &Registry{system: system, cfg: cfg, pids: make(map[string]*actor.PID)}
	return r
}

// Get returns the room's actor, activating it when needed.
func (r *Registry) Get(id string) *actor.PID {
	if r.place != nil {
		return r.place.Get(id)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if pid, ok := r.pids[id]; ok {
		return pid
	}
	props := Props(id, r.cfg).Configure(actor.WithReceiverMiddleware(r.forgetOnStop(id)))
	pid := r.system.Root.Spawn(props)
	r.pids[id] = pid
	return pid
}

// Len is the number of rooms active on this node through Get (0 with a Placement).
func (r *Registry) Len() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.pids)
}

// forgetOnStop drops a stopped room from the map so the next Get activates a fresh one.
func (r *Registry) forgetOnStop(id string) actor.ReceiverMiddleware {
	return func(next actor.ReceiverFunc) actor.ReceiverFunc {
		return func(c actor.ReceiverContext, env *actor.MessageEnvelope) {
			if _, stopped := env.Message.(*actor.Stopped); stopped {
				r.mu.Lock()
				if pid, ok := r.pids[id]; ok && pid.Equal(c.Self()) {
					delete(r.pids, id)
				}
				r.mu.Unlock()
			}
			next(c, env)
		}
	}
}
