package postgres_test

import (
	"testing"
	"time"

	"courtside/actors/match/feed"
	"courtside/storage/postgres"
)

// TestStandingsFollowTheResults: a table taken before the window gets the results finished since
// added, its form is the results the store shows, and the ranking follows the points.
func TestStandingsFollowTheResults(t *testing.T) {
	s, ctx := newSports(t)
	asOf := time.Date(2026, 11, 10, 0, 0, 0, 0, time.UTC)
	err := s.UpsertReference(ctx, postgres.Reference{
		Leagues: []feed.League{{ID: "lg", Game: feed.GameSoccer, Name: "Demo League", Kind: "league", Tier: 1, Source: "test", CountryCode: "GB", Pinned: true}},
		Seasons: []feed.Season{{ID: "lg-2026", League: "lg", Name: "2026", Current: true}},
		Stages:  []feed.Stage{{ID: "st", Season: "lg-2026", Name: "Regular season", Kind: "league"}},
		Teams: []feed.Team{{ID: "ta", Game: feed.GameSoccer, Name: "Ashby Rovers", Source: "test", Venue: "Ashby Park", VenueCapacity: 12000},
			{ID: "tb", Game: feed.GameSoccer, Name: "Brookfield City", Source: "test"}},
		Players: []feed.Player{{ID: "pa", Game: feed.GameSoccer, Team: "ta", Name: "Tom Oakes", Position: "FW", Source: "test", NationalityCode: "GB", Height: 181}},
		Standings: []feed.Standing{
			{Season: "lg-2026", Stage: "st", Team: "ta", Position: 1, Played: 10, Won: 6, Drawn: 2, Lost: 2, For: 15, Against: 8, Points: 20, Form: "WWWDW", AsOf: asOf},
			{Season: "lg-2026", Stage: "st", Team: "tb", Position: 2, Played: 10, Won: 6, Drawn: 1, Lost: 3, For: 14, Against: 9, Points: 19, Form: "LLLLL", AsOf: asOf},
		},
		Transfers: []feed.Transfer{{Player: "pa", From: "tb", To: "ta", Date: asOf, Fee: 2_500_000, Kind: "transfer"}},
		Honours:   []feed.Honour{{OwnerKind: "team", Owner: "ta", League: "lg", Title: "Demo League champions", Season: "2025", Year: 2025}},
	})
	if err != nil {
		t.Fatal(err)
	}
	// Two results after the table was taken (tb wins both) and one before it (already counted).
	for i, m := range []struct {
		id   string
		at   time.Time
		h, a int
	}{{"m0", asOf.Add(-48 * time.Hour), 3, 0}, {"m1", asOf.Add(24 * time.Hour), 0, 2}, {"m2", asOf.Add(72 * time.Hour), 1, 1}} {
		f := feed.Fixture{ID: m.id, Game: feed.GameSoccer, League: "lg", Season: "lg-2026", Stage: "st", Home: "ta", Away: "tb", Start: m.at, Source: "test"}
		if i == 1 {
			f.Home, f.Away = "tb", "ta"
			m.h, m.a = m.a, m.h
		}
		st := feed.State{Match: m.id, Game: feed.GameSoccer, Status: feed.StatusFinished, Home: m.h, Away: m.a, StartAt: m.at.UnixMilli(),
			Updated: m.at.UnixMilli(), LastSeq: 3, Source: "test"}
		saveSync(t, s, feed.Applied{State: st, Events: []feed.Event{{Match: m.id, Seq: 1, At: m.at.UnixMilli(), Kind: feed.KFixture, Fixture: &f}}})
	}
	table, err := s.Standings(ctx, "lg-2026")
	if err != nil || len(table) != 2 {
		t.Fatalf("standings %+v, %v", table, err)
	}
	if table[0].Team != "tb" || table[0].Points != 23 || table[0].Played != 12 || table[0].Form != "LWD" {
		t.Fatalf("first row %+v, want tb with 23 points from 12 and form LWD", table[0].Standing)
	}
	if table[1].Team != "ta" || table[1].Position != 2 || table[1].Points != 21 || table[1].Form != "WLD" || table[1].Lost != 3 {
		t.Fatalf("second row %+v", table[1].Standing)
	}
	xs, err := s.Transfers(ctx, "ta", "", 5)
	if err != nil || len(xs) != 1 || xs[0].PlayerName != "Tom Oakes" || xs[0].FromName != "Brookfield City" || xs[0].ToName != "Ashby Rovers" || xs[0].Position != "FW" {
		t.Fatalf("transfers %+v, %v", xs, err)
	}
	hs, err := s.LeagueHonours(ctx, "lg", 5)
	if err != nil || len(hs) != 1 || hs[0].OwnerName != "Ashby Rovers" || hs[0].LeagueName != "Demo League" {
		t.Fatalf("honours %+v, %v", hs, err)
	}
	tm, _, err := s.Team(ctx, "ta")
	if err != nil || tm.Venue != "Ashby Park" || tm.VenueCapacity != 12000 {
		t.Fatalf("team %+v, %v", tm, err)
	}
	ls, err := s.Leagues(ctx, feed.GameSoccer)
	if err != nil || len(ls) != 1 || !ls[0].Pinned || ls[0].CountryCode != "GB" {
		t.Fatalf("leagues %+v, %v", ls, err)
	}
	row, err := s.Match(ctx, "m1")
	if err != nil || !row.LeaguePinned || row.LeagueCountryCode != "GB" {
		t.Fatalf("match row %+v, %v", row, err)
	}
}

// TestEsportsDataIsStored: odds lines, heroes, weapons and an abandoned status survive the store.
func TestEsportsDataIsStored(t *testing.T) {
	s, ctx := newSports(t)
	sim := feed.NewSimulator(feed.SimConfig{Seed: 4, PostponedPct: -1, CancelledPct: -1, AbandonedPct: -1}, nil, nil)
	start := time.Now().Add(-6 * time.Hour).Truncate(time.Minute)
	evs := sim.Script(feed.Fixture{ID: "lolm", Game: feed.GameLoL, Home: "h", Away: "a", Start: start})
	var st feed.State
	for i := range evs {
		if err := st.Apply(&evs[i]); err != nil {
			t.Fatal(err)
		}
	}
	saveSync(t, s, feed.Applied{State: st, Events: evs})
	odds, err := s.OddsHistory(ctx, "lolm")
	if err != nil || len(odds) == 0 {
		t.Fatalf("odds %v", err)
	}
	found := false
	for _, l := range odds[len(odds)-1].Odds.Lines {
		found = found || (l.Market == feed.LineDuration && l.Line == 33)
	}
	if !found {
		t.Fatalf("odds lines %+v", odds[len(odds)-1].Odds.Lines)
	}
	ps, err := s.MatchPlayerStats(ctx, "lolm")
	if err != nil || len(ps) != 10 || len(ps[0].Heroes) == 0 || ps[0].Name == "" || ps[0].Position == "" {
		t.Fatalf("player stats %+v, %v", ps, err)
	}
	st.Status = feed.StatusAbandoned
	st.LastSeq++
	saveSync(t, s, feed.Applied{State: st})
	if m, err := s.Match(ctx, "lolm"); err != nil || m.Live.Status != feed.StatusAbandoned {
		t.Fatalf("abandoned match %+v, %v", m.Live.Status, err)
	}
}
