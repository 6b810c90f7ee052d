package match

import (
	"context"
	"sort"
	"strconv"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/match/feed"
	"courtside/actors/room"
)

// TopicConfig configures score topics.
type TopicConfig struct {
	// Tick is the least spacing of a topic's frames; default 50ms. A publish that finds the topic
	// quiet (its last frame at least a tick ago) goes out at once, with whatever else is already
	// in the mailbox; publishes that follow within a tick wait for the next frame, the latest
	// value of each field winning.
	Tick time.Duration
	// Delays are the spoiler-free delay classes; default DefaultDelays. A subscription's delayMs
	// picks the smallest class at or above it.
	Delays []time.Duration
	// Clock drives ticks and delays; default the wall clock.
	Clock Clock
	// IdleAfter passivates a topic actor that received nothing for this long and has no
	// subscribers, no delayed siblings and nothing pending; the next Get activates it again (a
	// match topic then asks its match to publish its whole state). Default 2 minutes; negative
	// never.
	IdleAfter time.Duration
	// MatchExists, when set, is asked by Topics.Resolve for a `match:<id>` subscription: an
	// unknown match is refused with ErrNoSuchMatch before any actor is activated.
	MatchExists func(ctx context.Context, id string) (bool, error)
}

func (c *TopicConfig) fill() {
	if c.Tick == 0 {
		c.Tick = 50 * time.Millisecond
	}
	if len(c.Delays) == 0 {
		c.Delays = DefaultDelays
	}
	if c.Clock == nil {
		c.Clock = RealClock
	}
	if c.IdleAfter == 0 {
		c.IdleAfter = 2 * time.Minute
	}
}

// topicActor is one score topic at one delay class. It behaves towards relays exactly like a room
// (room.Join, room.JoinReply, room.RelayReport, room.Deliver), so the node relay serves topics
// as it is. The class-0 topic of a base name forwards every Publish to its delayed siblings; a
// delayed topic holds publishes until Stamp+delay. Either way one frame per tick is encoded and
// sent once to each relay with subscribers.
//
// In cluster mode a delayed topic has classZero (the class-0 topic wherever it lives) and
// attaches itself to it: when it starts, and again at each relay heartbeat, since a class-0 topic
// re-activated on another node knows no siblings. Messages to siblings go through the actor's
// context, which carries them across nodes.
type topicActor struct {
	name     string
	base     string
	scores   bool
	delay    time.Duration
	cfg      *TopicConfig
	self     *actor.PID
	sys      *actor.ActorSystem
	relays   map[string]topicRelay // by relayKey
	siblings []*actor.PID
	// classZero finds the class-0 topic of a delayed topic in cluster mode; nil otherwise (Topics
	// attaches delayed topics itself on a single node).
	classZero func() *actor.PID
	// match finds the match of a class-0 match topic, to ask it for its whole state when the
	// topic starts (Topics.AskMatches); nil otherwise.
	match func() *actor.PID
	// onIdle runs when the topic passivates (single node: Topics forgets it); nil otherwise.
	onIdle func(self *actor.PID)

	pending map[string]map[string][]byte // match -> field -> value, not yet sent
	spare   []map[string][]byte          // pending's maps of sent frames, emptied, for merge to reuse
	snap    map[string]map[string][]byte // match -> field -> latest value sent
	queue   []*Publish                   // delayed topics: publishes not yet due, in arrival order
	frames  uint64

	tickArmed bool
	tickStamp uint64
	lastFrame time.Time // when the last frame was sent (zero: never)
	buf       []byte
	joinFrame []byte // the join snapshot, rebuilt only after snap changed
	joinStale bool
}

// maxSpareMaps bounds the emptied maps a topic keeps: a scoreboard's first frames carry every
// match, its later ones a few.
const maxSpareMaps = 64

// topicRelay is a relay with subscribers to the topic and how many it reported.
type topicRelay struct {
	pid   *actor.PID
	count int
}

// relayKey names a relay by value: PIDs from other nodes are decoded afresh with every message.
func relayKey(pid *actor.PID) string { return pid.Address + "/" + pid.Id }

func newTopicActor(name, base string, delay time.Duration, cfg *TopicConfig) *topicActor {
	return &topicActor{
		name: name, base: base, delay: delay, cfg: cfg, scores: base[:len(PrefixScores)] == PrefixScores,
		relays: map[string]topicRelay{}, pending: map[string]map[string][]byte{}, snap: map[string]map[string][]byte{},
	}
}

// Receive is the topic's mailbox loop.
func (t *topicActor) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *actor.Started:
		t.self, t.sys = ctx.Self(), ctx.ActorSystem()
		t.attachToClassZero(ctx)
		if t.match != nil {
			ctx.Send(t.match(), &Republish{})
		}
		if t.cfg.IdleAfter > 0 {
			ctx.SetReceiveTimeout(t.cfg.IdleAfter)
		}
	case *actor.ReceiveTimeout:
		if !t.viewed() && len(t.siblings) == 0 && len(t.queue) == 0 && len(t.pending) == 0 {
			if t.onIdle != nil {
				t.onIdle(ctx.Self())
			}
			ctx.Stop(ctx.Self()) // passivate: the next Get activates the topic again
			return
		}
		ctx.SetReceiveTimeout(t.cfg.IdleAfter) // a timeout fires once: arm the next
	case *Publish:
		t.onPublish(ctx, m)
	case *topicTick:
		if m.stamp == t.tickStamp {
			t.tickArmed = false
			t.onTick(ctx)
		}
	case *Attach:
		t.onAttach(ctx, m)
	case *actor.Terminated:
		t.forgetSibling(m.Who)
	case *room.Join:
		t.onJoin(ctx, m)
	case *topicInfo:
		ctx.Respond(topicInfoReply{pending: len(t.pending) + len(t.queue), frames: t.frames, relays: len(t.relays)})
	case *room.RelayReport:
		if m.Count <= 0 {
			delete(t.relays, relayKey(m.Relay))
		} else {
			t.relays[relayKey(m.Relay)] = topicRelay{pid: m.Relay, count: m.Count}
		}
		if m.Heartbeat {
			t.attachToClassZero(ctx)
		}
	}
}

// viewed reports whether a relay reported subscribers. A relay that joined and never reported (its
// connection left within the relay's report interval) counts for nothing: after IdleAfter without a
// message it is stale.
func (t *topicActor) viewed() bool {
	for _, r := range t.relays {
		if r.count > 0 {
			return true
		}
	}
	return false
}

// attachToClassZero asks the class-0 topic for its publishes (cluster mode, delayed topics).
func (t *topicActor) attachToClassZero(ctx actor.Context) {
	if t.classZero != nil {
		ctx.Send(t.classZero(), &Attach{Sibling: ctx.Self()})
	}
}

func (t *topicActor) onPublish(ctx actor.Context, p *Publish) {
	for _, s := range t.siblings {
		ctx.Send(s, p) // Publish is never modified after it is sent
	}
	if t.delay > 0 {
		t.queue = append(t.queue, p)
		if len(t.queue) == 1 {
			t.arm(p.Stamp.Add(t.delay).Sub(t.cfg.Clock.Now()))
		}
		return
	}
	t.merge(p)
	wait := time.Duration(0) // quiet: at once
	if !t.lastFrame.IsZero() {
		wait = t.lastFrame.Add(t.cfg.Tick).Sub(t.cfg.Clock.Now())
	}
	t.arm(wait)
}

func (t *topicActor) merge(p *Publish) {
	m := t.pending[p.Match]
	if m == nil {
		// A match page's topic sends about a frame a publish: a map made for each was, with the
		// topic's other garbage, a tenth of what a node with 10,000 ticking matches allocated.
		if n := len(t.spare); n > 0 {
			m, t.spare = t.spare[n-1], t.spare[:n-1]
		} else {
			m = make(map[string][]byte, len(p.Fields))
		}
		t.pending[p.Match] = m
	}
	for _, f := range p.Fields {
		m[f.Key] = f.Val
	}
}

func (t *topicActor) arm(d time.Duration) {
	if t.tickArmed {
		return
	}
	if d < 0 {
		d = 0
	}
	t.tickArmed = true
	t.tickStamp++
	stamp, self, sys := t.tickStamp, t.self, t.sys
	if d == 0 {
		// A message to itself, behind what the mailbox already holds: a burst of publishes from
		// matches that flushed together still goes out as one frame.
		sys.Root.Send(self, &topicTick{stamp: stamp})
		return
	}
	t.cfg.Clock.AfterFunc(d, func() { sys.Root.Send(self, &topicTick{stamp: stamp}) })
}

func (t *topicActor) onTick(ctx actor.Context) {
	if t.delay > 0 {
		now := t.cfg.Clock.Now()
		n := 0
		for n < len(t.queue) && !t.queue[n].Stamp.Add(t.delay).After(now) {
			t.merge(t.queue[n])
			t.queue[n] = nil
			n++
		}
		t.queue = t.queue[n:]
		if len(t.queue) > 0 {
			t.arm(max(t.queue[0].Stamp.Add(t.delay).Sub(now), t.cfg.Tick))
		}
	}
	if len(t.pending) == 0 {
		return
	}
	t.joinStale = true
	for id, fields := range t.pending {
		s := t.snap[id]
		if s == nil {
			s = make(map[string][]byte, len(fields))
			t.snap[id] = s
		}
		for k, v := range fields {
			s[k] = v
		}
	}
	t.lastFrame = t.cfg.Clock.Now()
	if len(t.relays) > 0 {
		t.buf = t.appendFrame(t.buf[:0], t.pending, false)
		payload := append([]byte(nil), t.buf...) // relays keep the payload
		t.frames++
		d := &room.Deliver{Room: t.name, Payload: payload}
		for _, r := range t.relays {
			ctx.Send(r.pid, d)
		}
	}
	for _, m := range t.pending {
		if len(t.spare) < maxSpareMaps {
			clear(m)
			t.spare = append(t.spare, m)
		}
	}
	clear(t.pending)
}

// appendFrame encodes matches' fields as one `score` frame (a match topic) or `scores` frame (a
// scoreboard). With live set, a scoreboard frame keeps only matches in play (the join snapshot).
func (t *topicActor) appendFrame(dst []byte, matches map[string]map[string][]byte, live bool) []byte {
	ids := make([]string, 0, len(matches))
	for id, f := range matches {
		if live && !inPlayField(f["st"]) {
			continue
		}
		ids = append(ids, id)
	}
	sort.Strings(ids)
	if !t.scores {
		dst = append(dst, `{"t":"score","topic":`...)
		dst = strconv.AppendQuote(dst, t.name)
		dst = append(dst, `,"match":`...)
		dst = strconv.AppendQuote(dst, t.base[len(PrefixMatch):])
		dst = append(dst, `,"delta":`...)
		if len(ids) == 0 {
			dst = append(dst, "{}"...)
		} else {
			dst = appendFields(dst, matches[ids[0]])
		}
		return append(dst, '}')
	}
	dst = append(dst, `{"t":"scores","topic":`...)
	dst = strconv.AppendQuote(dst, t.name)
	dst = append(dst, `,"deltas":{`...)
	for i, id := range ids {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendQuote(dst, id)
		dst = append(dst, ':')
		dst = appendFields(dst, matches[id])
	}
	return append(dst, "}}"...)
}

func inPlayField(v []byte) bool {
	return len(v) == 1 && v[0] >= '1' && v[0] <= '4'
}

func appendFields(dst []byte, fields map[string][]byte) []byte {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	dst = append(dst, '{')
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendQuote(dst, k)
		dst = append(dst, ':')
		dst = append(dst, fields[k]...)
	}
	return append(dst, '}')
}

// onJoin answers a relay: the reply's replay is one frame with the full current state (what
// this topic's subscribers have been sent so far), so a new subscriber starts complete and then
// follows the deltas.
func (t *topicActor) onJoin(ctx actor.Context, j *room.Join) {
	if _, ok := t.relays[relayKey(j.Relay)]; !ok {
		t.relays[relayKey(j.Relay)] = topicRelay{pid: j.Relay}
	}
	total := 0
	for _, r := range t.relays {
		total += r.count
	}
	reply := &room.JoinReply{Room: t.name, Ticket: j.Ticket, Seq: t.frames, Open: true, Presence: total, Topic: true}
	if len(t.snap) > 0 {
		if t.joinFrame == nil || t.joinStale {
			t.joinFrame, t.joinStale = t.appendFrame(nil, t.snap, t.scores), false
		}
		reply.Replay = [][]byte{t.joinFrame}
	}
	ctx.Send(j.Relay, reply)
}

// onAttach starts a delayed sibling with everything known now; it shows that state once its
// delay has passed, and follows every later publish. A sibling attached already is left alone;
// one that stops (or whose node dies) is forgotten.
func (t *topicActor) onAttach(ctx actor.Context, m *Attach) {
	if m.Sibling == nil {
		return
	}
	for _, s := range t.siblings {
		if s.Equal(m.Sibling) {
			return
		}
	}
	t.siblings = append(t.siblings, m.Sibling)
	ctx.Watch(m.Sibling)
	now := t.cfg.Clock.Now()
	for _, src := range []map[string]map[string][]byte{t.snap, t.pending} {
		for id, fields := range src {
			p := &Publish{Match: id, Stamp: now, Fields: make([]feed.Field, 0, len(fields))}
			for k, v := range fields {
				p.Fields = append(p.Fields, feed.Field{Key: k, Val: v})
			}
			ctx.Send(m.Sibling, p)
		}
	}
}

func (t *topicActor) forgetSibling(pid *actor.PID) {
	for i, s := range t.siblings {
		if s.Equal(pid) {
			t.siblings = append(t.siblings[:i], t.siblings[i+1:]...)
			return
		}
	}
}
