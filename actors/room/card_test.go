package room_test

import (
	"testing"

	"courtside/actors/protocol"
	"courtside/actors/room"
)

// The chatter card (TCard) answers facts to anyone signed in: the chatter's rank and mute, and the
// asker's own rank; what a viewer may see of them is the REST service's decision (api/chat).
func TestCardTellsRanksAndMutes(t *testing.T) {
	h := newHarness(t, nil)
	h.send(viewer, chat("hi all"))
	if r := h.send(moderator, mod("mute", viewer.ID, 600)); r.Code != 0 {
		t.Fatalf("mute: %+v", r)
	}
	card := func(who room.Identity, uid string) *room.Card {
		t.Helper()
		r := h.send(who, protocol.ClientMessage{T: room.TCard, UID: uid})
		if r.Code != 0 || r.Card == nil {
			t.Fatalf("card of %s for %s: %+v", uid, who.ID, r)
		}
		return r.Card
	}
	if c := card(moderator, viewer.ID); c.Rank != 0 || c.CallerRank != 1 || c.MutedUntil == 0 || c.Name != "Viewer" {
		t.Fatalf("a moderator's card of the muted viewer: %+v", c)
	}
	if c := card(viewer2, streamer.ID); c.Rank != 2 || c.CallerRank != 0 || c.MutedUntil != 0 {
		t.Fatalf("a viewer's card of the streamer: %+v", c)
	}
	if c := card(admin, moderator.ID); c.Rank != 1 || c.CallerRank != 3 {
		t.Fatalf("staff's card of the moderator: %+v", c)
	}
	if r := h.send(guestUser, protocol.ClientMessage{T: room.TCard, UID: viewer.ID}); r.Code != protocol.CodeBadMessage {
		t.Fatalf("a guest asking: %+v", r)
	}
}

// A muted viewer who joins again (a reload, another tab) learns the end of the mute with `joined`,
// so the input locks with the time left before they try to write.
func TestJoinTellsAMutedViewerWhenTheMuteEnds(t *testing.T) {
	h := newHarness(t, nil)
	if r := h.send(moderator, mod("mute", viewer.ID, 600)); r.Code != 0 {
		t.Fatalf("mute: %+v", r)
	}
	joinAs := func(uid string) *room.JoinReply {
		p, pid := newProbe(h.sys)
		h.sys.Root.Send(h.reg.Get(h.id), &room.Join{Relay: pid, Ticket: 7, UserID: uid})
		at := 0
		return p.waitFor(t, &at, "join reply", func(m any) bool { _, ok := m.(*room.JoinReply); return ok }).(*room.JoinReply)
	}
	if r := joinAs(viewer.ID); r.MutedUntil == 0 {
		t.Fatalf("the muted viewer's join: %+v", r)
	}
	if r := joinAs(viewer2.ID); r.MutedUntil != 0 {
		t.Fatalf("another viewer's join: %+v", r)
	}
	h.send(moderator, mod("unmute", viewer.ID, 0))
	if r := joinAs(viewer.ID); r.MutedUntil != 0 {
		t.Fatalf("the join after the unmute: %+v", r)
	}
}
