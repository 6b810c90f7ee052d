package sportsdemo_test

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/match"
	"courtside/actors/match/feed"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
	"courtside/storage/postgres/sportsdemo"
)

var now = time.Date(2026, 11, 20, 16, 30, 0, 0, time.UTC)

func TestGenerateIsStableAndCoversTheWindow(t *testing.T) {
	a := sportsdemo.Generate(sportsdemo.Config{Now: now})
	b := sportsdemo.Generate(sportsdemo.Config{Now: now.Add(3 * time.Hour)}) // same day, later run
	if !reflect.DeepEqual(a.Fixtures, b.Fixtures) {
		t.Fatal("two runs on the same day scheduled different fixtures")
	}
	ids := map[string]bool{}
	games := map[int]int{}
	from, to := now.Truncate(24*time.Hour).AddDate(0, 0, -7), now.Truncate(24*time.Hour).AddDate(0, 0, 8)
	for _, f := range a.Fixtures {
		if ids[f.ID] {
			t.Fatalf("fixture id %s twice", f.ID)
		}
		ids[f.ID] = true
		if f.Home == f.Away || f.Start.Before(from) || !f.Start.Before(to) || f.Source != feed.SourceSimulator {
			t.Fatalf("bad fixture %+v", f)
		}
		if len(a.Rosters[f.Home]) == 0 {
			t.Fatalf("team %s has no squad", f.Home)
		}
		games[f.Game]++
	}
	for _, g := range []int{feed.GameSoccer, feed.GameBasketball, feed.GameTennis, feed.GameBaseball, feed.GameLoL, feed.GameCS, feed.GameDota2, feed.GameValorant} {
		if games[g] < 15*3 {
			t.Errorf("game %d has %d fixtures over 15 days", g, games[g])
		}
	}
	for _, g := range feed.Games() {
		if games[g.ID] < 15 {
			t.Errorf("game %d (%s) has %d fixtures over 15 days", g.ID, g.Name, games[g.ID])
		}
	}
	for _, tm := range a.Reference.Teams {
		if tm.Source != feed.SourceSimulator {
			t.Fatalf("team %s not marked simulated", tm.ID)
		}
	}
}

func TestTheCupsKnockoutTiesHaveTwoLegs(t *testing.T) {
	ds := sportsdemo.Generate(sportsdemo.Config{Now: now})
	byID := map[string]feed.Fixture{}
	for _, f := range ds.Fixtures {
		byID[f.ID] = f
	}
	var firsts, seconds, inWindow int
	for _, f := range ds.Fixtures {
		if f.League != "sim-scup" {
			if f.Leg != 0 || f.FirstLeg != nil {
				t.Fatalf("%s: a single-match competition has legs", f.ID)
			}
			continue
		}
		switch f.Leg {
		case 1:
			firsts++
			if f.Knockout || f.FirstLeg != nil {
				t.Fatalf("%s: a first leg is decided on the day", f.ID)
			}
		case 2:
			seconds++
			first := f.FirstLeg
			if first == nil || !f.Knockout || first.Leg != 1 {
				t.Fatalf("%s: a second leg without its first leg", f.ID)
			}
			if f.Home != first.Away || f.Away != first.Home || !f.Start.Equal(first.Start.AddDate(0, 0, 7)) {
				t.Fatalf("%s: %s v %s at %v; first leg %s v %s at %v: want the pair swapped a week later",
					f.ID, f.Home, f.Away, f.Start, first.Home, first.Away, first.Start)
			}
			// The first leg the second leg is played from is the one the site shows.
			if shown, ok := byID[first.ID]; ok {
				inWindow++
				if !reflect.DeepEqual(shown, *first) {
					t.Fatalf("%s: first leg %+v, the schedule has %+v", f.ID, *first, shown)
				}
			}
		default:
			t.Fatalf("%s: the cup's knockout match is not a leg", f.ID)
		}
	}
	if firsts == 0 || seconds == 0 || inWindow == 0 {
		t.Fatalf("%d first legs, %d second legs (%d with their first leg in the window)", firsts, seconds, inWindow)
	}
	// The second leg's aggregate starts from its first leg's result.
	sim := feed.NewSimulator(feed.SimConfig{Seed: 2026}, ds.Fixtures, ds.Rosters)
	for _, f := range ds.Fixtures {
		if f.Leg != 2 {
			continue
		}
		first, ok := sim.FirstLegResult(*f.FirstLeg)
		if !ok {
			continue
		}
		var st feed.State
		for _, ev := range sim.Script(f) {
			_ = st.Apply(&ev)
		}
		if st.Status != feed.StatusFinished {
			continue
		}
		agg, ok := st.Aggregate()
		if !ok || agg != (feed.Pair{first[1] + st.Home, first[0] + st.Away}) {
			t.Fatalf("%s: aggregate %v %v after %d-%d and %d-%d", f.ID, agg, ok, first[0], first[1], st.Home, st.Away)
		}
		return
	}
	t.Fatal("no second leg was played to the end")
}

// TestSeededSiteIsAlive seeds a small window, plays the simulator up to "now" through real match
// actors into Postgres, and checks the site has results, live matches and upcoming ones.
func TestSeededSiteIsAlive(t *testing.T) {
	pool := pgtest.NewPool(t)
	store := postgres.NewSportsStore(pool, postgres.SportsConfig{})
	defer store.Close()
	ctx := context.Background()
	ds := sportsdemo.Generate(sportsdemo.Config{Now: now, Days: 1})
	if err := sportsdemo.Seed(ctx, store, ds); err != nil {
		t.Fatal(err)
	}
	sys := actor.NewActorSystem()
	defer sys.Shutdown()
	reg := match.NewRegistry(sys, match.Config{Store: store, Topics: match.NewTopics(sys, match.TopicConfig{})})
	sim := feed.NewSimulator(feed.SimConfig{Seed: 1}, ds.Fixtures, ds.Rosters)
	sim.SetTeams(ds.Teams())
	last := map[string]uint64{}
	sim.Emit(now, feed.SinkFunc(func(ev feed.Event) {
		last[ev.Match] = ev.Seq
		reg.Push(ev)
	}))
	deadline := time.Now().Add(60 * time.Second)
	for {
		rows, err := store.MatchesBetween(ctx, now.AddDate(0, 0, -2), now.AddDate(0, 0, 2))
		if err != nil {
			t.Fatal(err)
		}
		done := 0
		status := map[feed.Status]int{}
		for _, r := range rows {
			if r.Live.LastSeq == last[r.ID] {
				done++
			}
			status[r.Live.Status]++
		}
		if done == len(rows) {
			if status[feed.StatusFinished] == 0 || status[feed.StatusNotStarted]+status[feed.StatusAnnounced] == 0 {
				t.Fatalf("statuses %v: want results and upcoming matches", status)
			}
			inPlay := status[feed.StatusLive] + status[feed.StatusHalftime] + status[feed.StatusOvertime] + status[feed.StatusPenalties]
			if inPlay == 0 {
				t.Fatalf("statuses %v: nothing live at %s", status, now)
			}
			checkTablesFollowResults(t, ctx, store, ds, rows)
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d matches stored up to date", done, len(rows))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestAdvanceAskedWhileTheNodeStartsIsPlayed: an operator (or a test) who plays a match ahead
// right after a node starts, before the demo has seeded its week, is not refused: the advance is
// applied at the first pass and the match kicks off then, hours before its start.
func TestAdvanceAskedWhileTheNodeStartsIsPlayed(t *testing.T) {
	pool := pgtest.NewPool(t)
	store := postgres.NewSportsStore(pool, postgres.SportsConfig{})
	defer store.Close()
	ds := sportsdemo.Generate(sportsdemo.Config{Seed: 2026, Now: now, Days: 1})
	var upcoming feed.Fixture
	for _, f := range ds.Fixtures {
		if f.Start.Sub(now) > 2*time.Hour && f.Start.Sub(now) < 6*time.Hour {
			upcoming = f
			break
		}
	}
	if upcoming.ID == "" {
		t.Fatal("no fixture starts 2–6 hours after the test's clock")
	}
	kickedOff := make(chan struct{})
	var once sync.Once
	svc := &sportsdemo.Service{Store: store, Seed: 2026, Days: 1, Now: func() time.Time { return now },
		Sink: feed.SinkFunc(func(ev feed.Event) {
			if ev.Match == upcoming.ID && ev.Status == feed.StatusLive {
				once.Do(func() { close(kickedOff) })
			}
		})}
	if err := svc.Advance(context.Background(), upcoming.ID, upcoming.Start.Sub(now)+time.Minute); err != nil {
		t.Fatalf("advance before the demo seeded: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- svc.Run(ctx) }()
	select {
	case <-kickedOff:
	case err := <-done:
		t.Fatalf("demo stopped: %v", err)
	case <-time.After(60 * time.Second):
		t.Fatalf("match %s did not kick off after the advance", upcoming.ID)
	}
	if err := svc.Advance(context.Background(), "no-such-match", time.Minute); !errors.Is(err, feed.ErrUnknownFixture) {
		t.Fatalf("advance of a match the demo does not play: %v, want feed.ErrUnknownFixture", err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestAMatchLeftInPlayOutsideTheWindowIsAbandoned: a node stopped mid-match and started again
// more than the demo's window later finds the match stored in play, which the simulator no longer
// plays; it is abandoned at start (its clock had run on for days on the live lists). A match in
// play that the window still holds is left to the simulator.
func TestAMatchLeftInPlayOutsideTheWindowIsAbandoned(t *testing.T) {
	pool := pgtest.NewPool(t)
	store := postgres.NewSportsStore(pool, postgres.SportsConfig{})
	defer store.Close()
	ctx := context.Background()
	ds := sportsdemo.Generate(sportsdemo.Config{Seed: 2026, Now: now, Days: 1})
	if err := sportsdemo.Seed(ctx, store, ds); err != nil {
		t.Fatal(err)
	}
	// A match in play at the first run's clock, stored as the first node left it.
	sim := feed.NewSimulator(feed.SimConfig{Seed: 2026}, ds.Fixtures, ds.Rosters)
	sim.SetTeams(ds.Teams())
	var st feed.State
	var evs []feed.Event
	for _, f := range ds.Fixtures {
		if now.Sub(f.Start) < 10*time.Minute || now.Sub(f.Start) > 90*time.Minute {
			continue
		}
		st, evs = feed.State{}, nil
		for _, ev := range sim.Script(f) {
			if ev.At > now.UnixMilli() {
				break
			}
			_ = st.Apply(&ev)
			evs = append(evs, ev)
		}
		if st.Status.InPlay() {
			break
		}
	}
	if !st.Status.InPlay() {
		t.Fatal("no match in play 10-90 minutes after its start at the test's clock")
	}
	saved := make(chan error, 1)
	store.SaveMatch(feed.Applied{State: st, Events: evs}, func(err error) { saved <- err })
	if err := <-saved; err != nil {
		t.Fatal(err)
	}

	// started runs the demo at a clock and returns the first events it pushes for the match.
	started := func(clock time.Time) []feed.Event {
		var mu sync.Mutex
		var got []feed.Event
		runCtx, cancel := context.WithCancel(ctx)
		svc := &sportsdemo.Service{Store: store, Seed: 2026, Days: 1, Now: func() time.Time { return clock },
			Sink: feed.SinkFunc(func(ev feed.Event) {
				mu.Lock()
				defer mu.Unlock()
				if ev.Match == st.Match {
					got = append(got, ev)
				}
				if len(got) > 0 || ev.Match != st.Match {
					cancel() // the start-up check has run: the simulator pushes after it
				}
			})}
		done := make(chan error, 1)
		go func() { done <- svc.Run(runCtx) }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(60 * time.Second):
			t.Fatal("the demo pushed nothing in 60 s")
		}
		cancel()
		mu.Lock()
		defer mu.Unlock()
		return got
	}

	later := now.AddDate(0, 0, 8)
	got := started(later)
	if len(got) == 0 || got[0].Kind != feed.KStatus || got[0].Status != feed.StatusAbandoned || got[0].Seq != st.LastSeq+1 || got[0].At != later.UnixMilli() {
		t.Fatalf("eight days later the match left in play got %+v, want status abandoned at seq %d", got, st.LastSeq+1)
	}
	for _, ev := range started(now.Add(time.Minute)) {
		if ev.Status == feed.StatusAbandoned && ev.Seq == st.LastSeq+1 {
			t.Fatalf("a match the window still holds was abandoned: %+v", ev)
		}
	}
}
