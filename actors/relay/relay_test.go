package relay_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/protocol"
	"courtside/actors/relay"
	"courtside/actors/room"
)

type frame struct {
	payload  string
	priority bool
}

func (f *frame) Priority() bool { return f.priority }

// recConn records the frames written to it.
type recConn struct {
	id     uint64
	mu     sync.Mutex
	frames []string
}

func (c *recConn) ID() uint64 { return c.id }
func (c *recConn) Send(f relay.Frame) bool {
	c.mu.Lock()
	c.frames = append(c.frames, f.(*frame).payload)
	c.mu.Unlock()
	return true
}

func (c *recConn) waitFrames(t *testing.T, n int) []string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		c.mu.Lock()
		got := append([]string(nil), c.frames...)
		c.mu.Unlock()
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("conn %d got %d frames, want %d: %q", c.id, len(got), n, got)
		}
		time.Sleep(2 * time.Millisecond) // polling with a deadline
	}
}

// fakeRooms routes every room id to one probe actor standing in for the room.
type fakeRooms struct{ pid *actor.PID }

func (f fakeRooms) Get(string) *actor.PID { return f.pid }

// roomProbe answers joins as told and records what the relay sends it.
type roomProbe struct {
	mu      sync.Mutex
	joins   []*room.Join
	reports []*room.RelayReport
	refuse  bool
}

func (p *roomProbe) receive(c actor.Context) {
	switch m := c.Message().(type) {
	case *room.Join:
		p.mu.Lock()
		p.joins = append(p.joins, m)
		refuse := p.refuse
		p.mu.Unlock()
		if refuse {
			c.Send(m.Relay, &room.JoinReply{Room: "r", Ticket: m.Ticket, Code: protocol.CodeRoomNotFound})
			return
		}
		c.Send(m.Relay, &room.JoinReply{Room: "r", Ticket: m.Ticket, Seq: 2, Open: true,
			Replay: [][]byte{[]byte(`{"seq":1}`), []byte(`{"seq":2}`)}})
	case *room.RelayReport:
		p.mu.Lock()
		p.reports = append(p.reports, m)
		p.mu.Unlock()
	}
}

func setup(t *testing.T) (*actor.ActorSystem, *actor.PID, *roomProbe) {
	rp := &roomProbe{}
	sys, relayPID := startRelay(t, rp.receive, 0)
	return sys, relayPID, rp
}

// startRelay starts a relay whose every room is the actor behind receive; heartbeat as in Config.
func startRelay(t *testing.T, receive actor.ReceiveFunc, heartbeat time.Duration) (*actor.ActorSystem, *actor.PID) {
	sys := actor.NewActorSystem()
	t.Cleanup(sys.Shutdown)
	roomPID := sys.Root.Spawn(actor.PropsFromFunc(receive))
	relayPID := sys.Root.Spawn(relay.Props(relay.Config{
		Encode:      func(p []byte, prio bool) relay.Frame { return &frame{payload: string(p), priority: prio} },
		Rooms:       fakeRooms{roomPID},
		ReportEvery: 5 * time.Millisecond,
		Heartbeat:   heartbeat,
	}))
	return sys, relayPID
}

func TestJoinWritesJoinedAndReplayBeforeLiveFrames(t *testing.T) {
	sys, relayPID, rp := setup(t)
	c := &recConn{id: 1}
	sys.Root.Send(relayPID, &relay.Subscribe{Room: "r", Conn: c, Since: 0, HasSince: true})
	got := c.waitFrames(t, 2)
	if !strings.Contains(got[0], `"t":"joined"`) || !strings.Contains(got[1], `"ev":[{"seq":1},{"seq":2}]`) {
		t.Fatalf("frames %q", got)
	}
	sys.Root.Send(relayPID, &room.Deliver{Room: "r", Payload: []byte("live")})
	if got = c.waitFrames(t, 3); got[2] != "live" {
		t.Fatalf("live frame %q", got[2])
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		rp.mu.Lock()
		n := len(rp.reports)
		rp.mu.Unlock()
		if n > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(2 * time.Millisecond)
	}
	rp.mu.Lock()
	defer rp.mu.Unlock()
	if len(rp.reports) == 0 || rp.reports[0].Count != 1 {
		t.Fatalf("viewer count reports %+v, want 1", rp.reports)
	}
}

func TestUnsubscribedConnectionGetsNothingMoreAndTheRoomIsTold(t *testing.T) {
	sys, relayPID, rp := setup(t)
	a, b := &recConn{id: 1}, &recConn{id: 2}
	sys.Root.Send(relayPID, &relay.Subscribe{Room: "r", Conn: a})
	sys.Root.Send(relayPID, &relay.Subscribe{Room: "r", Conn: b})
	a.waitFrames(t, 2)
	b.waitFrames(t, 2)
	sys.Root.Send(relayPID, &relay.Unsubscribe{Room: "r", ConnID: 1})
	sys.Root.Send(relayPID, &room.Deliver{Room: "r", Payload: []byte("after")})
	b.waitFrames(t, 3)
	if got := a.waitFrames(t, 2); len(got) != 2 {
		t.Fatalf("unsubscribed conn got %q", got)
	}
	sys.Root.Send(relayPID, &relay.Unsubscribe{Room: "r", ConnID: 2})
	deadline := time.Now().Add(5 * time.Second)
	for {
		rp.mu.Lock()
		last := rp.reports
		rp.mu.Unlock()
		if len(last) > 0 && last[len(last)-1].Count == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("room never told the relay has no viewers: %+v", last)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func TestRefusedJoinIsReportedToTheSession(t *testing.T) {
	sys, relayPID, rp := setup(t)
	rp.refuse = true
	got := make(chan *relay.JoinFailed, 1)
	sess := sys.Root.Spawn(actor.PropsFromFunc(func(c actor.Context) {
		if m, ok := c.Message().(*relay.JoinFailed); ok {
			got <- m
		}
	}))
	c := &recConn{id: 1}
	sys.Root.Send(relayPID, &relay.Subscribe{Room: "r", Conn: c, Session: sess})
	select {
	case m := <-got:
		if m.Code != protocol.CodeRoomNotFound {
			t.Fatalf("code %d", m.Code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no JoinFailed")
	}
	sys.Root.Send(relayPID, &room.Deliver{Room: "r", Payload: []byte("x")})
	if n := len(c.waitFrames(t, 0)); n != 0 {
		t.Fatalf("refused conn got %d frames", n)
	}
}

// lossyRoom drops the first join it gets, as a join lost between nodes, then answers like a room.
type lossyRoom struct {
	roomProbe
	dropped bool
}

func (l *lossyRoom) receive(c actor.Context) {
	if _, ok := c.Message().(*room.Join); ok && !l.dropped {
		l.dropped = true
		return
	}
	l.roomProbe.receive(c)
}

// A join lost on its way to the room is sent again after a few heartbeats, and the connection
// joins; without heartbeats (a single node, where nothing is lost) a join is sent once.
func TestLostJoinIsSentAgainOnHeartbeat(t *testing.T) {
	lr := &lossyRoom{}
	sys, relayPID := startRelay(t, lr.receive, 5*time.Millisecond)
	c := &recConn{id: 1}
	sys.Root.Send(relayPID, &relay.Subscribe{Room: "r", Conn: c})
	got := c.waitFrames(t, 1)
	if !strings.Contains(got[0], `"t":"joined"`) {
		t.Fatalf("frames %q", got)
	}
	// Later heartbeats send nothing more: the join was answered.
	sys.Root.Send(relayPID, &room.Deliver{Room: "r", Payload: []byte("live")})
	c.waitFrames(t, 3)
	time.Sleep(50 * time.Millisecond) // ten heartbeats: time for a wrong re-send to show
	lr.mu.Lock()
	joins := len(lr.joins)
	lr.mu.Unlock()
	if joins != 1 {
		t.Fatalf("the room answered %d joins after the lost one, want 1", joins)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if n := strings.Count(strings.Join(c.frames, "\n"), `"t":"joined"`); n != 1 {
		t.Fatalf("joined written %d times: %q", n, c.frames)
	}
}

// The room must know who joins to tell them what they may do there (you.mod, you.streamer): a
// streamer or moderator without it would never get the room's tools.
func TestJoinTellsTheRoomWhoJoins(t *testing.T) {
	sys, relayPID, rp := setup(t)
	a, g := &recConn{id: 1}, &recConn{id: 2}
	sys.Root.Send(relayPID, &relay.Subscribe{Room: "r", UserID: "u7", Conn: a})
	a.waitFrames(t, 1)
	sys.Root.Send(relayPID, &relay.Subscribe{Room: "r", Conn: g})
	g.waitFrames(t, 1)
	rp.mu.Lock()
	defer rp.mu.Unlock()
	if len(rp.joins) != 2 || rp.joins[0].UserID != "u7" || rp.joins[1].UserID != "" {
		t.Fatalf("joins %+v, want u7's then a guest's", rp.joins)
	}
}
