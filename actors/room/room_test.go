package room_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/protocol"
	"courtside/actors/room"
	"courtside/actors/wordfilter"
	"courtside/storage/history"
)

// probe is an actor that records every message it receives, standing in for a relay or a session.
type probe struct {
	mu   sync.Mutex
	msgs []any
	cond *sync.Cond
}

func newProbe(sys *actor.ActorSystem) (*probe, *actor.PID) {
	p := &probe{}
	p.cond = sync.NewCond(&p.mu)
	pid := sys.Root.Spawn(actor.PropsFromFunc(func(c actor.Context) {
		switch c.Message().(type) {
		case *actor.Started, *actor.Stopping, *actor.Stopped:
			return
		}
		p.mu.Lock()
		p.msgs = append(p.msgs, c.Message())
		p.cond.Broadcast()
		p.mu.Unlock()
	}))
	return p, pid
}

// waitFor returns the first recorded message (from index *from on) matching ok, or fails the test
// after a deadline. *from advances past it.
func (p *probe) waitFor(t *testing.T, from *int, what string, ok func(any) bool) any {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	timer := time.AfterFunc(5*time.Second, func() { p.mu.Lock(); p.cond.Broadcast(); p.mu.Unlock() })
	defer timer.Stop()
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		for ; *from < len(p.msgs); *from++ {
			if ok(p.msgs[*from]) {
				m := p.msgs[*from]
				*from++
				return m
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s; got %d messages", what, len(p.msgs))
		}
		p.cond.Wait()
	}
}

func (p *probe) all() []any {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]any(nil), p.msgs...)
}

// harness is one room on a real Pebble history store, a relay probe joined to it, and helpers to send
// commands as different users.
type harness struct {
	t       *testing.T
	sys     *actor.ActorSystem
	reg     *room.Registry
	id      string
	relay   *probe
	relayID *actor.PID
	relayAt int
	cfg     *room.Config
	nonce   int
}

type memMutes struct {
	mu sync.Mutex
	m  map[string]time.Time
}

func (m *memMutes) MutedUntil(uid string) (time.Time, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	t, ok := m.m[uid]
	return t, ok
}
func (m *memMutes) Mute(_ context.Context, uid string, until time.Time) error {
	m.mu.Lock()
	m.m[uid] = until
	m.mu.Unlock()
	return nil
}
func (m *memMutes) Unmute(_ context.Context, uid string) error {
	m.mu.Lock()
	delete(m.m, uid)
	m.mu.Unlock()
	return nil
}

// pebbleHistory adapts the real Pebble store for the room, as engine does.
type pebbleHistory struct {
	store *history.PebbleStore
	w     *history.Writer
}

func (h *pebbleHistory) Append(ev room.StoredEvent, done func(error)) error {
	return h.w.AppendWait(context.Background(), history.Event{Room: ev.Room, Seq: ev.Seq, ID: ev.ID, Time: ev.Time,
		Kind: ev.Kind, UserID: ev.UserID, Target: ev.Target, Payload: ev.Payload}, done)
}
func (h *pebbleHistory) After(ctx context.Context, r string, since uint64, limit int) ([][]byte, error) {
	evs, err := h.store.After(ctx, r, since, limit)
	out := make([][]byte, len(evs))
	for i := range evs {
		out[i] = evs[i].Payload
	}
	return out, err
}
func (h *pebbleHistory) LastSeq(ctx context.Context, r string) (uint64, error) {
	return h.store.LastSeq(ctx, r)
}

func openHistory(t *testing.T, dir string) *pebbleHistory {
	t.Helper()
	st, err := history.OpenPebble(history.PebbleConfig{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	w, err := history.NewWriter(st, history.WriterConfig{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close(); st.Close() })
	return &pebbleHistory{store: st, w: w}
}

func newHarness(t *testing.T, tweak func(*room.Config, *room.Snapshot)) *harness {
	t.Helper()
	sys := actor.NewActorSystem()
	t.Cleanup(sys.Shutdown)
	snap := room.Snapshot{Open: true, GuestsMayChat: true, StreamerID: "u-streamer",
		Moderators: map[string]bool{"u-mod": true}}
	cfg := &room.Config{
		TickMin: 10 * time.Millisecond, TickMax: 20 * time.Millisecond, FrameLines: 10,
		History: openHistory(t, t.TempDir()), PlatformMutes: &memMutes{m: map[string]time.Time{}},
		Filter: wordfilter.New([]string{"badword"}),
	}
	if tweak != nil {
		tweak(cfg, &snap)
	}
	cfg.Store = &fixedStore{snap: snap}
	h := &harness{t: t, sys: sys, reg: room.NewRegistry(sys, cfg), id: "r1", cfg: cfg}
	h.relay, h.relayID = newProbe(sys)
	h.join(h.relayID, 1, 0, false)
	h.relay.waitFor(t, &h.relayAt, "join reply", func(m any) bool { _, ok := m.(*room.JoinReply); return ok })
	h.sys.Root.Send(h.reg.Get(h.id), &room.RelayReport{Relay: h.relayID, Count: 1})
	return h
}

// fixedStore is a Store that starts every room from one snapshot and records actions in memory.
type fixedStore struct {
	snap    room.Snapshot
	mu      sync.Mutex
	actions []room.Action
}

func (s *fixedStore) LoadRoom(context.Context, string) (room.Snapshot, bool, error) {
	snap := s.snap
	snap.Moderators = map[string]bool{}
	for k, v := range s.snap.Moderators {
		snap.Moderators[k] = v
	}
	return snap, true, nil
}
func (s *fixedStore) Record(a room.Action, done func(error)) {
	s.mu.Lock()
	s.actions = append(s.actions, a)
	s.mu.Unlock()
	go done(nil)
}

func (h *harness) join(relay *actor.PID, ticket, since uint64, hasSince bool) {
	h.sys.Root.Send(h.reg.Get(h.id), &room.Join{Relay: relay, Ticket: ticket, Since: since, HasSince: hasSince})
}

var (
	viewer    = room.Identity{ID: "u-viewer", Name: "Viewer", Level: 5}
	viewer2   = room.Identity{ID: "u-viewer2", Name: "Viewer2", Level: 5}
	moderator = room.Identity{ID: "u-mod", Name: "Mod", Level: 10}
	streamer  = room.Identity{ID: "u-streamer", Name: "Streamer", Level: 20}
	admin     = room.Identity{ID: "u-admin", Name: "Admin", Admin: true}
	guestUser = room.Identity{ID: "g-1", Name: "Guest1", Guest: true}
)

// send posts a command from user and returns the reply.
func (h *harness) send(user room.Identity, msg protocol.ClientMessage) *room.Reply {
	h.t.Helper()
	sess, pid := newProbe(h.sys)
	h.post(user, msg, pid)
	at := 0
	return sess.waitFor(h.t, &at, "reply to "+msg.T, func(m any) bool { _, ok := m.(*room.Reply); return ok }).(*room.Reply)
}

func (h *harness) post(user room.Identity, msg protocol.ClientMessage, replyTo *actor.PID) {
	h.nonce++
	if msg.Nonce == "" {
		msg.Nonce = fmt.Sprintf("n%d", h.nonce)
	}
	msg.Room = h.id
	h.sys.Root.Send(h.reg.Get(h.id), &room.Command{User: user, Msg: msg, ReplyTo: replyTo})
}

func chat(text string) protocol.ClientMessage {
	return protocol.ClientMessage{T: protocol.TChat, Text: text}
}

func mod(op, uid string, secs int) protocol.ClientMessage {
	return protocol.ClientMessage{T: protocol.TMod, Op: op, UID: uid, Secs: secs}
}

// frames decodes every batch the relay probe got so far.
func (h *harness) events() []protocol.Event {
	var out []protocol.Event
	for _, m := range h.relay.all() {
		if d, ok := m.(*room.Deliver); ok && strings.Contains(string(d.Payload), `"t":"batch"`) {
			out = append(out, decodeBatch(h.t, d.Payload)...)
		}
	}
	return out
}

func decodeBatch(t *testing.T, payload []byte) []protocol.Event {
	t.Helper()
	var b struct {
		Ev []protocol.Event `json:"ev"`
	}
	if err := jsonUnmarshal(payload, &b); err != nil {
		t.Fatalf("bad batch %s: %v", payload, err)
	}
	return b.Ev
}

// waitEvent waits until the relay has been sent an event matching ok.
func (h *harness) waitEvent(what string, ok func(protocol.Event) bool) protocol.Event {
	h.t.Helper()
	var found protocol.Event
	h.relay.waitFor(h.t, &h.relayAt, what, func(m any) bool {
		d, isD := m.(*room.Deliver)
		if !isD || !strings.Contains(string(d.Payload), `"t":"batch"`) {
			return false
		}
		for _, e := range decodeBatch(h.t, d.Payload) {
			if ok(e) {
				found = e
				return true
			}
		}
		return false
	})
	return found
}
