package matches

import (
	"testing"
	"time"

	"courtside/actors/match/feed"
	"courtside/storage/postgres"
)

// A reload's rows are read before it takes the lock: a newer state that a match actor sent in the
// meantime (the match finished) stays, and the reload's other fields are taken.
func TestReloadKeepsANewerStateThanItsRows(t *testing.T) {
	ix := newIndex()
	start := time.Date(2026, 11, 25, 13, 50, 0, 0, time.UTC)
	ix.replace([]postgres.MatchRow{{Fixture: feed.Fixture{ID: "m1", Start: start}, Live: feed.State{Match: "m1", Status: feed.StatusLive, LastSeq: 200}}})
	if !ix.update(feed.State{Match: "m1", Status: feed.StatusFinished, Home: 2, LastSeq: 655}) {
		t.Fatal("the index does not hold m1")
	}
	// The reload read m1 at seq 230, before the final state was saved.
	ix.replace([]postgres.MatchRow{
		{Fixture: feed.Fixture{ID: "m1", Start: start, Venue: "Frontier Arena"}, Live: feed.State{Match: "m1", Status: feed.StatusLive, LastSeq: 230}},
		{Fixture: feed.Fixture{ID: "m2", Start: start}, Live: feed.State{Match: "m2", Status: feed.StatusNotStarted, LastSeq: 1}},
	})
	got, ok := ix.get("m1")
	if !ok || got.Live.Status != feed.StatusFinished || got.Live.LastSeq != 655 || got.Venue != "Frontier Arena" {
		t.Fatalf("m1 after the reload: %+v", got)
	}
	if _, ok := ix.get("m2"); !ok {
		t.Fatal("the reload's new match is missing")
	}
	// A reload newer than what the index holds wins.
	ix.replace([]postgres.MatchRow{{Fixture: feed.Fixture{ID: "m1", Start: start}, Live: feed.State{Match: "m1", Status: feed.StatusFinished, Home: 3, LastSeq: 700}}})
	if got, _ := ix.get("m1"); got.Live.LastSeq != 700 || got.Live.Home != 3 {
		t.Fatalf("m1 after a newer reload: %+v", got.Live)
	}
}
