package match

import (
	"bytes"
	"context"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/match/feed"
	"courtside/actors/relay"
)

// fakeClock is a Clock that moves only when a test advances it.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []fakeTimer
}

type fakeTimer struct {
	due time.Time
	f   func()
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) AfterFunc(d time.Duration, f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.timers = append(c.timers, fakeTimer{due: c.now.Add(d), f: f})
}

// Advance moves the clock by d and runs every timer that falls due, in due order.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due, keep []fakeTimer
	for _, t := range c.timers {
		if !t.due.After(c.now) {
			due = append(due, t)
		} else {
			keep = append(keep, t)
		}
	}
	c.timers = keep
	c.mu.Unlock()
	sort.SliceStable(due, func(i, j int) bool { return due[i].due.Before(due[j].due) })
	for _, t := range due {
		t.f()
	}
}

// probe is a relay connection that records every frame written to it.
type probe struct {
	id     uint64
	mu     sync.Mutex
	frames [][]byte
}

type frame struct{ payload []byte }

func (frame) Priority() bool { return false }

func (p *probe) ID() uint64 { return p.id }

func (p *probe) Send(f relay.Frame) bool {
	p.mu.Lock()
	p.frames = append(p.frames, f.(frame).payload)
	p.mu.Unlock()
	return true
}

// scoreFrames returns the `score`/`scores` frames received so far.
func (p *probe) scoreFrames() [][]byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out [][]byte
	for _, f := range p.frames {
		if bytes.HasPrefix(f, []byte(`{"t":"score`)) {
			out = append(out, f)
		}
	}
	return out
}

func (p *probe) joined() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, f := range p.frames {
		if bytes.HasPrefix(f, []byte(`{"t":"subbed"`)) {
			return true
		}
	}
	return false
}

type harness struct {
	t      *testing.T
	sys    *actor.ActorSystem
	clock  *fakeClock
	topics *Topics
	reg    *Registry
	relay  *actor.PID
	store  *MemoryStore
	cfg    Config
	conns  uint64
}

func newHarness(t *testing.T, mod func(*Config)) *harness {
	t.Helper()
	return newHarnessIdle(t, 0, mod)
}

// newHarnessIdle is newHarness with topics that passivate after idle (0: the default).
func newHarnessIdle(t *testing.T, idle time.Duration, mod func(*Config)) *harness {
	t.Helper()
	h := &harness{t: t, sys: actor.NewActorSystem(), clock: newFakeClock(), store: NewMemoryStore()}
	h.store.KeepEvents = true
	t.Cleanup(h.sys.Shutdown)
	h.topics = NewTopics(h.sys, TopicConfig{Clock: h.clock, IdleAfter: idle})
	h.relay = h.sys.Root.Spawn(relay.Props(relay.Config{
		Encode: func(p []byte, _ bool) relay.Frame { return frame{payload: p} },
		Rooms:  Finder{Topics: h.topics},
	}))
	h.cfg = Config{Store: h.store, Topics: h.topics, Clock: h.clock, Reservations: h.store}
	if mod != nil {
		mod(&h.cfg)
	}
	h.reg = NewRegistry(h.sys, h.cfg)
	return h
}

// subscribe joins a probe connection to a topic through the real relay and waits for `subbed`.
func (h *harness) subscribe(name string) *probe {
	h.t.Helper()
	h.conns++
	p := &probe{id: h.conns}
	h.sys.Root.Send(h.relay, &relay.Subscribe{Room: name, Conn: p})
	waitUntil(h.t, "joined "+name, p.joined)
	return p
}

// settle returns once match id has applied and published everything pushed so far and the
// named topics have taken in what it published.
func (h *harness) settle(id string, topics ...string) feed.State {
	h.t.Helper()
	ctx := context.Background()
	if _, err := h.reg.State(ctx, id); err != nil {
		h.t.Fatal(err)
	}
	st, err := h.reg.State(ctx, id) // queued behind any flush the first one overtook
	if err != nil {
		h.t.Fatal(err)
	}
	for _, name := range topics {
		if _, err := h.sys.Root.RequestFuture(h.topics.Get(name), &topicInfo{}, 5*time.Second).Result(); err != nil {
			h.t.Fatal(err)
		}
	}
	return st
}

func (h *harness) push(evs ...feed.Event) {
	for _, ev := range evs {
		h.reg.Push(ev)
	}
}

// waitUntil polls cond until it holds or five seconds pass.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// ev builds an event of match id.
func ev(id string, seq uint64, k feed.Kind) feed.Event {
	return feed.Event{Match: id, Seq: seq, At: int64(seq) * 1000, Kind: k}
}

func scoreEv(id string, seq uint64, h, a int) feed.Event {
	e := ev(id, seq, feed.KScore)
	e.Score = &feed.Score{Home: h, Away: a}
	return e
}

func statusEv(id string, seq uint64, s feed.Status) feed.Event {
	e := ev(id, seq, feed.KStatus)
	e.Status = s
	return e
}

func fixtureEv(id string, game int) feed.Event {
	e := ev(id, 1, feed.KFixture)
	e.Fixture = &feed.Fixture{ID: id, Game: game, Start: time.Unix(0, 0), Source: feed.SourceSimulator}
	return e
}
