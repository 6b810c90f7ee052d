package sportsdemo_test

import (
	"context"
	"strings"
	"testing"

	"courtside/actors/match/feed"
	"courtside/storage/postgres"
	"courtside/storage/postgres/sportsdemo"
)

// realNames are a few real clubs, leagues, players, heroes and maps: none may appear.
var realNames = []string{"Arsenal", "Real Madrid", "Barcelona", "Bayern", "Juventus", "Lakers", "Celtics", "Yankees", "Dodgers", "Patriots",
	"Premier League", "Bundesliga", "La Liga", "Serie A", "NBA", "NFL", "NHL", "MLB", "LCK", "LPL", "ESL", "BLAST", "VCT", "KPL", "MPL",
	"T1", "Faker", "s1mple", "Fnatic", "Natus Vincere", "Aurora Gaming", "Nova Esports", "Team Liquid", "Cloud9", "Ahri", "Roshan",
	"Mirage", "Inferno", "Dust2", "Ascent", "Jett", "Tracer",
	"Simulated", "sim-", "Player 1", "hero:", "weapon:"}

func checkName(t *testing.T, what, name string) {
	t.Helper()
	if strings.TrimSpace(name) == "" {
		t.Fatalf("%s has no name", what)
	}
	for _, bad := range realNames {
		if strings.Contains(name, bad) && !(bad == "T1" && name != "T1") {
			t.Fatalf("%s is named %q, which contains %q", what, name, bad)
		}
	}
}

// TestEveryGameHasBelievableData: every game of the catalogue gets a competition with named
// sides, squads with nationalities and positions, coaches, venues, founding dates, prize money
// in whole dollars, standings, honours of existing sides and players, and transfers between
// generated sides whose player is in the squad he joined; no side plays itself; no name is a
// placeholder or a real trademark.
func TestEveryGameHasBelievableData(t *testing.T) {
	ds := sportsdemo.Generate(sportsdemo.Config{Now: now})
	ref := ds.Reference
	teams := map[string]feed.Team{}
	players := map[string]feed.Player{}
	leagueOf := map[string]string{}
	games := map[int]int{}
	for _, l := range ref.Leagues {
		checkName(t, "league "+l.ID, l.Name)
		games[l.Game]++
		if l.Country == "" || l.Region == "" {
			t.Fatalf("league %s without country or region: %+v", l.ID, l)
		}
	}
	if len(games) != len(feed.Games()) {
		t.Fatalf("%d games have a competition, want %d", len(games), len(feed.Games()))
	}
	names := map[string]string{}
	for _, tm := range ref.Teams {
		checkName(t, "team "+tm.ID, tm.Name)
		teams[tm.ID] = tm
		league := tm.ID[:strings.LastIndex(tm.ID, "-t")]
		leagueOf[tm.ID] = league
		if other, dup := names[league+"/"+tm.Name]; dup {
			t.Fatalf("%s and %s share the name %q", other, tm.ID, tm.Name)
		}
		names[league+"/"+tm.Name] = tm.ID
		p := feed.ProfileOf(tm.Game)
		if tm.Country == "" || tm.CountryCode == "" || tm.HeadCoach == "" || tm.PrizeMoney <= 0 || tm.AverageAge < 16 || tm.AverageAge > 50 {
			t.Fatalf("team %+v", tm)
		}
		if !p.Individual && tm.Founded.IsZero() {
			t.Fatalf("team %s has no founding date", tm.ID)
		}
		if !feed.IsEsport(tm.Game) && !p.Individual && (tm.Venue == "" || tm.VenueCapacity < 1000 || tm.City == "") {
			t.Fatalf("club %s without venue: %+v", tm.ID, tm)
		}
		squad := ds.Rosters[tm.ID]
		if len(squad) != len(p.Positions) {
			t.Fatalf("team %s has %d players, its game %d positions", tm.ID, len(squad), len(p.Positions))
		}
		mates := map[string]string{}
		for _, pl := range squad {
			checkName(t, "player "+pl.ID, pl.Name)
			if other, dup := mates[pl.Name]; dup && !p.Individual {
				t.Fatalf("team-mates %s and %s share the name %q", other, pl.ID, pl.Name)
			}
			mates[pl.Name] = pl.ID
			if pl.Nationality == "" || pl.NationalityCode == "" || pl.Position == "" || pl.Birth.IsZero() || pl.Team != tm.ID || pl.FullName == "" {
				t.Fatalf("player %+v", pl)
			}
			if !feed.IsEsport(pl.Game) && pl.KDA != 0 {
				t.Fatalf("%s player %s has a KDA", p.Family, pl.ID)
			}
			players[pl.ID] = pl
		}
	}
	for _, f := range ds.Fixtures {
		if f.Home == f.Away || leagueOf[f.Home] != f.League || leagueOf[f.Away] != f.League {
			t.Fatalf("fixture %+v", f)
		}
		if f.Venue == "" {
			t.Fatalf("fixture %s has no venue", f.ID)
		}
		if f.Start.Minute()%5 != 0 {
			t.Fatalf("fixture %s starts at %s", f.ID, f.Start.Format("15:04"))
		}
	}
	standings := map[string]int{}
	for _, st := range ref.Standings {
		if _, ok := teams[st.Team]; !ok || st.Played != st.Won+st.Drawn+st.Lost || len(st.Form) == 0 || st.AsOf.IsZero() {
			t.Fatalf("standing %+v", st)
		}
		standings[leagueOf[st.Team]]++
	}
	for _, l := range ref.Leagues {
		if standings[l.ID] == 0 {
			t.Fatalf("league %s has no table", l.ID)
		}
	}
	for _, h := range ref.Honours {
		_, team := teams[h.Owner]
		_, player := players[h.Owner]
		if (h.OwnerKind == "team" && !team) || (h.OwnerKind == "player" && !player) || h.Title == "" || h.Year == 0 {
			t.Fatalf("honour %+v", h)
		}
	}
	if len(ref.Transfers) == 0 {
		t.Fatal("no transfers")
	}
	for _, x := range ref.Transfers {
		pl, ok := players[x.Player]
		from, okF := teams[x.From]
		to, okT := teams[x.To]
		if !ok || !okF || !okT || x.From == x.To || pl.Team != x.To || leagueOf[x.From] != leagueOf[x.To] {
			t.Fatalf("transfer %+v", x)
		}
		if x.PlayerName != pl.Name || x.FromName != from.Name || x.ToName != to.Name || x.Fee < 0 || (x.Kind == "free" && x.Fee != 0) {
			t.Fatalf("transfer names or fee %+v", x)
		}
	}
}

// checkTablesFollowResults: once the demo has played up to now, every table's form is the last
// results of the team the store shows (newest last), and every finished match is counted once.
func checkTablesFollowResults(t *testing.T, ctx context.Context, store *postgres.SportsStore, ds sportsdemo.Dataset, rows []postgres.MatchRow) {
	t.Helper()
	bySeason := map[string][]postgres.MatchRow{}
	for _, r := range rows {
		if r.Live.Status == feed.StatusFinished {
			bySeason[r.Season] = append(bySeason[r.Season], r)
		}
	}
	base := map[string]feed.Standing{}
	for _, st := range ds.Reference.Standings {
		base[st.Season+"/"+st.Team] = st
	}
	checked := 0
	for season, done := range bySeason {
		table, err := store.Standings(ctx, season)
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range table {
			var form []byte
			added := 0
			for _, m := range done { // MatchesBetween is ordered by start
				if m.Home != row.Team && m.Away != row.Team {
					continue
				}
				gf, ga := m.Live.Home, m.Live.Away
				if m.Away == row.Team {
					gf, ga = ga, gf
				}
				c := byte('D')
				if gf > ga {
					c = 'W'
				} else if gf < ga {
					c = 'L'
				}
				form = append(form, c)
				added++
			}
			want := base[season+"/"+row.Team]
			if added > 0 {
				if got := row.Form; got != string(form[max(len(form)-5, 0):]) {
					t.Fatalf("%s %s (%s): form %q, results shown give %q", season, row.Team, row.TeamName, got, form)
				}
				checked++
			}
			if row.Played != want.Played+added {
				t.Fatalf("%s %s: played %d, want %d before the window and %d since", season, row.Team, row.Played, want.Played, added)
			}
			if row.Points != feed.StandingPoints(gameOf(ds, season), row.Won, row.Drawn, row.Lost) {
				t.Fatalf("%s %s: points %d for %d-%d-%d", season, row.Team, row.Points, row.Won, row.Drawn, row.Lost)
			}
		}
		for i := 1; i < len(table); i++ {
			if table[i].Stage == table[i-1].Stage && table[i].Points > table[i-1].Points {
				t.Fatalf("%s: %s ranked below with more points", season, table[i].TeamName)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no team had a result to check its form against")
	}
	t.Logf("form checked for %d rows of %d seasons", checked, len(bySeason))
}

func gameOf(ds sportsdemo.Dataset, season string) int {
	for _, l := range ds.Reference.Leagues {
		if strings.HasPrefix(season, l.ID+"-") {
			return l.Game
		}
	}
	return -1
}
