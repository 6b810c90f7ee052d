package apisports

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"courtside/actors/match/feed"
)

// A cup round's answer (GET /fixtures?league=&season=&round=, testdata/fixtures_tie.json) holds
// both legs of two quarter-finals: the first tie's second leg is mapped as Leg 2 with the
// aggregate over both legs seen from its home side and the side through on penalties; the second
// tie's first leg was postponed, so its second leg says so, has no aggregate and is no knockout.
func TestSecondLegCarriesTheAggregate(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("testdata", "fixtures_tie.json"))
	if err != nil {
		t.Fatal(err)
	}
	fxs, err := DecodeFootball(body)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 17, 23, 0, 0, 0, time.UTC)
	book := ties{}
	got := map[int64]*feed.Fixture{}
	detail := map[int64]map[string]any{}
	for i := range fxs {
		s, _, err := footballSnapshot(&fxs[i], now)
		if err != nil {
			t.Fatal(err)
		}
		first, second, isFirst := book.note(&fxs[i], s.Status)
		applyLeg(&s, &fxs[i], first, second, isFirst)
		got[fxs[i].Fixture.ID], detail[fxs[i].Fixture.ID] = s.Fixture, s.Detail
	}
	// 2001 Harbour Lane 2-1 Millbrook; 2002 Millbrook 1-0 Harbour Lane, 4-3 on penalties.
	if f := got[2002]; f.Leg != 2 || !f.Knockout {
		t.Fatalf("second leg: leg %d knockout %v", f.Leg, f.Knockout)
	}
	if !reflect.DeepEqual(detail[2002]["agg"], []int{2, 2}) || detail[2002]["through"] != 0 {
		t.Fatalf("second leg detail %v: want agg [2 2] and Millbrook (home) through on penalties", detail[2002])
	}
	if _, ok := detail[2002]["leg1"]; ok {
		t.Fatal("a played first leg reads as called off")
	}
	// 2003 was postponed: 2004 is the second leg, with no aggregate, and a draw would stand.
	if f := got[2004]; f.Leg != 2 || f.Knockout {
		t.Fatalf("second leg of a postponed first leg: leg %d knockout %v", f.Leg, f.Knockout)
	}
	if detail[2004]["leg1"] != "postponed" || detail[2004]["agg"] != nil {
		t.Fatalf("second leg of a postponed first leg: detail %v", detail[2004])
	}
	// The first legs were read before their second legs: a later answer with them marks them Leg 1.
	again := fxs[0]
	s, _, _ := footballSnapshot(&again, now)
	first, second, isFirst := book.note(&again, s.Status)
	applyLeg(&s, &again, first, second, isFirst)
	if s.Fixture.Leg != 1 || s.Fixture.Knockout || s.Detail["agg"] != nil {
		t.Fatalf("first leg read again: leg %d knockout %v detail %v", s.Fixture.Leg, s.Fixture.Knockout, s.Detail)
	}
	// A league round is never a tie, even with the same pair the other way round.
	league := fxs[2]
	league.League.Round = "Regular Season - 20"
	if _, second, isFirst := book.note(&league, feed.StatusFinished); second || isFirst {
		t.Fatal("a league round's return match read as a second leg")
	}
}

// The legs are told apart by date: a return match more than maxTieGap later is no second leg.
func TestLegsFarApartAreNoTie(t *testing.T) {
	mk := func(id, home, away int64, at time.Time) *fbFixture {
		fx := &fbFixture{}
		fx.Fixture.ID, fx.Fixture.Timestamp = id, at.Unix()
		fx.League.ID, fx.League.Season, fx.League.Round = 7, 2026, "Final"
		fx.Teams.Home.ID, fx.Teams.Away.ID = home, away
		return fx
	}
	book := ties{}
	t0 := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	book.note(mk(1, 10, 20, t0), feed.StatusFinished)
	if _, second, _ := book.note(mk(2, 20, 10, t0.Add(maxTieGap+time.Hour)), feed.StatusNotStarted); second {
		t.Fatal("a fixture months later read as the second leg")
	}
	if _, second, _ := book.note(mk(3, 20, 10, t0.Add(7*24*time.Hour)), feed.StatusNotStarted); !second {
		t.Fatal("the return match a week later is not read as the second leg")
	}
}
