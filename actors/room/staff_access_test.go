package room_test

import (
	"testing"

	"courtside/actors/protocol"
	"courtside/actors/room"
)

// Staff (the back office) or the room's streamer (the streamer centre's settings) setting a live
// room's member-only flag: the running room's chat follows at once (a non-member is refused the next
// line, and can speak again when it is lifted), a moderator or a viewer may not send it, and the
// room's own log records it.
func TestStaffMemberOnlyReachesTheRunningRoom(t *testing.T) {
	h := newHarness(t, nil)
	if r := h.send(viewer, protocol.ClientMessage{T: protocol.TChat, Room: h.id, Text: "before"}); r.Code != 0 {
		t.Fatalf("chat before: %d", r.Code)
	}
	for _, who := range []room.Identity{viewer, moderator} {
		if r := h.send(who, protocol.ClientMessage{T: protocol.TMod, Room: h.id, Op: "membersOnly"}); r.Code != protocol.CodeForbidden {
			t.Fatalf("%s set the room member-only: %d", who.Name, r.Code)
		}
	}
	if r := h.send(admin, protocol.ClientMessage{T: protocol.TMod, Room: h.id, Op: "membersOnly", Reason: "match rights"}); r.Code != 0 {
		t.Fatalf("membersOnly: %d", r.Code)
	}
	if r := h.send(viewer, protocol.ClientMessage{T: protocol.TChat, Room: h.id, Text: "now"}); r.Code != protocol.CodeMemberOnly {
		t.Fatalf("a non-member in a member-only room: %d", r.Code)
	}
	if r := h.send(admin, protocol.ClientMessage{T: protocol.TMod, Room: h.id, Op: "allViewers"}); r.Code != 0 {
		t.Fatalf("allViewers: %d", r.Code)
	}
	if r := h.send(viewer, protocol.ClientMessage{T: protocol.TChat, Room: h.id, Text: "again"}); r.Code != 0 {
		t.Fatalf("chat after: %d", r.Code)
	}
	// The streamer, from the streamer centre's settings.
	if r := h.send(streamer, protocol.ClientMessage{T: protocol.TMod, Room: h.id, Op: "membersOnly"}); r.Code != 0 {
		t.Fatalf("the streamer's membersOnly: %d", r.Code)
	}
	if r := h.send(viewer, protocol.ClientMessage{T: protocol.TChat, Room: h.id, Text: "members now"}); r.Code != protocol.CodeMemberOnly {
		t.Fatalf("a non-member after the streamer's change: %d", r.Code)
	}
	if r := h.send(streamer, protocol.ClientMessage{T: protocol.TMod, Room: h.id, Op: "allViewers"}); r.Code != 0 {
		t.Fatalf("the streamer's allViewers: %d", r.Code)
	}
	store := h.cfg.Store.(*fixedStore)
	store.mu.Lock()
	defer store.mu.Unlock()
	var ops []string
	for _, a := range store.actions {
		ops = append(ops, a.Op)
	}
	if len(ops) < 4 || ops[len(ops)-4] != "membersOnly" || ops[len(ops)-3] != "allViewers" || ops[len(ops)-2] != "membersOnly" || ops[len(ops)-1] != "allViewers" {
		t.Fatalf("the room's log: %v", ops)
	}
}
