package match

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/match/feed"
	"courtside/actors/relay"
)

// TestUnknownMatchesAreRefusedBeforeAnyActor: with MatchExists, Resolve refuses a made-up match
// id and activates nothing.
func TestUnknownMatchesAreRefusedBeforeAnyActor(t *testing.T) {
	sys := actor.NewActorSystem()
	t.Cleanup(sys.Shutdown)
	topics := NewTopics(sys, TopicConfig{MatchExists: func(_ context.Context, id string) (bool, error) { return id == "42", nil }})
	for _, id := range []string{"999", "made-up", "43"} {
		if _, err := topics.Resolve("match:"+id, 0); !errors.Is(err, ErrNoSuchMatch) {
			t.Fatalf("match %s: %v, want ErrNoSuchMatch", id, err)
		}
	}
	if name, err := topics.Resolve("match:42", 3000); err != nil || name != "match:42@3000" {
		t.Fatalf("a real match: %q %v", name, err)
	}
	if _, err := topics.Resolve("scores:202", 0); err != nil {
		t.Fatalf("a real game's scoreboard: %v", err)
	}
	if n := topics.Len(); n != 0 {
		t.Fatalf("%d topic actors activated by Resolve", n)
	}
}

// TestFedMatchesAreKnown: a match the feed pushed an event of is Fed (knownMatches accepts its
// subscribers before its fixture is stored); one never pushed, or pushed with an invalid id, is not.
func TestFedMatchesAreKnown(t *testing.T) {
	sys := actor.NewActorSystem()
	t.Cleanup(sys.Shutdown)
	topics := NewTopics(sys, TopicConfig{})
	reg := NewRegistry(sys, Config{Store: NewMemoryStore(), Topics: topics})
	if reg.Fed("load-7") {
		t.Fatal("a match no event was pushed for is fed")
	}
	reg.Push(feed.Event{Match: "load-7", Seq: 1, At: 1, Kind: feed.KStatus, Status: feed.StatusLive})
	reg.Push(feed.Event{Match: "bad id/", Seq: 1, At: 1, Kind: feed.KStatus, Status: feed.StatusLive})
	if !reg.Fed("load-7") || reg.Fed("load-8") || reg.Fed("bad id/") {
		t.Fatalf("fed: load-7 %v, load-8 %v, invalid %v", reg.Fed("load-7"), reg.Fed("load-8"), reg.Fed("bad id/"))
	}
}

// TestIdleTopicsPassivate: a topic with a subscriber stays; once the last subscriber leaves and
// nothing arrives for IdleAfter, the topic actor (and its delayed sibling) stops and is forgotten;
// the next Get activates it again.
func TestIdleTopicsPassivate(t *testing.T) {
	sys := actor.NewActorSystem()
	t.Cleanup(sys.Shutdown)
	topics := NewTopics(sys, TopicConfig{IdleAfter: 600 * time.Millisecond}) // over the relay's 250 ms report interval
	rel := sys.Root.Spawn(relay.Props(relay.Config{
		Encode: func(p []byte, _ bool) relay.Frame { return frame{payload: p} },
		Rooms:  Finder{Topics: topics},
	}))
	p := &probe{id: 1}
	sys.Root.Send(rel, &relay.Subscribe{Room: "match:7@3000", Conn: p})
	waitUntil(t, "joined", p.joined)
	if n := topics.Len(); n != 2 {
		t.Fatalf("%d topics, want the delayed topic and its class-0 sibling", n)
	}
	time.Sleep(1500 * time.Millisecond)
	if n := topics.Len(); n != 2 {
		t.Fatalf("a followed topic passivated: %d topics left", n)
	}
	sys.Root.Send(rel, &relay.Unsubscribe{Room: "match:7@3000", ConnID: 1})
	waitUntil(t, "idle topics passivated", func() bool { return topics.Len() == 0 })
	for i := 0; i < 50; i++ { // made-up topics activated directly are freed too
		topics.Get("scores:202")
	}
	waitUntil(t, "scoreboard passivated", func() bool { return topics.Len() == 0 })
}

// TestAMatchReachesSubscribersOfItsTopicAfterThePassivation: a quiet match's topics passivate; a
// fan who subscribes later gets the match's state and its next changes (the match must not keep
// publishing to the passivated actor).
func TestAMatchReachesSubscribersOfItsTopicAfterThePassivation(t *testing.T) {
	h := newHarnessIdle(t, 400*time.Millisecond, nil)
	h.push(fixtureEv("q", feed.GameSoccer), statusEv("q", 2, feed.StatusLive))
	h.settle("q", "match:q", "scores:202")
	h.clock.Advance(50 * time.Millisecond) // the topics send what they hold, then have nothing pending
	waitUntil(t, "the quiet match's topics passivated", func() bool { return h.topics.Len() == 0 })

	sub := h.subscribe("match:q")
	board := h.subscribe("scores:202")
	h.push(scoreEv("q", 3, 1, 0))
	h.settle("q", "match:q", "scores:202")
	h.clock.Advance(50 * time.Millisecond)
	waitUntil(t, "the new subscribers hear of the goal", func() bool {
		return hasScore(sub.scoreFrames()) && hasScore(board.scoreFrames())
	})
}

func hasScore(frames [][]byte) bool {
	for _, f := range frames {
		if bytes.Contains(f, []byte(`"h":1`)) {
			return true
		}
	}
	return false
}
