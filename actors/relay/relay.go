package relay

import (
	"time"
	"unsafe"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/protocol"
	"courtside/actors/room"
)

// Frame is a wire frame built once and written to many connections. The gateway's frame type
// satisfies it; the relay never looks inside.
type Frame interface{ Priority() bool }

// Conn is a local connection the relay writes frames to.
type Conn interface {
	ID() uint64
	Send(f Frame) bool
}

// Encoder turns a payload into a Frame, once per frame.
type Encoder func(payload []byte, priority bool) Frame

// RoomFinder returns the actor of a room.
type RoomFinder interface{ Get(id string) *actor.PID }

// Broadcaster writes one frame to many connections at once (the gateway wakes each event loop once
// instead of once per connection). It is called only from the relay's goroutine.
type Broadcaster func(f Frame, conns []Conn)

// Config holds the relay's collaborators.
type Config struct {
	Encode      Encoder
	Broadcast   Broadcaster // nil: Send to each connection in turn
	Rooms       RoomFinder
	ReportEvery time.Duration // how often viewer counts go to rooms; default 250ms
	// Heartbeat, when set (cluster mode), re-sends every viewed room the relay's viewer count and
	// the last seq it wrote at this interval: a room re-activated on another node after its node
	// died learns its relays again and catches their connections up. It also re-sends joins left
	// unanswered for joinRetryBeats heartbeats: between nodes a message can be lost (a node dies,
	// a remote connection drops with the batch it carried), and a lost join would otherwise leave
	// its connection waiting for ever. 0: counts go only on change, joins are sent once.
	Heartbeat time.Duration
}

// Subscribe joins conn to room; Session gets a JoinFailed if the room refuses.
type Subscribe struct {
	Room     string
	UserID   string // the connection's user, "" for guests and topics
	Conn     Conn
	Since    uint64
	HasSince bool
	Session  *actor.PID
}

// Unsubscribe removes a connection from a room.
type Unsubscribe struct {
	Room   string
	ConnID uint64
}

// JoinFailed tells a session that a room refused its join.
type JoinFailed struct {
	Room string
	Code protocol.Code
}

type reportTick struct{}

type heartbeatTick struct{}

// joinRetryBeats is how many heartbeats a join may stay unanswered before it is sent again: long
// enough that a room busy with a join storm is not sent duplicates it would answer anyway.
const joinRetryBeats = 5

// pendingJoin is a join sent to a room and not yet answered. A connection that leaves meanwhile
// stays here, gone, until the answer comes, so the answer is recognised and dropped.
type pendingJoin struct {
	conn     Conn
	session  *actor.PID
	since    uint64
	hasSince bool
	userID   string // who joins, so the room can say what they may do there (JoinReply.Mod, Streamer)
	sentAt   time.Time
	gone     bool
}

type roomSubs struct {
	pid     *actor.PID
	active  []Conn
	index   map[uint64]int // conn id -> position in active
	pending map[uint64]*pendingJoin
	// reported is the viewer count the room last heard from this relay; -1 after a Join, because
	// the room then counts the relay in without knowing how many viewers it has.
	reported int
	// seen is the highest seq written to every active connection (from frames and catch-ups);
	// joinSeq is where a connection that joined after that starts (its JoinReply's Seq).
	seen    uint64
	joinSeq map[uint64]uint64
	// replay is the last join reply's replay frame, shared with the joins that get the same one.
	replay sharedReplay
}

// sharedReplay is an encoded replay frame and what decides its contents. Joins that come
// together mostly get the same replay: the room's latest lines for fresh viewers, and, after a
// drop, the lines since the seq every viewer of the room had then. Encoding it once instead of
// once per connection took the relay's copying out of a reconnect storm (18,000 viewers resuming
// at once, issue 24).
type sharedReplay struct {
	key   replayKey
	frame Frame
}

// replayKey identifies a replay: the join's since (or none), the room's seq and gap flag in the
// reply, and its events, by count and by the first and last payload's storage: a room serves
// replays from its ring, whose payloads are the same slices for every join, so a replay loaded
// from history (fresh slices) is never mistaken for one from the ring.
type replayKey struct {
	hasSince, gap bool
	since, seq    uint64
	n             int
	first, last   *byte
}

func keyOf(m *room.JoinReply, p *pendingJoin) replayKey {
	return replayKey{hasSince: p.hasSince, gap: m.Gap, since: p.since, seq: m.Seq, n: len(m.Replay),
		first: unsafe.SliceData(m.Replay[0]), last: unsafe.SliceData(m.Replay[len(m.Replay)-1])}
}

// replayFrame returns the frame of m's replay (m.Replay not empty), encoded once for every join
// of rs with the same replay in a row.
func (a *Actor) replayFrame(rs *roomSubs, m *room.JoinReply, p *pendingJoin) Frame {
	k := keyOf(m, p)
	if rs.replay.frame == nil || rs.replay.key != k {
		rs.replay = sharedReplay{key: k, frame: a.cfg.Encode(protocol.AppendBatch(nil, m.Room, m.Replay, 0), true)}
	}
	return rs.replay.frame
}

// Actor is the node's relay.
type Actor struct {
	cfg         Config
	rooms       map[string]*roomSubs
	tickets     uint64
	reportArmed bool
}

// Props returns the relay's props.
func Props(cfg Config) *actor.Props {
	if cfg.ReportEvery == 0 {
		cfg.ReportEvery = 250 * time.Millisecond
	}
	return actor.PropsFromProducer(func() actor.Actor {
		return &Actor{cfg: cfg, rooms: make(map[string]*roomSubs)}
	})
}

// Receive is the relay's mailbox loop.
func (a *Actor) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *room.Deliver:
		a.onDeliver(m)
	case *actor.Started:
		a.armHeartbeat(ctx)
	case *heartbeatTick:
		a.heartbeat(ctx)
		a.armHeartbeat(ctx)
	case *Resync:
		a.heartbeat(ctx)
	case *Subscribe:
		a.onSubscribe(ctx, m)
	case *room.JoinReply:
		a.onJoinReply(ctx, m)
	case *Unsubscribe:
		a.onUnsubscribe(ctx, m)
	case *reportTick:
		a.reportArmed = false
		a.report(ctx)
	}
}

// onDeliver is the hot path: one frame, every local viewer of the room. A frame of events goes to
// each connection without the events it already has (by seq): while a room moves between nodes, its
// old incarnation may still flush events the new one has already caught this relay up with.
func (a *Actor) onDeliver(m *room.Deliver) {
	rs := a.rooms[m.Room]
	if rs == nil || len(rs.active) == 0 {
		return
	}
	if rs.replay.frame != nil && m.Seq > rs.replay.key.seq {
		rs.replay = sharedReplay{} // no later join gets it: its replies carry this seq or a later one
	}
	if m.First == 0 || (m.First > rs.seen && len(rs.joinSeq) == 0) {
		// No events (presence, a topic frame), or only new ones for everybody.
		if m.Seq > rs.seen {
			rs.seen = m.Seq
		}
		a.send(a.cfg.Encode(m.Payload, m.Priority), rs.active)
		return
	}
	a.deliverOverlapping(rs, m)
}

// send writes f to conns.
func (a *Actor) send(f Frame, conns []Conn) {
	if a.cfg.Broadcast != nil {
		a.cfg.Broadcast(f, conns)
		return
	}
	for _, c := range conns {
		c.Send(f)
	}
}

// deliverOverlapping writes a frame of events that some connections (or all) partly or wholly
// have already: each connection gets only the events after the last seq it was given.
func (a *Actor) deliverOverlapping(rs *roomSubs, m *room.Deliver) {
	var (
		events  [][]byte
		seqs    []uint64
		sampled int
		decoded bool
		whole   Frame
		trimmed = map[uint64]Frame{}
	)
	frameFor := func(from uint64) Frame {
		switch {
		case m.Seq <= from:
			return nil // every event of the frame is already there
		case m.First > from:
			if whole == nil {
				whole = a.cfg.Encode(m.Payload, m.Priority)
			}
			return whole
		}
		if f, ok := trimmed[from]; ok {
			return f
		}
		if !decoded {
			decoded = true
			evs, n, err := protocol.DecodeBatch(m.Payload)
			if err == nil {
				sampled = n
				for _, ev := range evs {
					if e, err := protocol.DecodeEvent(ev); err == nil {
						events, seqs = append(events, ev), append(seqs, e.Seq)
					}
				}
			}
		}
		var lines [][]byte
		for i, ev := range events {
			if seqs[i] > from {
				lines = append(lines, ev)
			}
		}
		var f Frame
		if len(lines) > 0 {
			f = a.cfg.Encode(protocol.AppendBatch(nil, m.Room, lines, sampled), m.Priority)
		}
		trimmed[from] = f
		return f
	}
	common := make([]Conn, 0, len(rs.active))
	for _, c := range rs.active {
		if j, ok := rs.joinSeq[c.ID()]; ok && j > rs.seen {
			if f := frameFor(j); f != nil {
				c.Send(f)
			}
			continue
		}
		common = append(common, c)
	}
	if f := frameFor(rs.seen); f != nil && len(common) > 0 {
		a.send(f, common)
	}
	rs.seen = max(rs.seen, m.Seq)
	a.forgetCaughtUp(rs)
}

// forgetCaughtUp drops the join seqs of connections the room's frames have caught up with.
func (a *Actor) forgetCaughtUp(rs *roomSubs) {
	for id, j := range rs.joinSeq {
		if j <= rs.seen {
			delete(rs.joinSeq, id)
		}
	}
}

func (a *Actor) onSubscribe(ctx actor.Context, m *Subscribe) {
	rs := a.rooms[m.Room]
	if rs == nil {
		rs = &roomSubs{pid: a.cfg.Rooms.Get(m.Room), index: map[uint64]int{}, pending: map[uint64]*pendingJoin{}, joinSeq: map[uint64]uint64{}}
		a.rooms[m.Room] = rs
	}
	a.removeConn(rs, m.Conn.ID()) // a re-join (resume) replaces the old subscription
	rs.reported = -1
	a.tickets++
	p := &pendingJoin{conn: m.Conn, session: m.Session, since: m.Since, hasSince: m.HasSince, userID: m.UserID}
	rs.pending[a.tickets] = p
	a.sendJoin(ctx, rs, a.tickets, p)
}

func (a *Actor) sendJoin(ctx actor.Context, rs *roomSubs, ticket uint64, p *pendingJoin) {
	p.sentAt = time.Now()
	ctx.Send(rs.pid, &room.Join{Relay: ctx.Self(), Ticket: ticket, Since: p.since, HasSince: p.hasSince,
		RelaySeen: rs.seen, HasRelaySeen: len(rs.active) > 0, UserID: p.userID})
}

func (a *Actor) onJoinReply(ctx actor.Context, m *room.JoinReply) {
	rs := a.rooms[m.Room]
	if rs == nil {
		return
	}
	if m.Rejoin {
		a.catchUp(rs, m)
		return
	}
	p, ok := rs.pending[m.Ticket]
	if !ok {
		return // a second answer to a join sent again (the first answer was only late)
	}
	delete(rs.pending, m.Ticket)
	if p.gone {
		// The connection left before the room answered; the next report tells the room the count.
		a.armReport(ctx)
		return
	}
	if m.Code != 0 {
		if p.session != nil {
			ctx.Send(p.session, &JoinFailed{Room: m.Room, Code: m.Code})
		}
		if m.Code == protocol.CodeRoomNotFound {
			// The room actor stopped; a later join must find a fresh one.
			rs.pid = a.cfg.Rooms.Get(m.Room)
		}
		a.armReport(ctx)
		return
	}
	if m.Topic {
		p.conn.Send(a.cfg.Encode(protocol.Encode(&protocol.Simple{T: "subbed", Topic: m.Room}), true))
		for _, frame := range m.Replay {
			p.conn.Send(a.cfg.Encode(frame, true))
		}
	} else {
		joined := protocol.Encode(&protocol.Joined{T: "joined", Room: m.Room, Seq: m.Seq, Open: m.Open, Presence: m.Presence,
			Gap: m.Gap, Slow: m.Slow, MinLevel: m.MinLevel, You: protocol.You{Mod: m.Mod, Streamer: m.Streamer, MutedUntil: m.MutedUntil}})
		p.conn.Send(a.cfg.Encode(joined, true))
		if len(m.Replay) > 0 {
			p.conn.Send(a.replayFrame(rs, m, p))
		}
	}
	if len(rs.active) == 0 || m.Seq > rs.seen {
		if len(rs.active) == 0 {
			rs.seen = m.Seq
		} else {
			rs.joinSeq[p.conn.ID()] = m.Seq
		}
	}
	rs.index[p.conn.ID()] = len(rs.active)
	rs.active = append(rs.active, p.conn)
	a.armReport(ctx)
}

func (a *Actor) onUnsubscribe(ctx actor.Context, m *Unsubscribe) {
	rs := a.rooms[m.Room]
	if rs == nil {
		return
	}
	if a.removeConn(rs, m.ConnID) {
		a.armReport(ctx)
	}
	a.dropIfEmpty(m.Room, rs)
}

// removeConn drops a connection from active and marks its pending joins gone; it reports whether
// it was active.
func (a *Actor) removeConn(rs *roomSubs, id uint64) bool {
	for _, p := range rs.pending {
		if p.conn.ID() == id {
			p.gone = true
		}
	}
	delete(rs.joinSeq, id)
	i, ok := rs.index[id]
	if !ok {
		return false
	}
	last := len(rs.active) - 1
	rs.active[i] = rs.active[last]
	rs.index[rs.active[i].ID()] = i
	rs.active[last] = nil
	rs.active = rs.active[:last]
	delete(rs.index, id)
	return true
}

// dropIfEmpty forgets a room with no viewers once the room has been told so.
func (a *Actor) dropIfEmpty(id string, rs *roomSubs) {
	if len(rs.active) == 0 && len(rs.pending) == 0 && rs.reported == 0 {
		delete(a.rooms, id)
	}
}

func (a *Actor) armReport(ctx actor.Context) {
	if a.reportArmed {
		return
	}
	a.reportArmed = true
	self, sys := ctx.Self(), ctx.ActorSystem()
	time.AfterFunc(a.cfg.ReportEvery, func() { sys.Root.Send(self, &reportTick{}) })
}

// report sends changed viewer counts to rooms (a count of 0 unsubscribes this relay from the room).
func (a *Actor) report(ctx actor.Context) {
	for id, rs := range a.rooms {
		if n := len(rs.active); n != rs.reported {
			rs.reported = n
			ctx.Send(rs.pid, &room.RelayReport{Relay: ctx.Self(), Count: n, Seen: rs.seen})
		}
		a.dropIfEmpty(id, rs)
	}
}

// catchUp writes what a re-activated room says this relay's connections missed: to each connection
// the events after the last seq it got, so nothing arrives twice. Frames of the room follow.
func (a *Actor) catchUp(rs *roomSubs, m *room.JoinReply) {
	type seqEvent struct {
		seq uint64
		ev  []byte
	}
	events := make([]seqEvent, 0, len(m.Replay))
	for _, ev := range m.Replay {
		if e, err := protocol.DecodeEvent(ev); err == nil {
			events = append(events, seqEvent{e.Seq, ev})
		}
	}
	after := func(from uint64) [][]byte {
		var out [][]byte
		for _, e := range events {
			if e.seq > from {
				out = append(out, e.ev)
			}
		}
		return out
	}
	var common Frame // one frame for every connection at rs.seen
	for _, c := range rs.active {
		from := max(rs.seen, rs.joinSeq[c.ID()])
		if from == rs.seen {
			if common == nil {
				lines := after(from)
				if len(lines) == 0 {
					continue
				}
				common = a.cfg.Encode(protocol.AppendBatch(nil, m.Room, lines, 0), true)
			}
			c.Send(common)
			continue
		}
		if lines := after(from); len(lines) > 0 {
			c.Send(a.cfg.Encode(protocol.AppendBatch(nil, m.Room, lines, 0), true))
		}
	}
	rs.seen = max(rs.seen, m.Seq)
	a.forgetCaughtUp(rs)
}

func (a *Actor) armHeartbeat(ctx actor.Context) {
	if a.cfg.Heartbeat <= 0 {
		return
	}
	self, sys := ctx.Self(), ctx.ActorSystem()
	time.AfterFunc(a.cfg.Heartbeat, func() { sys.Root.Send(self, &heartbeatTick{}) })
}

// heartbeat re-registers the relay with every room it has viewers in, finding each room afresh
// (in a cluster the room may now live on another node), and sends again the joins left unanswered
// too long (see Config.Heartbeat).
func (a *Actor) heartbeat(ctx actor.Context) {
	retryBefore := time.Now().Add(-joinRetryBeats * a.cfg.Heartbeat)
	for id, rs := range a.rooms {
		n := len(rs.active)
		if n == 0 && len(rs.pending) == 0 {
			continue
		}
		rs.pid = a.cfg.Rooms.Get(id)
		if n > 0 {
			rs.reported = n
			ctx.Send(rs.pid, &room.RelayReport{Relay: ctx.Self(), Count: n, Seen: rs.seen, Heartbeat: true})
		}
		for ticket, p := range rs.pending {
			switch {
			case !p.sentAt.Before(retryBefore):
			case p.gone:
				delete(rs.pending, ticket) // nobody waits for this answer any more
				a.armReport(ctx)
			default:
				a.sendJoin(ctx, rs, ticket, p)
			}
		}
		a.dropIfEmpty(id, rs)
	}
}

// Resync makes the relay re-register its viewers with every room now instead of at the next
// heartbeat (cluster mode: the topology changed, rooms may have moved).
type Resync struct{}
