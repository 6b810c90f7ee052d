package apisports_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"courtside/actors/match/feed"
	"courtside/actors/match/feed/providers"
	"courtside/actors/match/feed/providers/apisports"
	"courtside/actors/match/feed/providers/providertest"
)

var t0 = time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC) // kick-off of fixture 1001

func routes(steps int) map[string][]providertest.Answer {
	r := map[string][]providertest.Answer{
		"/fixtures?date=2026-11-19": {{File: "fixtures_empty.json"}},
		"/fixtures?date=2026-11-20": {{File: "fixtures_date.json"}},
		"/fixtures?date=2026-11-21": {{File: "fixtures_empty.json"}},
		"/fixtures?live=all":        {{File: "fixtures_live.json"}},
		"/fixtures?ids=1003":        {{File: "fixture_1003.json"}},
		"/odds/live":                {{File: "odds_live.json"}},
		"/odds?fixture=1003":        {{File: "odds_1003.json"}},
		"/games?date=2026-11-19":    {{File: "games_empty.json"}},
		"/games?date=2026-11-20":    {{File: "games_date.json"}},
		"/games?date=2026-11-21":    {{File: "games_empty.json"}},
		"/odds?game=3002":           {{File: "games_empty.json"}},
	}
	for i := 1; i <= steps; i++ {
		r["/fixtures?ids=1001"] = append(r["/fixtures?ids=1001"], providertest.Answer{File: "fixture_1001_step" + string(rune('0'+i)) + ".json"})
	}
	return r
}

func newAdapter(t *testing.T, srv *providertest.StandIn, clk *providertest.Clock, mut func(*apisports.Config)) *apisports.Adapter {
	t.Helper()
	cfg := apisports.Config{APIKey: "test-key", FootballURL: srv.URL, BasketballURL: srv.URL, Now: clk.Now, Wait: clk.Wait,
		PollLive: 15 * time.Second, PollOdds: time.Minute}
	if mut != nil {
		mut(&cfg)
	}
	a, err := apisports.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestMatchDayIsFollowedLive replays a match day: the schedule, a match followed from the 12th
// minute to full time (with a lagging answer in between and a goal ruled out by video review),
// a finished match, one about to start with its line-ups and odds, two fixtures that cannot be
// right, and a basketball game in the third quarter.
func TestMatchDayIsFollowedLive(t *testing.T) {
	srv := providertest.NewStandIn(t, routes(7))
	clk := providertest.NewClock(t0.Add(12 * time.Minute))
	var refs []providers.Reference
	a := newAdapter(t, srv, clk, func(c *apisports.Config) {
		c.Reference = func(_ context.Context, r providers.Reference) error { refs = append(refs, r); return nil }
	})
	sink := providertest.NewConsumer(t)
	ctx := context.Background()
	for i := 0; i < 7; i++ {
		if err := a.Poll(ctx, sink); err != nil {
			t.Fatalf("poll %d: %v", i, err)
		}
		clk.Advance(20 * time.Second)
	}
	if k := srv.Header("x-apisports-key"); k != "test-key" {
		t.Fatalf("the key was not sent: %q", k)
	}
	st := sink.States["as-fb-1001"]
	if st == nil || st.Status != feed.StatusFinished || st.Home != 1 || st.Away != 1 || st.Source != apisports.Source {
		t.Fatalf("fixture 1001 ends %+v", st)
	}
	if len(st.Periods) != 2 || st.Periods[0] != (feed.Pair{1, 0}) || st.Periods[1] != (feed.Pair{0, 1}) {
		t.Fatalf("halves %v", st.Periods)
	}
	got := strings.Join(sink.Incidents("as-fb-1001"), ",")
	if got != "yellowCard,goal,goal,substitution,goal,goalDisallowed" {
		t.Fatalf("incidents %s (each once, in match order)", got)
	}
	// Each goal's line says the score it made, counted along the events (they carry none).
	var made []string
	for _, ev := range sink.Events["as-fb-1001"] {
		if ev.Kind == feed.KIncident && ev.Incident.Score != nil {
			made = append(made, fmt.Sprintf("%s %d-%d", ev.Incident.Type, ev.Incident.Score[0], ev.Incident.Score[1]))
		}
	}
	if got = strings.Join(made, ","); got != "goal 1-0,goal 1-1,goal 2-1,goalDisallowed 1-1" {
		t.Fatalf("incident scores %s", got)
	}
	if st.Stats["possession"] != (feed.Stat{54, 46}) || st.Stats["shots"] != (feed.Stat{13, 8}) || st.Stats["goals"] != (feed.Stat{1, 1}) {
		t.Fatalf("statistics %v", st.Stats)
	}
	if a.Tracker().Stale == 0 {
		t.Fatal("the lagging answer (first half after half-time) was not dropped")
	}
	scores := []string{}
	var lineups, players int
	for _, ev := range sink.Events["as-fb-1001"] {
		switch ev.Kind {
		case feed.KScore:
			scores = append(scores, string(rune('0'+ev.Score.Home))+"-"+string(rune('0'+ev.Score.Away)))
			if ev.Score.Home == 1 && ev.Score.Away == 1 && !ev.Score.Correction {
				t.Fatal("the ruled-out goal came back as a plain score")
			}
		case feed.KLineup:
			lineups++
		case feed.KPlayerStat:
			players++
			for _, ps := range ev.PlayerStats {
				if ps.Position == "GK" && ps.Values["saves"] != 3 {
					t.Fatalf("goalkeeper %+v", ps)
				}
				if ps.Position == "GK" {
					if _, ok := ps.Values["shots"]; ok {
						t.Fatalf("goalkeeper with shots %+v", ps)
					}
				}
			}
		}
	}
	// 1-0 in the first half, 1-0 again at half-time with the halves, 2-1, 1-1 after the review
	if strings.Join(scores, " ") != "1-0 1-0 2-1 1-1" || lineups != 2 || players != 1 {
		t.Fatalf("scores %v, %d line-ups, %d player statistics", scores, lineups, players)
	}
	if o := st.Odds; o == nil || o.Home != 1.45 || o.Draw != 4.10 || o.HcLine != -0.5 || o.OULine != 3.5 || o.OUOver != 2.05 {
		t.Fatalf("in-play odds %+v", st.Odds)
	}
	fin := sink.States["as-fb-1002"]
	if fin == nil || fin.Status != feed.StatusFinished || fin.Home != 2 || fin.Away != 2 {
		t.Fatalf("finished fixture %+v", fin)
	}
	next := sink.States["as-fb-1003"]
	if next == nil || next.Status != feed.StatusNotStarted || next.Odds == nil || next.Odds.Home != 2.10 || next.Odds.HcLine != -0.25 || next.Odds.OULine != 2.5 {
		t.Fatalf("upcoming fixture %+v odds %+v", next, next.Odds)
	}
	if n := len(sink.Events["as-fb-1003"]); n < 3 {
		t.Fatalf("upcoming fixture: %d events (fixture, line-ups, odds)", n)
	}
	for _, bad := range []string{"as-fb-1004", "as-fb-1005"} {
		if _, ok := sink.States[bad]; ok {
			t.Fatalf("%s should have been refused", bad)
		}
	}
	bb := sink.States["as-bb-3001"]
	if bb == nil || bb.Status != feed.StatusLive || bb.Home != 64 || bb.Away != 61 || len(bb.Periods) != 3 || bb.PeriodName != "Q3" || bb.Clock.Secs != 420 {
		t.Fatalf("basketball %+v", bb)
	}
	names := map[string]string{}
	for _, r := range refs {
		for _, tm := range r.Teams {
			names[tm.ID] = tm.Name
		}
	}
	if names["as-fb-t4101"] != "Northbridge Rovers" || names["as-bb-t5101"] != "Lakeport Comets" {
		t.Fatalf("reference teams %v", names)
	}
	// A second, quiet poll sends nothing new.
	before := a.Tracker().Sent
	if err := a.Poll(ctx, sink); err != nil {
		t.Fatal(err)
	}
	if a.Tracker().Sent != before {
		t.Fatalf("a repeated answer sent %d more events", a.Tracker().Sent-before)
	}
}

// TestResumeContinuesTheSequence: after a restart, the adapter continues a match's stream from
// the stored state and does not send an incident again.
func TestResumeContinuesTheSequence(t *testing.T) {
	srv := providertest.NewStandIn(t, routes(2))
	clk := providertest.NewClock(t0.Add(30 * time.Minute))
	stored := feed.State{Match: "as-fb-1001", Game: feed.GameSoccer, Status: feed.StatusLive, Period: 1, PeriodName: "1H",
		Clock: feed.Clock{Secs: 12 * 60}, Source: apisports.Source, StartAt: t0.UnixMilli(), LastSeq: 40}
	a := newAdapter(t, srv, clk, func(c *apisports.Config) {
		c.Sports = []string{apisports.SportFootball}
		c.Resume = func(_ context.Context, id string) (feed.State, []string, bool, error) {
			if id != "as-fb-1001" {
				return feed.State{}, nil, false, nil
			}
			return stored, []string{"card|9|0|1|yellow card|Jamie Caldwell"}, true, nil
		}
	})
	sink := providertest.NewConsumer(t)
	sink.States["as-fb-1001"] = &stored
	for i := 0; i < 2; i++ {
		if err := a.Poll(context.Background(), sink); err != nil {
			t.Fatal(err)
		}
		clk.Advance(20 * time.Second)
	}
	evs := sink.Events["as-fb-1001"]
	if len(evs) == 0 || evs[0].Seq != 41 {
		t.Fatalf("first event after the restart: %+v", evs)
	}
	for _, typ := range sink.Incidents("as-fb-1001") {
		if typ == "yellowCard" {
			t.Fatal("the yellow card already stored was sent again")
		}
	}
}

// TestRateLimitsAreHonoured: the per-minute limit reported in the body, a 429 with Retry-After,
// server errors and an exhausted minute window make the adapter wait and retry; a refused key
// stops it.
func TestRateLimitsAreHonoured(t *testing.T) {
	empty := map[string][]providertest.Answer{"/fixtures?date=2026-11-19": {{File: "fixtures_empty.json"}},
		"/fixtures?date=2026-11-21": {{File: "fixtures_empty.json"}}}
	r := routes(1)
	for k, v := range empty {
		r[k] = v
	}
	r["/fixtures?date=2026-11-19"] = []providertest.Answer{
		{File: "error_ratelimit.json"},
		{Status: http.StatusTooManyRequests, Header: http.Header{"Retry-After": {"7"}}},
		{Status: http.StatusBadGateway},
		{File: "fixtures_empty.json", Header: http.Header{"X-RateLimit-Limit": {"10"}, "X-RateLimit-Remaining": {"0"},
			"x-ratelimit-requests-limit": {"7500"}, "x-ratelimit-requests-remaining": {"7400"}}},
	}
	srv := providertest.NewStandIn(t, r)
	clk := providertest.NewClock(t0.Add(12*time.Minute + 10*time.Second))
	a := newAdapter(t, srv, clk, func(c *apisports.Config) { c.Sports = []string{apisports.SportFootball} })
	if err := a.Poll(context.Background(), providertest.NewConsumer(t)); err != nil {
		t.Fatal(err)
	}
	if srv.Count("/fixtures?date=2026-11-19") != 4 {
		t.Fatalf("%d requests for the first day, want 4 (three refused, then answered)", srv.Count("/fixtures?date=2026-11-19"))
	}
	w := clk.Waits()
	if len(w) < 4 || w[0] != time.Minute || w[1] != 7*time.Second || w[2] < 2*time.Second || w[2] > 12*time.Second {
		t.Fatalf("waits %v: want a minute (per-minute limit), 7 s (Retry-After), a backoff", w)
	}
	// the minute window was empty: the next request waited for the next minute
	if w[3] < time.Second || w[3] > time.Minute {
		t.Fatalf("wait for the exhausted minute window: %v", w)
	}
	// a daily quota is spread over what is left of the day: 80 requests left with hours to go
	// means minutes between requests
	d := providertest.NewStandIn(t, map[string][]providertest.Answer{"/fixtures?date=2026-11-19": {{File: "fixtures_empty.json", Header: http.Header{
		"x-ratelimit-requests-limit": {"100"}, "x-ratelimit-requests-remaining": {"80"}}}}, "/fixtures?date=2026-11-20": {{File: "fixtures_empty.json"}},
		"/fixtures?date=2026-11-21": {{File: "fixtures_empty.json"}}, "/fixtures?live=all": {{File: "fixtures_empty.json"}}})
	dclk := providertest.NewClock(t0)
	da := newAdapter(t, d, dclk, func(c *apisports.Config) { c.Sports = []string{apisports.SportFootball} })
	da.Poll(context.Background(), providertest.NewConsumer(t))
	if len(dclk.Waits()) == 0 || dclk.Waits()[0] < time.Minute {
		t.Fatalf("daily quota not spread: waits %v", dclk.Waits())
	}
	bad := providertest.NewStandIn(t, map[string][]providertest.Answer{"/fixtures?date=2026-11-19": {{File: "error_token.json"}}})
	b := newAdapter(t, bad, clk, func(c *apisports.Config) { c.Sports = []string{apisports.SportFootball} })
	if err := b.Poll(context.Background(), providertest.NewConsumer(t)); !errors.Is(err, providers.ErrUnauthorized) {
		t.Fatalf("refused key: %v", err)
	}
	unauth := providertest.NewStandIn(t, map[string][]providertest.Answer{"/fixtures?date=2026-11-19": {{Status: http.StatusUnauthorized}}})
	c := newAdapter(t, unauth, clk, func(c *apisports.Config) { c.Sports = []string{apisports.SportFootball} })
	if err := c.Poll(context.Background(), providertest.NewConsumer(t)); !errors.Is(err, providers.ErrUnauthorized) {
		t.Fatalf("HTTP 401: %v", err)
	}
}

// TestHostilePayloadsAreRefused: malformed or hostile answers are refused with a reason, never
// crash the adapter and never reach the match's state.
func TestHostilePayloadsAreRefused(t *testing.T) {
	for _, c := range []struct{ name, body string }{
		{"not json", `{"get": "fixtures", "response": [`},
		{"response not a list", `{"get":"fixtures","errors":[],"response":{"fixture":1}}`},
		{"wrong types", `{"errors":[],"response":[{"fixture":{"id":"one"}}]}`},
		{"provider error", `{"errors":{"bug":"x"},"response":[]}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := apisports.DecodeFootball([]byte(c.body)); !errors.Is(err, providers.ErrMalformed) {
				t.Fatalf("err %v, want ErrMalformed", err)
			}
		})
	}
	// Well-formed answers with a negative score, then a score going back without a video review.
	step2, err := os.ReadFile("testdata/fixture_1001_step2.json")
	if err != nil {
		t.Fatal(err)
	}
	goals := "\"goals\": {\n    \"home\": 1,\n    \"away\": 0\n   }"
	if !strings.Contains(string(step2), goals) {
		t.Fatal("test data layout changed")
	}
	negative := strings.Replace(string(step2), goals, "\"goals\": {\"home\": 0, \"away\": -3}", 1)
	backwards := strings.Replace(string(step2), goals, "\"goals\": {\"home\": 0, \"away\": 0}", 1)
	srv := providertest.NewStandIn(t, map[string][]providertest.Answer{
		"/fixtures?date=2026-11-19": {{File: "fixtures_empty.json"}},
		"/fixtures?date=2026-11-21": {{File: "fixtures_empty.json"}},
		"/fixtures?date=2026-11-20": {{File: "fixtures_date.json"}},
		"/fixtures?live=all":        {{File: "fixtures_live.json"}},
		"/fixtures?ids=1001":        {{File: "fixture_1001_step2.json"}, {Body: negative}, {Body: backwards}},
		"/fixtures?ids=1003":        {{File: "fixture_1003.json"}},
		"/odds/live":                {{File: "odds_live.json"}},
		"/odds?fixture=1003":        {{File: "odds_1003.json"}},
	})
	clk := providertest.NewClock(t0.Add(31 * time.Minute))
	a := newAdapter(t, srv, clk, func(c *apisports.Config) { c.Sports = []string{apisports.SportFootball}; c.PollOdds = time.Hour })
	sink := providertest.NewConsumer(t)
	for i := 0; i < 3; i++ {
		if err := a.Poll(context.Background(), sink); err != nil {
			t.Fatal(err)
		}
		clk.Advance(20 * time.Second)
	}
	if st := sink.States["as-fb-1001"]; st == nil || st.Home != 1 || st.Away != 0 {
		t.Fatalf("state after hostile answers %+v", st)
	}
	if a.Tracker().Refused < 2 {
		t.Fatalf("%d refusals logged, want the negative and the backwards score", a.Tracker().Refused)
	}
}

// TestRestartedAdapterFindsTheFirstLeg: a node restarted after the first legs of a cup round were
// played. Its first answer (the day of the second legs) holds only the second legs; the adapter
// reads their round once (GET /fixtures?league=&season=&round=, the recorded round answer) and
// maps the finished second leg with the aggregate over both legs and the side through on
// penalties, the other one as the second leg of a postponed first leg. Later polls do not ask for
// the round again.
func TestRestartedAdapterFindsTheFirstLeg(t *testing.T) {
	srv := providertest.NewStandIn(t, map[string][]providertest.Answer{
		"/fixtures?date=2026-11-16":                              {{File: "fixtures_empty.json"}},
		"/fixtures?date=2026-11-17":                              {{File: "fixtures_second_legs.json"}},
		"/fixtures?date=2026-11-18":                              {{File: "fixtures_empty.json"}},
		"/fixtures?league=9002&round=Quarter-finals&season=2026": {{File: "fixtures_tie.json"}},
		"/fixtures?live=all":                                     {{File: "fixtures_empty.json"}},
		"/fixtures?ids=2004":                                     {{File: "fixtures_empty.json"}},
		"/odds/live":                                             {{File: "fixtures_empty.json"}},
	})
	clk := providertest.NewClock(time.Date(2026, 11, 17, 23, 30, 0, 0, time.UTC))
	a := newAdapter(t, srv, clk, func(c *apisports.Config) {
		c.Sports = []string{apisports.SportFootball}
		c.PollFixtures = time.Minute
	})
	sink := providertest.NewConsumer(t)
	for i := 0; i < 3; i++ {
		if err := a.Poll(context.Background(), sink); err != nil {
			t.Fatal(err)
		}
		clk.Advance(2 * time.Minute)
	}
	if n := srv.Count("/fixtures?league="); n != 1 {
		t.Fatalf("the round was asked for %d times, want once", n)
	}
	leg := func(id string) (int, map[string]any) {
		l := 0
		for _, ev := range sink.Events[id] {
			if ev.Kind == feed.KFixture && ev.Fixture != nil {
				l = ev.Fixture.Leg
			}
		}
		st := sink.States[id]
		if st == nil {
			t.Fatalf("%s was never sent", id)
		}
		return l, st.Detail
	}
	// 2001 Harbour Lane 2-1 Millbrook (not in the day's answer); 2002 Millbrook 1-0, 4-3 on penalties.
	l, d := leg("as-fb-2002")
	if l != 2 || fmt.Sprint(d["agg"]) != "[2 2]" || fmt.Sprint(d["through"]) != "0" {
		t.Fatalf("second leg after a restart: leg %d, detail %v", l, d)
	}
	l, d = leg("as-fb-2004")
	if l != 2 || d["leg1"] != "postponed" {
		t.Fatalf("second leg of the postponed first leg after a restart: leg %d, detail %v", l, d)
	}
}
