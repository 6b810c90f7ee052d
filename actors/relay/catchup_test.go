package relay_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/protocol"
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

// batchOf is a room's frame of events with these seqs (each event is just its seq).
func batchOf(seqs ...uint64) *room.Deliver {
	var evs [][]byte
	for _, s := range seqs {
		evs = append(evs, []byte(fmt.Sprintf(`{"seq":%d}`, s)))
	}
	return &room.Deliver{Room: "r", Payload: protocol.AppendBatch(nil, "r", evs, 0), First: seqs[0], Seq: seqs[len(seqs)-1]}
}

// seqsOf lists the seqs of the events in a batch frame, in order.
func seqsOf(t *testing.T, frame string) []uint64 {
	t.Helper()
	evs, _, err := protocol.DecodeBatch([]byte(frame))
	if err != nil {
		t.Fatalf("frame %q: %v", frame, err)
	}
	var out []uint64
	for _, ev := range evs {
		e, _ := protocol.DecodeEvent(ev)
		out = append(out, e.Seq)
	}
	return out
}

// A room handed over to another node (a node joined): the new incarnation catches the relay up
// with 22..24 while the old one, not yet stopped, still flushes 22..24 and then a frame that
// overlaps them. Each connection gets every seq once (issue 24: subscribers saw 22..24 twice).
func TestFramesOfTheOldIncarnationAfterACatchUpAreNotWrittenTwice(t *testing.T) {
	sys, relayPID, rp := startMoving(t, 0)
	a := &recConn{id: 1}
	rp.set(21, `{"seq":21}`)
	sys.Root.Send(relayPID, &relay.Subscribe{Room: "r", Conn: a})
	a.waitFrames(t, 2)

	sys.Root.Send(relayPID, &room.JoinReply{Room: "r", Rejoin: true, Seq: 24,
		Replay: [][]byte{[]byte(`{"seq":22}`), []byte(`{"seq":23}`), []byte(`{"seq":24}`)}})
	sys.Root.Send(relayPID, batchOf(22, 23, 24))      // the old incarnation's flush: all already written
	sys.Root.Send(relayPID, batchOf(23, 24, 25))      // overlapping: only 25 is new
	sys.Root.Send(relayPID, &room.Deliver{Room: "r"}) // presence: no events, always written
	sys.Root.Send(relayPID, batchOf(26))

	// Frames arrive in order: a frame written by mistake shows as a wrong frame before 26.
	got := a.waitFrames(t, 6)
	if len(got) != 6 {
		t.Fatalf("frames %q", got)
	}
	want := [][]uint64{{22, 23, 24}, {25}, nil, {26}}
	for i, w := range want {
		f := got[2+i]
		if w == nil {
			if f != "" {
				t.Fatalf("frame %d %q, want the presence frame", 2+i, f)
			}
			continue
		}
		if s := seqsOf(t, f); fmt.Sprint(s) != fmt.Sprint(w) {
			t.Fatalf("frame %d has seqs %v, want %v (all frames %q)", 2+i, s, w, got)
		}
	}
}

// A connection that joined through the new incarnation (at 24) while the relay's other connections
// are still at 21 gets, from the old incarnation's late frames, only what it lacks.
func TestLateFramesSkipWhatAJoinerWasAlreadyGiven(t *testing.T) {
	sys, relayPID, rp := startMoving(t, 0)
	a, b := &recConn{id: 1}, &recConn{id: 2}
	rp.set(21, `{"seq":21}`)
	sys.Root.Send(relayPID, &relay.Subscribe{Room: "r", Conn: a})
	a.waitFrames(t, 2)
	rp.set(24, `{"seq":22}`, `{"seq":23}`, `{"seq":24}`)
	sys.Root.Send(relayPID, &relay.Subscribe{Room: "r", Conn: b, Since: 21, HasSince: true})
	b.waitFrames(t, 2)

	sys.Root.Send(relayPID, batchOf(22, 23))
	sys.Root.Send(relayPID, batchOf(24, 25))
	sys.Root.Send(relayPID, batchOf(26))

	gotA, gotB := a.waitFrames(t, 5), b.waitFrames(t, 4)
	if len(gotA) != 5 || len(gotB) != 4 {
		t.Fatalf("a %q\nb %q", gotA, gotB)
	}
	if s := fmt.Sprint(seqsOf(t, gotA[2]), seqsOf(t, gotA[3]), seqsOf(t, gotA[4])); s != "[22 23] [24 25] [26]" {
		t.Fatalf("a got %s", s)
	}
	if s := fmt.Sprint(seqsOf(t, gotB[1]), seqsOf(t, gotB[2]), seqsOf(t, gotB[3])); s != "[22 23 24] [25] [26]" {
		t.Fatalf("b got %s", s)
	}
}
