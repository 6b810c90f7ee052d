package main

import (
	"strings"
	"testing"

	loadfeed "courtside/actors/match/feed"
	"courtside/bench/client"
)

func TestLoadMatchIDsAreTheFeeds(t *testing.T) {
	ids := loadMatchIDs(10000)
	for _, i := range []int{0, 1, 42, 9999} {
		if ids[i] != loadfeed.LoadMatchID(i) {
			t.Fatalf("harness id %q, load feed id %q: the match pages would follow matches that do not exist", ids[i], loadfeed.LoadMatchID(i))
		}
	}
}

func TestScoreMixParses(t *testing.T) {
	mix, err := parseScoreMix(defaultScoreMix)
	if err != nil || len(mix) != 3 {
		t.Fatalf("default %q: %v %v", defaultScoreMix, mix, err)
	}
	for _, bad := range []string{"", "match", "match=x", "page=3", "match=-1", "match=0,list=0", "list=1,list=2"} {
		if _, err := parseScoreMix(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestMixCountsAddUpAndFollowTheShares(t *testing.T) {
	mix, _ := parseScoreMix("match=75,hot=20,list=5")
	cases := []struct {
		subs int
		want []int
	}{
		{5000, []int{3750, 1000, 250}},
		{200, []int{150, 40, 10}},
		{7, []int{5, 2, 0}}, // 5.25, 1.4, 0.35: the largest remainder takes the last one
		{1, []int{1, 0, 0}},
	}
	for _, c := range cases {
		got := mixCounts(c.subs, mix)
		sum := 0
		for i, n := range got {
			sum += n
			if n != c.want[i] {
				t.Errorf("%d subscribers: %v, want %v", c.subs, got, c.want)
				break
			}
		}
		if sum != c.subs {
			t.Errorf("%d subscribers shared out as %v (sum %d)", c.subs, got, sum)
		}
	}
}

func TestScoreGroupsSpreadMatchPagesAndCrowdTheHotGames(t *testing.T) {
	mix, _ := parseScoreMix(defaultScoreMix)
	ids := loadMatchIDs(10000)
	list := []string{"scores:202"}
	groups, kinds, note := scoreGroups(mix, 5000, ids, list, 10)
	if note != "" || len(groups) != 3 || len(kinds) != 3 {
		t.Fatalf("groups %d kinds %v note %q", len(groups), kinds, note)
	}
	byKind := map[string]group{}
	for _, g := range groups {
		byKind[g.Kind] = g
		if g.SenderBase != -1 {
			t.Errorf("%s: subscribers must not send", g.Kind)
		}
	}
	// Match pages: 3,750 subscribers, each on one match, every other match of the 10,000 or so,
	// none twice, from the first to the last (spread, not the first 3,750).
	m := byKind[kindMatch]
	if m.Count != 3750 || len(m.PerConn) != 3750 || len(m.Topics) != 0 {
		t.Fatalf("match group: count %d, %d topics per conn, topics %v", m.Count, len(m.PerConn), m.Topics)
	}
	seen := map[string]bool{}
	for _, tp := range m.PerConn {
		if !strings.HasPrefix(tp, "match:load-") || seen[tp] {
			t.Fatalf("match page topic %q (repeated: %v)", tp, seen[tp])
		}
		seen[tp] = true
	}
	if m.PerConn[0] != "match:load-0" || m.PerConn[len(m.PerConn)-1] < "match:load-9" {
		t.Errorf("match pages span %s … %s, want the whole range of matches", m.PerConn[0], m.PerConn[len(m.PerConn)-1])
	}
	// Hot pages: 1,000 subscribers over the first 10 matches, 100 each.
	h := byKind[kindHot]
	crowd := map[string]int{}
	for _, tp := range h.PerConn {
		crowd[tp]++
	}
	if h.Count != 1000 || len(crowd) != 10 {
		t.Fatalf("hot group: %d subscribers on %d matches", h.Count, len(crowd))
	}
	for i := range 10 {
		if n := crowd["match:"+loadfeed.LoadMatchID(i)]; n != 100 {
			t.Errorf("hot match %d has %d watchers, want 100", i, n)
		}
	}
	// List pages: every list topic each.
	l := byKind[kindList]
	if l.Count != 250 || len(l.PerConn) != 0 || len(l.Topics) != 1 || l.Topics[0] != "scores:202" {
		t.Fatalf("list group %+v", l)
	}
	want := map[string]int{kindMatch: 3750, kindHot: 10, kindList: 1}
	for _, k := range kinds {
		if k.Topics != want[k.Kind] {
			t.Errorf("%s: %d distinct topics, want %d", k.Kind, k.Topics, want[k.Kind])
		}
	}
}

func TestMoreMatchPagesThanMatchesShareThemEvenly(t *testing.T) {
	mix, _ := parseScoreMix("match=1")
	groups, _, _ := scoreGroups(mix, 1000, loadMatchIDs(200), nil, 10)
	per := map[string]int{}
	for _, tp := range groups[0].PerConn {
		per[tp]++
	}
	if len(per) != 200 {
		t.Fatalf("%d of 200 matches watched", len(per))
	}
	for tp, n := range per {
		if n != 5 {
			t.Fatalf("%s has %d watchers, want 5", tp, n)
		}
	}
}

func TestWithoutMatchIDsTheMatchPagesFollowTheList(t *testing.T) {
	mix, _ := parseScoreMix(defaultScoreMix)
	groups, kinds, note := scoreGroups(mix, 100, nil, []string{"scores:201", "scores:202"}, 10)
	if len(groups) != 1 || groups[0].Kind != kindList || groups[0].Count != 100 || len(groups[0].Topics) != 2 {
		t.Fatalf("groups %+v", groups)
	}
	if len(kinds) != 1 || !strings.Contains(note, "match and hot") {
		t.Fatalf("kinds %v, note %q", kinds, note)
	}
}

func TestPlansCarryEachConnectionsTopic(t *testing.T) {
	g := group{Count: 5, SenderBase: -1, Kind: kindMatch, PerConn: []string{"match:a", "match:b", "match:c", "match:d", "match:e"}}
	plans := makePlans(&Config{Workers: 2, PerWorker: 100, ConnectRate: 100}, &targetSet{hosts: []string{"127.0.0.1:1"}}, []group{g}, 0)
	var got []string
	for _, p := range plans {
		w, err := newWorker(p, make(chan workerMsg, 1))
		if err != nil {
			t.Fatal(err)
		}
		for _, pr := range w.peers {
			if len(pr.topics) != 1 {
				t.Fatalf("a match page follows %v", pr.topics)
			}
			got = append(got, pr.topics[0])
		}
	}
	if strings.Join(got, ",") != "match:a,match:b,match:c,match:d,match:e" {
		t.Fatalf("connections follow %v", got)
	}
}

func TestWorkerTimesEachKindApart(t *testing.T) {
	out := make(chan workerMsg, 64)
	w, err := newWorker(plan{Targets: []string{"127.0.0.1:1"}, Groups: []group{
		{Count: 1, SenderBase: -1, Kind: kindMatch, PerConn: []string{"match:load-3"}},
		{Count: 1, SenderBase: -1, Kind: kindList, Topics: []string{"scores:202"}},
	}}, out)
	if err != nil {
		t.Fatal(err)
	}
	w.measuring = true
	match, list := w.peers[0], w.peers[1]
	const ts = "1700000000000" // long ago: a large latency, still recorded
	feedScore(w, match, `{"t":"score","topic":"match:load-3","match":"load-3","delta":{"p":1,"ts":`+ts+`}}`)
	feedScore(w, list, `{"t":"scores","topic":"scores:202","deltas":{"load-1":{"ts":`+ts+`},"load-2":{"ts":`+ts+`},"load-3":{"ts":`+ts+`}}}`)
	w.tick()
	m := <-out
	if m.Delivered != 4 {
		t.Fatalf("delivered %d, want 4 deltas in all", m.Delivered)
	}
	if m.Kinds[kindMatch].Delivered != 1 || m.Kinds[kindList].Delivered != 3 {
		t.Fatalf("per kind %+v, want match 1 and list 3", m.Kinds)
	}
	var n uint64
	for _, b := range m.Kinds[kindList].Hist.Buckets {
		n += b[1]
	}
	if n != 3 {
		t.Fatalf("list latency samples %d, want 3", n)
	}
}

func feedScore(w *worker, p *peer, frame string) {
	w.Message(&client.Conn{User: p}, []byte(frame))
}
