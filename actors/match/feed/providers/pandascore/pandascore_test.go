package pandascore_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"courtside/actors/match/feed"
	"courtside/actors/match/feed/providers"
	"courtside/actors/match/feed/providers/pandascore"
	"courtside/actors/match/feed/providers/providertest"
)

type A = providertest.Answer

var day = time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)

func at(h, m int) time.Time {
	return day.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute)
}

const page = "page%5Bnumber%5D=1&page%5Bsize%5D=100"

func upcomingKey(now time.Time) string {
	return "/matches/upcoming?" + page + "&range%5Bscheduled_at%5D=" + esc(now.Add(-time.Hour)) + "%2C" + esc(now.AddDate(0, 0, 2)) + "&sort=scheduled_at"
}

func pastKey(now time.Time) string {
	return "/matches/past?" + page + "&range%5Bend_at%5D=" + esc(now.AddDate(0, 0, -1)) + "%2C" + esc(now) + "&sort=-end_at"
}

func esc(t time.Time) string { return strings.ReplaceAll(t.UTC().Format(time.RFC3339), ":", "%3A") }

func newAdapter(t *testing.T, srv *providertest.StandIn, clk *providertest.Clock, mut func(*pandascore.Config)) *pandascore.Adapter {
	t.Helper()
	cfg := pandascore.Config{APIKey: "ps-token", BaseURL: srv.URL, Now: clk.Now, Wait: clk.Wait, Odds: true,
		PollLive: 20 * time.Second, PollSchedule: 6 * time.Hour, PollOdds: 6 * time.Hour, PollLineups: 30 * time.Minute}
	if mut != nil {
		mut(&cfg)
	}
	a, err := pandascore.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestSeriesAreFollowedMapByMap replays an evening of esports: the schedule (with two matches
// that cannot be right), a result of the afternoon, a League of Legends series followed map by
// map with a lagging answer in between and its end read from the match itself, line-ups, and
// odds with the esports lines of spec §3 (a plan without the betting product for one match).
func TestSeriesAreFollowedMapByMap(t *testing.T) {
	start := at(17, 30)
	srv := providertest.NewStandIn(t, map[string][]A{
		upcomingKey(start):              {{File: "matches_upcoming.json", Header: http.Header{"X-Rate-Limit-Remaining": {"998"}}}},
		pastKey(start):                  {{File: "matches_past.json"}},
		"/matches/running?" + page:      {{File: "matches_empty.json"}, {File: "running_1.json"}, {File: "running_2.json"}, {File: "running_stale.json"}, {File: "running_4.json"}, {File: "matches_empty.json"}},
		"/matches/5001/opponents":       {{File: "opponents_5001.json"}},
		"/matches/5002/opponents":       {{File: "opponents_5002.json"}},
		"/betting/matches/5001/markets": {{File: "markets_5001.json"}},
		"/betting/matches/5002/markets": {{Status: http.StatusForbidden, File: "error_forbidden.json"}},
		"/matches/5001":                 {{File: "match_5001.json"}},
	})
	clk := providertest.NewClock(start)
	var refs []providers.Reference
	a := newAdapter(t, srv, clk, func(c *pandascore.Config) {
		c.Reference = func(_ context.Context, r providers.Reference) error { refs = append(refs, r); return nil }
	})
	sink := providertest.NewConsumer(t)
	ctx := context.Background()
	for _, now := range []time.Time{start, at(18, 10), at(18, 45), at(18, 50), at(19, 30), at(20, 5)} {
		clk.Set(now)
		if err := a.Poll(ctx, sink); err != nil {
			t.Fatalf("poll at %s: %v", now.Format("15:04"), err)
		}
	}
	if got := srv.Header("Authorization"); got != "Bearer ps-token" {
		t.Fatalf("token sent as %q", got)
	}
	st := sink.States["ps-m5001"]
	if st == nil || st.Status != feed.StatusFinished || st.Home != 2 || st.Away != 0 || st.Game != feed.GameLoL || st.Source != pandascore.Source {
		t.Fatalf("series 5001 ends %+v", st)
	}
	if len(st.Periods) != 2 || st.Periods[0] != (feed.Pair{1, 0}) || st.Periods[1] != (feed.Pair{1, 0}) {
		t.Fatalf("maps %v", st.Periods)
	}
	var statuses []string
	for _, ev := range sink.Events["ps-m5001"] {
		if ev.Kind == feed.KStatus {
			statuses = append(statuses, ev.Status.String())
		}
	}
	if strings.Join(statuses, ",") != "live,halftime,live,finished" {
		t.Fatalf("statuses %v: want live, a break between maps, live, finished", statuses)
	}
	if got := strings.Join(sink.Incidents("ps-m5001"), ","); got != "mapWin,mapWin,fullTime" {
		t.Fatalf("incidents %s", got)
	}
	if a.Tracker().Stale == 0 {
		t.Fatal("the lagging answer (map 1 running after it ended) was not dropped")
	}
	o := st.Odds
	if o == nil || o.Home != 1.62 || o.Away != 2.25 || o.HcLine != -1.5 || o.OULine != 2.5 || len(o.Lines) != 2 {
		t.Fatalf("odds %+v", o)
	}
	lines := map[string]float64{}
	for _, l := range o.Lines {
		lines[l.Market] = l.Line
	}
	if lines[feed.LineKills] != 26.5 || lines[feed.LineDuration] != 33 {
		t.Fatalf("esports lines %+v", o.Lines)
	}
	if cs := sink.States["ps-m5002"]; cs == nil || cs.Odds != nil || cs.Game != feed.GameCS {
		t.Fatalf("match 5002 %+v (no betting product: no odds)", cs)
	}
	if n := srv.Count("/betting/matches/5002"); n != 1 {
		t.Fatalf("markets asked %d times after the plan refused them", n)
	}
	dota := sink.States["ps-m5003"]
	if dota == nil || dota.Status != feed.StatusFinished || dota.Home != 1 || dota.Away != 2 || len(dota.Periods) != 3 {
		t.Fatalf("result 5003 %+v", dota)
	}
	for _, bad := range []string{"ps-m5004", "ps-m5005"} {
		if _, ok := sink.States[bad]; ok {
			t.Fatalf("%s should have been refused", bad)
		}
	}
	lineups := 0
	for _, ev := range sink.Events["ps-m5001"] {
		if ev.Kind == feed.KLineup {
			lineups++
			if len(ev.Lineup.Players) < 5 {
				t.Fatalf("line-up %+v", ev.Lineup)
			}
		}
	}
	names := map[string]string{}
	players := 0
	for _, r := range refs {
		for _, tm := range r.Teams {
			names[tm.ID] = tm.Name
		}
		players += len(r.Players)
	}
	if lineups != 2 || names["ps-t301"] != "Ashgrove Gaming" || players < 20 {
		t.Fatalf("%d line-ups, teams %v, %d players", lineups, names, players)
	}
}

// TestTokenAndLimits: a refused token stops the adapter; a 429 waits for Retry-After; an
// exhausted hour waits for the next hour.
func TestTokenAndLimits(t *testing.T) {
	start := at(17, 30)
	bad := providertest.NewStandIn(t, map[string][]A{upcomingKey(start): {{Status: http.StatusUnauthorized, File: "error_unauthorized.json"}}})
	clk := providertest.NewClock(start)
	a := newAdapter(t, bad, clk, nil)
	if err := a.Poll(context.Background(), providertest.NewConsumer(t)); !errors.Is(err, providers.ErrUnauthorized) {
		t.Fatalf("refused token: %v", err)
	}
	srv := providertest.NewStandIn(t, map[string][]A{
		upcomingKey(start): {{Status: http.StatusTooManyRequests, Header: http.Header{"Retry-After": {"30"}}},
			{File: "matches_empty.json", Header: http.Header{"X-Rate-Limit-Remaining": {"0"}}}},
	})
	b := newAdapter(t, srv, clk, nil)
	srv.Route(pastKey(start), A{File: "matches_empty.json"})
	srv.Route("/matches/running?"+page, A{File: "matches_empty.json"})
	b.Poll(context.Background(), providertest.NewConsumer(t))
	w := clk.Waits()
	if len(w) < 2 || w[0] != 30*time.Second || w[1] < 29*time.Minute || w[1] > time.Hour {
		t.Fatalf("waits %v: want Retry-After, then the rest of the hour", w)
	}
}

// TestHostileMatchesAreRefused: answers that are not the documented shape are refused as
// malformed; impossible matches never reach a state.
func TestHostileMatchesAreRefused(t *testing.T) {
	for _, body := range []string{`{"id": 1}`, `[{"id": "x"}]`, `[`, `null`} {
		if _, err := pandascore.DecodeMatches([]byte(body)); !errors.Is(err, providers.ErrMalformed) {
			t.Fatalf("%s: %v", body, err)
		}
	}
	if _, err := pandascore.DecodeMarkets([]byte(`[]`)); !errors.Is(err, providers.ErrMalformed) {
		t.Fatal("markets as a list accepted")
	}
	start := at(17, 30)
	hostile := `[{"id": 7001, "status": "running", "scheduled_at": "2026-11-20T17:00:00Z", "modified_at": "2026-11-20T17:20:00Z",
	  "number_of_games": 3, "match_type": "best_of", "videogame": {"slug": "valorant"},
	  "opponents": [{"type": "Team", "opponent": {"id": 1, "name": "A"}}, {"type": "Team", "opponent": {"id": 2, "name": "B"}}],
	  "results": [{"team_id": 1, "score": 9}, {"team_id": 2, "score": -4}], "games": []}]`
	srv := providertest.NewStandIn(t, map[string][]A{
		upcomingKey(start):         {{File: "matches_empty.json"}},
		pastKey(start):             {{File: "matches_empty.json"}},
		"/matches/running?" + page: {{Body: hostile}},
		"/matches/7001/opponents":  {{Body: `{"opponents": []}`}},
	})
	clk := providertest.NewClock(start)
	a := newAdapter(t, srv, clk, func(c *pandascore.Config) { c.Odds = false })
	sink := providertest.NewConsumer(t)
	if err := a.Poll(context.Background(), sink); err != nil {
		t.Fatal(err)
	}
	st := sink.States["ps-m7001"]
	if st == nil || st.Home > 4 || a.Tracker().Refused == 0 {
		t.Fatalf("a 9-0 best of three was not refused: %+v, %d refusals", st, a.Tracker().Refused)
	}
}
