package relay_test

import (
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/relay"
	"courtside/actors/room"
)

// TestJoinsWithTheSameReplayShareOneFrame: joins answered with the same replay (the room's ring
// slices, the same since and seq) get one frame encoded once; another since, a later seq or a
// replay read from history (fresh slices, same bytes) gets its own.
func TestJoinsWithTheSameReplayShareOneFrame(t *testing.T) {
	ring := [][]byte{[]byte(`{"seq":1}`), []byte(`{"seq":2}`), []byte(`{"seq":3}`)}
	var mu sync.Mutex
	seq, fromHistory := uint64(2), false
	answer := func(c actor.Context) {
		j, ok := c.Message().(*room.Join)
		if !ok {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		var replay [][]byte
		for i := j.Since; i < seq; i++ {
			ev := ring[i]
			if fromHistory {
				ev = append([]byte(nil), ev...)
			}
			replay = append(replay, ev)
		}
		c.Send(j.Relay, &room.JoinReply{Room: "r", Ticket: j.Ticket, Seq: seq, Open: true, Replay: replay})
	}
	var replays atomic.Int32
	sys := actor.NewActorSystem()
	t.Cleanup(sys.Shutdown)
	roomPID := sys.Root.Spawn(actor.PropsFromFunc(answer))
	relayPID := sys.Root.Spawn(relay.Props(relay.Config{
		Encode: func(p []byte, prio bool) relay.Frame {
			if strings.Contains(string(p), `"ev":`) {
				replays.Add(1)
			}
			return &frame{payload: string(p), priority: prio}
		},
		Rooms:       fakeRooms{roomPID},
		ReportEvery: 5 * time.Millisecond,
	}))
	id := uint64(0)
	join := func(since uint64, want string) {
		t.Helper()
		id++
		c := &recConn{id: id}
		sys.Root.Send(relayPID, &relay.Subscribe{Room: "r", Conn: c, Since: since, HasSince: true})
		if got := c.waitFrames(t, 2); !strings.Contains(got[1], want) {
			t.Fatalf("join %d since %d: replay %q, want %s", id, since, got[1], want)
		}
	}
	encodes := func(want int32, when string) {
		t.Helper()
		if n := replays.Load(); n != want {
			t.Fatalf("%s: %d replay frames encoded, want %d", when, n, want)
		}
	}

	for range 3 {
		join(0, `"ev":[{"seq":1},{"seq":2}]`)
	}
	encodes(1, "three joins since 0")
	join(1, `"ev":[{"seq":2}]`)
	encodes(2, "a join since 1")
	join(0, `"ev":[{"seq":1},{"seq":2}]`)
	encodes(3, "since 0 again after since 1")

	mu.Lock()
	seq = 3
	mu.Unlock()
	sys.Root.Send(relayPID, &room.Deliver{Room: "r", Payload: []byte("live"), Seq: 3, First: 3})
	join(0, `"ev":[{"seq":1},{"seq":2},{"seq":3}]`)
	encodes(4, "a join after the room moved on")

	mu.Lock()
	fromHistory = true
	mu.Unlock()
	join(0, `"ev":[{"seq":1},{"seq":2},{"seq":3}]`)
	encodes(5, "the same replay read from history")
}
