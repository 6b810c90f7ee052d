package providers_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtside/actors/match/feed"
	"courtside/actors/match/feed/providers"
	"courtside/actors/match/feed/providers/providertest"
)

var t0 = time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)

func fixture(id string) *feed.Fixture {
	return &feed.Fixture{ID: id, Game: feed.GameSoccer, Home: "a", Away: "b", Start: t0, Source: "test"}
}

func kinds(evs []feed.Event) string {
	var out []string
	for _, ev := range evs {
		s := string(ev.Kind)
		if ev.Kind == feed.KStatus {
			s += ":" + ev.Status.String()
		}
		out = append(out, s)
	}
	return strings.Join(out, ",")
}

// TestTrackerReplaysMissedStepsAndNeverGoesBack: a match first seen finished gets the steps a
// poll missed; an older snapshot is dropped; a status or score that would go back is refused; a
// correction is applied; nothing is sent twice.
func TestTrackerReplaysMissedStepsAndNeverGoesBack(t *testing.T) {
	tr := providers.NewTracker(nil, nil, func() time.Time { return t0 })
	sink := providertest.NewConsumer(t)
	ctx := context.Background()
	apply := func(s providers.Snapshot) int {
		n, err := tr.Apply(ctx, s, sink)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	apply(providers.Snapshot{Match: "m", Updated: t0, Fixture: fixture("m"), Status: feed.StatusNotStarted, HasStatus: true})
	apply(providers.Snapshot{Match: "m", Updated: t0.Add(2 * time.Hour), Status: feed.StatusFinished, HasStatus: true,
		Score: &feed.Score{Home: 2, Away: 1}, Incidents: []providers.Incident{{Ref: "g1", Incident: feed.Incident{Type: "goal", Team: 0, Text: "goal"}}}})
	if got := kinds(sink.Events["m"]); got != "fixture,status:live,status:finished,score,incident" {
		t.Fatalf("events %s", got)
	}
	if n := apply(providers.Snapshot{Match: "m", Updated: t0.Add(time.Hour), Status: feed.StatusLive, HasStatus: true}); n != 0 || tr.Stale != 1 {
		t.Fatalf("an older snapshot sent %d events", n)
	}
	refused := tr.Refused
	apply(providers.Snapshot{Match: "m", Updated: t0.Add(3 * time.Hour), Status: feed.StatusLive, HasStatus: true, Score: &feed.Score{Home: 1, Away: 1}})
	if tr.Refused != refused+2 {
		t.Fatalf("going back to live and a lower score: %d refusals", tr.Refused-refused)
	}
	apply(providers.Snapshot{Match: "m", Updated: t0.Add(4 * time.Hour), Score: &feed.Score{Home: 1, Away: 1, Correction: true},
		Incidents: []providers.Incident{{Ref: "g1", Incident: feed.Incident{Type: "goal", Team: 0, Text: "goal"}}}})
	st := sink.States["m"]
	if st.Home != 1 || st.Status != feed.StatusFinished || len(sink.Incidents("m")) != 1 {
		t.Fatalf("state %+v, incidents %v", st, sink.Incidents("m"))
	}
}

// TestTrackerResumesFromTheStore: after a restart the stream continues after the stored LastSeq
// and stored incidents are not sent again; nothing is sent before a fixture is known.
func TestTrackerResumesFromTheStore(t *testing.T) {
	stored := feed.State{Match: "m", Game: feed.GameSoccer, Status: feed.StatusLive, Home: 1, Source: "test", StartAt: t0.UnixMilli(), LastSeq: 17}
	tr := providers.NewTracker(func(_ context.Context, id string) (feed.State, []string, bool, error) {
		if id == "m" {
			return stored, []string{"g1"}, true, nil
		}
		return feed.State{}, nil, false, nil
	}, nil, func() time.Time { return t0 })
	sink := providertest.NewConsumer(t)
	s := stored
	sink.States["m"] = &s
	tr.Apply(context.Background(), providers.Snapshot{Match: "m", Score: &feed.Score{Home: 2}, Incidents: []providers.Incident{
		{Ref: "g1", Incident: feed.Incident{Type: "goal", Text: "1-0"}}, {Ref: "g2", Incident: feed.Incident{Type: "goal", Text: "2-0"}}}}, sink)
	evs := sink.Events["m"]
	if len(evs) != 2 || evs[0].Seq != 18 || evs[1].Incident.Ref != "g2" {
		t.Fatalf("events after the restart %+v", evs)
	}
	n, _ := tr.Apply(context.Background(), providers.Snapshot{Match: "new", Status: feed.StatusLive, HasStatus: true}, sink)
	if n != 0 {
		t.Fatalf("%d events sent for a match without its fixture", n)
	}
}
