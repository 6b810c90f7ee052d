package api_test

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"courtside/api"
	"courtside/api/apitest"
)

// TestScheduleGameAndLibraryTabRoutes (issue 18): /schedule, a game's own page (/soccer, /lol,
// and /football, which the client sends on to /soccer) and the library's component sub-pages
// answer 200; a made-up game, a made-up sub-page and a sub-page without its page answer 404.
func TestScheduleGameAndLibraryTabRoutes(t *testing.T) {
	table, err := api.ParseRouteTable(siteTable(t))
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string]string{
		"/schedule":                            "schedule",
		"/soccer":                              "game",
		"/lol/":                                "game",
		"/football":                            "footballAlias",
		"/soccer/sim-spl-1":                    "match", // :game/:id stays the match page
		"/leagueLibrary/sim-spl/teamTable":     "leagueTab",
		"/leagueLibrary/sim-spl/config/":       "leagueTab",
		"/squadLibrary/sim-spl-t01/sortTable":  "teamTab",
		"/playerLibrary/p9/meansModule":        "playerTab",
		"/playerLibrary/p9/scheduleTable":      "playerTab",
		"/squadLibrary/sim-spl-t01/dataModule": "teamTab",
		"/leagueLibrary/sim-spl":               "league",
	}
	for path, want := range pages {
		r, _, ok := table.Match(path)
		if !ok || r.Page != want || r.Missing != "" {
			t.Errorf("%s: page %q (found %v, missing %q), want built page %q", path, r.Page, ok, r.Missing, want)
		}
	}

	dir := writeSite(t)
	if err := os.WriteFile(filepath.Join(dir, "routes.json"), siteTable(t), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api.New(api.Config{SiteDir: dir}).Handler())
	defer srv.Close()
	statuses := map[string]int{
		"/schedule":                          200,
		"/schedule?game=lol&league=x":        200,
		"/schedule/extra":                    404,
		"/soccer":                            200,
		"/csgo":                              200,
		"/football":                          200,
		"/notagame":                          404,
		"/leagueLibrary/sim-spl/teamTable":   200,
		"/squadLibrary/t1/scheduleTable":     200,
		"/playerLibrary/p1/config":           200,
		"/leagueLibrary/sim-spl/nope":        404,
		"/leagueLibrary/sim-spl/teamtable":   404, // names are case-sensitive, as the client's
		"/squadLibrary/t1/teamTable/extra":   404,
		"/leagueLibrary/teamTable":           200, // a league whose id is "teamTable": the league page
		"/playerLibrary/p1/sortTable?desc=1": 200,
	}
	for path, want := range statuses {
		if got := apitest.Do(t, srv.URL, "GET", path, "", nil).Status; got != want {
			t.Errorf("GET %s: %d, want %d", path, got, want)
		}
	}
}
