package room_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"courtside/actors/protocol"
	"courtside/actors/room"
)

func TestAcceptedChatIsAcknowledgedWithItsEventAndBroadcast(t *testing.T) {
	h := newHarness(t, nil)
	r := h.send(viewer, chat("hello"))
	if r.Code != 0 || r.Seq == 0 {
		t.Fatalf("reply = %+v, want accepted with a seq", r)
	}
	ev, err := protocol.DecodeEvent(r.Event)
	if err != nil || ev.Text != "hello" || ev.UID != viewer.ID || ev.Seq != r.Seq {
		t.Fatalf("ack event = %+v (%v)", ev, err)
	}
	got := h.waitEvent("the chat line", func(e protocol.Event) bool { return e.Seq == r.Seq })
	if got.Text != "hello" {
		t.Fatalf("broadcast %+v", got)
	}
}

func TestChatRulesRefuseWithTheRightCode(t *testing.T) {
	cases := []struct {
		name  string
		tweak func(*room.Config, *room.Snapshot)
		user  room.Identity
		text  string
		want  protocol.Code
	}{
		{"guest in a room that requires login", func(_ *room.Config, s *room.Snapshot) { s.GuestsMayChat = false }, guestUser, "hi", protocol.CodeLoginRequired},
		// Spec §6: guests read but never chat; a stored setting cannot change that.
		{"guest in a room whose stored settings allow guests", func(_ *room.Config, s *room.Snapshot) { s.GuestsMayChat = true }, guestUser, "hi", protocol.CodeLoginRequired},
		{"guest in a room with no stored settings", nil, guestUser, "hi", protocol.CodeLoginRequired},
		{"viewer in a closed room", func(_ *room.Config, s *room.Snapshot) { s.Open = false }, viewer, "hi", protocol.CodeRoomClosed},
		{"streamer in a closed room", func(_ *room.Config, s *room.Snapshot) { s.Open = false }, streamer, "hi", 0},
		{"level below the room's minimum", func(_ *room.Config, s *room.Snapshot) { s.MinLevel = 6 }, viewer, "hi", protocol.CodeLevelTooLow},
		{"moderator below the minimum level", func(_ *room.Config, s *room.Snapshot) { s.MinLevel = 60 }, moderator, "hi", 0},
		{"non-member in a member-only room", func(_ *room.Config, s *room.Snapshot) { s.MemberOnly = true }, viewer, "hi", protocol.CodeMemberOnly},
		{"VIP in a member-only room", func(_ *room.Config, s *room.Snapshot) { s.MemberOnly = true }, room.Identity{ID: "u-vip", Member: 1}, "hi", 0},
		{"banned word", nil, viewer, "you BadWord you", protocol.CodeNonCompliant},
		{"account muted by an administrator", nil, room.Identity{ID: "u-m", Level: 5, Muted: true}, "hi", protocol.CodeMuted},
		{"clean text", nil, viewer, "good game", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, c.tweak)
			if r := h.send(c.user, chat(c.text)); r.Code != c.want {
				t.Fatalf("code = %d, want %d", r.Code, c.want)
			}
		})
	}
}

func TestMuteIsInForceForTheMutedUsersVeryNextMessage(t *testing.T) {
	h := newHarness(t, nil)
	if r := h.send(viewer, chat("before")); r.Code != 0 {
		t.Fatalf("first message refused: %d", r.Code)
	}
	// The mute and the muted user's message enter the mailbox back to back: the message must be
	// refused although the moderator's ack has not even been written yet.
	modProbe, modPID := newProbe(h.sys)
	userProbe, userPID := newProbe(h.sys)
	h.post(moderator, mod("mute", viewer.ID, 60), modPID)
	h.post(viewer, chat("sneaky"), userPID)
	at := 0
	if r := userProbe.waitFor(t, &at, "user's reply", isReply).(*room.Reply); r.Code != protocol.CodeMuted {
		t.Fatalf("message right after the mute: code %d, want muted", r.Code)
	}
	at = 0
	if r := modProbe.waitFor(t, &at, "mute ack", isReply).(*room.Reply); r.Code != 0 {
		t.Fatalf("mute refused: %d", r.Code)
	}
	// And after the ack, still refused; other viewers unaffected.
	if r := h.send(viewer, chat("again")); r.Code != protocol.CodeMuted {
		t.Fatalf("after ack: code %d, want muted", r.Code)
	}
	if r := h.send(viewer2, chat("fine")); r.Code != 0 {
		t.Fatalf("other viewer refused: %d", r.Code)
	}
	h.waitEvent("mute event", func(e protocol.Event) bool { return e.K == protocol.KMute && e.UID == viewer.ID })
	if r := h.send(moderator, mod("unmute", viewer.ID, 0)); r.Code != 0 {
		t.Fatalf("unmute refused: %d", r.Code)
	}
	if r := h.send(viewer, chat("back")); r.Code != 0 {
		t.Fatalf("after unmute: code %d", r.Code)
	}
}

func isReply(m any) bool { _, ok := m.(*room.Reply); return ok }

func TestMuteExpires(t *testing.T) {
	now := time.Now()
	clock := func() time.Time { return now }
	h := newHarness(t, func(c *room.Config, _ *room.Snapshot) { c.Now = func() time.Time { return clock() } })
	if r := h.send(moderator, mod("mute", viewer.ID, 30)); r.Code != 0 {
		t.Fatalf("mute: %d", r.Code)
	}
	if r := h.send(viewer, chat("x")); r.Code != protocol.CodeMuted {
		t.Fatalf("while muted: %d", r.Code)
	}
	later := now.Add(31 * time.Second)
	clock = func() time.Time { return later }
	if r := h.send(viewer, chat("x")); r.Code != 0 {
		t.Fatalf("after expiry: %d", r.Code)
	}
}

func TestModerationPermissions(t *testing.T) {
	cases := []struct {
		name string
		by   room.Identity
		msg  protocol.ClientMessage
		want protocol.Code
	}{
		{"viewer cannot mute", viewer, mod("mute", viewer2.ID, 60), protocol.CodeForbidden},
		{"guest cannot mute", guestUser, mod("mute", viewer2.ID, 60), protocol.CodeForbidden},
		{"moderator mutes a viewer", moderator, mod("mute", viewer.ID, 60), 0},
		{"moderator cannot mute the streamer", moderator, mod("mute", streamer.ID, 60), protocol.CodeForbidden},
		{"moderator cannot mute himself", moderator, mod("mute", moderator.ID, 60), protocol.CodeForbidden},
		{"streamer mutes a moderator", streamer, mod("mute", moderator.ID, 60), 0},
		{"moderator cannot add moderators", moderator, mod("addMod", viewer.ID, 0), protocol.CodeForbidden},
		{"streamer adds a moderator", streamer, mod("addMod", viewer.ID, 0), 0},
		{"admin removes a moderator", admin, mod("removeMod", moderator.ID, 0), 0},
		{"moderator cannot close the room", moderator, mod("close", "", 0), protocol.CodeForbidden},
		{"streamer closes the room", streamer, mod("close", "", 0), 0},
		{"moderator sets slow mode", moderator, mod("slow", "", 5), 0},
		{"streamer cannot mute platform-wide", streamer, mod("platformMute", viewer.ID, 60), protocol.CodeForbidden},
		{"admin mutes platform-wide", admin, mod("platformMute", viewer.ID, 60), 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, nil)
			if r := h.send(c.by, c.msg); r.Code != c.want {
				t.Fatalf("code = %d, want %d", r.Code, c.want)
			}
		})
	}
}

func TestAddedModeratorCanModerateAndRemovedOneCannot(t *testing.T) {
	h := newHarness(t, nil)
	if r := h.send(viewer, mod("mute", viewer2.ID, 60)); r.Code != protocol.CodeForbidden {
		t.Fatalf("before addMod: %d", r.Code)
	}
	h.send(streamer, mod("addMod", viewer.ID, 0))
	if r := h.send(viewer, mod("mute", viewer2.ID, 60)); r.Code != 0 {
		t.Fatalf("after addMod: %d", r.Code)
	}
	h.send(streamer, mod("removeMod", viewer.ID, 0))
	if r := h.send(viewer, mod("unmute", viewer2.ID, 0)); r.Code != protocol.CodeForbidden {
		t.Fatalf("after removeMod: %d", r.Code)
	}
}

func TestPlatformMuteRefusesInEveryRoom(t *testing.T) {
	h := newHarness(t, nil)
	if r := h.send(admin, mod("platformMute", viewer.ID, 600)); r.Code != 0 {
		t.Fatalf("platform mute: %d", r.Code)
	}
	other := &harness{t: t, sys: h.sys, reg: h.reg, id: "r2"}
	if r := other.send(viewer, chat("elsewhere")); r.Code != protocol.CodeMuted {
		t.Fatalf("other room: %d, want muted", r.Code)
	}
	h.send(admin, mod("platformUnmute", viewer.ID, 0))
	if r := other.send(viewer, chat("elsewhere")); r.Code != 0 {
		t.Fatalf("after platform unmute: %d", r.Code)
	}
}

func TestDeleteGoesOutAsPriorityAndDisappearsFromReplays(t *testing.T) {
	h := newHarness(t, nil)
	r := h.send(viewer, chat("delete me"))
	keep := h.send(viewer2, chat("keep me"))
	ev, _ := protocol.DecodeEvent(r.Event)
	if d := h.send(moderator, protocol.ClientMessage{T: protocol.TMod, Op: "delete", Msg: ev.ID}); d.Code != 0 {
		t.Fatalf("delete: %d", d.Code)
	}
	del := h.waitEvent("delete event", func(e protocol.Event) bool { return e.K == protocol.KDelete })
	if del.Msg != ev.ID || del.By != moderator.ID {
		t.Fatalf("delete event %+v", del)
	}
	// A relay joining afterwards, resuming from before the message, gets the delete but not the message.
	late, latePID := newProbe(h.sys)
	h.join(latePID, 7, 0, true)
	at := 0
	jr := late.waitFor(t, &at, "join reply", func(m any) bool { _, ok := m.(*room.JoinReply); return ok }).(*room.JoinReply)
	var kinds []string
	for _, p := range jr.Replay {
		e, _ := protocol.DecodeEvent(p)
		if e.ID == ev.ID {
			t.Fatalf("deleted message replayed: %s", p)
		}
		kinds = append(kinds, e.K+":"+e.Text)
	}
	if len(jr.Replay) != 2 || kinds[0] != "chat:keep me" {
		t.Fatalf("replay = %v (keep seq %d)", kinds, keep.Seq)
	}
}

func TestRateLimitAllowsTwentyPerThirtySecondsForViewers(t *testing.T) {
	h := newHarness(t, nil)
	for i := 0; i < 20; i++ {
		if r := h.send(viewer, chat(fmt.Sprintf("m%d", i))); r.Code != 0 {
			t.Fatalf("message %d refused: %d", i+1, r.Code)
		}
	}
	if r := h.send(viewer, chat("one too many")); r.Code != protocol.CodeRateLimited {
		t.Fatalf("21st message: %d, want rate limited", r.Code)
	}
	if r := h.send(moderator, chat("mods are not held to viewer limits")); r.Code != 0 {
		t.Fatalf("moderator: %d", r.Code)
	}
}

func TestSlowModeHoldsViewersButNotModerators(t *testing.T) {
	h := newHarness(t, nil)
	if r := h.send(moderator, mod("slow", "", 30)); r.Code != 0 {
		t.Fatalf("slow: %d", r.Code)
	}
	if r := h.send(viewer, chat("first")); r.Code != 0 {
		t.Fatalf("first: %d", r.Code)
	}
	if r := h.send(viewer, chat("second")); r.Code != protocol.CodeSlowMode {
		t.Fatalf("second within the interval: %d, want slow mode", r.Code)
	}
	for i := 0; i < 3; i++ {
		if r := h.send(moderator, chat("mod")); r.Code != 0 {
			t.Fatalf("moderator in slow mode: %d", r.Code)
		}
	}
}

func TestResumeReplaysExactlyWhatWasMissed(t *testing.T) {
	h := newHarness(t, nil)
	var seqs []uint64
	for i := 0; i < 8; i++ {
		r := h.send(room.Identity{ID: fmt.Sprintf("u%d", i), Name: "x"}, chat(fmt.Sprintf("line %d", i)))
		seqs = append(seqs, r.Seq)
	}
	h.waitEvent("last line", func(e protocol.Event) bool { return e.Seq == seqs[7] })
	p, pid := newProbe(h.sys)
	h.join(pid, 9, seqs[3], true)
	at := 0
	jr := p.waitFor(t, &at, "join reply", func(m any) bool { _, ok := m.(*room.JoinReply); return ok }).(*room.JoinReply)
	if jr.Gap || jr.Seq != seqs[7] {
		t.Fatalf("reply gap=%v seq=%d, want no gap and seq %d", jr.Gap, jr.Seq, seqs[7])
	}
	var got []uint64
	for _, b := range jr.Replay {
		e, _ := protocol.DecodeEvent(b)
		got = append(got, e.Seq)
	}
	if fmt.Sprint(got) != fmt.Sprint(seqs[4:]) {
		t.Fatalf("replayed %v, want %v", got, seqs[4:])
	}
}

func TestResumeBeyondTheRingReadsHistory(t *testing.T) {
	h := newHarness(t, func(c *room.Config, _ *room.Snapshot) { c.RingSize = 16 })
	var seqs []uint64
	for i := 0; i < 40; i++ {
		r := h.send(room.Identity{ID: fmt.Sprintf("u%d", i), Name: "x"}, chat(fmt.Sprintf("line %d", i)))
		seqs = append(seqs, r.Seq)
	}
	h.waitEvent("last line", func(e protocol.Event) bool { return e.Seq == seqs[39] })
	p, pid := newProbe(h.sys)
	h.join(pid, 9, seqs[2], true)
	at := 0
	jr := p.waitFor(t, &at, "join reply", func(m any) bool { _, ok := m.(*room.JoinReply); return ok }).(*room.JoinReply)
	if jr.Gap || len(jr.Replay) != 37 {
		t.Fatalf("gap=%v replay=%d events, want no gap and 37", jr.Gap, len(jr.Replay))
	}
	for i, b := range jr.Replay {
		if e, _ := protocol.DecodeEvent(b); e.Seq != seqs[3+i] {
			t.Fatalf("replay[%d] seq %d, want %d", i, e.Seq, seqs[3+i])
		}
	}
}

func TestRoomContinuesItsSequenceAfterReactivation(t *testing.T) {
	dir := t.TempDir()
	hist := openHistory(t, dir)
	h := newHarness(t, func(c *room.Config, _ *room.Snapshot) { c.History = hist })
	last := h.send(viewer, chat("one")).Seq
	// A second registry on the same store is a restarted node.
	h2 := newHarness(t, func(c *room.Config, _ *room.Snapshot) { c.History = hist })
	if r := h2.send(viewer, chat("two")); r.Seq != last+1 {
		t.Fatalf("seq after restart = %d, want %d", r.Seq, last+1)
	}
}

func TestFloodIsSampledButPriorityEventsAlwaysGoOut(t *testing.T) {
	sampled := &countAdder{}
	h := newHarness(t, func(c *room.Config, _ *room.Snapshot) {
		c.TickMin, c.TickMax, c.SampledOut = 50*time.Millisecond, 100*time.Millisecond, sampled
	}) // FrameLines 10
	sess, sessPID := newProbe(h.sys)
	const senders, perSender = 30, 15
	var priorityIDs []string
	for i := 0; i < perSender; i++ {
		for s := 0; s < senders; s++ {
			h.post(room.Identity{ID: fmt.Sprintf("u%d", s), Name: "flood", Level: 1}, chat(fmt.Sprintf("%d-%d", s, i)), sessPID)
		}
		if i%5 == 0 {
			id := fmt.Sprintf("u%d", i)
			h.post(moderator, mod("mute", id, 60), sessPID)
			priorityIDs = append(priorityIDs, id)
		}
	}
	at := 0
	for n := 0; n < senders*perSender+len(priorityIDs); n++ {
		sess.waitFor(t, &at, "replies", isReply)
	}
	// Wait for a frame after the last mute, then check every frame.
	h.waitEvent("last mute", func(e protocol.Event) bool { return e.K == protocol.KMute && e.UID == priorityIDs[len(priorityIDs)-1] })
	seen := map[string]bool{}
	var lastSeq uint64
	for _, m := range h.relay.all() {
		d, ok := m.(*room.Deliver)
		if !ok {
			continue
		}
		evs := decodeBatchOrNil(d.Payload)
		lines := 0
		for _, e := range evs {
			if e.Seq <= lastSeq {
				t.Fatalf("frames out of seq order: %d after %d", e.Seq, lastSeq)
			}
			lastSeq = e.Seq
			if e.K == protocol.KChat {
				lines++
			} else {
				seen[e.UID] = true
				if !d.Priority {
					t.Fatalf("frame with a %s event not marked priority", e.K)
				}
			}
		}
		if lines > 10 {
			t.Fatalf("frame carries %d chat lines, limit 10", lines)
		}
	}
	for _, id := range priorityIDs {
		if !seen[id] {
			t.Fatalf("mute of %s never reached the relay", id)
		}
	}
	if sampled.total() == 0 {
		t.Fatalf("a flood of %d lines was never sampled", senders*perSender)
	}
}

type countAdder struct {
	mu sync.Mutex
	n  float64
}

func (c *countAdder) Add(v float64)  { c.mu.Lock(); c.n += v; c.mu.Unlock() }
func (c *countAdder) total() float64 { c.mu.Lock(); defer c.mu.Unlock(); return c.n }

func decodeBatchOrNil(p []byte) []protocol.Event {
	var b struct {
		T  string           `json:"t"`
		Ev []protocol.Event `json:"ev"`
	}
	if jsonUnmarshal(p, &b) != nil || b.T != "batch" {
		return nil
	}
	return b.Ev
}

func TestMutedListAndReports(t *testing.T) {
	h := newHarness(t, nil)
	h.send(viewer, chat("spam spam"))
	h.send(moderator, mod("mute", viewer.ID, 120))
	if r := h.send(viewer2, protocol.ClientMessage{T: protocol.TMuted}); r.Code != protocol.CodeForbidden {
		t.Fatalf("viewer asking for the muted list: %d", r.Code)
	}
	r := h.send(moderator, protocol.ClientMessage{T: protocol.TMuted})
	if !r.List || len(r.Muted) != 1 || r.Muted[0].UID != viewer.ID || r.Muted[0].Name != "Viewer" {
		t.Fatalf("muted list = %+v", r)
	}
	if r := h.send(guestUser, protocol.ClientMessage{T: protocol.TReport, Msg: "r1-1", Reason: "spam"}); r.Code != protocol.CodeLoginRequired {
		t.Fatalf("guest report: %d", r.Code)
	}
	if r := h.send(viewer2, protocol.ClientMessage{T: protocol.TReport, Msg: "r1-1", Reason: "spam"}); r.Code != 0 {
		t.Fatalf("report: %d", r.Code)
	}
	st := h.cfg.Store.(*fixedStore)
	st.mu.Lock()
	defer st.mu.Unlock()
	var ops []string
	for _, a := range st.actions {
		ops = append(ops, a.Op)
		if a.Op == "report" && (a.Seq != 1 || a.Reason != "spam" || a.Actor != viewer2.ID) {
			t.Fatalf("report recorded as %+v", a)
		}
	}
	if fmt.Sprint(ops) != "[mute report]" {
		t.Fatalf("recorded %v", ops)
	}
}

// Reports are bounded per user (they are stored for staff): the eleventh in ten minutes is refused,
// and the window moves with the room's clock.
func TestReportsAreRateLimitedPerUser(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	h := newHarness(t, func(c *room.Config, _ *room.Snapshot) {
		c.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	})
	h.send(viewer, chat("spam spam"))
	for i := 0; i < 10; i++ {
		if r := h.send(viewer2, protocol.ClientMessage{T: protocol.TReport, Msg: "r1-1", Reason: "spam"}); r.Code != 0 {
			t.Fatalf("report %d: %d", i+1, r.Code)
		}
	}
	if r := h.send(viewer2, protocol.ClientMessage{T: protocol.TReport, Msg: "r1-1", Reason: "spam"}); r.Code != protocol.CodeRateLimited {
		t.Fatalf("eleventh report: %d, want rate limited", r.Code)
	}
	if r := h.send(viewer, protocol.ClientMessage{T: protocol.TReport, Msg: "r1-1", Reason: "spam"}); r.Code != 0 {
		t.Fatalf("another user's report: %d", r.Code)
	}
	mu.Lock()
	now = now.Add(10*time.Minute + time.Second)
	mu.Unlock()
	if r := h.send(viewer2, protocol.ClientMessage{T: protocol.TReport, Msg: "r1-1", Reason: "spam"}); r.Code != 0 {
		t.Fatalf("a report after the window: %d", r.Code)
	}
}

var _ = context.Background

// ledgerWallet is an in-memory stand-in for the wallet with the same contract: a key pays once.
type ledgerWallet struct {
	mu      sync.Mutex
	coins   map[string]int
	paid    map[string]bool
	charged int
}

func (w *ledgerWallet) SendGift(_ context.Context, o room.GiftOrder) (room.GiftReceipt, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if o.Gift != "rose" {
		return room.GiftReceipt{}, room.ErrUnknownGift
	}
	if w.paid[o.Key] {
		return room.GiftReceipt{Name: "Rose"}, nil
	}
	if w.coins[o.From] < 10*o.Count {
		return room.GiftReceipt{}, room.ErrInsufficientCoins
	}
	w.coins[o.From] -= 10 * o.Count
	w.paid[o.Key] = true
	w.charged++
	return room.GiftReceipt{Name: "Rose"}, nil
}

func TestGiftsArePaidOnceAndBroadcastAsPriority(t *testing.T) {
	w := &ledgerWallet{coins: map[string]int{viewer.ID: 30}, paid: map[string]bool{}}
	h := newHarness(t, func(c *room.Config, _ *room.Snapshot) { c.Wallet = w })
	gift := func(nonce, id string, n int) protocol.ClientMessage {
		return protocol.ClientMessage{T: protocol.TGift, Gift: id, Count: n, Nonce: nonce}
	}
	r := h.send(viewer, gift("g1", "rose", 2))
	if r.Code != 0 {
		t.Fatalf("gift refused: %d", r.Code)
	}
	ev := h.waitEvent("gift event", func(e protocol.Event) bool { return e.K == protocol.KGift })
	if ev.Count != 2 || ev.Text != "Rose" || ev.UID != viewer.ID {
		t.Fatalf("gift event %+v", ev)
	}
	// The client lost the ack and retries with the same nonce: same seq, no second charge.
	if again := h.send(viewer, gift("g1", "rose", 2)); again.Code != 0 || again.Seq != r.Seq {
		t.Fatalf("retry = %+v, want the first seq %d", again, r.Seq)
	}
	if r := h.send(viewer, gift("g2", "rose", 2)); r.Code != protocol.CodeNoCoins {
		t.Fatalf("gift beyond the balance: %d, want insufficient coins", r.Code)
	}
	if r := h.send(viewer, gift("g3", "unicorn", 1)); r.Code != protocol.CodeBadMessage {
		t.Fatalf("unknown gift: %d", r.Code)
	}
	if r := h.send(guestUser, gift("g4", "rose", 1)); r.Code != protocol.CodeLoginRequired {
		t.Fatalf("guest gift: %d", r.Code)
	}
	if w.charged != 1 || w.coins[viewer.ID] != 10 {
		t.Fatalf("charged %d times, balance %d", w.charged, w.coins[viewer.ID])
	}
}

func TestJoinReplyTellsTheJoinerWhatTheyMayDo(t *testing.T) {
	h := newHarness(t, func(_ *room.Config, s *room.Snapshot) { s.SlowMode = 5 * time.Second })
	for _, c := range []struct {
		uid           string
		mod, streamer bool
	}{{"u-mod", true, false}, {"u-streamer", true, true}, {"u-viewer", false, false}, {"", false, false}} {
		p, pid := newProbe(h.sys)
		h.sys.Root.Send(h.reg.Get(h.id), &room.Join{Relay: pid, Ticket: 1, UserID: c.uid})
		at := 0
		jr := p.waitFor(t, &at, "join reply", func(m any) bool { _, ok := m.(*room.JoinReply); return ok }).(*room.JoinReply)
		if jr.Mod != c.mod || jr.Streamer != c.streamer || jr.Slow != 5 {
			t.Fatalf("%q: mod=%v streamer=%v slow=%d", c.uid, jr.Mod, jr.Streamer, jr.Slow)
		}
	}
}

// A line refused for a level too low names the level the room asks (issue 17: "Level too low: level 6
// needed"); the join reply tells every joiner that level, so a client can lock the input beforehand.
// Other refusals carry no level.
func TestLevelRefusalAndJoinReplyCarryTheLevelNeeded(t *testing.T) {
	h := newHarness(t, func(_ *room.Config, s *room.Snapshot) { s.MinLevel = 6 })
	low := viewer
	low.ID, low.Level = "u-low", 5
	if r := h.send(low, chat("hi")); r.Code != protocol.CodeLevelTooLow || r.Level != 6 {
		t.Fatalf("level 5 in a level-6 room: code %d level %d, want %d level 6", r.Code, r.Level, protocol.CodeLevelTooLow)
	}
	if r := h.send(low, chat("you BadWord")); r.Code != protocol.CodeLevelTooLow || r.Level != 6 {
		t.Fatalf("the level is checked first: %+v", r)
	}
	high := viewer
	high.ID, high.Level = "u-high", 6
	if r := h.send(high, chat("you BadWord")); r.Code != protocol.CodeNonCompliant || r.Level != 0 {
		t.Fatalf("another refusal names no level: %+v", r)
	}
	if r := h.send(high, chat("level six speaks")); r.Code != 0 {
		t.Fatalf("level 6 refused: %+v", r)
	}
	p, pid := newProbe(h.sys)
	h.sys.Root.Send(h.reg.Get(h.id), &room.Join{Relay: pid, Ticket: 1, UserID: low.ID})
	at := 0
	if jr := p.waitFor(t, &at, "join reply", func(m any) bool { _, ok := m.(*room.JoinReply); return ok }).(*room.JoinReply); jr.MinLevel != 6 {
		t.Fatalf("join reply: min level %d, want 6", jr.MinLevel)
	}
}

// An approved expert's chat lines carry the verified badge on the wire; nobody else's do.
func TestExpertChatLinesCarryTheVerifiedBadge(t *testing.T) {
	h := newHarness(t, nil)
	expert := viewer
	expert.ID, expert.Name, expert.Expert = "u77", "Marta L", true
	for _, c := range []struct {
		who  room.Identity
		want string
	}{{expert, protocol.BadgeExpert}, {viewer, ""}} {
		r := h.send(c.who, chat("line of "+c.who.Name))
		if r.Code != 0 {
			t.Fatalf("refused %+v", r)
		}
		got := h.waitEvent("the chat line", func(e protocol.Event) bool { return e.Seq == r.Seq })
		if got.Badge != c.want {
			t.Fatalf("%s: badge %q, want %q", c.who.Name, got.Badge, c.want)
		}
	}
}

// Chat lines carry the sender's standing in the room and membership, the badges before the name:
// the streamer, a room moderator, staff, a VIP and an SVIP; an ordinary viewer's line carries none.
func TestChatLinesCarryRoleAndMembershipBadges(t *testing.T) {
	h := newHarness(t, nil)
	staff := room.Identity{ID: "u-staff", Name: "Staff", Level: 30, Admin: true}
	vip, svip := viewer, viewer2
	vip.Member, svip.Member = 1, 2
	for _, c := range []struct {
		who  room.Identity
		role string
		tier int
	}{{streamer, protocol.RoleStreamer, 0}, {moderator, protocol.RoleMod, 0}, {staff, protocol.RoleStaff, 0}, {vip, "", 1}, {svip, "", 2}, {room.Identity{ID: "u-plain", Name: "Plain", Level: 5}, "", 0}} {
		r := h.send(c.who, chat("line of "+c.who.Name))
		if r.Code != 0 {
			t.Fatalf("%s refused %+v", c.who.Name, r)
		}
		got := h.waitEvent("the chat line", func(e protocol.Event) bool { return e.Seq == r.Seq })
		if got.Role != c.role || got.Tier != c.tier {
			t.Fatalf("%s: role %q tier %d, want %q %d", c.who.Name, got.Role, got.Tier, c.role, c.tier)
		}
	}
}

// A line in a quiet room goes out at once, not at the next tick (issue 24: the latency floor).
// The tick is an hour here and the clock is the test's: the line can only arrive by the quiet path.
func TestAQuietRoomSendsALineWithoutWaitingForTheTick(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 5, 10, 20, 0, 0, 0, time.UTC)}
	h := newHarness(t, func(c *room.Config, _ *room.Snapshot) {
		c.TickMin, c.TickMax, c.Now = time.Hour, time.Hour, clock.Now
	})
	// The harness's relay report made a presence frame at the clock's start; the room has been
	// quiet for two hours since.
	h.relay.waitFor(t, &h.relayAt, "presence frame", func(m any) bool { _, ok := m.(*room.Deliver); return ok })
	clock.Add(2 * time.Hour)
	seq := h.send(viewer, chat("quiet")).Seq
	if e := h.waitEvent("the line", func(e protocol.Event) bool { return e.Text == "quiet" }); e.Seq != seq {
		t.Fatalf("delivered seq %d, acknowledged %d", e.Seq, seq)
	}
}
