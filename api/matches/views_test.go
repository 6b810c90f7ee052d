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

func TestASecondLegRowShowsTheAggregateAndWhoGoesThrough(t *testing.T) {
	row := &postgres.MatchRow{Fixture: feed.Fixture{ID: "m2", Game: feed.GameSoccer}}
	if it := item(row, false); it.Aggregate != nil || it.Through != nil {
		t.Fatalf("a single match: want no aggregate, got %+v %+v", it.Aggregate, it.Through)
	}
	// As the state comes back from Postgres: JSON numbers.
	row.Live.Detail = map[string]any{"agg": []any{3.0, 3.0}, "momentum": 12.0}
	it := item(row, false)
	if it.Aggregate == nil || *it.Aggregate != (feed.Pair{3, 3}) || it.Through != nil || it.Detail != nil {
		t.Fatalf("second leg in play: want aggregate 3-3, nobody through yet and no other detail, got %+v %+v %+v", it.Aggregate, it.Through, it.Detail)
	}
	row.Live.Detail["through"] = 1.0
	if it := item(row, false); it.Through == nil || *it.Through != 1 {
		t.Fatalf("through %+v, want the away side", it.Through)
	}
}
