package match

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/protocol"
	"courtside/actors/room"
)

// Topics finds the actor of a score topic, activating it on first use. Topic actors answer
// relays like rooms do, so Topics can stand in for a room finder (see Finder).
//
// On a single node it spawns topic actors itself and attaches each delayed topic to its class-0
// sibling. In cluster mode (UsePlacement) topics are virtual actors placed by name: Get returns
// the placement's local proxy, the cluster activates the actor (NewActor) on the member that owns
// the name, and a delayed topic attaches itself to its class-0 sibling wherever that lives.
// Safe for concurrent use.
type Topics struct {
	system *actor.ActorSystem
	cfg    TopicConfig
	place  Placement
	// matches, in cluster mode, is where a match topic that starts asks for its match's state.
	matches *Registry

	mu      sync.Mutex
	pids    map[string]*actor.PID
	nowhere *actor.PID
}

// NewTopics makes a topic registry (cfg's zero values get their defaults).
func NewTopics(system *actor.ActorSystem, cfg TopicConfig) *Topics {
	cfg.fill()
	t := &Topics{system: system, cfg: cfg, pids: map[string]*actor.PID{}}
	t.nowhere = system.Root.Spawn(actor.PropsFromFunc(refuseJoins))
	return t
}

// refuseJoins answers joins to a name that is not a topic, the way a missing room does.
func refuseJoins(ctx actor.Context) {
	if j, ok := ctx.Message().(*room.Join); ok {
		ctx.Send(j.Relay, &room.JoinReply{Ticket: j.Ticket, Code: protocol.CodeRoomNotFound})
	}
}

// UsePlacement makes Get ask p instead of spawning topic actors on this node (cluster mode).
// Call it before first use.
func (t *Topics) UsePlacement(p Placement) { t.place = p }

// AskMatches makes every class-0 match topic, when it starts, ask its match in r to publish its
// whole state again (Republish): in cluster mode a topic re-activated after its member died would
// otherwise serve new subscribers only what changed since. Call it before first use.
func (t *Topics) AskMatches(r *Registry) { t.matches = r }

// NewActor returns a new actor of the full topic name (as Resolve names it): the cluster
// activates it on the member that owns the name. A name that is not a valid topic gets an actor
// that refuses joins, as Get gives it.
func (t *Topics) NewActor(name string) actor.Actor {
	base, d, ok := splitTopic(name)
	if !ok || (d > 0 && !t.isClass(d)) {
		return actor.ReceiveFunc(refuseJoins)
	}
	a := newTopicActor(name, base, d, &t.cfg)
	if d > 0 {
		a.classZero = func() *actor.PID { return t.Get(base) }
	} else if t.matches != nil && strings.HasPrefix(base, PrefixMatch) {
		a.match = func() *actor.PID { return t.matches.Get(base[len(PrefixMatch):]) }
	}
	return a
}

// Delays returns the delay classes in use.
func (t *Topics) Delays() []time.Duration { return append([]time.Duration(nil), t.cfg.Delays...) }

// Resolve turns a client subscription (topic `match:<id>` or `scores:<gameId>`, and delayMs)
// into the relay subscription name at the right delay class: `match:42`, `scores:202@12000`.
// The session subscribes the connection to the relay under that name.
//
// With TopicConfig.MatchExists set, a match that does not exist is refused (ErrNoSuchMatch).
func (t *Topics) Resolve(topic string, delayMs int) (string, error) {
	base, d, ok := splitTopic(topic)
	if !ok || d != 0 {
		return "", ErrBadTopic
	}
	if id, isMatch := strings.CutPrefix(base, PrefixMatch); isMatch && t.cfg.MatchExists != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		known, err := t.cfg.MatchExists(ctx, id)
		cancel()
		if err != nil {
			return "", err
		}
		if !known {
			return "", ErrNoSuchMatch
		}
	}
	return topicWithDelay(base, delayClass(t.cfg.Delays, time.Duration(delayMs)*time.Millisecond)), nil
}

// Get returns the actor of a full topic name (as Resolve names it), activating it, and for a
// delayed topic its class-0 sibling, when needed. A name that is not a valid topic gets an actor
// that refuses joins with CodeRoomNotFound.
func (t *Topics) Get(name string) *actor.PID {
	base, d, ok := splitTopic(name)
	if !ok || (d > 0 && !t.isClass(d)) {
		return t.nowhere
	}
	if t.place != nil {
		return t.place.Get(name)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.getLocked(name, base, d)
}

func (t *Topics) getLocked(name, base string, d time.Duration) *actor.PID {
	if pid, ok := t.pids[name]; ok {
		return pid
	}
	props := actor.PropsFromProducer(func() actor.Actor {
		a := newTopicActor(name, base, d, &t.cfg)
		a.onIdle = func(self *actor.PID) { t.forget(name, self) }
		if d == 0 && t.matches != nil && strings.HasPrefix(base, PrefixMatch) {
			a.match = func() *actor.PID { return t.matches.Get(base[len(PrefixMatch):]) }
		}
		return a
	})
	pid := t.system.Root.Spawn(props)
	t.pids[name] = pid
	if d > 0 {
		t.system.Root.Send(t.getLocked(base, base, 0), &Attach{Sibling: pid})
	}
	return pid
}

// forget drops a passivated topic actor, unless its name already has a newer one.
func (t *Topics) forget(name string, pid *actor.PID) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if cur, ok := t.pids[name]; ok && cur.Equal(pid) {
		delete(t.pids, name)
	}
}

func (t *Topics) isClass(d time.Duration) bool {
	for _, c := range t.cfg.Delays {
		if c == d {
			return true
		}
	}
	return false
}

// Len is the number of topic actors active on this node through Get (0 with a placement).
func (t *Topics) Len() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.pids)
}

// RoomFinder is what the relay uses to find the actor behind a subscription name.
type RoomFinder interface{ Get(id string) *actor.PID }

// Finder sends topic names to Topics and everything else to Rooms: give it to the relay as its
// RoomFinder and the relay serves rooms and score topics alike.
type Finder struct {
	Rooms  RoomFinder
	Topics *Topics
}

// Get implements the relay's RoomFinder.
func (f Finder) Get(id string) *actor.PID {
	if IsTopic(id) {
		return f.Topics.Get(id)
	}
	return f.Rooms.Get(id)
}
