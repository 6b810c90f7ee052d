package match

import (
	"sync"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/protocol"
	"courtside/actors/room"
)

// Topics finds the actor of a score topic on this node, activating it on first use. Topic
// actors answer relays like rooms do, so Topics can stand in for a room finder (see Finder).
// Safe for concurrent use.
type Topics struct {
	system *actor.ActorSystem
	cfg    TopicConfig

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

// Delays returns the delay classes in use.
func (t *Topics) Delays() []time.Duration { return append([]time.Duration(nil), t.cfg.Delays...) }

// Resolve turns a client subscription (topic `match:<id>` or `scores:<gameId>`, and delayMs)
// into the relay subscription name at the right delay class: `match:42`, `scores:202@12000`.
// The session subscribes the connection to the relay under that name.
func (t *Topics) Resolve(topic string, delayMs int) (string, error) {
	base, d, ok := splitTopic(topic)
	if !ok || d != 0 {
		return "", ErrBadTopic
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
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.getLocked(name, base, d)
}

func (t *Topics) getLocked(name, base string, d time.Duration) *actor.PID {
	if pid, ok := t.pids[name]; ok {
		return pid
	}
	props := actor.PropsFromProducer(func() actor.Actor { return newTopicActor(name, base, d, &t.cfg) })
	pid := t.system.Root.Spawn(props)
	t.pids[name] = pid
	if d > 0 {
		t.system.Root.Send(t.getLocked(base, base, 0), &attach{pid: pid})
	}
	return pid
}

func (t *Topics) isClass(d time.Duration) bool {
	for _, c := range t.cfg.Delays {
		if c == d {
			return true
		}
	}
	return false
}

// Len is the number of active topic actors.
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
