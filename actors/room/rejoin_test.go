package room_test

import (
	"testing"

	"courtside/actors/protocol"
	"courtside/actors/room"
)

// seqsOf decodes the seqs of replayed events.
func seqsOf(t *testing.T, evs [][]byte) []uint64 {
	t.Helper()
	var out []uint64
	for _, b := range evs {
		e, err := protocol.DecodeEvent(b)
		if err != nil {
			t.Fatalf("bad event %s: %v", b, err)
		}
		out = append(out, e.Seq)
	}
	return out
}

func sameSeqs(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A room re-activated elsewhere (here: a second registry over the same history, as another node)
// does not know the relays of its dead incarnation. A relay's heartbeat makes it send what the
// relay's connections missed, then every later frame, in that order.
func TestReactivatedRoomCatchesUpARelayFromItsHeartbeat(t *testing.T) {
	hist := openHistory(t, t.TempDir())
	h := newHarness(t, func(c *room.Config, _ *room.Snapshot) { c.History = hist })
	for _, text := range []string{"one", "two", "three", "four", "five"} {
		h.send(viewer, chat(text))
	}
	h2 := newHarness(t, func(c *room.Config, _ *room.Snapshot) { c.History = hist })
	old, oldPID := newProbe(h2.sys)
	// The relay wrote up to seq 2 before the first incarnation died with 3..5 acknowledged.
	h2.sys.Root.Send(h2.reg.Get(h2.id), &room.RelayReport{Relay: oldPID, Count: 3, Seen: 2, Heartbeat: true})
	at := 0
	r := old.waitFor(t, &at, "catch-up", func(m any) bool { jr, ok := m.(*room.JoinReply); return ok && jr.Rejoin }).(*room.JoinReply)
	if got := seqsOf(t, r.Replay); !sameSeqs(got, []uint64{3, 4, 5}) || r.Seq != 5 {
		t.Fatalf("catch-up replay %v up to %d, want [3 4 5] up to 5", got, r.Seq)
	}
	// A second heartbeat is a plain count: no second catch-up.
	h2.sys.Root.Send(h2.reg.Get(h2.id), &room.RelayReport{Relay: oldPID, Count: 3, Seen: 5, Heartbeat: true})
	six := h2.send(viewer2, chat("six")).Seq
	d := old.waitFor(t, &at, "the next frame", func(m any) bool {
		d, ok := m.(*room.Deliver)
		return ok && d.Seq >= six
	}).(*room.Deliver)
	if d.First != six { // relays drop events they already have by First..Seq
		t.Fatalf("frame of seq %d says it starts at %d", six, d.First)
	}
	for _, m := range old.all() {
		if jr, ok := m.(*room.JoinReply); ok && jr != r {
			t.Fatalf("a second join reply: %+v", jr)
		}
	}
}

// A connection joining through a relay the room does not know, while the relay already has viewers
// of the room, brings those viewers' catch-up along.
func TestJoinThroughAnUnknownRelayWithViewersCatchesThemUp(t *testing.T) {
	hist := openHistory(t, t.TempDir())
	h := newHarness(t, func(c *room.Config, _ *room.Snapshot) { c.History = hist })
	for _, text := range []string{"one", "two", "three", "four"} {
		h.send(viewer, chat(text))
	}
	h2 := newHarness(t, func(c *room.Config, _ *room.Snapshot) { c.History = hist })
	old, oldPID := newProbe(h2.sys)
	h2.sys.Root.Send(h2.reg.Get(h2.id), &room.Join{Relay: oldPID, Ticket: 9, RelaySeen: 1, HasRelaySeen: true})
	at := 0
	r := old.waitFor(t, &at, "catch-up", func(m any) bool { jr, ok := m.(*room.JoinReply); return ok && jr.Rejoin }).(*room.JoinReply)
	if got := seqsOf(t, r.Replay); !sameSeqs(got, []uint64{2, 3, 4}) {
		t.Fatalf("catch-up replay %v, want [2 3 4]", got)
	}
	at = 0
	old.waitFor(t, &at, "the connection's own reply", func(m any) bool { jr, ok := m.(*room.JoinReply); return ok && jr.Ticket == 9 })
}

// A relay that has viewers but joins a room that knows everything it saw needs no catch-up: the
// single-node path is unchanged.
func TestJoinWithNothingMissedSendsNoCatchUp(t *testing.T) {
	h := newHarness(t, nil)
	last := h.send(viewer, chat("one")).Seq
	p, pid := newProbe(h.sys)
	h.sys.Root.Send(h.reg.Get(h.id), &room.Join{Relay: pid, Ticket: 4, RelaySeen: last, HasRelaySeen: true})
	at := 0
	p.waitFor(t, &at, "join reply", func(m any) bool { jr, ok := m.(*room.JoinReply); return ok && jr.Ticket == 4 })
	h.send(viewer2, chat("two"))
	p.waitFor(t, &at, "the next frame", func(m any) bool { _, ok := m.(*room.Deliver); return ok })
	for _, m := range p.all() {
		if jr, ok := m.(*room.JoinReply); ok && jr.Rejoin {
			t.Fatalf("unexpected catch-up %+v", jr)
		}
	}
}
