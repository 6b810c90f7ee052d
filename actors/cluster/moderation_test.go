package cluster

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"courtside/actors/protocol"
	"courtside/actors/room"
)

// memHistory is a room History in memory (the cluster tests have no store of their own).
type memHistory struct {
	mu   sync.Mutex
	last map[string]uint64
}

func (h *memHistory) Append(ev room.StoredEvent, done func(error)) error {
	h.mu.Lock()
	h.last[ev.Room] = ev.Seq
	h.mu.Unlock()
	go done(nil)
	return nil
}
func (h *memHistory) After(context.Context, string, uint64, int) ([][]byte, error) { return nil, nil }
func (h *memHistory) LastSeq(_ context.Context, r string) (uint64, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.last[r], nil
}

type noPlatformMutes struct{}

func (noPlatformMutes) MutedUntil(string) (time.Time, bool)           { return time.Time{}, false }
func (noPlatformMutes) Mute(context.Context, string, time.Time) error { return nil }
func (noPlatformMutes) Unmute(context.Context, string) error          { return nil }

// modStore starts the room with its streamer and records the actions it is given.
type modStore struct {
	mu      sync.Mutex
	actions []room.Action
}

func (s *modStore) LoadRoom(context.Context, string) (room.Snapshot, bool, error) {
	return room.Snapshot{Open: true, StreamerID: "u200", Moderators: map[string]bool{"u300": true}}, true, nil
}
func (s *modStore) Record(a room.Action, done func(error)) {
	s.mu.Lock()
	s.actions = append(s.actions, a)
	s.mu.Unlock()
	go done(nil)
}

// The REST moderation calls (api/chat) ask a room that may live on another node: a Command sent
// through the placement with a reply address on the asking node (room.Ask, engine's roomAsker: a
// future behind a forwarder that has the codec). The room's answers, the chatter card included, come back
// decoded, and the room applies and records the moderation like a socket command.
func TestRoomModerationAndTheChatterCardFromAnotherNode(t *testing.T) {
	fail := func(err error) { t.Errorf("codec: %v", err) }
	withCodec := func(p *actor.Props) *actor.Props {
		return p.Configure(actor.WithReceiverMiddleware(receiver(fail)), actor.WithSenderMiddleware(sender(fail)))
	}
	owner := startRemote(t)
	store := &modStore{}
	cfg := &room.Config{Store: store, History: &memHistory{last: map[string]uint64{}}, PlatformMutes: noPlatformMutes{},
		TickMin: 10 * time.Millisecond, TickMax: 20 * time.Millisecond}
	hosted := owner.Root.Spawn(withCodec(actor.PropsFromProducer(func() actor.Actor { return room.New("2001", cfg) })))

	other := startRemote(t)
	reg := room.NewRegistry(other, &room.Config{History: &memHistory{}, PlatformMutes: noPlatformMutes{}})
	reg.UsePlacement(NewPlacement(other, "room", func(string) *actor.PID { return hosted }, withCodec, zap.NewNop()))
	ask := func(who room.Identity, msg protocol.ClientMessage) *room.Reply {
		t.Helper()
		r, err := room.Ask(context.Background(), other, withCodec, reg.Get(msg.Room), who, msg, 10*time.Second)
		if err != nil {
			t.Fatalf("%s %s: %v", msg.T, msg.Op, err)
		}
		return r
	}
	viewer := room.Identity{ID: "u100", Name: "fan", Level: 3}
	moderator := room.Identity{ID: "u300", Name: "modo", Level: 9}
	if r := ask(viewer, protocol.ClientMessage{T: protocol.TChat, Room: "2001", Text: "hello", Nonce: "c"}); r.Code != 0 || r.Seq == 0 {
		t.Fatalf("chat across nodes: %+v", r)
	}
	if r := ask(viewer, protocol.ClientMessage{T: protocol.TMod, Room: "2001", Op: "mute", UID: "u101", Secs: 600, Nonce: "m"}); r.Code != protocol.CodeForbidden {
		t.Fatalf("a viewer's mute across nodes: %+v", r)
	}
	if r := ask(moderator, protocol.ClientMessage{T: protocol.TMod, Room: "2001", Op: "mute", UID: "u100", Secs: 600, Nonce: "m"}); r.Code != 0 {
		t.Fatalf("a moderator's mute across nodes: %+v", r)
	}
	r := ask(moderator, protocol.ClientMessage{T: room.TCard, Room: "2001", UID: "u100", Nonce: "k"})
	if r.Card == nil || r.Card.CallerRank != 1 || r.Card.Rank != 0 || r.Card.MutedUntil == 0 || r.Card.Name != "fan" {
		t.Fatalf("the chatter card across nodes: %+v %+v", r, r.Card)
	}
	store.mu.Lock()
	defer store.mu.Unlock()
	if len(store.actions) != 1 || store.actions[0].Op != "mute" || store.actions[0].Actor != "u300" || store.actions[0].Target != "u100" {
		t.Fatalf("the owner recorded %+v", store.actions)
	}
}
