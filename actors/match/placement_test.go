package match

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/match/feed"
	"courtside/actors/room"
)

// onePlacement stands in for the engine's cluster placement with one member: Get returns a stable
// proxy per identity that forwards to the identity's actor, activated on first use. kill stops
// the actor while the proxy keeps forwarding to it (a member that died and nobody noticed yet);
// forget makes the next message activate a new one (the topology changed).
type onePlacement struct {
	sys      *actor.ActorSystem
	newActor func(id string) actor.Actor

	mu      sync.Mutex
	proxies map[string]*actor.PID
	actors  map[string]*actor.PID
}

func newOnePlacement(sys *actor.ActorSystem, newActor func(string) actor.Actor) *onePlacement {
	return &onePlacement{sys: sys, newActor: newActor, proxies: map[string]*actor.PID{}, actors: map[string]*actor.PID{}}
}

func (p *onePlacement) Get(id string) *actor.PID {
	p.mu.Lock()
	defer p.mu.Unlock()
	if pid, ok := p.proxies[id]; ok {
		return pid
	}
	pid := p.sys.Root.Spawn(actor.PropsFromFunc(func(ctx actor.Context) {
		if _, ok := ctx.Message().(actor.SystemMessage); ok {
			return
		}
		switch ctx.Message().(type) {
		case *actor.Started:
			return
		case barrier:
			ctx.Respond(barrier{}) // everything sent to the proxy before has been forwarded
			return
		}
		ctx.Forward(p.actor(id))
	}))
	p.proxies[id] = pid
	return pid
}

// barrier asks a proxy to answer once it has forwarded what it was sent before.
type barrier struct{}

func (p *onePlacement) sync(t *testing.T, id string) {
	t.Helper()
	if _, err := p.sys.Root.RequestFuture(p.Get(id), barrier{}, 5*time.Second).Result(); err != nil {
		t.Fatal(err)
	}
}

func (p *onePlacement) actor(id string) *actor.PID {
	p.mu.Lock()
	defer p.mu.Unlock()
	if pid, ok := p.actors[id]; ok {
		return pid
	}
	pid := p.sys.Root.Spawn(actor.PropsFromProducer(func() actor.Actor { return p.newActor(id) }))
	p.actors[id] = pid
	return pid
}

func (p *onePlacement) kill(t *testing.T, id string) {
	if err := p.sys.Root.StopFuture(p.actor(id)).Wait(); err != nil {
		t.Fatal(err)
	}
}

func (p *onePlacement) forget(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.actors, id)
}

// waitState waits until match id has applied everything up to seq (pushes travel in batches).
func (h *harness) waitState(id string, seq uint64) feed.State {
	h.t.Helper()
	var st feed.State
	waitUntil(h.t, "match "+id+" at seq "+strconv.FormatUint(seq, 10), func() bool {
		var err error
		st, err = h.reg.State(context.Background(), id)
		return err == nil && st.LastSeq >= seq
	})
	return st
}

// In cluster mode a delayed topic attaches itself to its class-0 sibling wherever that lives, and
// again at a relay's heartbeat after the class-0 topic was re-activated knowing no siblings.
func TestPlacedDelayedTopicAttachesItselfAndAgainAfterItsClassZeroMoved(t *testing.T) {
	h := newHarness(t, nil)
	topics := newOnePlacement(h.sys, h.topics.NewActor)
	h.topics.UsePlacement(topics)
	h.reg.UsePlacement(newOnePlacement(h.sys, h.reg.NewActor))

	const name = "match:d@3000"
	delayed := h.subscribe(name)
	h.push(fixtureEv("d", feed.GameSoccer), statusEv("d", 2, feed.StatusLive), scoreEv("d", 3, 1, 0))
	h.waitState("d", 3)
	h.settle("d", "match:d", name)
	h.clock.Advance(50 * time.Millisecond)
	h.clock.Advance(3 * time.Second)
	waitUntil(t, "delayed frame with 1-0", func() bool {
		f := delayed.scoreFrames()
		return len(f) > 0 && strings.Contains(string(f[len(f)-1]), `"h":1`)
	})

	topics.kill(t, "match:d")
	topics.forget("match:d") // the class-0 topic's member died; it comes back knowing no siblings
	h.sys.Root.Send(topics.Get(name), &room.RelayReport{Relay: h.relay, Count: 1, Heartbeat: true})
	h.settle("d", name) // the heartbeat was taken: the delayed topic attached itself again
	h.settle("d", "match:d")
	h.push(scoreEv("d", 4, 2, 0))
	h.waitState("d", 4)
	h.settle("d", "match:d", name)
	h.clock.Advance(50 * time.Millisecond)
	h.clock.Advance(3 * time.Second)
	waitUntil(t, "delayed frame with 2-0 after the class-0 topic moved", func() bool {
		f := delayed.scoreFrames()
		return len(f) > 0 && strings.Contains(string(f[len(f)-1]), `"h":2`)
	})
}

// Events pushed to a match's member in the seconds before the others noticed it died are lost
// with it; Resend after the topology change gives them to the match's new incarnation, which
// would otherwise hold every later event behind the gap.
func TestPlacedRegistryResendsWhatADeadOwnerNeverApplied(t *testing.T) {
	h := newHarness(t, nil)
	matches := newOnePlacement(h.sys, h.reg.NewActor)
	h.reg.UsePlacement(matches)

	h.push(fixtureEv("r", feed.GameSoccer), statusEv("r", 2, feed.StatusLive), scoreEv("r", 3, 1, 0))
	h.waitState("r", 3)
	waitUntil(t, "seq 3 saved", func() bool {
		s, _, _ := h.store.LoadMatch(context.Background(), "r")
		return s.State.LastSeq == 3
	})
	matches.kill(t, "r")
	// To the dead member: an event of another match sends the batch at once.
	h.push(scoreEv("r", 4, 2, 0), scoreEv("r", 5, 3, 0), fixtureEv("x", feed.GameSoccer))
	matches.sync(t, "r")
	matches.forget("r")
	h.push(scoreEv("r", 6, 3, 1)) // the new owner holds it behind the gap
	h.reg.Resend()
	st := h.waitState("r", 6)
	if st.Home != 3 || st.Away != 1 {
		t.Fatalf("after the resend the match is at %d-%d, want 3-1", st.Home, st.Away)
	}
}

// In cluster mode a match topic re-activated after its member died starts empty while its match
// lives on: the topic asks the match for its whole state, so its subscribers get it again.
func TestPlacedMatchTopicRestartedGetsTheWholeStateAgain(t *testing.T) {
	h := newHarness(t, nil)
	topics := newOnePlacement(h.sys, h.topics.NewActor)
	h.topics.UsePlacement(topics)
	h.topics.AskMatches(h.reg)
	h.reg.UsePlacement(newOnePlacement(h.sys, h.reg.NewActor))

	live := h.subscribe("match:m")
	h.push(fixtureEv("m", feed.GameSoccer), statusEv("m", 2, feed.StatusLive), scoreEv("m", 3, 1, 0))
	h.waitState("m", 3)
	h.settle("m", "match:m")
	h.clock.Advance(50 * time.Millisecond)
	waitUntil(t, "frame with 1-0", func() bool { return len(live.scoreFrames()) > 0 })
	before := len(live.scoreFrames())

	topics.kill(t, "match:m")
	topics.forget("match:m")
	h.sys.Root.Send(topics.Get("match:m"), &room.RelayReport{Relay: h.relay, Count: 1, Heartbeat: true})
	waitUntil(t, "the whole state again from the new topic", func() bool {
		h.clock.Advance(50 * time.Millisecond) // ticks, whenever the republished state arrives
		f := live.scoreFrames()
		return len(f) > before && strings.Contains(string(f[len(f)-1]), `"h":1`) && strings.Contains(string(f[len(f)-1]), `"st":1`)
	})
}

// A relay on another node reaches a topic with a new PID value in every join and heartbeat: the
// topic must still count it once, or it would send it each frame once per message.
func TestTopicCountsARelayOnceWhateverPIDValueItComesWith(t *testing.T) {
	h := newHarness(t, nil)
	h.subscribe("match:k")
	for range 3 {
		h.sys.Root.Send(h.topics.Get("match:k"), &room.RelayReport{Relay: actor.NewPID(h.relay.Address, h.relay.Id), Count: 1, Heartbeat: true})
	}
	res, err := h.sys.Root.RequestFuture(h.topics.Get("match:k"), &topicInfo{}, 5*time.Second).Result()
	if err != nil {
		t.Fatal(err)
	}
	if n := res.(topicInfoReply).relays; n != 1 {
		t.Fatalf("the topic knows %d relays, want 1", n)
	}
}
