package room_test

import (
	"testing"

	"courtside/actors/protocol"
)

// Staff setting a live room's member-only flag from the back office: the running room's chat follows
// at once (a non-member is refused the next line, and can speak again when it is lifted), only an
// administrator may send it, and the room's own log records it.
func TestStaffMemberOnlyReachesTheRunningRoom(t *testing.T) {
	h := newHarness(t, nil)
	if r := h.send(viewer, protocol.ClientMessage{T: protocol.TChat, Room: h.id, Text: "before"}); r.Code != 0 {
		t.Fatalf("chat before: %d", r.Code)
	}
	if r := h.send(streamer, protocol.ClientMessage{T: protocol.TMod, Room: h.id, Op: "membersOnly"}); r.Code != protocol.CodeForbidden {
		t.Fatalf("the streamer sent the staff's op: %d", r.Code)
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
	store := h.cfg.Store.(*fixedStore)
	store.mu.Lock()
	defer store.mu.Unlock()
	var ops []string
	for _, a := range store.actions {
		ops = append(ops, a.Op)
	}
	if len(ops) < 2 || ops[len(ops)-2] != "membersOnly" || ops[len(ops)-1] != "allViewers" {
		t.Fatalf("the room's log: %v", ops)
	}
}
