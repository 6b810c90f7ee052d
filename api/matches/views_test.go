package matches

import (
	"testing"

	"courtside/actors/match/feed"
	"courtside/storage/postgres"
)

func TestARowShowsRedCardsOnlyWhenOneWasShown(t *testing.T) {
	row := &postgres.MatchRow{Fixture: feed.Fixture{ID: "m1", Game: feed.GameSoccer}}
	row.Live.Stats = map[string]feed.Stat{"redCards": {0, 0}, "shots": {4, 2}}
	if it := item(row, false); it.RedCards != nil || it.Stats != nil {
		t.Fatalf("no red card shown: want neither red cards nor statistics on a list row, got %+v %+v", it.RedCards, it.Stats)
	}
	row.Live.Stats["redCards"] = feed.Stat{1, 2}
	it := item(row, false)
	if it.RedCards == nil || *it.RedCards != (feed.Stat{1, 2}) {
		t.Fatalf("red cards %+v, want 1-2", it.RedCards)
	}
}
