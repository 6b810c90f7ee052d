package match

import (
	"strings"
	"testing"
	"time"

	"courtside/actors/match/feed"
)

// A publish that finds its topic quiet goes out without waiting for a tick; one that follows
// within the tick waits for it, and the frames stay at least a tick apart.
func TestAQuietTopicSendsAtOnceAndABusyOneOncePerTick(t *testing.T) {
	h := newHarness(t, nil)
	page := h.subscribe(MatchTopic("k"))
	h.push(fixtureEv("k", feed.GameSoccer), statusEv("k", 2, feed.StatusLive))
	h.settle("k", MatchTopic("k"))
	waitUntil(t, "the kick-off at once, no tick passed", func() bool { return len(page.scoreFrames()) == 1 })

	h.push(scoreEv("k", 3, 1, 0))
	h.settle("k", MatchTopic("k"))
	h.settle("k", MatchTopic("k"))
	if n := len(page.scoreFrames()); n != 1 {
		t.Fatalf("%d frames: a goal within the tick of the last frame went out before the tick", n)
	}
	h.push(scoreEv("k", 4, 2, 0))
	h.settle("k", MatchTopic("k"))
	h.clock.Advance(50 * time.Millisecond)
	waitUntil(t, "the tick's frame", func() bool { return len(page.scoreFrames()) == 2 })
	if f := string(page.scoreFrames()[1]); !strings.Contains(f, `"h":2`) || strings.Contains(f, `"h":1`) {
		t.Fatalf("frame %s: want the latest score of the tick, 2-0", f)
	}

	h.clock.Advance(time.Second) // quiet again
	h.push(scoreEv("k", 5, 2, 1))
	h.settle("k", MatchTopic("k"))
	waitUntil(t, "a goal after a quiet second at once", func() bool { return len(page.scoreFrames()) == 3 })
}
