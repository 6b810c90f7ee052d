package feed

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)

func fixtures(n int) []Fixture {
	games := []int{GameSoccer, GameBasketball, GameTennis, GameBaseball, GameLoL, GameCS, GameDota2, GameValorant}
	var out []Fixture
	for i := 0; i < n; i++ {
		g := games[i%len(games)]
		out = append(out, Fixture{ID: fmt.Sprintf("m%d", i), Game: g, Home: fmt.Sprintf("h%d", i), Away: fmt.Sprintf("a%d", i),
			Start: t0.Add(time.Duration(i) * time.Minute), Knockout: i%5 == 0})
	}
	return out
}

func TestScriptIsDeterministicAndSequenced(t *testing.T) {
	sim := NewSimulator(SimConfig{Seed: 7}, nil, nil)
	other := NewSimulator(SimConfig{Seed: 8}, nil, nil)
	differs := 0
	for _, f := range fixtures(64) {
		a, b := sim.Script(f), sim.Script(f)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%s: two scripts from one seed differ", f.ID)
		}
		if !reflect.DeepEqual(a, other.Script(f)) {
			differs++
		}
		var last int64
		for i, ev := range a {
			if ev.Seq != uint64(i+1) {
				t.Fatalf("%s: event %d has seq %d", f.ID, i, ev.Seq)
			}
			if ev.At < last {
				t.Fatalf("%s: seq %d goes back in time", f.ID, ev.Seq)
			}
			last = ev.At
		}
	}
	if differs == 0 {
		t.Fatal("another seed gave the same scripts")
	}
}

func TestEverySimulatedSportPlaysToAnEnd(t *testing.T) {
	sim := NewSimulator(SimConfig{Seed: 1, PostponedPct: -1, CancelledPct: -1}, nil, nil)
	for _, f := range fixtures(80) {
		var st State
		statuses := map[Status]bool{}
		for _, ev := range sim.Script(f) {
			if err := st.Apply(&ev); err != nil {
				t.Fatalf("%s (game %d) seq %d %s: %v", f.ID, f.Game, ev.Seq, ev.Kind, err)
			}
			statuses[st.Status] = true
		}
		if st.Status != StatusFinished {
			t.Fatalf("%s (game %d) ends %s", f.ID, f.Game, st.Status)
		}
		if st.Source != SourceSimulator {
			t.Fatalf("%s: source %q, want simulator", f.ID, st.Source)
		}
		if st.Odds == nil || st.Odds.Home < 1.01 {
			t.Fatalf("%s: no odds: %+v", f.ID, st.Odds)
		}
		if f.Game == GameSoccer && len(st.Stats) < 8 {
			t.Fatalf("%s: soccer stats %v", f.ID, st.Stats)
		}
		if !statuses[StatusLive] || !statuses[StatusAnnounced] {
			t.Fatalf("%s: statuses seen %v", f.ID, statuses)
		}
		switch f.Game {
		case GameTennis, GameLoL, GameCS, GameDota2, GameValorant:
			if st.Home == st.Away {
				t.Fatalf("%s: a best-of ended level %d-%d", f.ID, st.Home, st.Away)
			}
		case GameBasketball:
			if st.Home == st.Away || st.Home < 60 {
				t.Fatalf("%s: basketball final %d-%d", f.ID, st.Home, st.Away)
			}
		}
	}
}

func TestSomeFixturesArePostponedOrCancelled(t *testing.T) {
	sim := NewSimulator(SimConfig{Seed: 3, PostponedPct: 10, CancelledPct: 10}, nil, nil)
	seen := map[Status]int{}
	for _, f := range fixtures(200) {
		var st State
		for _, ev := range sim.Script(f) {
			if err := st.Apply(&ev); err != nil {
				t.Fatal(err)
			}
		}
		seen[st.Status]++
	}
	if seen[StatusPostponed] == 0 || seen[StatusCancelled] == 0 || seen[StatusFinished] == 0 {
		t.Fatalf("final statuses %v", seen)
	}
}

func TestEmitPushesEachEventOnceWhenDue(t *testing.T) {
	fx := fixtures(8)
	sim := NewSimulator(SimConfig{Seed: 5}, fx, nil)
	got := map[string][]uint64{}
	sink := SinkFunc(func(ev Event) { got[ev.Match] = append(got[ev.Match], ev.Seq) })
	if n := sim.Emit(t0.Add(-8*24*time.Hour), sink); n != 0 {
		t.Fatalf("%d events before any fixture was published", n)
	}
	for now := t0.Add(-7 * 24 * time.Hour); now.Before(t0.Add(12 * time.Hour)); now = now.Add(7 * time.Minute) {
		sim.Emit(now, sink)
	}
	for _, f := range fx {
		want := len(sim.Script(f))
		seqs := got[f.ID]
		if len(seqs) != want {
			t.Fatalf("%s: pushed %d events, script has %d", f.ID, len(seqs), want)
		}
		for i, s := range seqs {
			if s != uint64(i+1) {
				t.Fatalf("%s: push %d carried seq %d", f.ID, i, s)
			}
		}
	}
}

func TestTransitions(t *testing.T) {
	allowed := map[[2]Status]bool{}
	for from, tos := range transitions {
		for _, to := range tos {
			allowed[[2]Status{from, to}] = true
		}
	}
	for _, from := range AllStatuses {
		for _, to := range AllStatuses {
			want := from == to || allowed[[2]Status{from, to}]
			st := State{Match: "x", Status: from}
			err := st.Apply(&Event{Match: "x", Seq: 1, Kind: KStatus, Status: to})
			if want && (err != nil || st.Status != to) {
				t.Errorf("%s → %s refused: %v", from, to, err)
			}
			if !want && (!errors.Is(err, ErrBadTransition) || st.Status != from || st.LastSeq != 1) {
				t.Errorf("%s → %s: err %v, status %s, lastSeq %d; want refused, unchanged, consumed", from, to, err, st.Status, st.LastSeq)
			}
		}
	}
	for _, s := range []Status{StatusFinished, StatusCancelled} {
		for _, to := range AllStatuses {
			if to != s && Transition(s, to) {
				t.Errorf("%s is terminal but may go to %s", s, to)
			}
		}
	}
}

func TestCatalogueHasTheSpecIDs(t *testing.T) {
	want := map[int]string{202: "soccer", 201: "basketball", 1: "lol", 14: "valorant", 4: "dota2", 2: "cs:go", 210: "cricket",
		3: "kog", 7: "lolmobile", 203: "tennis", 204: "snooker", 205: "baseball", 209: "americanfootball", 206: "volleyball",
		208: "tabletennis", 207: "badminton", 26: "naraka", 25: "mobilelegends", 24: "aov", 23: "wow3", 22: "nba2k",
		21: "hearthstone", 20: "rainbow6", 19: "rocketleagues", 18: "starcraft2", 17: "overwatch", 16: "cf", 15: "mma",
		9: "fifa", 8: "codmw", 6: "pubgmobile", 5: "pubg", 0: "esports-other", 200: "sports-other"}
	for id, name := range want {
		g, ok := GameByID(id)
		if !ok || g.Name != name {
			t.Errorf("game %d = %+v, want %s", id, g, name)
		}
	}
	for _, id := range []int{27, 28} {
		if g, ok := GameByID(id); !ok || !g.Provisional {
			t.Errorf("game %d must exist and be marked provisional: %+v", id, g)
		}
	}
	if len(Games()) != len(want)+2 {
		t.Errorf("catalogue has %d games, want %d", len(Games()), len(want)+2)
	}
	seen := map[int]bool{}
	for _, gi := range Groups()[1:] {
		for _, id := range gi.Games {
			if seen[id] {
				t.Errorf("game %d in two groups", id)
			}
			seen[id] = true
		}
	}
	if len(seen) != len(Games()) {
		t.Errorf("groups cover %d games of %d", len(seen), len(Games()))
	}
}

func TestAppendFieldsIsSortedAndFlattened(t *testing.T) {
	st := State{Match: "m", Home: 2, Stats: map[string]Stat{"shots": {3, 1}}, Detail: map[string]any{"outs": 2}}
	fs := st.AppendFields(nil)
	keys := map[string]string{}
	for i, f := range fs {
		if i > 0 && fs[i-1].Key >= f.Key {
			t.Fatalf("fields not sorted: %s before %s", fs[i-1].Key, f.Key)
		}
		keys[f.Key] = string(f.Val)
	}
	if keys["h"] != "2" || keys["s.shots"] != "[3,1]" || keys["d.outs"] != "2" {
		t.Fatalf("fields %v", keys)
	}
}

func TestAdvancePlaysOneFixtureAheadStampedNow(t *testing.T) {
	fx := fixtures(8)
	sim := NewSimulator(SimConfig{Seed: 5, PostponedPct: -1, CancelledPct: -1, AbandonedPct: -1}, fx, nil)
	now := t0.Add(-time.Hour) // every fixture is an hour or more away
	type pushed struct {
		at     int64
		seq    uint64
		status Status
		kind   Kind
	}
	got := map[string][]pushed{}
	sink := SinkFunc(func(ev Event) {
		got[ev.Match] = append(got[ev.Match], pushed{ev.At, ev.Seq, ev.Status, ev.Kind})
	})
	sim.Emit(now, sink)
	before := map[string]int{}
	for id, evs := range got {
		before[id] = len(evs)
	}

	if err := sim.Advance("nope", time.Hour); !errors.Is(err, ErrUnknownFixture) {
		t.Fatalf("advance of an unknown fixture: %v", err)
	}
	if err := sim.Advance("m1", 0); err == nil {
		t.Fatal("advance by zero accepted")
	}
	if err := sim.Advance("m1", 6*time.Hour); err != nil { // m1 is basketball: over within 6 h
		t.Fatal(err)
	}
	sim.Emit(now, sink)

	evs := got["m1"]
	if len(evs) != len(sim.Script(fx[1])) {
		t.Fatalf("m1: pushed %d events, its whole script has %d", len(evs), len(sim.Script(fx[1])))
	}
	finished := false
	for i, e := range evs {
		if e.seq != uint64(i+1) {
			t.Fatalf("m1: push %d carried seq %d", i, e.seq)
		}
		if e.at > now.UnixMilli() {
			t.Fatalf("m1: event %d stamped %v, after the clock %v", e.seq, time.UnixMilli(e.at).UTC(), now)
		}
		if i > 0 && e.at < evs[i-1].at {
			t.Fatalf("m1: event %d stamped before event %d", e.seq, evs[i-1].seq)
		}
		finished = finished || (e.kind == KStatus && e.status == StatusFinished)
	}
	if !finished {
		t.Fatal("m1 advanced past its end did not finish")
	}
	for id, n := range before {
		if id != "m1" && len(got[id]) != n {
			t.Fatalf("%s was not advanced but got %d more events", id, len(got[id])-n)
		}
	}
	// Later passes go on from where the advanced match is: nothing is pushed twice.
	n := len(evs)
	sim.Emit(now.Add(time.Minute), sink)
	if len(got["m1"]) != n {
		t.Fatalf("m1 got %d more events after its end", len(got["m1"])-n)
	}
}

// A basketball game has key events while it is on (three-pointers), not only when a period ends:
// the match page's overview lists them during the first quarter.
func TestBasketballHasKeyEventsBeforeTheFirstPeriodEnds(t *testing.T) {
	sim := NewSimulator(SimConfig{Seed: 5, PostponedPct: -1, CancelledPct: -1, AbandonedPct: -1}, nil, nil)
	withKey := 0
	for i := 0; i < 20; i++ {
		f := Fixture{ID: fmt.Sprintf("b%d", i), Game: GameBasketball, Home: "h", Away: "a", Start: t0}
		for _, ev := range sim.Script(f) {
			if ev.Kind != KIncident || ev.Incident == nil {
				continue
			}
			if ev.Incident.Type == "periodEnd" {
				break
			}
			if ev.Incident.Key {
				withKey++
				break
			}
		}
	}
	if withKey < 15 {
		t.Fatalf("only %d of 20 basketball games had a key event in their first quarter", withKey)
	}
}

func TestFindGameReadsIDAbbreviationOrNameInAnyCase(t *testing.T) {
	soccer, _ := GameByID(GameSoccer)
	for _, s := range []string{"202", soccer.Abbr, strings.ToUpper(soccer.Abbr), soccer.Name} {
		if g, ok := FindGame(s); !ok || g.ID != GameSoccer {
			t.Errorf("FindGame(%q) = %v, %v; want game %d", s, g.ID, ok, GameSoccer)
		}
	}
	if _, ok := FindGame("curling-on-mars"); ok {
		t.Error("an unknown game was found")
	}
}
