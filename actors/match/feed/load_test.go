package feed

import (
	"testing"
	"time"
)

func TestLoadFeedChangesEveryMatchOncePerRoundInOrder(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	l := &Load{Matches: 250, Slices: 100, Now: func() time.Time { return at }}
	startEvs := l.Start()
	if len(startEvs) != 3*250 || startEvs[0].Kind != KFixture || startEvs[1].Status != StatusLive {
		t.Fatalf("start: %d events, first %s", len(startEvs), startEvs[0].Kind)
	}
	seen := map[string]int{}
	last := map[string]uint64{}
	for range 100 { // one round: Every
		for _, ev := range l.Step() {
			seen[ev.Match]++
			if ev.Seq <= last[ev.Match] || ev.At != at.UnixMilli() {
				t.Fatalf("%s: seq %d after %d, at %d", ev.Match, ev.Seq, last[ev.Match], ev.At)
			}
			last[ev.Match] = ev.Seq
		}
	}
	for i := range 250 {
		if seen[LoadMatchID(i)] < 1 {
			t.Fatalf("%s did not change in a round", LoadMatchID(i))
		}
	}
	if seen[LoadMatchID(0)] > 2 {
		t.Fatalf("match 0 changed %d times in a round", seen[LoadMatchID(0)])
	}
}

func TestLoadFeedScoresAGoalEveryNinetiethChange(t *testing.T) {
	l := &Load{Matches: 1, Slices: 1, Now: func() time.Time { return time.Unix(0, 0) }}
	l.Start()
	goals := 0
	for range 180 {
		for _, ev := range l.Step() {
			if ev.Kind == KScore {
				goals++
			}
		}
	}
	if goals != 2 {
		t.Fatalf("%d goals in 180 changes, want 2", goals)
	}
}

func TestLoadFeedSpreadsTheMatchesGoals(t *testing.T) {
	l := &Load{Matches: 900, Slices: 1, Now: func() time.Time { return time.Unix(0, 0) }}
	l.Start()
	for round := range 90 {
		goals := 0
		for _, ev := range l.Step() {
			if ev.Kind == KScore {
				goals++
			}
		}
		if goals != 10 { // 900 matches, each a goal in one round of 90
			t.Fatalf("round %d: %d goals, want 10 (the matches' goals spread over the rounds)", round, goals)
		}
	}
}

func TestLoadFeedClocksReadTheTimeSinceKickOff(t *testing.T) {
	at := time.Unix(1_000, 0)
	l := &Load{Matches: 2, Slices: 1, Now: func() time.Time { return at }}
	l.Start()
	at = at.Add(7500 * time.Millisecond) // a node that fell behind: one change in 7.5 s
	for _, ev := range l.Step() {
		if ev.Kind == KClock && (ev.Clock.Secs != 7 || !ev.Clock.Running || ev.Clock.At != at.UnixMilli()) {
			t.Fatalf("%s: clock %+v, want 7 s running at %d", ev.Match, *ev.Clock, at.UnixMilli())
		}
	}
}
