package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/jackc/pgx/v5/pgxpool"

	"courtside/actors/match"
	"courtside/actors/match/feed"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

var _ match.Store = (*postgres.SportsStore)(nil)
var _ match.ReservationStore = (*postgres.SportsStore)(nil)

func newSports(t *testing.T) (*postgres.SportsStore, context.Context) {
	t.Helper()
	pool := pgtest.NewPool(t)
	s := postgres.NewSportsStore(pool, postgres.SportsConfig{})
	t.Cleanup(s.Close)
	return s, context.Background()
}

func saveSync(t *testing.T, s *postgres.SportsStore, u feed.Applied) {
	t.Helper()
	errc := make(chan error, 1)
	s.SaveMatch(u, func(err error) { errc <- err })
	if err := <-errc; err != nil {
		t.Fatalf("save: %v", err)
	}
}

func soccerScript(id string, start time.Time) []feed.Event {
	sim := feed.NewSimulator(feed.SimConfig{Seed: 4, PostponedPct: -1, CancelledPct: -1}, nil, nil)
	return sim.Script(feed.Fixture{ID: id, Game: feed.GameSoccer, Home: "t-home", Away: "t-away", Start: start})
}

func seedTeams(t *testing.T, s *postgres.SportsStore, ctx context.Context) {
	t.Helper()
	err := s.UpsertReference(ctx, postgres.Reference{
		Leagues: []feed.League{{ID: "l1", Game: feed.GameSoccer, Name: "Demo League", Kind: "league", Tier: 1, Source: feed.SourceSimulator}},
		Teams: []feed.Team{{ID: "t-home", Game: feed.GameSoccer, Name: "Home FC", Source: feed.SourceSimulator},
			{ID: "t-away", Game: feed.GameSoccer, Name: "Away United", Source: feed.SourceSimulator}},
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestSaveLoadIsIdempotentAndNeverGoesBack(t *testing.T) {
	s, ctx := newSports(t)
	seedTeams(t, s, ctx)
	evs := soccerScript("pm1", time.Now().Add(-3*time.Hour).Truncate(time.Minute))
	var st feed.State
	half := len(evs) / 2
	for i := range evs[:half] {
		_ = st.Apply(&evs[i])
	}
	mid := st.Clone()
	saveSync(t, s, feed.Applied{State: mid, Events: evs[:half]})
	saveSync(t, s, feed.Applied{State: mid, Events: evs[:half]}) // a retried save changes nothing
	for i := half; i < len(evs); i++ {
		_ = st.Apply(&evs[i])
	}
	saveSync(t, s, feed.Applied{State: st, Events: evs[half:]})
	saveSync(t, s, feed.Applied{State: mid}) // a late, older state must not win
	got, found, err := s.LoadMatch(ctx, "pm1")
	if err != nil || !found {
		t.Fatalf("load: %v found=%v", err, found)
	}
	if got.State.LastSeq != st.LastSeq || got.State.Home != st.Home || got.State.Status != feed.StatusFinished {
		t.Fatalf("loaded seq %d %d-%d %s, want seq %d %d-%d finished", got.State.LastSeq, got.State.Home, got.State.Away,
			got.State.Status, st.LastSeq, st.Home, st.Away)
	}
	tl, err := s.Timeline(ctx, "pm1")
	if err != nil || len(tl) != len(evs) {
		t.Fatalf("timeline has %d events (%v), want %d", len(tl), err, len(evs))
	}
	for i, e := range tl {
		if e.Seq != uint64(i+1) {
			t.Fatalf("timeline[%d].seq = %d", i, e.Seq)
		}
	}
	m, err := s.Match(ctx, "pm1")
	if err != nil || m.HomeName != "Home FC" || m.Live.Status != feed.StatusFinished || m.Source != feed.SourceSimulator {
		t.Fatalf("match row %+v, %v", m, err)
	}
	lus, _, err := s.Lineups(ctx, "pm1")
	if err != nil || len(lus) != 2 {
		t.Fatalf("lineups %d, %v", len(lus), err)
	}
	odds, err := s.OddsHistory(ctx, "pm1")
	if err != nil || len(odds) < 3 || odds[0].Odds.Home < 1.01 {
		t.Fatalf("odds history %d points, %v", len(odds), err)
	}
	ps, err := s.MatchPlayerStats(ctx, "pm1")
	if err != nil || len(ps) == 0 {
		t.Fatalf("player stats %d, %v", len(ps), err)
	}
}

func TestStartNoticesAreClaimedOncePerBooking(t *testing.T) {
	s, ctx := newSports(t)
	start := time.Now().Add(time.Hour)
	if err := s.UpsertFixtures(ctx, []feed.Fixture{{ID: "rm", Game: feed.GameSoccer, Start: start, Home: "a", Away: "b"}}); err != nil {
		t.Fatal(err)
	}
	users := []string{"u1", "u2", "u3", "u4", "u5"}
	for _, u := range users {
		if err := s.Book(ctx, u, "rm"); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.CancelReservation(ctx, "u5", "rm"); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var got []string
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			us, err := s.ClaimStartNotices(ctx, "rm")
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			got = append(got, us...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	sort.Strings(got)
	if want := []string{"u1", "u2", "u3", "u4"}; len(got) != len(want) || got[0] != "u1" || got[3] != "u4" {
		t.Fatalf("claimed %v, want each of %v exactly once (u5 cancelled)", got, want)
	}
}

func TestBookingRules(t *testing.T) {
	s, ctx := newSports(t)
	if err := s.Book(ctx, "u1", "nope"); !errors.Is(err, postgres.ErrMatchNotFound) {
		t.Fatalf("booking an unknown match: %v", err)
	}
	evs := []feed.Event{
		{Match: "bk", Seq: 1, Kind: feed.KFixture, At: 1, Fixture: &feed.Fixture{ID: "bk", Game: feed.GameBasketball, Start: time.Now()}},
		{Match: "bk", Seq: 2, Kind: feed.KStatus, At: 2, Status: feed.StatusLive},
	}
	var st feed.State
	_ = st.Apply(&evs[0])
	saveSync(t, s, feed.Applied{State: st, Events: evs[:1]})
	if err := s.Book(ctx, "u1", "bk"); err != nil {
		t.Fatalf("booking an upcoming match: %v", err)
	}
	_ = st.Apply(&evs[1])
	saveSync(t, s, feed.Applied{State: st, Events: evs[1:]})
	if err := s.Book(ctx, "u2", "bk"); !errors.Is(err, postgres.ErrNotBookable) {
		t.Fatalf("booking a live match: %v", err)
	}
	rs, err := s.Reservations(ctx, "u1", 10, 0)
	if err != nil || len(rs) != 1 || rs[0].Status != "booked" || rs[0].Match.Live.Status != feed.StatusLive {
		t.Fatalf("reservations %+v, %v", rs, err)
	}
}

// TestMatchActorRebuildsFromPostgres runs the real match actor on the real store, "restarts the
// process" (a new actor system) halfway and replays the whole feed: the stored result is the same
// as applying every event once.
func TestMatchActorRebuildsFromPostgres(t *testing.T) {
	s, ctx := newSports(t)
	seedTeams(t, s, ctx)
	evs := soccerScript("ra", time.Now().Add(-4*time.Hour).Truncate(time.Minute))
	var want feed.State
	for i := range evs {
		_ = want.Apply(&evs[i])
	}
	run := func(upTo int) {
		sys := actor.NewActorSystem()
		defer sys.Shutdown()
		topics := match.NewTopics(sys, match.TopicConfig{})
		reg := match.NewRegistry(sys, match.Config{Store: s, Topics: topics})
		for _, e := range evs[:upTo] {
			reg.Push(e)
		}
		deadline := time.Now().Add(20 * time.Second)
		for {
			got, found, err := s.LoadMatch(ctx, "ra")
			if err == nil && found && got.State.LastSeq == uint64(upTo) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("stored seq %d, want %d (%v)", got.State.LastSeq, upTo, err)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	run(len(evs) / 2)
	run(len(evs))
	got, _, _ := s.LoadMatch(ctx, "ra")
	if got.State.Home != want.Home || got.State.Away != want.Away || got.State.Status != want.Status || len(got.State.Stats) != len(want.Stats) {
		t.Fatalf("after restart: %d-%d %s, want %d-%d %s", got.State.Home, got.State.Away, got.State.Status, want.Home, want.Away, want.Status)
	}
	tl, _ := s.Timeline(ctx, "ra", feed.KIncident)
	goals := 0
	for _, e := range tl {
		if e.Incident.Type == "goal" {
			goals++
		}
	}
	if goals != want.Home+want.Away {
		t.Fatalf("%d goal incidents stored for a %d-%d match", goals, want.Home, want.Away)
	}
}

func TestDeleteMatchesOfSourceLeavesOtherSourcesAlone(t *testing.T) {
	s, ctx := newSports(t)
	seedTeams(t, s, ctx)
	evs := soccerScript("keep-1", time.Now().Add(-time.Hour).Truncate(time.Minute))
	var st feed.State
	for i := range evs[:3] {
		_ = st.Apply(&evs[i])
	}
	saveSync(t, s, feed.Applied{State: st.Clone(), Events: evs[:3]})
	load := &feed.Load{Matches: 3, Slices: 1, Now: time.Now}
	var ls feed.State
	for _, ev := range load.Start() {
		if ev.Match != feed.LoadMatchID(0) {
			continue
		}
		_ = ls.Apply(&ev)
		saveSync(t, s, feed.Applied{State: ls.Clone(), Events: []feed.Event{ev}})
	}
	n, err := s.DeleteMatchesOfSource(ctx, feed.LoadSource)
	if err != nil || n != 1 {
		t.Fatalf("deleted %d, %v; want the load feed's one match", n, err)
	}
	if _, found, _ := s.LoadMatch(ctx, feed.LoadMatchID(0)); found {
		t.Fatal("the load match is still there")
	}
	if _, found, _ := s.LoadMatch(ctx, "keep-1"); !found {
		t.Fatal("the simulator's match was deleted too")
	}
}

// loadFixtureUpdate is a match's first update as the load feed makes it: its fixture, applied.
func loadFixtureUpdate(id string, at time.Time) feed.Applied {
	ev := feed.Event{Match: id, Seq: 1, At: at.UnixMilli(), Kind: feed.KFixture,
		Fixture: &feed.Fixture{ID: id, Game: feed.GameSoccer, League: "gc", Home: id + "-h", Away: id + "-a", Start: at, Source: "load"}}
	var st feed.State
	_ = st.Apply(&ev)
	return feed.Applied{State: st, Events: []feed.Event{ev}}
}

// saveAt is the clock of the queued-save tests' updates.
var saveAt = time.Date(2026, 11, 30, 20, 0, 0, 0, time.UTC)

// queuedStore is a sports store with that many writers, closed when the test ends.
func queuedStore(t *testing.T, shards int) (*postgres.SportsStore, *pgxpool.Pool) {
	t.Helper()
	pool := pgtest.NewPool(t)
	s := postgres.NewSportsStore(pool, postgres.SportsConfig{Shards: shards})
	t.Cleanup(s.Close)
	return s, pool
}

// TestQueuedSavesShareATransaction: updates queued together are written in one transaction each
// writer (group commit: 10,000 live matches queue about 10,000 updates a second, which a
// transaction each could not keep up with), every one durable when its done runs; and a bad
// update among them fails alone, the others written.
func TestQueuedSavesShareATransaction(t *testing.T) {
	s, _ := queuedStore(t, 1)
	ctx, at := context.Background(), saveAt

	const n = 400
	done := make(chan error, n)
	for i := range n {
		s.SaveMatch(loadFixtureUpdate(fmt.Sprintf("gc-%d", i), at), func(err error) { done <- err })
	}
	for range n {
		if err := <-done; err != nil {
			t.Fatalf("save: %v", err)
		}
	}
	saves, txs := s.SaveStats()
	if saves != n || txs > n/4 {
		t.Fatalf("%d updates written in %d transactions, want %d in at most %d", saves, txs, n, n/4)
	}
	for _, id := range []string{"gc-0", "gc-199", "gc-399"} {
		if got, found, err := s.LoadMatch(ctx, id); err != nil || !found || got.State.LastSeq != 1 {
			t.Fatalf("load %s: found=%v seq=%d %v", id, found, got.State.LastSeq, err)
		}
	}

	// Text Postgres cannot store (a NUL byte) fails its update, and only that one.
	bad := loadFixtureUpdate("gc-bad", at)
	bad.State.PeriodName = "1H\x00"
	results := map[string]error{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range 21 {
		u, id := loadFixtureUpdate(fmt.Sprintf("gc2-%d", i), at), fmt.Sprintf("gc2-%d", i)
		if i == 10 {
			u, id = bad, "gc-bad"
		}
		wg.Add(1)
		s.SaveMatch(u, func(err error) {
			mu.Lock()
			results[id] = err
			mu.Unlock()
			wg.Done()
		})
	}
	wg.Wait()
	for id, err := range results {
		if (err != nil) != (id == "gc-bad") {
			t.Fatalf("%s: %v", id, err)
		}
	}
	if _, found, err := s.LoadMatch(ctx, "gc2-20"); err != nil || !found {
		t.Fatalf("the update after the bad one: found=%v %v", found, err)
	}
}

// TestAMatchsQueuedUpdatesShareATransaction: a match's updates queued together (its clock ticks
// saved a few at a time, a retry behind them) go in one transaction: the state of the newest,
// every event once, and an older state queued last does not win.
func TestAMatchsQueuedUpdatesShareATransaction(t *testing.T) {
	s, _ := queuedStore(t, 1)
	ctx, at := context.Background(), saveAt

	first := loadFixtureUpdate("burst", at)
	st := first.State
	updates := []feed.Applied{first}
	const n = 120
	var older feed.State
	for seq := uint64(2); seq <= n; seq++ {
		ev := feed.Event{Match: "burst", Seq: seq, At: at.Add(time.Duration(seq) * time.Second).UnixMilli(), Kind: feed.KClock,
			Clock: &feed.Clock{Secs: int(seq), Running: true, At: at.Add(time.Duration(seq) * time.Second).UnixMilli()}}
		if err := st.Apply(&ev); err != nil {
			t.Fatal(err)
		}
		updates = append(updates, feed.Applied{State: st.Clone(), Events: []feed.Event{ev}})
		if seq == n/2 {
			older = st.Clone()
		}
	}
	updates = append(updates, feed.Applied{State: older})
	done := make(chan error, len(updates))
	for _, u := range updates {
		s.SaveMatch(u, func(err error) { done <- err })
	}
	for range updates {
		if err := <-done; err != nil {
			t.Fatalf("save: %v", err)
		}
	}
	saves, txs := s.SaveStats()
	if saves != int64(len(updates)) || txs > int64(len(updates)/4) {
		t.Fatalf("%d updates written in %d transactions, want %d in at most %d", saves, txs, len(updates), len(updates)/4)
	}
	got, found, err := s.LoadMatch(ctx, "burst")
	if err != nil || !found || got.State.LastSeq != n {
		t.Fatalf("load: found=%v seq=%d %v, want seq %d", found, got.State.LastSeq, err, n)
	}
	if tl, err := s.Timeline(ctx, "burst"); err != nil || len(tl) != n {
		t.Fatalf("timeline has %d events (%v), want %d", len(tl), err, n)
	}
}

// TestASaveAfterCloseIsRefused: a match actor that saves while the node stops, after the store
// closed, gets ErrSportsStoreClosed (a send on the closed queue panicked in the actor).
func TestASaveAfterCloseIsRefused(t *testing.T) {
	pool := pgtest.NewPool(t)
	s := postgres.NewSportsStore(pool, postgres.SportsConfig{})
	s.Close()
	done := make(chan error, 1)
	s.SaveMatch(loadFixtureUpdate("late", time.Date(2026, 11, 30, 20, 0, 0, 0, time.UTC)), func(err error) { done <- err })
	if err := <-done; !errors.Is(err, postgres.ErrSportsStoreClosed) {
		t.Fatalf("save after close: %v, want ErrSportsStoreClosed", err)
	}
}

// TestFlushWaitsForTheQueuedSaves: Flush returns once every save queued before it is written.
func TestFlushWaitsForTheQueuedSaves(t *testing.T) {
	s, pool := queuedStore(t, 2)
	ctx, at := context.Background(), saveAt
	const n = 300
	for i := range n {
		s.SaveMatch(loadFixtureUpdate(fmt.Sprintf("fl-%d", i), at), nil)
	}
	if err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	var stored int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM sport_matches WHERE id LIKE 'fl-%'`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if stored != n {
		t.Fatalf("%d of %d queued saves written when Flush returned", stored, n)
	}
	s.Close()
	if err := s.Flush(ctx); err != nil {
		t.Fatalf("flush of a closed store: %v", err)
	}
}
