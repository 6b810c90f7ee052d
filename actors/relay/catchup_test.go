package relay_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/relay"
	"courtside/actors/room"
)

// movingRoom answers joins at whatever seq it is told, like a room that died and came back elsewhere.
type movingRoom struct {
	mu      sync.Mutex
	seq     uint64
	replay  [][]byte
	joins   []*room.Join
	reports []*room.RelayReport
}

func (p *movingRoom) receive(c actor.Context) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch m := c.Message().(type) {
	case *room.Join:
		p.joins = append(p.joins, m)
		c.Send(m.Relay, &room.JoinReply{Room: "r", Ticket: m.Ticket, Seq: p.seq, Open: true, Replay: p.replay})
	case *room.RelayReport:
		p.reports = append(p.reports, m)
	}
}

func (p *movingRoom) set(seq uint64, replay ...string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.seq, p.replay = seq, nil
	for _, r := range replay {
		p.replay = append(p.replay, []byte(r))
	}
}

func startMoving(t *testing.T, heartbeat time.Duration) (*actor.ActorSystem, *actor.PID, *movingRoom) {
	p := &movingRoom{}
	sys, relayPID := startRelay(t, p.receive, heartbeat)
	return sys, relayPID, p
}

func TestCatchUpWritesEachConnectionOnlyWhatItMissed(t *testing.T) {
	sys, relayPID, rp := startMoving(t, 0)
	a, b := &recConn{id: 1}, &recConn{id: 2}
	rp.set(2, `{"seq":1}`, `{"seq":2}`)
	sys.Root.Send(relayPID, &relay.Subscribe{Room: "r", Conn: a})
	a.waitFrames(t, 2)
	sys.Root.Send(relayPID, &room.Deliver{Room: "r", Payload: []byte("f3"), Seq: 3})
	a.waitFrames(t, 3)

	// The room died with 4..6 acknowledged and came back: a new viewer joins at 6.
	rp.set(6, `{"seq":5}`, `{"seq":6}`)
	sys.Root.Send(relayPID, &relay.Subscribe{Room: "r", Conn: b})
	b.waitFrames(t, 2)
	rp.mu.Lock()
	j := rp.joins[len(rp.joins)-1]
	rp.mu.Unlock()
	if !j.HasRelaySeen || j.RelaySeen != 3 {
		t.Fatalf("join carried relay seen %d (has %v), want 3", j.RelaySeen, j.HasRelaySeen)
	}
	sys.Root.Send(relayPID, &room.JoinReply{Room: "r", Rejoin: true, Seq: 6,
		Replay: [][]byte{[]byte(`{"seq":4}`), []byte(`{"seq":5}`), []byte(`{"seq":6}`)}})
	sys.Root.Send(relayPID, &room.Deliver{Room: "r", Payload: []byte("f7"), Seq: 7})

	gotA, gotB := a.waitFrames(t, 5), b.waitFrames(t, 3)
	if !strings.Contains(gotA[3], `"ev":[{"seq":4},{"seq":5},{"seq":6}]`) || gotA[4] != "f7" || len(gotA) != 5 {
		t.Fatalf("old viewer frames %q", gotA)
	}
	if gotB[2] != "f7" || len(gotB) != 3 {
		t.Fatalf("new viewer frames %q (it joined at 6: nothing to catch up)", gotB)
	}
}

func TestHeartbeatReportsViewersAndTheLastSeqWritten(t *testing.T) {
	sys, relayPID, rp := startMoving(t, 10*time.Millisecond)
	rp.set(2, `{"seq":2}`)
	c := &recConn{id: 1}
	sys.Root.Send(relayPID, &relay.Subscribe{Room: "r", Conn: c})
	c.waitFrames(t, 2)
	sys.Root.Send(relayPID, &room.Deliver{Room: "r", Payload: []byte("f5"), Seq: 5})
	deadline := time.Now().Add(5 * time.Second)
	for {
		rp.mu.Lock()
		var hb *room.RelayReport
		for _, r := range rp.reports {
			if r.Heartbeat && r.Seen == 5 {
				hb = r
			}
		}
		rp.mu.Unlock()
		if hb != nil {
			if hb.Count != 1 || hb.Relay == nil {
				t.Fatalf("heartbeat %+v", hb)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("no heartbeat with seen 5")
		}
		time.Sleep(2 * time.Millisecond) // polling with a deadline
	}
}
