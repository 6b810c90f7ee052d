package match

import (
	"context"
	"testing"
	"time"

	"courtside/actors/match/feed"
)

func storedSeq(h *harness, id string) uint64 {
	s, ok, _ := h.store.LoadMatch(context.Background(), id)
	if !ok {
		return 0
	}
	return s.State.LastSeq
}

func TestClockTicksAreSavedTogetherAndAnythingElseAtOnce(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.QuietSaveDelay = 5 * time.Second })
	h.push(fixtureEv("q", feed.GameSoccer), statusEv("q", 2, feed.StatusLive))
	h.settle("q")
	waitUntil(t, "the kick-off saved", func() bool { return storedSeq(h, "q") == 2 })

	for seq := uint64(3); seq <= 5; seq++ {
		h.push(clockEv("q", seq, feed.Clock{Secs: int(seq), Running: true, At: int64(seq) * 1000}))
		h.settle("q")
	}
	h.settle("q") // a save would have been asked for by now
	if got := storedSeq(h, "q"); got != 2 {
		t.Fatalf("stored seq %d after three clock ticks, want 2 (they wait)", got)
	}
	h.clock.Advance(5 * time.Second)
	waitUntil(t, "the ticks saved after the delay", func() bool { return storedSeq(h, "q") == 5 })
	if n := len(h.store.Events("q")); n != 5 {
		t.Fatalf("%d events stored, want 5", n)
	}

	h.push(clockEv("q", 6, feed.Clock{Secs: 6, Running: true, At: 6000}), scoreEv("q", 7, 1, 0))
	h.settle("q")
	waitUntil(t, "a goal saved at once, with the tick before it", func() bool { return storedSeq(h, "q") == 7 })
	if n := len(h.store.Events("q")); n != 7 {
		t.Fatalf("%d events stored, want 7", n)
	}

	// An incident changes only the timeline (the live state keeps its fields): saved at once too.
	in := ev("q", 8, feed.KIncident)
	in.Incident = &feed.Incident{Type: "yellowCard", Team: 0}
	h.push(in)
	h.settle("q")
	waitUntil(t, "an incident saved at once", func() bool { return storedSeq(h, "q") == 8 })
}

func TestClockTicksAreSavedAtOnceWithoutADelay(t *testing.T) {
	h := newHarness(t, nil)
	h.push(fixtureEv("q", feed.GameSoccer), statusEv("q", 2, feed.StatusLive),
		clockEv("q", 3, feed.Clock{Secs: 3, Running: true, At: 3000}))
	h.settle("q")
	waitUntil(t, "the tick saved", func() bool { return storedSeq(h, "q") == 3 })
}

// TestStopAllSavesTheTicksThatWaited: a node that stops saves the clock ticks still waiting for
// their delay (it calls StopAll before it closes the store).
func TestStopAllSavesTheTicksThatWaited(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.QuietSaveDelay = time.Hour })
	h.push(fixtureEv("q", feed.GameSoccer), statusEv("q", 2, feed.StatusLive))
	h.settle("q")
	waitUntil(t, "the kick-off saved", func() bool { return storedSeq(h, "q") == 2 })
	h.push(clockEv("q", 3, feed.Clock{Secs: 3, Running: true, At: 3000}), clockEv("q", 4, feed.Clock{Secs: 4, Running: true, At: 4000}))
	h.settle("q")
	h.reg.StopAll(context.Background())
	waitUntil(t, "the waiting ticks saved as the actor stopped", func() bool { return storedSeq(h, "q") == 4 })
	if n := h.reg.Len(); n != 0 {
		t.Fatalf("%d match actors left after StopAll", n)
	}
}
