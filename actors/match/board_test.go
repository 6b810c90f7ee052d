package match

import (
	"strings"
	"testing"
	"time"

	"courtside/actors/match/feed"
)

func clockEv(id string, seq uint64, c feed.Clock) feed.Event {
	e := ev(id, seq, feed.KClock)
	e.At = c.At
	e.Clock = &c
	return e
}

// tick pushes evs one flush at a time, each followed by a topic tick.
func (h *harness) tick(topic string, evs ...feed.Event) {
	for _, e := range evs {
		h.push(e)
		h.settle(e.Match, topic, MatchTopic(e.Match))
		h.clock.Advance(50 * time.Millisecond)
		h.settle(e.Match, topic, MatchTopic(e.Match))
	}
}

func TestScoreboardSkipsAClockThatRunsAsClientsExtrapolateIt(t *testing.T) {
	h, board := liveSoccerBoard(t)
	page := h.subscribe(MatchTopic("c"))
	h.tick("scores:202", clockEv("c", 3, feed.Clock{Secs: 0, Running: true, At: 10_000}))
	waitUntil(t, "the started clock on the board", func() bool { return len(board.scoreFrames()) == 2 })
	if f := string(board.scoreFrames()[1]); !strings.Contains(f, `"clk":{"s":0,"r":true,"at":10000}`) {
		t.Fatalf("frame %s: want the clock that started", f)
	}

	// Ticks a second apart restate the running clock (one 400 ms late, within a second of it).
	h.tick("scores:202",
		clockEv("c", 4, feed.Clock{Secs: 1, Running: true, At: 11_000}),
		clockEv("c", 5, feed.Clock{Secs: 2, Running: true, At: 12_400}),
		clockEv("c", 6, feed.Clock{Secs: 3, Running: true, At: 13_000}))
	h.tick("scores:202", scoreEv("c", 7, 1, 0))
	waitUntil(t, "the goal on the board", func() bool { return len(board.scoreFrames()) >= 3 })
	fs := board.scoreFrames()
	if len(fs) != 3 {
		t.Fatalf("%d board frames after three restated ticks and a goal, want 1 (the goal): %q", len(fs)-2, fs[2:])
	}
	if f := string(fs[2]); !strings.Contains(f, `"h":1`) || strings.Contains(f, `"clk"`) {
		t.Fatalf("frame %s: want the goal without a clock", f)
	}
	for _, want := range []string{`"clk":{"s":1,"r":true,"at":11000}`, `"clk":{"s":2,"r":true,"at":12400}`, `"clk":{"s":3,"r":true,"at":13000}`} {
		waitUntil(t, "every tick on the match page", func() bool {
			for _, f := range page.scoreFrames() {
				if strings.Contains(string(f), want) {
					return true
				}
			}
			return false
		})
	}

	// A stopped clock, and a running one away from the extrapolation, go to the board.
	h.tick("scores:202",
		clockEv("c", 8, feed.Clock{Secs: 4, Running: false, At: 14_000}),
		clockEv("c", 9, feed.Clock{Secs: 4, Running: true, At: 20_000}),
		clockEv("c", 10, feed.Clock{Secs: 30, Running: true, At: 21_000}))
	waitUntil(t, "three clock frames", func() bool { return len(board.scoreFrames()) >= 6 })
	for i, want := range []string{`"clk":{"s":4,"r":false,"at":14000}`, `"clk":{"s":4,"r":true,"at":20000}`, `"clk":{"s":30,"r":true,"at":21000}`} {
		if f := string(board.scoreFrames()[3+i]); !strings.Contains(f, want) {
			t.Fatalf("frame %s: want %s", f, want)
		}
	}
}

func TestClockAgrees(t *testing.T) {
	run := feed.Clock{Secs: 600, Running: true, At: 0}
	down := feed.Clock{Secs: 600, Running: true, Down: true, At: 0}
	for _, c := range []struct {
		name       string
		sent, next feed.Clock
		want       bool
	}{
		{"a second later", run, feed.Clock{Secs: 601, Running: true, At: 1_000}, true},
		{"read late in its second", run, feed.Clock{Secs: 601, Running: true, At: 1_900}, true},
		{"a minute later", run, feed.Clock{Secs: 660, Running: true, At: 60_000}, true},
		{"two seconds ahead", run, feed.Clock{Secs: 603, Running: true, At: 1_000}, false},
		{"stopped", run, feed.Clock{Secs: 601, Running: false, At: 1_000}, false},
		{"started", feed.Clock{Secs: 600}, feed.Clock{Secs: 600, Running: true, At: 1_000}, false},
		{"counting down", down, feed.Clock{Secs: 590, Running: true, Down: true, At: 10_000}, true},
		{"turned into a countdown", run, feed.Clock{Secs: 599, Running: true, Down: true, At: 1_000}, false},
		{"at a speed clients do not know", feed.Clock{Secs: 600, Running: true, Speed: 0.6}, feed.Clock{Secs: 606, Running: true, Speed: 0.6, At: 10_000}, false},
		{"from the past", feed.Clock{Secs: 600, Running: true, At: 5_000}, feed.Clock{Secs: 595, Running: true, At: 0}, false},
	} {
		if got := clockAgrees(c.sent, c.next); got != c.want {
			t.Errorf("%s: clockAgrees = %v, want %v", c.name, got, c.want)
		}
	}
}

// A list page of a game whose every match's clock ticks once a second hears of the goals only.
func TestScoreboardOfTickingMatchesCarriesTheGoals(t *testing.T) {
	h := newHarness(t, nil)
	board := h.subscribe("scores:202")
	at := time.Unix(1_000, 0)
	load := &feed.Load{Matches: 180, Slices: 1, Now: func() time.Time { return at }}
	h.push(load.Start()...)
	for i := range 180 {
		h.settle(feed.LoadMatchID(i))
	}
	h.settle(feed.LoadMatchID(0), "scores:202")
	h.clock.Advance(50 * time.Millisecond)
	h.settle(feed.LoadMatchID(0), "scores:202")
	since := func(from int) string { // the frames from index from on, as one string
		var b strings.Builder
		for _, f := range board.scoreFrames()[from:] {
			b.Write(f)
		}
		return b.String()
	}
	waitUntil(t, "the kick-offs", func() bool { return strings.Count(since(0), `"st":1`) == 180 })
	for round := 1; round <= 3; round++ {
		at = at.Add(time.Second)
		frames := len(board.scoreFrames())
		evs := load.Step()
		h.push(evs...)
		goals := 0
		for _, e := range evs {
			h.settle(e.Match)
			if e.Kind == feed.KScore {
				goals++
			}
		}
		h.settle(feed.LoadMatchID(0), "scores:202")
		h.clock.Advance(50 * time.Millisecond)
		h.settle(feed.LoadMatchID(0), "scores:202")
		waitUntil(t, "the round's goals", func() bool { return strings.Count(since(frames), `"ts":`) >= goals })
		if f := since(frames); strings.Count(f, `"ts":`) != goals || strings.Contains(f, `"clk"`) {
			t.Fatalf("round %d: %d matches in the frames, want the %d that scored, no clock: %.300s", round, strings.Count(f, `"ts":`), goals, f)
		}
	}
}
