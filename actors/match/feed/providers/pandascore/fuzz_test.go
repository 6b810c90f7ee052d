package pandascore

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"courtside/actors/match/feed"
	"courtside/actors/match/feed/providers"
)

type checkSink struct {
	t      *testing.T
	states map[string]*feed.State
}

func (s *checkSink) Push(ev feed.Event) {
	st := s.states[ev.Match]
	if st == nil {
		st = &feed.State{}
		s.states[ev.Match] = st
	}
	if ev.Seq != st.LastSeq+1 {
		s.t.Fatalf("%s: seq %d after %d", ev.Match, ev.Seq, st.LastSeq)
	}
	if err := st.Apply(&ev); err != nil {
		s.t.Fatalf("%s seq %d %s: sent an event the state refuses: %v", ev.Match, ev.Seq, ev.Kind, err)
	}
}

func seed(f *testing.F, files ...string) {
	for _, name := range files {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

var fuzzNow = time.Date(2026, 11, 20, 18, 30, 0, 0, time.UTC)

// FuzzDecodeMatches: any list of matches is decoded, mapped and tracked without a panic, and
// only events the state machine accepts are sent.
func FuzzDecodeMatches(f *testing.F) {
	seed(f, "matches_upcoming.json", "matches_past.json", "running_1.json", "running_2.json", "running_4.json")
	f.Fuzz(func(t *testing.T, body []byte) {
		ms, err := DecodeMatches(body)
		if err != nil {
			return
		}
		tr := providers.NewTracker(nil, nil, func() time.Time { return fuzzNow })
		sink := &checkSink{t: t, states: map[string]*feed.State{}}
		for i := range ms {
			s, _, err := matchSnapshot(&ms[i], fuzzNow)
			if err != nil {
				continue
			}
			tr.Apply(context.Background(), s, sink)
		}
	})
}

// FuzzDecodeMarkets: any markets answer maps to odds the state machine accepts.
func FuzzDecodeMarkets(f *testing.F) {
	seed(f, "markets_5001.json", "error_forbidden.json")
	f.Fuzz(func(t *testing.T, body []byte) {
		mks, err := DecodeMarkets(body)
		if err != nil {
			return
		}
		o := odds(mks, 301, 302)
		if o == nil {
			return
		}
		st := feed.State{Match: "m", Source: "fuzz", Game: feed.GameLoL}
		ev := feed.Event{Match: "m", Seq: 1, Kind: feed.KOdds, Odds: o}
		if err := st.Apply(&ev); err != nil {
			t.Fatalf("mapped odds refused: %v (%+v)", err, o)
		}
	})
}

// FuzzDecodeOpponents: any opponents answer maps to line-ups the state machine accepts.
func FuzzDecodeOpponents(f *testing.F) {
	seed(f, "opponents_5001.json", "opponents_5002.json")
	f.Fuzz(func(t *testing.T, body []byte) {
		o, err := DecodeOpponents(body)
		if err != nil {
			return
		}
		lus, _ := lineups(&o, feed.GameLoL)
		st := feed.State{Match: "m", Source: "fuzz", Game: feed.GameLoL}
		for i := range lus {
			ev := feed.Event{Match: "m", Seq: uint64(i + 1), Kind: feed.KLineup, Lineup: &lus[i]}
			if err := st.Apply(&ev); err != nil {
				t.Fatalf("mapped line-up refused: %v", err)
			}
		}
	})
}
