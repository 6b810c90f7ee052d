package cluster

import (
	"context"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"courtside/actors/match"
	"courtside/actors/match/feed"
)

// A match actor on one node, reached from another through the placement proxy: feed events pushed
// into the other node's registry are applied by it, and Registry.State (a request: the reply must
// come back through the codec to a future) answers with its live state. Two actor systems joined
// by protoactor remote stand for two members; the proxy resolves to the remote actor directly.
func TestClusterMatchIsReachedFromAnotherNode(t *testing.T) {
	fail := func(err error) { t.Errorf("codec: %v", err) }
	withCodec := func(p *actor.Props) *actor.Props {
		return p.Configure(actor.WithReceiverMiddleware(receiver(fail)), actor.WithSenderMiddleware(sender(fail)))
	}

	owner := startRemote(t)
	store := match.NewMemoryStore()
	ownerTopics := match.NewTopics(owner, match.TopicConfig{})
	ownerMatches := match.NewRegistry(owner, match.Config{Store: store, Topics: ownerTopics})
	const id = "m42"
	hosted := owner.Root.Spawn(withCodec(actor.PropsFromProducer(func() actor.Actor { return ownerMatches.NewActor(id) })))

	other := startRemote(t)
	p := NewPlacement(other, MatchKind, func(string) *actor.PID { return hosted }, withCodec, zap.NewNop())
	otherMatches := match.NewRegistry(other, match.Config{Store: match.NewMemoryStore(), Topics: match.NewTopics(other, match.TopicConfig{})})
	otherMatches.UsePlacement(p)

	for seq := uint64(1); seq <= 3; seq++ {
		otherMatches.Push(feed.Event{Match: id, Seq: seq, At: 1763800000000 + int64(seq), Kind: feed.KScore,
			Score: &feed.Score{Home: int(seq), Away: 1}})
	}
	otherMatches.Push(feed.Event{Match: id, Seq: 2, At: 1763800000002, Kind: feed.KScore, Score: &feed.Score{Home: 9}}) // a second node's copy

	deadline := time.Now().Add(30 * time.Second) // a deadline for a hang, not a timing assertion
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		st, err := otherMatches.State(ctx, id)
		cancel()
		if err == nil && st.LastSeq == 3 {
			if st.Home != 3 || st.Away != 1 || st.Match != id {
				t.Fatalf("state across nodes: %+v", st)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("state across nodes: %+v, %v", st, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if n := otherMatches.Len(); n != 0 {
		t.Errorf("the other node spawned %d match actors of its own", n)
	}
	if got := len(store.Events(id)); got > 3 {
		t.Errorf("the owner stored %d events for 3 sequence numbers", got)
	}
}
