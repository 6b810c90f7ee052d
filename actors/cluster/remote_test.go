package cluster

import (
	"bytes"
	"sync/atomic"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/asynkron/protoactor-go/remote"

	"courtside/actors/room"
)

// A join storm between two nodes: hundreds of join replies, each with 50 lines of context,
// queued at once. protoactor batches them into single gRPC messages; with gRPC's default 4 MiB
// limit such a batch dropped the connection and every reply in it. remoteOptions must carry them
// all.
func TestRemoteCarriesAJoinStormOfLargeReplies(t *testing.T) {
	const replies, lines = 400, 50
	line := bytes.Repeat([]byte("x"), 1000)
	fail := func(err error) { t.Errorf("codec: %v", err) }

	receiving := startRemote(t)
	var got atomic.Int64
	done := make(chan struct{})
	target := receiving.Root.Spawn(actor.PropsFromFunc(func(c actor.Context) {
		if _, ok := c.Message().(*room.JoinReply); ok && got.Add(1) == replies {
			close(done)
		}
	}, actor.WithReceiverMiddleware(receiver(fail))))

	sending := startRemote(t)
	sender := sending.Root.Spawn(actor.PropsFromFunc(func(c actor.Context) {
		if _, ok := c.Message().(*actor.Started); !ok {
			return
		}
		replay := make([][]byte, lines)
		for i := range replay {
			replay[i] = line
		}
		for i := range replies {
			c.Send(target, &room.JoinReply{Room: "1001", Ticket: uint64(i), Seq: 9, Replay: replay})
		}
	}, actor.WithSenderMiddleware(sender(fail))))
	defer sending.Root.Stop(sender)

	select {
	case <-done:
	case <-time.After(30 * time.Second): // a deadline for a hang, not a timing assertion
		t.Fatalf("%d of %d join replies arrived", got.Load(), replies)
	}
}

func startRemote(t *testing.T) *actor.ActorSystem {
	t.Helper()
	sys := actor.NewActorSystem()
	r := remote.NewRemote(sys, remote.Configure("127.0.0.1", 0, RemoteOptions()...))
	r.Start()
	t.Cleanup(func() { r.Shutdown(false); sys.Shutdown() })
	return sys
}
