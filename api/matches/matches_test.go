package matches_test

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/match"
	"courtside/actors/match/feed"
	"courtside/api"
	"courtside/api/apitest"
	"courtside/api/errcode"
	"courtside/api/matches"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
	"courtside/storage/postgres/sportsdemo"
)

// now is the fixed "now" of the site under test: mid-afternoon, with yesterday's matches over,
// today's partly played and tomorrow's to come.
var now = time.Date(2026, 11, 20, 16, 30, 0, 0, time.UTC)

type site struct {
	url   string
	reg   *match.Registry
	store *postgres.SportsStore
	mod   *matches.Service
}

// TestAPI builds one demo site and runs every check against it (building it takes seconds).
func TestAPI(t *testing.T) {
	s := newSite(t)
	for _, c := range []struct {
		name string
		f    func(*testing.T, *site)
	}{
		{"game catalogue", checkGameCatalogue},
		{"lists filter, sort and page", checkListsFilterSortAndPage},
		{"seven days, counts and feeds", checkSevenDaysCountsAndFeeds},
		{"list follows the feed", checkListFollowsTheFeed},
		{"match detail tabs", checkMatchDetailTabs},
		{"attention books and cancels", checkAttentionBooksAndCancels},
		{"data library", checkDataLibrary},
		{"team crests", checkTeamCrests},
	} {
		t.Run(c.name, func(t *testing.T) { c.f(t, s) })
	}
}

// newSite seeds a demo window, plays it to now through real match actors into Postgres and serves
// the module. It is shared by the tests of this package (building it takes a few seconds).
func newSite(t *testing.T) *site {
	t.Helper()
	{
		pool := pgtest.NewPool(t)
		store := postgres.NewSportsStore(pool, postgres.SportsConfig{})
		ctx := context.Background()
		ds := sportsdemo.Generate(sportsdemo.Config{Now: now, Days: 1})
		if err := sportsdemo.Seed(ctx, store, ds); err != nil {
			t.Fatal(err)
		}
		mod := matches.New(matches.Config{Now: func() time.Time { return now }, MaxStale: time.Nanosecond}, matches.Deps{Store: store})
		sys := actor.NewActorSystem()
		reg := match.NewRegistry(sys, match.Config{Store: store, Topics: match.NewTopics(sys, match.TopicConfig{}), Listener: mod})
		sim := feed.NewSimulator(feed.SimConfig{Seed: 1}, ds.Fixtures, ds.Rosters)
		last := map[string]uint64{}
		sim.Emit(now, feed.SinkFunc(func(ev feed.Event) { last[ev.Match] = ev.Seq; reg.Push(ev) }))
		deadline := time.Now().Add(60 * time.Second)
		for {
			rows, err := store.MatchesBetween(ctx, now.AddDate(0, 0, -3), now.AddDate(0, 0, 3))
			if err != nil {
				t.Fatal(err)
			}
			done := 0
			for _, r := range rows {
				if r.Live.LastSeq == last[r.ID] {
					done++
				}
			}
			if done == len(rows) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("demo not stored in time: %d of %d", done, len(rows))
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err := mod.Load(ctx); err != nil {
			t.Fatal(err)
		}
		s := api.New(api.Config{})
		mod.Routes(s, apitest.TokenUser{}) // token "u<id>" is that user
		srv := httptest.NewServer(s.Handler())
		t.Cleanup(func() { srv.Close(); sys.Shutdown(); store.Close() })
		return &site{url: srv.URL, reg: reg, store: store, mod: mod}
	}
}

func call(t *testing.T, s *site, method, path, body, user string, out any) apitest.Response {
	t.Helper()
	h := http.Header{"Lan": {"en_US"}}
	if user != "" {
		h.Set("token", user)
	}
	res := apitest.Do(t, s.url, method, "/java"+path, body, h)
	if out != nil && res.Env.Status == "success" {
		if err := json.Unmarshal(res.Env.Result, out); err != nil {
			t.Fatalf("%s %s: %v\n%s", method, path, err, res.Env.Result)
		}
	}
	return res
}

func mustOK(t *testing.T, res apitest.Response, what string) {
	t.Helper()
	if res.Env.Status != "success" {
		t.Fatalf("%s: %d %s (%d %s)", what, res.Status, res.Env.Status, res.Env.ErrorCode, res.Env.ErrorMsg)
	}
}

func checkGameCatalogue(t *testing.T, s *site) {
	for _, path := range []string{"/game/v3/getPCGameSource", "/game/getPCGameSource"} {
		var out struct {
			Games  []feed.Game      `json:"games"`
			Groups []feed.GroupInfo `json:"groups"`
		}
		mustOK(t, call(t, s, "GET", path, "", "", &out), path)
		if len(out.Games) != 36 || len(out.Groups) != 7 || out.Groups[0].ID != "recommended" {
			t.Fatalf("%s: %d games, groups %+v", path, len(out.Games), out.Groups)
		}
	}
}

func checkListsFilterSortAndPage(t *testing.T, s *site) {
	var live matches.Page
	mustOK(t, call(t, s, "GET", "/v2/match/getPCLiveGameMatch?pageSize=100", "", "", &live), "live")
	if live.Total == 0 {
		t.Fatal("nothing live in the demo at 16:30")
	}
	for _, it := range live.List {
		if !it.Status.InPlay() || it.Source != feed.SourceSimulator || it.HomeName == "" {
			t.Fatalf("live list item %+v", it)
		}
	}
	var soccer matches.Page
	mustOK(t, call(t, s, "GET", "/v2/match/getPCLiveGameMatch?gameId=202", "", "", &soccer), "live soccer")
	for _, it := range soccer.List {
		if it.GameID != 202 {
			t.Fatalf("gameId filter let %d through", it.GameID)
		}
	}
	var past matches.Page
	mustOK(t, call(t, s, "POST", "/v2/match/getPCPastGameMatch", `{"group":"esports","pageIndex":1,"pageSize":5}`, "", &past), "past")
	if len(past.List) != 5 || past.Total <= 5 {
		t.Fatalf("past page: %d items of %d", len(past.List), past.Total)
	}
	for i, it := range past.List {
		if !feed.IsEsport(it.GameID) || (it.Status != feed.StatusFinished && it.Status != feed.StatusPostponed && it.Status != feed.StatusCancelled) {
			t.Fatalf("past item %+v", it)
		}
		if i > 0 && it.StartTime > past.List[i-1].StartTime {
			t.Fatal("results not newest first")
		}
	}
	var page2 matches.Page
	mustOK(t, call(t, s, "POST", "/v2/match/getPCPastGameMatch", `{"group":"esports","pageIndex":2,"pageSize":5}`, "", &page2), "past p2")
	if len(page2.List) == 0 || page2.List[0].ID == past.List[0].ID || page2.List[0].StartTime > past.List[4].StartTime {
		t.Fatal("page 2 does not continue page 1")
	}
	var up matches.Page
	mustOK(t, call(t, s, "POST", "/v2/match/getPCUpcomingGameMatch", `{"gameId":"201"}`, "", &up), "upcoming")
	for i, it := range up.List {
		if !it.Status.Upcoming() || it.GameID != 201 || (i > 0 && it.StartTime < up.List[i-1].StartTime) {
			t.Fatalf("upcoming item %d: %+v", i, it)
		}
	}
	for _, tab := range []string{"hot", "live", "time", "today", "yesterday", "tomorrow"} {
		var p matches.Page
		mustOK(t, call(t, s, "POST", "/v2/match/getPCGameMatchByCondition", fmt.Sprintf(`{"tab":%q,"pageSize":100}`, tab), "", &p), tab)
		if p.Total == 0 {
			t.Fatalf("tab %s is empty", tab)
		}
		for _, it := range p.List {
			start := time.UnixMilli(it.StartTime).UTC()
			switch tab {
			case "yesterday":
				if start.Day() != 19 || it.Status.InPlay() {
					t.Fatalf("yesterday has %+v", it)
				}
			case "tomorrow":
				if start.Day() != 21 || !it.Status.Upcoming() && it.Status != feed.StatusPostponed && it.Status != feed.StatusCancelled {
					t.Fatalf("tomorrow has %+v", it)
				}
			case "live":
				if !it.Status.InPlay() {
					t.Fatalf("live tab has %+v", it)
				}
			}
		}
	}
	var bad apitest.Response = call(t, s, "POST", "/v2/match/getPCGameMatchByCondition", `{"tab":"nope"}`, "", nil)
	if bad.Env.ErrorCode != errcode.BadRequest {
		t.Fatalf("unknown tab: %+v", bad.Env)
	}
	var finished matches.Page
	mustOK(t, call(t, s, "POST", "/v2/match/getPCGameMatchByCondition", `{"status":[5],"date":"2026-11-19","pageSize":100}`, "", &finished), "status")
	if finished.Total == 0 {
		t.Fatal("no finished matches on the 19th")
	}
	for _, it := range finished.List {
		if it.Status != feed.StatusFinished {
			t.Fatalf("status filter let %s through", it.StatusName)
		}
	}
}

func checkSevenDaysCountsAndFeeds(t *testing.T, s *site) {
	var week matches.SevenDays
	mustOK(t, call(t, s, "POST", "/match/getSevenDayMatch", `{}`, "", &week), "seven days")
	if len(week.Days) != 7 || week.Days[0].Date != "2026-11-20" || week.Days[0].Count == 0 || week.Days[1].Count == 0 || week.Days[3].Count != 0 {
		t.Fatalf("calendar %+v (the demo window is ±1 day)", week.Days)
	}
	if week.Total != week.Days[0].Count {
		t.Fatalf("today's list has %d, calendar says %d", week.Total, week.Days[0].Count)
	}
	var res matches.SevenDays
	mustOK(t, call(t, s, "POST", "/match/getSevenDayResults", `{"date":"2026-11-19"}`, "", &res), "results")
	if res.Days[6].Date != "2026-11-20" || res.Days[5].Count == 0 || res.Total != res.Days[5].Count {
		t.Fatalf("results calendar %+v total %d", res.Days, res.Total)
	}
	var day matches.Page
	mustOK(t, call(t, s, "POST", "/match/pcMatches", `{"day":1,"gameId":1}`, "", &day), "pcMatches")
	for _, it := range day.List {
		if it.GameID != 1 || time.UnixMilli(it.StartTime).UTC().Day() != 21 {
			t.Fatalf("pcMatches day 1 has %+v", it)
		}
	}
	var counts []matches.SeriesCount
	mustOK(t, call(t, s, "GET", "/match/getSeriesCount", "", "", &counts), "counts")
	byGame := map[int]matches.SeriesCount{}
	live := 0
	for _, c := range counts {
		byGame[c.GameID] = c
		live += c.Live
	}
	if len(counts) != 36 || byGame[202].Today == 0 || byGame[202].Results == 0 || live == 0 || byGame[210].Today == 0 {
		t.Fatalf("series counts %+v", byGame)
	}
	var lf struct{ Living, Future []matches.Item }
	mustOK(t, call(t, s, "GET", "/match/gameLivingFuture?limit=3", "", "", &lf), "living future")
	if len(lf.Living) == 0 || len(lf.Future) != 3 {
		t.Fatalf("living %d future %d", len(lf.Living), len(lf.Future))
	}
	var gml []matches.Item
	mustOK(t, call(t, s, "GET", "/match/gameMatchLive", "", "", &gml), "gameMatchLive")
	var sl matches.Page
	mustOK(t, call(t, s, "GET", "/sport_match/sportsLiving?pageSize=100", "", "", &sl), "sportsLiving")
	for _, it := range sl.List {
		if feed.IsEsport(it.GameID) {
			t.Fatalf("sportsLiving has esport %d", it.GameID)
		}
	}
	var el, sp []matches.LeagueCount
	mustOK(t, call(t, s, "GET", "/league/match_leagues", "", "", &el), "esports leagues")
	mustOK(t, call(t, s, "GET", "/sprots_league/match_leagues", "", "", &sp), "sports leagues")
	// Every game of the catalogue has its competition in the demo.
	if len(el) < 20 || len(sp) < 10 || el[0].Total == 0 {
		t.Fatalf("leagues: %d esports, %d sports: %+v", len(el), len(sp), el)
	}
}

// TestListFollowsTheFeed: a score change applied by a match actor shows in the cached list.
func checkListFollowsTheFeed(t *testing.T, s *site) {
	var live matches.Page
	mustOK(t, call(t, s, "GET", "/v2/match/getPCLiveGameMatch?gameId=202", "", "", &live), "live")
	if len(live.List) == 0 {
		t.Fatal("the fixed seed and time must leave a soccer match in play: the demo schedule changed")
	}
	it := live.List[0]
	st, err := s.reg.State(context.Background(), it.ID)
	if err != nil {
		t.Fatal(err)
	}
	goal := st.Home + 1
	s.reg.Push(feed.Event{Match: it.ID, Seq: st.LastSeq + 1, At: now.UnixMilli(), Kind: feed.KScore, Score: &feed.Score{Home: goal, Away: st.Away}})
	if st2, _ := s.reg.State(context.Background(), it.ID); st2.Home != goal {
		t.Fatalf("actor did not apply: %+v (pushed seq %d)", st2.Home, st.LastSeq+1)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		var p matches.Page
		mustOK(t, call(t, s, "GET", "/v2/match/getPCLiveGameMatch?gameId=202", "", "", &p), "live again")
		for _, x := range p.List {
			if x.ID == it.ID && x.HomeScore == goal {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("the list never showed the new score")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func pickFinished(t *testing.T, s *site, game int) matches.Item {
	t.Helper()
	var p matches.Page
	mustOK(t, call(t, s, "POST", "/v2/match/getPCPastGameMatch", fmt.Sprintf(`{"gameId":%d,"pageSize":100}`, game), "", &p), "past")
	for _, it := range p.List {
		if it.Status == feed.StatusFinished {
			return it
		}
	}
	t.Fatalf("no finished match of game %d", game)
	return matches.Item{}
}

func checkMatchDetailTabs(t *testing.T, s *site) {
	for _, c := range []struct {
		name        string
		game        int
		path        string
		statKey     string
		playerStats bool
	}{
		{"soccer", feed.GameSoccer, "soccer", "possession", true},
		{"basketball", feed.GameBasketball, "201", "rebounds", true},
		{"tennis", feed.GameTennis, "tennis", "aces", false},
		{"cs2", feed.GameCS, "csgo", "pistolRoundsWon", true},
		{"lol", feed.GameLoL, "lol", "firstBlood", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			it := pickFinished(t, s, c.game)
			var d matches.Detail
			mustOK(t, call(t, s, "GET", "/"+c.path+"/"+it.ID, "", "", &d), "detail")
			if d.Match.ID != it.ID || d.Match.Status != feed.StatusFinished || d.Match.Source != feed.SourceSimulator {
				t.Fatalf("match %+v", d.Match)
			}
			if d.Overview == nil || len(d.Overview.Key) == 0 || d.Overview.Odds == nil {
				t.Fatalf("overview %+v", d.Overview)
			}
			if d.Data == nil || len(d.Data.Standings) == 0 {
				t.Fatalf("data tab %+v", d.Data)
			}
			if d.Recent == nil || len(d.Recent.Home.Windows) != 5 || d.Recent.Home.Windows[4].Window != 30 {
				t.Fatalf("recent %+v", d.Recent)
			}
			if d.HeadToHead == nil || len(d.HeadToHead.Windows) != 5 {
				t.Fatalf("head to head %+v", d.HeadToHead)
			}
			if d.Lineups == nil || d.Lineups.Home == nil || d.Lineups.Away == nil || len(d.Lineups.Home.Players) == 0 {
				t.Fatalf("lineups %+v", d.Lineups)
			}
			if len(d.GameLog) == 0 || d.GameLog[0].Seq >= d.GameLog[len(d.GameLog)-1].Seq {
				t.Fatalf("game log of %d entries", len(d.GameLog))
			}
			found := false
			for _, sr := range d.TechnicalStats {
				found = found || sr.Key == c.statKey
			}
			if !found {
				t.Fatalf("technical stats lack %s: %+v", c.statKey, d.TechnicalStats)
			}
			if c.playerStats && (len(d.PlayerStats) == 0 || d.PlayerStats[0].Recent == 0) {
				t.Fatalf("player stats %d rows", len(d.PlayerStats))
			}
			if d.Odds == nil || len(d.Odds.History) < 2 || d.Odds.Current == nil {
				t.Fatalf("odds %+v", d.Odds)
			}
			if d.Trends == nil || len(d.Trends.Odds) != len(d.Odds.History) || len(d.Trends.Score) == 0 {
				t.Fatalf("trends %+v", d.Trends)
			}
			if len(d.TextLive) == 0 || d.TextLive[0].Seq < d.TextLive[len(d.TextLive)-1].Seq || d.TextLive[0].Type != "fullTime" {
				t.Fatalf("text live should be newest first ending in full time: %+v", d.TextLive[:min(3, len(d.TextLive))])
			}
			// issue 18: the animation tab places incidents on the pitch or map; the odds chart draws a
			// line per bookmaker
			placed := 0
			for _, l := range d.TextLive {
				if l.X > 0 || l.Y > 0 {
					placed++
					if l.X > 100 || l.Y > 100 || l.Secs < 0 {
						t.Fatalf("text line off the map: %+v", l)
					}
				}
			}
			if c.game != feed.GameTennis && placed == 0 {
				t.Fatalf("no text line of a finished %s match has a place", c.name)
			}
			books := map[string]bool{}
			for _, p := range d.Trends.Odds {
				books[p.Company] = true
			}
			if len(books) < 2 || books[""] {
				t.Fatalf("trend points should name their bookmakers: %v", books)
			}
			var one matches.Detail
			mustOK(t, call(t, s, "GET", "/"+c.path+"/"+it.ID+"?tab=odds", "", "", &one), "one tab")
			if one.Odds == nil || one.Overview != nil || one.GameLog != nil {
				t.Fatal("?tab=odds answered other tabs")
			}
		})
	}
	for _, c := range []struct{ path string }{{"/basketball/" + pickFinished(t, s, feed.GameSoccer).ID}, {"/soccer/no-such-match"}} {
		if res := call(t, s, "GET", c.path, "", "", nil); res.Env.ErrorCode != errcode.MatchNotFound || res.Status != 404 {
			t.Fatalf("%s: %d %+v", c.path, res.Status, res.Env)
		}
	}
}

func checkAttentionBooksAndCancels(t *testing.T, s *site) {
	var up matches.Page
	mustOK(t, call(t, s, "POST", "/v2/match/getPCUpcomingGameMatch", `{"pageSize":1}`, "", &up), "upcoming")
	var live matches.Page
	mustOK(t, call(t, s, "GET", "/v2/match/getPCLiveGameMatch?pageSize=1", "", "", &live), "live")
	target := up.List[0].ID
	if res := call(t, s, "POST", "/match/attention", `{"matchId":"`+target+`"}`, "", nil); res.Env.ErrorCode != errcode.AuthRequired {
		t.Fatalf("guest booking: %+v", res.Env)
	}
	var ar matches.AttentionResult
	mustOK(t, call(t, s, "POST", "/match/attention", `{"matchId":"`+target+`","attention":true}`, "u77", &ar), "book")
	if !ar.Reserved {
		t.Fatalf("book: %+v", ar)
	}
	if res := call(t, s, "POST", "/match/attention", `{"matchId":"`+live.List[0].ID+`","type":1}`, "u77", nil); res.Env.ErrorCode != errcode.NotBookable {
		t.Fatalf("booking a live match: %+v", res.Env)
	}
	if res := call(t, s, "POST", "/match/attention", `{"matchId":"nope"}`, "u77", nil); res.Env.ErrorCode != errcode.MatchNotFound {
		t.Fatalf("booking an unknown match: %+v", res.Env)
	}
	var list []matches.Booking
	mustOK(t, call(t, s, "GET", "/match/attention/list", "", "u77", &list), "favourites")
	if len(list) != 1 || list[0].Match.ID != target || list[0].State != "booked" {
		t.Fatalf("favourites %+v", list)
	}
	var p matches.Page
	mustOK(t, call(t, s, "POST", "/v2/match/getPCUpcomingGameMatch", `{"pageSize":2}`, "u77", &p), "upcoming as u77")
	if p.List[0].Reservation != "booked" || p.List[1].Reservation != "bookable" {
		t.Fatalf("reservation marks %q %q", p.List[0].Reservation, p.List[1].Reservation)
	}
	mustOK(t, call(t, s, "POST", "/match/attention", `{"matchId":"`+target+`","attention":false}`, "u77", &ar), "cancel")
	mustOK(t, call(t, s, "GET", "/match/attention/list", "", "u77", &list), "favourites after cancel")
	if len(list) != 1 || list[0].State != "cancelled" {
		t.Fatalf("after cancel %+v", list)
	}
}

func checkDataLibrary(t *testing.T, s *site) {
	var ls []feed.League
	mustOK(t, call(t, s, "GET", "/library/leagues?gameId=202", "", "", &ls), "leagues")
	sort.Slice(ls, func(i, j int) bool { return ls[i].ID < ls[j].ID })
	if len(ls) != 2 {
		t.Fatalf("soccer leagues %+v", ls)
	}
	for _, c := range []struct {
		id, kind string
	}{{"sim-spl", "table"}, {"sim-scup", "bracket"}} {
		var lp matches.LeaguePage
		mustOK(t, call(t, s, "GET", "/library/league/"+c.id, "", "", &lp), c.id)
		if len(lp.Standings) != 16 || lp.Standings[0].Position != 1 || lp.Advancement.Kind != c.kind || len(lp.Results) == 0 ||
			len(lp.Schedule) == 0 || len(lp.Honours) == 0 || len(lp.Transfers) == 0 {
			t.Fatalf("league %s page: %d standings, %s, %d results, %d schedule, %d honours, %d transfers", c.id,
				len(lp.Standings), lp.Advancement.Kind, len(lp.Results), len(lp.Schedule), len(lp.Honours), len(lp.Transfers))
		}
		if c.kind == "bracket" && len(lp.Advancement.Rounds) == 0 {
			t.Fatal("cup without bracket rounds")
		}
	}
	var teams []feed.Team
	mustOK(t, call(t, s, "GET", "/library/teams?gameId=202&pageSize=5", "", "", &teams), "teams")
	if len(teams) != 5 {
		t.Fatalf("%d teams", len(teams))
	}
	var tp matches.TeamPage
	mustOK(t, call(t, s, "GET", "/library/team/sim-spl-t01", "", "", &tp), "team")
	if tp.Team.Name == "" || len(tp.Squad) != 18 || len(tp.Form.Windows) != 5 || len(tp.Honours) == 0 {
		t.Fatalf("team page %+v", tp)
	}
	var players []feed.Player
	mustOK(t, call(t, s, "GET", "/library/players?gameId=2&pageSize=3", "", "", &players), "players")
	var pp matches.PlayerPage
	mustOK(t, call(t, s, "GET", "/library/player/sim-spl-t01-p10", "", "", &pp), "player")
	if pp.Player.Position != "FW" || pp.Team == nil || pp.Window != 20 {
		t.Fatalf("player page %+v", pp)
	}
	if res := call(t, s, "GET", "/library/team/nope", "", "", nil); res.Env.ErrorCode != errcode.LibraryNotFound {
		t.Fatalf("unknown team: %+v", res.Env)
	}
	if !strings.Contains(call(t, s, "GET", "/library/team/nope", "", "", nil).Env.ErrorMsg, "No data") {
		t.Fatal("library.notFound message not localized")
	}
}

// checkTeamCrests: every team of a match row has a picture: its generated crest, an SVG that
// parses, names the team and keeps its colours; a made-up team is 404, never the site's page.
func checkTeamCrests(t *testing.T, s *site) {
	var page matches.Page
	mustOK(t, call(t, s, "POST", "/v2/match/getPCPastGameMatch", `{"gameId":202,"pageSize":1}`, "", &page), "past")
	if len(page.List) == 0 {
		t.Fatal("no finished soccer match")
	}
	m := page.List[0]
	if !strings.HasPrefix(m.HomeLogo, "/images/teams/") {
		t.Fatalf("home logo %q", m.HomeLogo)
	}
	first := apitest.Do(t, s.url, "GET", m.HomeLogo, "", nil)
	if first.Status != 200 || first.Header.Get("Content-Type") != "image/svg+xml" {
		t.Fatalf("GET %s: %d %s", m.HomeLogo, first.Status, first.Header.Get("Content-Type"))
	}
	var doc struct {
		XMLName xml.Name
		Title   string `xml:"title"`
	}
	if err := xml.Unmarshal(first.Body, &doc); err != nil || doc.XMLName.Local != "svg" || doc.Title != m.HomeName {
		t.Fatalf("crest of %s is not an SVG titled with its name (%v): %s", m.HomeName, err, first.Body)
	}
	again := apitest.Do(t, s.url, "GET", m.HomeLogo, "", nil)
	if string(again.Body) != string(first.Body) {
		t.Error("a team's crest changes between requests")
	}
	away := apitest.Do(t, s.url, "GET", m.AwayLogo, "", nil)
	if away.Status != 200 || string(away.Body) == string(first.Body) {
		t.Errorf("the away team's crest: %d, same as home: %v", away.Status, string(away.Body) == string(first.Body))
	}
	// Competitions and players wear generated pictures too: a badge and a portrait titled with the name.
	var leagues []struct{ Name, Logo string }
	mustOK(t, call(t, s, "GET", "/library/leagues?gameId=202", "", "", &leagues), "leagues")
	var players []struct{ Name, Photo string }
	mustOK(t, call(t, s, "GET", "/library/players?gameId=202", "", "", &players), "players")
	if len(leagues) == 0 || len(players) == 0 {
		t.Fatalf("%d leagues, %d players", len(leagues), len(players))
	}
	for name, path := range map[string]string{leagues[0].Name: leagues[0].Logo, players[0].Name: players[0].Photo} {
		res := apitest.Do(t, s.url, "GET", path, "", nil)
		if res.Status != 200 || res.Header.Get("Content-Type") != "image/svg+xml" || xml.Unmarshal(res.Body, &doc) != nil || doc.Title != name {
			t.Errorf("GET %s: %d %s %s", path, res.Status, res.Header.Get("Content-Type"), res.Body)
		}
	}
	for _, path := range []string{"/images/teams/no-such-team.svg", "/images/teams/" + strings.TrimPrefix(m.HomeLogo, "/images/teams/") + ".gif",
		"/images/leagues/no-such-league.png", "/images/players/no-such-player.png"} {
		if res := apitest.Do(t, s.url, "GET", path, "", nil); res.Status != 404 {
			t.Errorf("GET %s: %d, want 404", path, res.Status)
		}
	}
}
