package room_test

import (
	"context"
	"strconv"
	"sync"
	"testing"
	"time"

	"courtside/actors/protocol"
	"courtside/actors/room"
	"courtside/api/errcode"
)

// memPaid is room.PaidWallet in memory with the contract of api/paidmsg: a key charges once, a pin is
// removed once, and a no-fault reason refunds.
type memPaid struct {
	mu       sync.Mutex
	coins    map[string]int64
	byKey    map[string]string // key -> pin id
	pins     map[string]room.PaidOrder
	removed  map[string]bool
	charges  int
	refunds  int
	removals int
}

func newMemPaid(coins map[string]int64) *memPaid {
	return &memPaid{coins: coins, byKey: map[string]string{}, pins: map[string]room.PaidOrder{}, removed: map[string]bool{}}
}

func (w *memPaid) ChargePaid(_ context.Context, o room.PaidOrder) (room.PaidReceipt, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if o.Coins != 30 && o.Coins != 100 {
		return room.PaidReceipt{}, room.ErrPaidTier
	}
	id, ok := w.byKey[o.Key]
	if !ok {
		if w.coins[o.From] < o.Coins {
			return room.PaidReceipt{}, room.ErrInsufficientCoins
		}
		w.coins[o.From] -= o.Coins
		w.charges++
		id = strconv.Itoa(len(w.pins) + 1)
		w.byKey[o.Key], w.pins[id] = id, o
	}
	return room.PaidReceipt{ID: id, Coins: w.pins[id].Coins, Color: "teal", Until: time.UnixMilli(1e12)}, nil
}

func (w *memPaid) RemovePaid(_ context.Context, r room.PaidRemoval) (room.PaidRemoved, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	o, ok := w.pins[r.ID]
	switch {
	case !ok:
		return room.PaidRemoved{}, room.ErrPaidNotFound
	case r.Reason != "mistake" && r.Reason != "spam":
		return room.PaidRemoved{}, room.ErrPaidReason
	case w.removed[r.ID]:
		return room.PaidRemoved{Sender: o.From, Replayed: true}, nil
	}
	w.removed[r.ID] = true
	w.removals++
	refund := r.Reason == "mistake"
	if refund {
		w.coins[o.From] += o.Coins
		w.refunds++
	}
	return room.PaidRemoved{Sender: o.From, Refunded: refund}, nil
}

func paidMsg(nonce, text string, coins int) protocol.ClientMessage {
	return protocol.ClientMessage{T: room.TPaid, Text: text, Count: coins, Nonce: nonce}
}

func TestPaidMessageIsChargedOnceShownOnceAndRemovedByAModerator(t *testing.T) {
	w := newMemPaid(map[string]int64{viewer.ID: 130})
	h := newHarness(t, func(c *room.Config, _ *room.Snapshot) { c.Paid = w })

	r := h.send(viewer, paidMsg("p1", "Come on!", 100))
	if r.Code != 0 || r.Seq == 0 {
		t.Fatalf("paid message refused: %+v", r)
	}
	ev := h.waitEvent("paid event", func(e protocol.Event) bool { return e.K == protocol.KPaid })
	if ev.Coins != 100 || ev.Color != "teal" || ev.Pin != "1" || ev.Text != "Come on!" || ev.UID != viewer.ID || ev.Until == 0 || ev.ID == "" {
		t.Fatalf("paid event %+v", ev)
	}
	// The ack was lost and the request retried: the same seq, charged once.
	if again := h.send(viewer, paidMsg("p1", "Come on!", 100)); again.Code != 0 || again.Seq != r.Seq {
		t.Fatalf("retry = %+v, want seq %d", again, r.Seq)
	}
	if w.charges != 1 || w.coins[viewer.ID] != 30 {
		t.Fatalf("charged %d times, %d coins left", w.charges, w.coins[viewer.ID])
	}
	for _, c := range []struct {
		who  room.Identity
		msg  protocol.ClientMessage
		want protocol.Code
	}{
		{viewer, paidMsg("p2", "again", 100), protocol.CodeNoCoins},
		{viewer, paidMsg("p3", "odd", 55), errcode.PaidTier},
		{viewer, paidMsg("p4", "you badword", 30), protocol.CodeNonCompliant},
		{guestUser, paidMsg("p5", "hi", 30), protocol.CodeLoginRequired},
		{streamer, paidMsg("p6", "my own room", 30), errcode.PaidForbidden},
	} {
		if got := h.send(c.who, c.msg); got.Code != c.want {
			t.Fatalf("%s %q: code %d, want %d", c.who.ID, c.msg.Text, got.Code, c.want)
		}
	}
	if w.charges != 1 {
		t.Fatalf("a refused message was charged (%d charges)", w.charges)
	}

	unpin := protocol.ClientMessage{T: room.TUnpin, Msg: "1", Reason: "mistake", Nonce: "u1"}
	if got := h.send(viewer2, unpin); got.Code != errcode.PaidForbidden {
		t.Fatalf("a viewer removed it: %d", got.Code)
	}
	if got := h.send(moderator, unpin); got.Code != 0 {
		t.Fatalf("moderator's removal refused: %d", got.Code)
	}
	un := h.waitEvent("unpin event", func(e protocol.Event) bool { return e.K == protocol.KUnpin })
	if un.Pin != "1" || un.Key != "mistake" || un.By != moderator.ID || un.UID != viewer.ID {
		t.Fatalf("unpin event %+v", un)
	}
	// A retried removal is acknowledged without a second refund or event.
	if got := h.send(moderator, unpin); got.Code != 0 || got.Seq != 0 {
		t.Fatalf("retried removal = %+v", got)
	}
	if w.refunds != 1 || w.coins[viewer.ID] != 130 {
		t.Fatalf("refunds %d, coins %d", w.refunds, w.coins[viewer.ID])
	}
	evs := h.events()
	dels, unpins := 0, 0
	for _, e := range evs {
		switch {
		case e.K == protocol.KDelete && e.Msg == ev.ID:
			dels++
		case e.K == protocol.KUnpin:
			unpins++
		}
	}
	if dels != 1 || unpins != 1 {
		t.Fatalf("after the removal: %d deletes of the line, %d unpins", dels, unpins)
	}
	if got := h.send(moderator, protocol.ClientMessage{T: room.TUnpin, Msg: "9", Reason: "spam", Nonce: "u2"}); got.Code != errcode.PaidNotFound {
		t.Fatalf("unknown pin: %d", got.Code)
	}
}

func TestMutedViewerCannotPayToBeHeard(t *testing.T) {
	w := newMemPaid(map[string]int64{viewer.ID: 100})
	h := newHarness(t, func(c *room.Config, _ *room.Snapshot) { c.Paid = w })
	if r := h.send(moderator, mod("mute", viewer.ID, 60)); r.Code != 0 {
		t.Fatalf("mute refused: %d", r.Code)
	}
	if r := h.send(viewer, paidMsg("p1", "let me speak", 30)); r.Code != protocol.CodeMuted {
		t.Fatalf("muted viewer's paid message: code %d", r.Code)
	}
	if w.charges != 0 {
		t.Fatal("a muted viewer was charged")
	}
}

// A paid message retried after the room's node died reaches a new incarnation of the room: charged
// once (the wallet's key), shown and stored once (the shared keys, like a gift's).
func TestPaidMessageRetriedOnAReactivatedRoomIsShownOnce(t *testing.T) {
	hist := openHistory(t, t.TempDir())
	w := newMemPaid(map[string]int64{viewer.ID: 100})
	keys := newMemGiftKeys()
	shared := func(c *room.Config, _ *room.Snapshot) { c.History, c.Paid, c.GiftKeys = hist, w, keys }

	first := newHarness(t, shared)
	r := first.send(viewer, paidMsg("p1", "once", 30))
	if r.Code != 0 {
		t.Fatalf("paid message refused: %d", r.Code)
	}
	if key := keys.waitRemembered(t); key != "paid:r1:"+viewer.ID+":p1" {
		t.Fatalf("remembered %q", key)
	}
	second := newHarness(t, shared)
	if again := second.send(viewer, paidMsg("p1", "once", 30)); again.Code != 0 || again.Seq != r.Seq {
		t.Fatalf("retry on the new incarnation = %+v, want seq %d", again, r.Seq)
	}
	evs, err := hist.After(context.Background(), "r1", 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, b := range evs {
		if e, _ := protocol.DecodeEvent(b); e.K == protocol.KPaid {
			n++
		}
	}
	if n != 1 || w.charges != 1 {
		t.Fatalf("%d paid events in history, %d charges; want 1 and 1", n, w.charges)
	}
}
