package match

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"courtside/actors/match/feed"
)

// script is a whole simulated soccer match.
func script(id string) []feed.Event {
	sim := feed.NewSimulator(feed.SimConfig{Seed: 11, PostponedPct: -1, CancelledPct: -1}, nil, nil)
	return sim.Script(feed.Fixture{ID: id, Game: feed.GameSoccer, Home: "h", Away: "a",
		Start: time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC), Knockout: true})
}

// fold applies events in order, the reference the actor must agree with.
func fold(evs []feed.Event) feed.State {
	var st feed.State
	for _, e := range evs {
		_ = st.Apply(&e)
	}
	return st
}

func waitSeq(t *testing.T, h *harness, id string, seq uint64) feed.State {
	t.Helper()
	var st feed.State
	waitUntil(t, "state of "+id, func() bool {
		var err error
		st, err = h.reg.State(context.Background(), id)
		return err == nil && st.LastSeq >= seq
	})
	return st
}

func TestFeedEventsApplyOnceAndInOrder(t *testing.T) {
	cases := []struct {
		name    string
		deliver func(evs []feed.Event) []feed.Event
	}{
		{"in order", func(evs []feed.Event) []feed.Event { return evs }},
		{"every event twice", func(evs []feed.Event) []feed.Event {
			var out []feed.Event
			for _, e := range evs {
				out = append(out, e, e)
			}
			return out
		}},
		{"shuffled in windows of 50 with replays", func(evs []feed.Event) []feed.Event {
			r := rand.New(rand.NewPCG(1, 2))
			var out []feed.Event
			for i := 0; i < len(evs); i += 50 {
				w := append([]feed.Event(nil), evs[i:min(i+50, len(evs))]...)
				r.Shuffle(len(w), func(a, b int) { w[a], w[b] = w[b], w[a] })
				out = append(out, w...)
				if i > 0 {
					out = append(out, evs[i-10:i]...) // a provider resending what it sent before
				}
			}
			return out
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, nil)
			evs := script("m1")
			want := fold(evs)
			h.push(tc.deliver(evs)...)
			got := waitSeq(t, h, "m1", uint64(len(evs)))
			if !reflect.DeepEqual(normalise(got), normalise(want)) {
				t.Fatalf("state differs from applying each event once in order:\n got %+v\nwant %+v", got, want)
			}
			stored := h.store.Events("m1")
			waitUntil(t, "timeline stored", func() bool { stored = h.store.Events("m1"); return len(stored) == len(evs) })
			for i, e := range stored {
				if e.Seq != uint64(i+1) {
					t.Fatalf("timeline entry %d has seq %d", i, e.Seq)
				}
			}
		})
	}
}

// normalise makes states comparable after a JSON-free round trip (nil vs empty maps).
func normalise(s feed.State) feed.State {
	c := s.Clone()
	if len(c.Detail) == 0 {
		c.Detail = nil
	}
	if len(c.Stats) == 0 {
		c.Stats = nil
	}
	return c
}

func TestGapIsHeldUntilFilled(t *testing.T) {
	h := newHarness(t, nil)
	h.push(fixtureEv("g", feed.GameSoccer), statusEv("g", 2, feed.StatusLive), scoreEv("g", 4, 1, 1), scoreEv("g", 5, 2, 1))
	st := h.settle("g")
	if st.LastSeq != 2 || st.Home != 0 {
		t.Fatalf("applied past a gap: lastSeq %d, home %d", st.LastSeq, st.Home)
	}
	h.push(scoreEv("g", 3, 1, 0))
	st = h.settle("g")
	if st.LastSeq != 5 || st.Home != 2 || st.Away != 1 {
		t.Fatalf("after the gap filled: lastSeq %d, score %d-%d; want 5, 2-1", st.LastSeq, st.Home, st.Away)
	}
}

func TestEventsBeyondAFullBufferAreRefusedAndTakenWhenResent(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.MaxBuffered = 2 })
	h.push(fixtureEv("b", feed.GameSoccer), scoreEv("b", 3, 1, 0), scoreEv("b", 4, 2, 0), scoreEv("b", 5, 3, 0))
	h.push(statusEv("b", 2, feed.StatusLive))
	st := h.settle("b")
	if st.LastSeq != 4 || st.Home != 2 {
		t.Fatalf("lastSeq %d home %d; want 4 and 2 (seq 5 refused)", st.LastSeq, st.Home)
	}
	h.push(scoreEv("b", 5, 3, 0))
	if st = h.settle("b"); st.LastSeq != 5 || st.Home != 3 {
		t.Fatalf("resent event not applied: lastSeq %d home %d", st.LastSeq, st.Home)
	}
}

func TestStateSurvivesARestart(t *testing.T) {
	h := newHarness(t, nil)
	evs := script("r1")
	half := len(evs) / 2
	h.push(evs[:half]...)
	waitSeq(t, h, "r1", uint64(half))
	waitUntil(t, "first half saved", func() bool {
		s, ok, _ := h.store.LoadMatch(context.Background(), "r1")
		return ok && s.State.LastSeq == uint64(half)
	})
	h.reg.Stop("r1")
	if st, _ := h.reg.State(context.Background(), "r1"); st.LastSeq != uint64(half) {
		t.Fatalf("rebuilt actor starts at seq %d, want %d", st.LastSeq, half)
	}
	h.push(evs...) // the provider replays from the beginning after the restart
	got := waitSeq(t, h, "r1", uint64(len(evs)))
	if want := fold(evs); !reflect.DeepEqual(normalise(got), normalise(want)) {
		t.Fatalf("after restart and replay: got %d-%d seq %d, want %d-%d seq %d", got.Home, got.Away, got.LastSeq, want.Home, want.Away, want.LastSeq)
	}
}

func TestEveryStatusTransitionReachesSubscribers(t *testing.T) {
	paths := []struct {
		name string
		path []feed.Status
	}{
		{"knockout tie to penalties", []feed.Status{feed.StatusAnnounced, feed.StatusLive, feed.StatusHalftime, feed.StatusLive,
			feed.StatusOvertime, feed.StatusHalftime, feed.StatusOvertime, feed.StatusPenalties, feed.StatusFinished}},
		{"straight to full time", []feed.Status{feed.StatusLive, feed.StatusFinished}},
		{"postponed, rescheduled, cancelled", []feed.Status{feed.StatusPostponed, feed.StatusNotStarted, feed.StatusAnnounced,
			feed.StatusPostponed, feed.StatusCancelled}},
		{"abandoned in play", []feed.Status{feed.StatusLive, feed.StatusHalftime, feed.StatusPostponed, feed.StatusAnnounced, feed.StatusLive, feed.StatusCancelled}},
		{"announced then cancelled", []feed.Status{feed.StatusAnnounced, feed.StatusCancelled}},
		{"halftime straight to penalties", []feed.Status{feed.StatusLive, feed.StatusHalftime, feed.StatusPenalties, feed.StatusFinished}},
		{"overtime to finish", []feed.Status{feed.StatusLive, feed.StatusOvertime, feed.StatusFinished}},
	}
	for _, p := range paths {
		t.Run(p.name, func(t *testing.T) {
			h := newHarness(t, nil)
			sub := h.subscribe("match:s")
			h.push(fixtureEv("s", feed.GameSoccer))
			for i, s := range p.path {
				h.push(statusEv("s", uint64(i+2), s))
				st := h.settle("s", "match:s")
				if st.Status != s {
					t.Fatalf("step %d: status %s, want %s", i, st.Status, s)
				}
				h.clock.Advance(50 * time.Millisecond)
				want := `"st":` + string(rune('0'+int(s)))
				waitUntil(t, "frame with "+want, func() bool {
					fs := sub.scoreFrames()
					return len(fs) > 0 && strings.Contains(string(fs[len(fs)-1]), want)
				})
			}
		})
	}
}

func TestForbiddenTransitionsAreRefused(t *testing.T) {
	h := newHarness(t, nil)
	h.push(fixtureEv("f", feed.GameSoccer), statusEv("f", 2, feed.StatusLive), statusEv("f", 3, feed.StatusFinished),
		statusEv("f", 4, feed.StatusLive), statusEv("f", 5, feed.StatusNotStarted))
	st := h.settle("f")
	if st.Status != feed.StatusFinished || st.LastSeq != 5 {
		t.Fatalf("status %s lastSeq %d; want finished kept and both refused events consumed", st.Status, st.LastSeq)
	}
}

// liveSoccerBoard starts soccer match "c" in play with a subscriber of its scoreboard that has
// had the first frame.
func liveSoccerBoard(t *testing.T) (*harness, *probe) {
	t.Helper()
	h := newHarness(t, nil)
	board := h.subscribe("scores:202")
	h.push(fixtureEv("c", feed.GameSoccer), statusEv("c", 2, feed.StatusLive))
	h.settle("c", "scores:202")
	h.clock.Advance(50 * time.Millisecond)
	waitUntil(t, "first frame", func() bool { return len(board.scoreFrames()) == 1 })
	return h, board
}

func TestScoreboardSendsTheLatestValueOncePerTick(t *testing.T) {
	h, board := liveSoccerBoard(t)
	h.push(scoreEv("c", 3, 1, 0), scoreEv("c", 4, 1, 1), scoreEv("c", 5, 2, 1))
	h.settle("c", "scores:202")
	h.clock.Advance(50 * time.Millisecond)
	waitUntil(t, "second frame", func() bool { return len(board.scoreFrames()) >= 2 })
	fs := board.scoreFrames()
	if len(fs) != 2 {
		t.Fatalf("%d frames for one tick, want 1 more", len(fs)-1)
	}
	f := string(fs[1])
	if !strings.HasPrefix(f, `{"t":"scores","topic":"scores:202","deltas":{"c":{`) || !strings.Contains(f, `"a":1`) || !strings.Contains(f, `"h":2`) {
		t.Fatalf("frame %s: want the last score 2-1 only", f)
	}
	if strings.Contains(f, `"s.`) || strings.Contains(f, `"odds"`) {
		t.Fatalf("scoreboard frame carries match-only fields: %s", f)
	}
}

func TestScoreboardCarriesRedCardsButNoOtherStatistic(t *testing.T) {
	h, board := liveSoccerBoard(t)
	st := ev("c", 3, feed.KStats)
	st.Stats = map[string]feed.Stat{"redCards": {0, 1}, "shots": {7, 3}}
	h.push(st)
	h.settle("c", "scores:202")
	h.clock.Advance(50 * time.Millisecond)
	waitUntil(t, "second frame", func() bool { return len(board.scoreFrames()) >= 2 })
	f := string(board.scoreFrames()[1])
	if !strings.Contains(f, `"s.redCards":[0,1]`) {
		t.Fatalf("frame %s: want the red cards 0-1", f)
	}
	if strings.Contains(f, `"s.shots"`) {
		t.Fatalf("scoreboard frame carries a statistic other than red cards: %s", f)
	}
}

func TestScoreboardCarriesTheAggregateButNoOtherDetail(t *testing.T) {
	h, board := liveSoccerBoard(t)
	d := ev("c", 3, feed.KDetail)
	d.Detail = map[string]any{"agg": []int{3, 2}, "through": 0, "momentum": 40}
	h.push(d)
	h.settle("c", "scores:202")
	h.clock.Advance(50 * time.Millisecond)
	waitUntil(t, "second frame", func() bool { return len(board.scoreFrames()) >= 2 })
	f := string(board.scoreFrames()[1])
	if !strings.Contains(f, `"d.agg":[3,2]`) || !strings.Contains(f, `"d.through":0`) {
		t.Fatalf("frame %s: want the aggregate 3-2 and the home side through", f)
	}
	if strings.Contains(f, `"d.momentum"`) {
		t.Fatalf("scoreboard frame carries a detail other than the aggregate: %s", f)
	}
}

// TestARemovedDetailIsSentAsNull: a detail the feed removes (a nil value) reaches subscribers as
// null, so their copy of the match forgets it too.
func TestARemovedDetailIsSentAsNull(t *testing.T) {
	h, board := liveSoccerBoard(t)
	d := ev("c", 3, feed.KDetail)
	d.Detail = map[string]any{"agg": []int{3, 2}}
	h.push(d)
	h.settle("c", "scores:202")
	h.clock.Advance(50 * time.Millisecond)
	waitUntil(t, "second frame", func() bool { return len(board.scoreFrames()) >= 2 })
	gone := ev("c", 4, feed.KDetail)
	gone.Detail = map[string]any{"agg": nil}
	h.push(gone)
	h.settle("c", "scores:202")
	h.clock.Advance(50 * time.Millisecond)
	waitUntil(t, "third frame", func() bool { return len(board.scoreFrames()) >= 3 })
	if f := string(board.scoreFrames()[2]); !strings.Contains(f, `"d.agg":null`) {
		t.Fatalf("frame %s: want the removed aggregate as null", f)
	}
}

func TestSpoilerFreeDelayIsHonouredInOrder(t *testing.T) {
	h := newHarness(t, nil)
	name, err := h.topics.Resolve("match:d", 10000)
	if err != nil || name != "match:d@12000" {
		t.Fatalf("Resolve(10000 ms) = %q, %v; want match:d@12000", name, err)
	}
	live := h.subscribe("match:d")
	delayed := h.subscribe(name)
	h.push(fixtureEv("d", feed.GameSoccer), statusEv("d", 2, feed.StatusLive), scoreEv("d", 3, 1, 0))
	h.settle("d", "match:d", name)
	h.clock.Advance(50 * time.Millisecond)
	waitUntil(t, "live frame", func() bool { return len(live.scoreFrames()) == 1 })

	h.clock.Advance(5 * time.Second) // t = 5.05 s
	h.push(scoreEv("d", 4, 2, 0))
	h.settle("d", "match:d", name)
	h.clock.Advance(50 * time.Millisecond) // 5.1 s
	waitUntil(t, "second live frame", func() bool { return len(live.scoreFrames()) == 2 })

	h.clock.Advance(6800 * time.Millisecond) // 11.9 s: the first score is not due yet
	if n := len(delayed.scoreFrames()); n != 0 {
		t.Fatalf("delayed subscriber got %d frames before 12 s", n)
	}
	h.clock.Advance(100 * time.Millisecond) // 12.0 s
	waitUntil(t, "first delayed frame", func() bool { return len(delayed.scoreFrames()) == 1 })
	if f := string(delayed.scoreFrames()[0]); !strings.Contains(f, `"h":1`) || !strings.Contains(f, `"topic":"match:d@12000"`) {
		t.Fatalf("first delayed frame %s, want h=1", f)
	}
	h.clock.Advance(4900 * time.Millisecond) // 16.9 s: the second score (published at 5.05 s) is due at 17.05 s
	if n := len(delayed.scoreFrames()); n != 1 {
		t.Fatalf("second score reached the delayed subscriber %d frames early", n-1)
	}
	h.clock.Advance(200 * time.Millisecond)
	waitUntil(t, "second delayed frame", func() bool { return len(delayed.scoreFrames()) == 2 })
	if f := string(delayed.scoreFrames()[1]); !strings.Contains(f, `"h":2`) {
		t.Fatalf("second delayed frame %s, want h=2", f)
	}
	// A late subscriber to the delayed topic starts from the delayed state, not the live one.
	h.push(scoreEv("d", 5, 3, 0))
	h.settle("d", "match:d", name)
	late := h.subscribe(name)
	late.mu.Lock()
	replay := string(late.frames[len(late.frames)-1])
	late.mu.Unlock()
	if !strings.Contains(replay, `\"h\":2`) && !strings.Contains(replay, `"h":2`) {
		t.Fatalf("late delayed subscriber's snapshot %s, want h=2 (the live 3-0 is not due)", replay)
	}
}

func TestDelayClassChoice(t *testing.T) {
	h := newHarness(t, nil)
	for _, c := range []struct {
		topic string
		ms    int
		want  string
		err   error
	}{
		{"match:x", 0, "match:x", nil},
		{"match:x", 1, "match:x@3000", nil},
		{"match:x", 3000, "match:x@3000", nil},
		{"scores:202", 15000, "scores:202@12000", nil},
		{"scores:999", 0, "", ErrBadTopic},
		{"match:x@3000", 0, "", ErrBadTopic},
		{"room:1", 0, "", ErrBadTopic},
		{"match:a b", 0, "", ErrBadTopic},
	} {
		got, err := h.topics.Resolve(c.topic, c.ms)
		if got != c.want || !errors.Is(err, c.err) {
			t.Errorf("Resolve(%q, %d) = %q, %v; want %q, %v", c.topic, c.ms, got, err, c.want, c.err)
		}
	}
}

type notices struct {
	mu    sync.Mutex
	calls map[string]int
}

func (n *notices) MatchStarting(users []string, m Starting) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, u := range users {
		n.calls[u+"@"+m.Match]++
	}
}

func (n *notices) snapshot() map[string]int {
	n.mu.Lock()
	defer n.mu.Unlock()
	out := map[string]int{}
	for k, v := range n.calls {
		out[k] = v
	}
	return out
}

func TestReservationNoticeIsDeliveredOncePerBooking(t *testing.T) {
	n := &notices{calls: map[string]int{}}
	h := newHarness(t, func(c *Config) { c.Notifier = n })
	h.store.Book("n", "u1")
	h.store.Book("n", "u2")
	h.store.Book("other", "u1")
	h.push(fixtureEv("n", feed.GameSoccer), statusEv("n", 2, feed.StatusAnnounced))
	h.settle("n")
	if got := n.snapshot(); len(got) != 0 {
		t.Fatalf("notices before the start: %v", got)
	}
	h.push(statusEv("n", 3, feed.StatusLive), statusEv("n", 4, feed.StatusHalftime), statusEv("n", 5, feed.StatusLive))
	h.settle("n")
	waitUntil(t, "notices", func() bool { return len(n.snapshot()) == 2 })
	h.reg.Stop("n") // a restart while live claims again: nobody is told twice
	h.push(statusEv("n", 6, feed.StatusOvertime))
	h.settle("n")
	h.push(statusEv("n", 7, feed.StatusFinished))
	h.settle("n")
	want := map[string]int{"u1@n": 1, "u2@n": 1}
	if got := n.snapshot(); !reflect.DeepEqual(got, want) {
		t.Fatalf("notices %v, want %v", got, want)
	}
}

func TestResultIsEmittedOnceWhenTheMatchFinishes(t *testing.T) {
	var mu sync.Mutex
	var results []Result
	fail := 1
	sink := ResultFunc(func(_ context.Context, r Result) error {
		mu.Lock()
		defer mu.Unlock()
		if fail > 0 {
			fail--
			return errors.New("consumer down")
		}
		results = append(results, r)
		return nil
	})
	h := newHarness(t, func(c *Config) { c.Results = sink })
	evs := script("z")
	want := fold(evs)
	h.push(evs...)
	waitSeq(t, h, "z", uint64(len(evs)))
	// The first delivery fails; the actor retries after RetryAfter on its clock.
	waitUntil(t, "result", func() bool {
		h.clock.Advance(2 * time.Second)
		mu.Lock()
		defer mu.Unlock()
		return len(results) == 1
	})
	h.reg.Stop("z")
	h.push(evs...)
	h.settle("z")
	mu.Lock()
	defer mu.Unlock()
	if len(results) != 1 {
		t.Fatalf("%d results, want exactly 1", len(results))
	}
	if r := results[0]; r.Home != want.Home || r.Away != want.Away || r.Source != feed.SourceSimulator {
		t.Fatalf("result %+v, want %d-%d from the simulator", r, want.Home, want.Away)
	}
}
