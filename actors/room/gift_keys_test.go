package room_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"courtside/actors/protocol"
	"courtside/actors/room"
)

// memGiftKeys is room.GiftKeys in memory, shared by the incarnations of a room the way Redis is
// shared by the nodes of a cluster. remembered gets every key once it is stored.
type memGiftKeys struct {
	mu         sync.Mutex
	seqs       map[string]uint64
	remembered chan string
}

func newMemGiftKeys() *memGiftKeys {
	return &memGiftKeys{seqs: map[string]uint64{}, remembered: make(chan string, 16)}
}

func (k *memGiftKeys) Seen(_ context.Context, key string) (uint64, bool, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	seq, ok := k.seqs[key]
	return seq, ok, nil
}

func (k *memGiftKeys) Remember(_ context.Context, key string, seq uint64) error {
	k.mu.Lock()
	if _, ok := k.seqs[key]; !ok {
		k.seqs[key] = seq
	}
	k.mu.Unlock()
	k.remembered <- key
	return nil
}

func (k *memGiftKeys) waitRemembered(t *testing.T) string {
	t.Helper()
	select {
	case key := <-k.remembered:
		return key
	case <-time.After(5 * time.Second): // a deadline for a hang, not a timing assertion
		t.Fatal("the gift's key was never remembered")
		return ""
	}
}

// failingGiftKeys is a shared store that is down.
type failingGiftKeys struct{}

var errStoreDown = errors.New("store down")

func (failingGiftKeys) Seen(context.Context, string) (uint64, bool, error) {
	return 0, false, errStoreDown
}
func (failingGiftKeys) Remember(context.Context, string, uint64) error { return errStoreDown }

type countingCounter struct {
	mu sync.Mutex
	n  float64
}

func (c *countingCounter) Add(v float64) { c.mu.Lock(); c.n += v; c.mu.Unlock() }
func (c *countingCounter) value() float64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

func giftMsg(nonce string) protocol.ClientMessage {
	return protocol.ClientMessage{T: protocol.TGift, Gift: "rose", Count: 1, Nonce: nonce}
}

// giftsIn counts the gift events of room r in history.
func giftsIn(t *testing.T, hist *pebbleHistory, r string) int {
	t.Helper()
	evs, err := hist.After(context.Background(), r, 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, b := range evs {
		e, err := protocol.DecodeEvent(b)
		if err != nil {
			t.Fatalf("bad event %s: %v", b, err)
		}
		if e.K == protocol.KGift {
			n++
		}
	}
	return n
}

// A gift retried after the room's node died reaches a new incarnation of the room (here: a second
// registry over the same history, wallet and shared gift keys, as another node). The wallet pays it
// once; the new incarnation answers with the first seq and neither broadcasts nor stores it again.
func TestGiftRetriedOnAReactivatedRoomIsShownOnce(t *testing.T) {
	hist := openHistory(t, t.TempDir())
	w := &ledgerWallet{coins: map[string]int{viewer.ID: 100}, paid: map[string]bool{}}
	keys := newMemGiftKeys()
	shared := func(c *room.Config, _ *room.Snapshot) { c.History, c.Wallet, c.GiftKeys = hist, w, keys }

	first := newHarness(t, shared)
	r := first.send(viewer, giftMsg("g1"))
	if r.Code != 0 {
		t.Fatalf("gift refused: %d", r.Code)
	}
	first.waitEvent("gift event", func(e protocol.Event) bool { return e.K == protocol.KGift })
	if key := keys.waitRemembered(t); key != "gift:r1:"+viewer.ID+":g1" {
		t.Fatalf("remembered %q", key)
	}

	second := newHarness(t, shared)
	again := second.send(viewer, giftMsg("g1"))
	if again.Code != 0 || again.Seq != r.Seq {
		t.Fatalf("retry on the new incarnation = %+v, want the first seq %d", again, r.Seq)
	}
	// A later event is broadcast after anything accepted before it: once it is seen, a second
	// gift event would have been seen too.
	marker := second.send(viewer2, chat("after the retry")).Seq
	second.waitEvent("the marker", func(e protocol.Event) bool { return e.Seq == marker })
	for _, e := range second.events() {
		if e.K == protocol.KGift {
			t.Fatalf("the retried gift was broadcast again: %+v", e)
		}
	}
	if n := giftsIn(t, hist, "r1"); n != 1 {
		t.Fatalf("%d gift events in history, want 1", n)
	}
	if w.charged != 1 {
		t.Fatalf("charged %d times", w.charged)
	}
	// The new incarnation remembers the answer: a further retry needs no lookup and gets it too.
	if again := second.send(viewer, giftMsg("g1")); again.Code != 0 || again.Seq != r.Seq {
		t.Fatalf("second retry = %+v, want seq %d", again, r.Seq)
	}
	// A new nonce is a new gift on the new incarnation.
	if fresh := second.send(viewer, giftMsg("g2")); fresh.Code != 0 || fresh.Seq <= marker {
		t.Fatalf("new gift = %+v", fresh)
	}
}

// When the shared gift keys fail, gifts go on as without them: accepted, broadcast, the failures
// counted.
func TestGiftGoesOnWhenSharedGiftKeysFail(t *testing.T) {
	w := &ledgerWallet{coins: map[string]int{viewer.ID: 100}, paid: map[string]bool{}}
	errs := &countingCounter{}
	h := newHarness(t, func(c *room.Config, _ *room.Snapshot) {
		c.Wallet, c.GiftKeys, c.GiftKeyErrors = w, failingGiftKeys{}, errs
	})
	r := h.send(viewer, giftMsg("g1"))
	if r.Code != 0 {
		t.Fatalf("gift refused while the shared keys are down: %d", r.Code)
	}
	h.waitEvent("gift event", func(e protocol.Event) bool { return e.K == protocol.KGift && e.Seq == r.Seq })
	// The lookup failed before the accept; the Remember failure follows off the actor.
	deadline := time.Now().Add(5 * time.Second)
	for errs.value() < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("counted %v failures, want 2 (lookup and remember)", errs.value())
		}
		time.Sleep(5 * time.Millisecond) // polling with a deadline
	}
	if again := h.send(viewer, giftMsg("g1")); again.Code != 0 || again.Seq != r.Seq {
		t.Fatalf("retry on the same incarnation = %+v, want seq %d", again, r.Seq)
	}
}

// flakyHistory fails the first gift event it is asked to store, as a history store that is briefly
// down would.
type flakyHistory struct {
	*pebbleHistory
	mu     sync.Mutex
	failed bool
}

func (h *flakyHistory) Append(ev room.StoredEvent, done func(error)) error {
	h.mu.Lock()
	fail := !h.failed && ev.Kind == string(protocol.KGift)
	h.failed = h.failed || fail
	h.mu.Unlock()
	if fail {
		go done(errStoreDown)
		return nil
	}
	return h.pebbleHistory.Append(ev, done)
}

// A gift paid but not stored is refused with CodeFailed; its retry (same nonce) is shown, not
// answered with the seq of the event that was never stored. The wallet charges once.
func TestGiftRetriedAfterAFailedStoreIsShown(t *testing.T) {
	hist := &flakyHistory{pebbleHistory: openHistory(t, t.TempDir())}
	w := &ledgerWallet{coins: map[string]int{viewer.ID: 100}, paid: map[string]bool{}}
	h := newHarness(t, func(c *room.Config, _ *room.Snapshot) { c.History, c.Wallet = hist, w })
	if r := h.send(viewer, giftMsg("g1")); r.Code != protocol.CodeFailed {
		t.Fatalf("first try = %+v, want CodeFailed", r)
	}
	again := h.send(viewer, giftMsg("g1"))
	if again.Code != 0 {
		t.Fatalf("retry refused: %+v", again)
	}
	h.waitEvent("the retried gift", func(e protocol.Event) bool { return e.K == protocol.KGift && e.Seq == again.Seq })
	if n := giftsIn(t, hist.pebbleHistory, "r1"); n != 1 {
		t.Fatalf("%d gift events in history, want 1", n)
	}
	if w.charged != 1 {
		t.Fatalf("charged %d times", w.charged)
	}
}
