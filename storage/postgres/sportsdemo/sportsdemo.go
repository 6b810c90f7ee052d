package sportsdemo

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sort"
	"time"

	"courtside/actors/match/feed"
	"courtside/storage/postgres"
)

// Config shapes the dataset; zero values get defaults.
type Config struct {
	Seed uint64    // default 2026
	Now  time.Time // the window's centre; default time.Now()
	Days int       // the schedule covers Now-Days .. Now+Days (whole UTC days); default 7
}

// Dataset is the generated data.
type Dataset struct {
	Reference postgres.Reference
	Fixtures  []feed.Fixture
	Rosters   map[string][]feed.Player // team id -> squad, for the simulator's line-ups and scorers
}

// leagueSpec describes one generated competition.
type leagueSpec struct {
	id, name, short, country, kind string
	game                           int
	teams                          int
	perDay                         int
	bestOf                         int
	knockout                       bool
}

var leagues = []leagueSpec{
	{"sim-spl", "Simulated Premier League", "SPL", "Simland", "league", feed.GameSoccer, 16, 6, 0, false},
	{"sim-scup", "Simulated Champions Cup", "SCC", "International", "cup", feed.GameSoccer, 16, 2, 0, true},
	// Basketball plays around the clock, a game every 72 minutes (one takes about 100), so a visitor
	// at any hour finds a live match whose score keeps moving.
	{"sim-sbl", "Simulated Basketball League", "SBL", "Simland", "league", feed.GameBasketball, 40, 20, 0, false},
	{"sim-stour", "Simulated Tennis Tour", "STT", "International", "cup", feed.GameTennis, 32, 6, 3, false},
	{"sim-sbb", "Simulated Baseball League", "SBB", "Simland", "league", feed.GameBaseball, 12, 4, 0, false},
	{"sim-lol", "Simulated LoL Series", "SLS", "International", "series", feed.GameLoL, 10, 3, 3, false},
	{"sim-cs", "Simulated CS2 Series", "SCS", "International", "series", feed.GameCS, 12, 4, 3, false},
	{"sim-dota", "Simulated Dota 2 Series", "SDS", "International", "series", feed.GameDota2, 10, 3, 3, false},
	{"sim-val", "Simulated Valorant Series", "SVS", "International", "series", feed.GameValorant, 10, 3, 3, false},
}

var (
	cities    = []string{"Northbridge", "Eastvale", "Westmoor", "Southport", "Kingsford", "Riverton", "Ashby", "Brookfield", "Clearwater", "Dunmore", "Elmstead", "Fairhaven", "Glenrock", "Harrowgate", "Ironwood", "Juniper Bay", "Lakeside", "Millbrook", "Oakridge", "Pinecrest", "Queensbury", "Redcliff", "Stonehill", "Thornbury", "Upton", "Valemont", "Whitby", "Yarrow", "Zephyr Point", "Coldwater", "Highgarden", "Marbleton"}
	clubs     = []string{"Rovers", "United", "Athletic", "City", "Wanderers", "Albion", "Rangers", "Town"}
	franch    = []string{"Comets", "Hawks", "Titans", "Wolves", "Mariners", "Falcons", "Bison", "Storm"}
	orgs      = []string{"Nova", "Vortex", "Apex", "Eclipse", "Pulse", "Zenith", "Onyx", "Helix", "Quasar", "Solace", "Crimson", "Aurora"}
	orgTail   = []string{"Gaming", "Esports", "Club", "Academy"}
	firsts    = []string{"Alex", "Ben", "Carlos", "Dmitri", "Eli", "Finn", "Goran", "Hugo", "Ivan", "Jonas", "Kai", "Luca", "Marek", "Nico", "Oscar", "Pavel", "Quinn", "Rafa", "Sami", "Tomas", "Umar", "Viktor", "Wen", "Yusuf", "Zane", "Mateo", "Leo", "Arjun", "Kenji", "Min-jun"}
	lasts     = []string{"Adler", "Brandt", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Horvat", "Ivanov", "Jensen", "Kowalski", "Lindqvist", "Moreau", "Novak", "Okafor", "Petrov", "Quinlan", "Rossi", "Silva", "Tanaka", "Ueda", "Varga", "Weber", "Xu", "Yilmaz", "Zielinski", "Park", "Nguyen", "Haddad", "Santos"}
	nations   = []string{"Simland", "Northria", "Eastmark", "Westaria", "Southisle", "Kingsland"}
	handles   = []string{"Blaze", "Cipher", "Drift", "Echo", "Frost", "Ghost", "Havoc", "Ion", "Jolt", "Karma", "Lynx", "Mirage", "Nyx", "Orbit", "Pixel", "Quake", "Raven", "Shade", "Titan", "Umbra", "Viper", "Wraith", "Xeno", "Yeti", "Zed"}
	positions = map[int][]string{
		feed.GameSoccer:     {"GK", "DF", "DF", "DF", "DF", "MF", "MF", "MF", "MF", "FW", "FW", "GK", "DF", "DF", "MF", "MF", "FW", "FW"},
		feed.GameBasketball: {"PG", "SG", "SF", "PF", "C", "PG", "SG", "SF", "PF", "C", "SF", "C"},
		feed.GameBaseball:   {"P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF", "P", "P", "C", "IF"},
		feed.GameLoL:        {"Top", "Jungle", "Mid", "ADC", "Support", "Sub"},
		feed.GameDota2:      {"Carry", "Mid", "Offlane", "Soft support", "Hard support", "Sub"},
		feed.GameCS:         {"IGL", "AWPer", "Entry", "Support", "Lurker", "Sub"},
		feed.GameValorant:   {"Duelist", "Initiator", "Controller", "Sentinel", "Flex", "Sub"},
		feed.GameTennis:     {"Singles"},
	}
)

func rng(seed uint64, parts ...string) *rand.Rand {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// Generate builds the dataset for cfg.
func Generate(cfg Config) Dataset {
	if cfg.Seed == 0 {
		cfg.Seed = 2026
	}
	if cfg.Now.IsZero() {
		cfg.Now = time.Now()
	}
	if cfg.Days == 0 {
		cfg.Days = 7
	}
	ds := Dataset{Rosters: map[string][]feed.Player{}, Reference: postgres.Reference{Source: feed.SourceSimulator}}
	ref := &ds.Reference
	year := cfg.Now.UTC().Year()
	today := cfg.Now.UTC().Truncate(24 * time.Hour)
	for li, l := range leagues {
		r := rng(cfg.Seed, l.id)
		ref.Leagues = append(ref.Leagues, feed.League{ID: l.id, Game: l.game, Name: l.name, ShortName: l.short,
			Logo: "/images/leagues/" + l.id + ".png", Country: l.country, Kind: l.kind, Tier: 1, Source: feed.SourceSimulator})
		season := feed.Season{ID: fmt.Sprintf("%s-%d", l.id, year), League: l.id, Name: fmt.Sprintf("%d", year),
			Start: time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC), End: time.Date(year, 12, 31, 0, 0, 0, 0, time.UTC), Current: true}
		prev := feed.Season{ID: fmt.Sprintf("%s-%d", l.id, year-1), League: l.id, Name: fmt.Sprintf("%d", year-1),
			Start: time.Date(year-1, 1, 1, 0, 0, 0, 0, time.UTC), End: time.Date(year-1, 12, 31, 0, 0, 0, 0, time.UTC)}
		ref.Seasons = append(ref.Seasons, season, prev)
		stageKind := "league"
		if l.kind != "league" {
			stageKind = "knockout"
		}
		stage := feed.Stage{ID: season.ID + "-main", Season: season.ID, Name: map[string]string{"league": "Regular season", "knockout": "Main draw"}[stageKind], Kind: stageKind}
		ref.Stages = append(ref.Stages, stage)
		var teamIDs []string
		for ti := 0; ti < l.teams; ti++ {
			team := makeTeam(cfg.Seed, l, li, ti)
			teamIDs = append(teamIDs, team.ID)
			ref.Teams = append(ref.Teams, team)
			squad := makeSquad(cfg.Seed, l, team)
			ds.Rosters[team.ID] = squad
			ref.Players = append(ref.Players, squad...)
		}
		ref.Standings = append(ref.Standings, standings(r, season.ID, stage.ID, teamIDs, l.game)...)
		for ti, id := range teamIDs {
			if ti%4 == 0 {
				ref.Honours = append(ref.Honours, feed.Honour{OwnerKind: "team", Owner: id, League: l.id,
					Title: l.name + " champions", Season: fmt.Sprintf("%d", year-1-ti/4), Year: year - 1 - ti/4})
			}
			if ti%3 == 0 && len(ds.Rosters[id]) > 1 {
				p := ds.Rosters[id][len(ds.Rosters[id])/2]
				from := teamIDs[(ti+1)%len(teamIDs)]
				ref.Transfers = append(ref.Transfers, feed.Transfer{Player: p.ID, From: from, To: id,
					Date: today.AddDate(0, -1-ti%9, -ti), Fee: int64(r.IntN(40)+1) * 250000, Kind: []string{"transfer", "loan", "free"}[ti%3]})
				ref.Honours = append(ref.Honours, feed.Honour{OwnerKind: "player", Owner: p.ID, League: l.id,
					Title: l.short + " most valuable player", Season: fmt.Sprintf("%d", year-1), Year: year - 1})
			}
		}
		// The schedule: the same fixtures for a given day on every run.
		for d := -cfg.Days; d <= cfg.Days; d++ {
			day := today.AddDate(0, 0, d)
			dr := rng(cfg.Seed, l.id, day.Format("20060102"))
			order := dr.Perm(len(teamIDs))
			roundID := fmt.Sprintf("%s-r%s", stage.ID, day.Format("0102"))
			ref.Rounds = append(ref.Rounds, feed.Round{ID: roundID, Stage: stage.ID, Name: roundName(l, day), Order: int(day.Unix() / 86400)})
			for k := 0; k < l.perDay && 2*k+1 < len(order); k++ {
				// Minutes after midnight UTC, spread over the whole day and shifted per league, so
				// some match is in play whatever the hour.
				slot := (li*47 + k*(1440/l.perDay) + dr.IntN(10)*3) % 1440
				home, away := teamIDs[order[2*k]], teamIDs[order[2*k+1]]
				ds.Fixtures = append(ds.Fixtures, feed.Fixture{
					ID: fmt.Sprintf("%s-%s-%d", l.id, day.Format("20060102"), k+1), Game: l.game, League: l.id,
					Season: season.ID, Stage: stage.ID, Round: roundID, Home: home, Away: away,
					Start: day.Add(time.Duration(slot) * time.Minute), BestOf: l.bestOf, Knockout: l.knockout,
					Venue: venue(l, home), Source: feed.SourceSimulator,
					HomeRating: ratingOf(ref.Teams, home), AwayRating: ratingOf(ref.Teams, away),
				})
			}
		}
	}
	sort.Slice(ds.Fixtures, func(i, j int) bool { return ds.Fixtures[i].Start.Before(ds.Fixtures[j].Start) })
	return ds
}

func roundName(l leagueSpec, day time.Time) string {
	if l.kind == "league" {
		return "Matchday " + day.Format("Jan 2")
	}
	return "Day " + day.Format("Jan 2")
}

func venue(l leagueSpec, home string) string {
	if feed.IsEsport(l.game) {
		return "Online"
	}
	return home + " Arena"
}

func ratingOf(teams []feed.Team, id string) int {
	for i := len(teams) - 1; i >= 0; i-- {
		if teams[i].ID == id {
			return teams[i].Rating
		}
	}
	return 50
}

func makeTeam(seed uint64, l leagueSpec, li, ti int) feed.Team {
	r := rng(seed, l.id, "team", fmt.Sprint(ti))
	id := fmt.Sprintf("%s-t%02d", l.id, ti+1)
	city := cities[(ti*7+li*3)%len(cities)]
	var name string
	switch {
	case l.game == feed.GameTennis:
		name = firsts[(ti*7+3)%len(firsts)] + " " + lasts[(ti*11+li)%len(lasts)]
	case feed.IsEsport(l.game):
		name = orgs[(ti+li)%len(orgs)] + " " + orgTail[(ti/len(orgs)+li)%len(orgTail)]
	case l.game == feed.GameSoccer:
		name = city + " " + clubs[(ti+li)%len(clubs)]
	default:
		name = city + " " + franch[(ti+li)%len(franch)]
	}
	return feed.Team{ID: id, Game: l.game, Name: name, FullName: name + " (simulated)", ShortName: shortName(name),
		Logo: "/images/teams/" + id + ".png", Country: nations[r.IntN(len(nations))],
		HeadCoach: firsts[r.IntN(len(firsts))] + " " + lasts[r.IntN(len(lasts))], AssistantCoach: firsts[r.IntN(len(firsts))] + " " + lasts[r.IntN(len(lasts))],
		Founded:   time.Date(1880+r.IntN(140), time.Month(1+r.IntN(12)), 1+r.IntN(28), 0, 0, 0, 0, time.UTC),
		WorldRank: ti + 1 + r.IntN(3), PrizeMoney: int64(r.IntN(5000)) * 1000, AverageAge: 21 + float64(r.IntN(80))/10,
		Rating: 35 + r.IntN(60), Source: feed.SourceSimulator}
}

func shortName(name string) string {
	out := []rune{}
	for i, c := range name {
		if i == 0 || (i > 0 && name[i-1] == ' ') {
			out = append(out, c)
		}
	}
	if len(out) < 3 && len(name) >= 3 {
		return name[:3]
	}
	return string(out)
}

func makeSquad(seed uint64, l leagueSpec, t feed.Team) []feed.Player {
	r := rng(seed, t.ID, "squad")
	pos := positions[l.game]
	out := make([]feed.Player, 0, len(pos))
	for i, p := range pos {
		name := firsts[r.IntN(len(firsts))] + " " + lasts[r.IntN(len(lasts))]
		full := name
		if feed.IsEsport(l.game) {
			name = handles[r.IntN(len(handles))] + fmt.Sprint(r.IntN(99))
		}
		if l.game == feed.GameTennis {
			name, full = t.Name, t.Name
		}
		out = append(out, feed.Player{ID: fmt.Sprintf("%s-p%02d", t.ID, i+1), Game: l.game, Team: t.ID, Name: name, FullName: full,
			Nationality: nations[r.IntN(len(nations))], Position: p, Shirt: i + 1,
			Birth: time.Date(1990+r.IntN(16), time.Month(1+r.IntN(12)), 1+r.IntN(28), 0, 0, 0, 0, time.UTC),
			Power: 50 + r.IntN(50), KDA: float64(80+r.IntN(400)) / 100, Photo: "/images/players/default.png", Source: feed.SourceSimulator})
	}
	return out
}

// standings makes a plausible table after about two thirds of a season.
func standings(r *rand.Rand, season, stage string, teams []string, game int) []feed.Standing {
	draws := game == feed.GameSoccer
	rows := make([]feed.Standing, len(teams))
	played := 2 * (len(teams) - 1) * 2 / 3
	for i, id := range teams {
		w := r.IntN(played + 1)
		d := 0
		if draws {
			d = r.IntN(played - w + 1)
		}
		l := played - w - d
		f := w*2 + d + r.IntN(10)
		a := l*2 + d + r.IntN(10)
		pts := 3*w + d
		if !draws {
			pts = w
		}
		form := []byte{}
		for k := 0; k < 5; k++ {
			form = append(form, "WDL"[r.IntN(3)])
			if !draws && form[k] == 'D' {
				form[k] = 'W'
			}
		}
		rows[i] = feed.Standing{Season: season, Stage: stage, Team: id, Played: played, Won: w, Drawn: d, Lost: l, For: f, Against: a, Points: pts, Form: string(form)}
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if rows[i].Points != rows[j].Points {
			return rows[i].Points > rows[j].Points
		}
		return rows[i].For-rows[i].Against > rows[j].For-rows[j].Against
	})
	for i := range rows {
		rows[i].Position = i + 1
	}
	return rows
}

// Seed writes the dataset's reference data and fixtures (idempotent: matches already known keep
// what the feed made of them).
func Seed(ctx context.Context, store *postgres.SportsStore, ds Dataset) error {
	if err := store.UpsertReference(ctx, ds.Reference); err != nil {
		return fmt.Errorf("sportsdemo: reference data: %w", err)
	}
	if err := store.UpsertFixtures(ctx, ds.Fixtures); err != nil {
		return fmt.Errorf("sportsdemo: fixtures: %w", err)
	}
	return nil
}
