package sportsdemo

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
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
	Rosters   map[string][]feed.Player // team id -> squad in shirt order, starters first
}

// Team styles: how a league's sides are named and staffed.
const (
	styleClub       = "club"       // a town's club (football, hockey, volleyball, cricket)
	styleFranchise  = "franchise"  // a town and a nickname (North American and Japanese leagues)
	styleEsports    = "esports"    // an organisation with gamer tags
	styleIndividual = "individual" // the side is one person
)

// leagueSpec describes one generated competition.
type leagueSpec struct {
	id, name, short string
	game            int
	kind            string   // league, cup, series
	home            string   // region code of a national league ("" international)
	pool            []string // region codes of international sides and foreign players
	region          string   // shown for international competitions ("Europe", "Asia", "World")
	style           string
	teams, perDay   int
	bestOf          int
	knockout        bool
	pinned          bool
	venue           string // where esports and individual events are played
	prizePool       int64
}

var leagues = []leagueSpec{
	{"sim-spl", "Albion Premier Division", "APD", feed.GameSoccer, "league", "GB", europePool, "", styleClub, 16, 6, 0, false, true, "", 0},
	{"sim-scup", "Continental Champions Cup", "CCC", feed.GameSoccer, "cup", "", []string{"ES", "DE", "IT", "FR", "PT", "NL", "GB"}, "Europe", styleClub, 16, 2, 0, true, true, "", 0},
	// Basketball plays around the clock, a game every 80 minutes (one takes about 100), so at any
	// hour a visitor finds a match whose score keeps moving, even while another is at half-time.
	{"sim-sbl", "Coastal Basketball League", "CBL", feed.GameBasketball, "league", "US", worldPool, "", styleFranchise, 40, 18, 0, false, true, "", 0},
	{"sim-stour", "Grand Circuit Tennis Tour", "GCT", feed.GameTennis, "cup", "", worldPool, "World", styleIndividual, 32, 5, 3, false, false, "Grand Circuit Centre Court", 12_500_000},
	{"sim-sbb", "Pacific Rim Baseball League", "PRB", feed.GameBaseball, "league", "JP", []string{"US", "KR", "JP", "JP", "JP"}, "", styleFranchise, 12, 4, 0, false, false, "", 0},
	{"sim-lol", "Hangang Premier Series", "HPS", feed.GameLoL, "series", "KR", []string{"KR", "KR", "KR", "CN", "VN"}, "", styleEsports, 10, 3, 3, false, true, "Hangang Esports Arena, Seoul", 1_000_000},
	{"sim-cs", "Continental Masters Series", "CMS", feed.GameCS, "series", "", esportsEU, "Europe", styleEsports, 12, 4, 3, false, true, "Northgate Hall, Copenhagen", 1_250_000},
	{"sim-dota", "Frontier Pro Circuit", "FPC", feed.GameDota2, "series", "", append(append([]string{}, esportsEU...), esportsAsia...), "World", styleEsports, 10, 3, 3, false, false, "Frontier Arena, Kuala Lumpur", 2_000_000},
	{"sim-val", "Atlantic Tactical League", "ATL", feed.GameValorant, "series", "", append([]string{"US", "CA", "BR", "AR"}, esportsEU...), "Americas and Europe", styleEsports, 10, 3, 3, false, false, "Pier 9 Studio, Lisbon", 750_000},
	{"sim-t20", "Indus Twenty20 League", "ITL", 210, "league", "IN", []string{"AU", "GB", "IN", "IN", "IN"}, "", styleClub, 8, 2, 0, false, false, "", 0},
	{"sim-snk", "Northern Snooker Classic", "NSC", feed.GameSnooker, "cup", "GB", snookerPool, "", styleIndividual, 16, 1, 9, false, false, "Royal Exchange Hall, Harrowgate", 1_100_000},
	{"sim-ffl", "Frontier Football League", "FFL", 209, "league", "US", []string{"US", "US", "CA"}, "", styleFranchise, 16, 2, 0, false, false, "", 0},
	{"sim-lpt", "Lega Pallavolo Tirrena", "LPT", 206, "league", "IT", europePool, "", styleClub, 12, 1, 5, false, false, "", 0},
	{"sim-tts", "Asia Table Tennis Series", "ATT", 208, "cup", "", racquetPool, "Asia", styleIndividual, 16, 1, 5, false, false, "Riverside Sports Hall, Chengdu", 600_000},
	{"sim-gss", "Grand Shuttle Series", "GSS", 207, "cup", "", racquetPool, "World", styleIndividual, 16, 1, 3, false, false, "Istora Hall, Jakarta", 850_000},
	{"sim-icc", "Iron Cage Championship", "ICC", 15, "cup", "", combatPool, "World", styleIndividual, 24, 1, 3, false, false, "Desert Rock Events Center", 0},
	{"sim-nil", "Northern Ice League", "NIL", feed.GameSportsOther, "league", "SE", []string{"FI", "SE", "SE", "CA", "DK"}, "", styleClub, 12, 2, 0, false, false, "", 0},
	{"sim-kog", "Jade Crown League", "JCL", feed.GameKoG, "series", "CN", []string{"CN"}, "", styleEsports, 10, 2, 5, false, false, "Jade Crown Studio, Chengdu", 1_500_000},
	{"sim-pmm", "Pacific Mobile Masters", "PMM", 7, "series", "", esportsAsia, "Asia", styleEsports, 8, 1, 3, false, false, "Harbourfront Arena, Manila", 400_000},
	{"sim-jpi", "Jade Peaks Invitational", "JPI", 26, "series", "CN", []string{"CN", "CN", "KR"}, "", styleEsports, 8, 1, 5, false, false, "Skyline Studio, Hangzhou", 300_000},
	{"sim-apl", "Archipelago Pro League", "APL", 25, "series", "ID", []string{"ID", "ID", "PH"}, "", styleEsports, 8, 2, 3, false, false, "Garuda Esports Hall, Jakarta", 300_000},
	{"sim-lac", "Lotus Arena Championship", "LAC", 24, "series", "VN", []string{"VN", "VN", "TH"}, "", styleEsports, 8, 1, 3, false, false, "Lotus Studio, Ho Chi Minh City", 250_000},
	{"sim-csm", "Classic Strategy Masters", "CSM", 23, "cup", "", strategyPool, "World", styleIndividual, 16, 1, 3, false, false, "Online", 80_000},
	{"sim-vhl", "Virtual Hoops League", "VHL", 22, "league", "US", []string{"US", "CA"}, "", styleEsports, 12, 1, 0, false, false, "Riverbend Studio, Harbor City", 500_000},
	{"sim-aco", "Arcane Cards Open", "ACO", 21, "cup", "", strategyPool, "World", styleIndividual, 16, 1, 5, false, false, "Online", 150_000},
	{"sim-fpl", "Fortress Pro League", "FPL", 20, "series", "", esportsEU, "Europe", styleEsports, 10, 1, 3, false, false, "Old Mill Studio, Warsaw", 450_000},
	{"sim-tbc", "Turbo Ball Championship", "TBC", 19, "series", "US", []string{"US", "CA"}, "", styleEsports, 10, 1, 5, false, false, "Neon Dome, Lakeport", 350_000},
	{"sim-nsl", "Nebula Strategy League", "NSL", 18, "cup", "KR", strategyPool, "", styleIndividual, 16, 1, 3, false, false, "Nebula Studio, Seoul", 200_000},
	{"sim-vgl", "Vanguard Hero League", "VGL", 17, "series", "", []string{"KR", "US", "CN", "FI", "FR"}, "World", styleEsports, 10, 1, 5, false, false, "Lighthouse Arena, Busan", 600_000},
	{"sim-chm", "Crosshair Masters", "CHM", 16, "series", "CN", []string{"CN", "CN", "VN"}, "", styleEsports, 8, 1, 3, false, false, "Crosshair Studio, Wuhan", 200_000},
	{"sim-vfm", "Virtual Football Masters", "VFM", 9, "cup", "", europePool, "Europe", styleEsports, 16, 2, 0, true, false, "Matchday Studio, Amsterdam", 250_000},
	{"sim-toc", "Tactical Ops Championship", "TOC", 8, "series", "US", []string{"US", "CA", "GB"}, "", styleEsports, 8, 1, 5, false, false, "Canyon Springs Arena", 800_000},
	{"sim-lsm", "Last Squad Mobile Series", "LSM", 6, "series", "", esportsAsia, "Asia", styleEsports, 12, 1, 5, false, false, "Palm Atoll Studio, Bangkok", 500_000},
	{"sim-lsp", "Last Squad Pro Series", "LSP", 5, "series", "", esportsEU, "Europe", styleEsports, 12, 1, 5, false, false, "Drylands Arena, Berlin", 500_000},
	{"sim-oec", "Open Esports Circuit", "OEC", feed.GameEsportsOther, "series", "", append([]string{"US", "KR"}, esportsEU...), "World", styleEsports, 8, 1, 3, false, false, "Online", 100_000},
	{"sim-spo", "Spectrum Open", "SPO", 27, "series", "", esportsAsia, "Asia", styleEsports, 8, 1, 3, false, false, "Online", 50_000},
	{"sim-mdi", "Meridian Invitational", "MDI", 28, "series", "", esportsEU, "Europe", styleEsports, 8, 1, 3, false, false, "Online", 50_000},
}

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
	people := map[string]bool{}
	year := cfg.Now.UTC().Year()
	today := cfg.Now.UTC().Truncate(24 * time.Hour)
	windowStart := today.AddDate(0, 0, -cfg.Days)
	for li, l := range leagues {
		r := rng(cfg.Seed, l.id)
		country, code := l.region, ""
		if rg := regions[l.home]; rg != nil && l.region == "" {
			country, code = rg.Country, rg.Code
		}
		region := l.region
		if region == "" {
			region = country
		}
		ref.Leagues = append(ref.Leagues, feed.League{ID: l.id, Game: l.game, Name: l.name, ShortName: l.short,
			Logo: "/images/leagues/" + l.id + ".png", Country: country, CountryCode: code, Region: region, Kind: l.kind, Tier: 1,
			Pinned: l.pinned, PrizePool: l.prizePool, Source: feed.SourceSimulator})
		season := feed.Season{ID: fmt.Sprintf("%s-%d", l.id, year), League: l.id, Name: fmt.Sprintf("%d", year),
			Start: time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC), End: time.Date(year, 12, 31, 0, 0, 0, 0, time.UTC), Current: true}
		prev := feed.Season{ID: fmt.Sprintf("%s-%d", l.id, year-1), League: l.id, Name: fmt.Sprintf("%d", year-1),
			Start: time.Date(year-1, 1, 1, 0, 0, 0, 0, time.UTC), End: time.Date(year-1, 12, 31, 0, 0, 0, 0, time.UTC)}
		ref.Seasons = append(ref.Seasons, season, prev)
		stageKind := "league"
		if l.kind != "league" {
			stageKind = "knockout"
		}
		stageName := map[string]string{"league": "Regular season", "cup": "Main draw", "series": "Regular season"}[l.kind]
		stage := feed.Stage{ID: season.ID + "-main", Season: season.ID, Name: stageName, Kind: stageKind}
		ref.Stages = append(ref.Stages, stage)
		var teams []feed.Team
		used := map[string]bool{}
		if l.style == styleIndividual {
			used = people // one person never plays two sports
		}
		for ti := 0; ti < l.teams; ti++ {
			team := makeTeam(cfg.Seed, l, ti, used)
			squad := makeSquad(cfg.Seed, l, &team)
			teams = append(teams, team)
			ds.Rosters[team.ID] = squad
			ref.Players = append(ref.Players, squad...)
		}
		rankTeams(teams)
		ref.Teams = append(ref.Teams, teams...)
		ref.Standings = append(ref.Standings, standings(r, l, season.ID, stage.ID, teams, windowStart)...)
		ref.Honours = append(ref.Honours, honours(r, l, teams, ds.Rosters, year)...)
		ref.Transfers = append(ref.Transfers, transfers(r, l, teams, ds.Rosters, today)...)
		// The schedule: the same fixtures for a given day on every run.
		sched := schedule{seed: cfg.Seed, li: li, l: l, season: season, stage: stage, teams: teams}
		for d := -cfg.Days; d <= cfg.Days; d++ {
			day := today.AddDate(0, 0, d)
			ref.Rounds = append(ref.Rounds, feed.Round{ID: sched.roundID(day), Stage: stage.ID, Name: roundName(l, day, season.Start), Order: int(day.Unix() / 86400)})
			ds.Fixtures = append(ds.Fixtures, sched.day(day)...)
		}
	}
	sort.Slice(ds.Fixtures, func(i, j int) bool { return ds.Fixtures[i].Start.Before(ds.Fixtures[j].Start) })
	return ds
}

// schedule draws one competition's fixtures, day by day.
type schedule struct {
	seed   uint64
	li     int
	l      leagueSpec
	season feed.Season
	stage  feed.Stage
	teams  []feed.Team
}

func (sc *schedule) roundID(day time.Time) string {
	return fmt.Sprintf("%s-r%s", sc.stage.ID, day.Format("0102"))
}

// twoLegged names the competitions whose ties are played over two legs: the pairs drawn for a
// first-leg week meet again a week later with home and away swapped, and the second leg is decided
// on aggregate (extra time and penalties when level; away goals do not count double).
var twoLegged = map[string]bool{"sim-scup": true}

// legOf is 1 or 2 on the days of a two-legged competition (whole weeks alternate, counted from the
// Unix epoch, so any day's leg is known without the window), 0 for other competitions.
func legOf(l leagueSpec, day time.Time) int {
	if !twoLegged[l.id] {
		return 0
	}
	return int(day.Unix()/86400/7)%2 + 1
}

// day returns the fixtures of one day: single matches, first legs, or the second legs of the
// ties drawn a week before.
func (sc *schedule) day(day time.Time) []feed.Fixture {
	switch legOf(sc.l, day) {
	case 1:
		fs := sc.draw(day)
		for i := range fs {
			fs[i].Leg, fs[i].Knockout = 1, false
		}
		return fs
	case 2:
		firsts := sc.day(day.AddDate(0, 0, -7))
		fs := sc.draw(day)
		for i := range fs {
			if i >= len(firsts) {
				break
			}
			first := firsts[i]
			f := &fs[i]
			// Same pair, home and away swapped, a week after the first leg; the referee and the
			// access marks are this day's own.
			f.Home, f.Away, f.HomeRating, f.AwayRating = first.Away, first.Home, first.AwayRating, first.HomeRating
			f.Start = first.Start.AddDate(0, 0, 7)
			f.Venue = sc.venueOf(f.Home)
			f.Leg, f.Knockout, f.FirstLeg = 2, true, &first
		}
		return fs[:min(len(fs), len(firsts))]
	}
	return sc.draw(day)
}

func (sc *schedule) venueOf(team string) string {
	for _, t := range sc.teams {
		if t.ID == team && t.Venue != "" {
			return t.Venue
		}
	}
	return sc.l.venue
}

// draw is the day's random pairing: the same fixtures for a given day on every run.
func (sc *schedule) draw(day time.Time) []feed.Fixture {
	l, teams := sc.l, sc.teams
	dr := rng(sc.seed, l.id, day.Format("20060102"))
	order := dr.Perm(len(teams))
	var out []feed.Fixture
	for k := 0; k < l.perDay && 2*k+1 < len(order); k++ {
		// Minutes after midnight UTC, spread over the whole day and shifted per league, so
		// some match is in play whatever the hour; start times fall on five minutes.
		slot := (sc.li*47 + k*(1440/l.perDay) + dr.IntN(10)*3) % 1440
		slot -= slot % 5
		home, away := teams[order[2*k]], teams[order[2*k+1]]
		f := feed.Fixture{
			ID: fmt.Sprintf("%s-%s-%d", l.id, day.Format("20060102"), k+1), Game: l.game, League: l.id,
			Season: sc.season.ID, Stage: sc.stage.ID, Round: sc.roundID(day), Home: home.ID, Away: away.ID,
			Start: day.Add(time.Duration(slot) * time.Minute), BestOf: l.bestOf, Knockout: l.knockout,
			Venue: home.Venue, Source: feed.SourceSimulator, HomeRating: home.Rating, AwayRating: away.Rating,
		}
		if f.Venue == "" {
			f.Venue = l.venue
		}
		if hasReferee(l.game) {
			f.Referee = person(dr, pickS(dr, append([]string{l.home, l.home}, l.pool...)))
		}
		switch x := dr.IntN(100); {
		case x < 4 && l.pinned:
			f.VIPOnly = true
		case x < 9:
			f.LoginRequired = true
		}
		out = append(out, f)
	}
	return out
}

// Teams returns the dataset's teams (for the simulator's texts and line-up coaches).
func (ds *Dataset) Teams() []feed.Team { return ds.Reference.Teams }

func hasReferee(game int) bool {
	switch feed.ProfileOf(game).Family {
	case feed.FamFootball, feed.FamHockey, feed.FamBasketball, feed.FamGridiron, feed.FamCombat, feed.FamRally, feed.FamTennis, feed.FamSnooker,
		feed.FamBaseball, feed.FamCricket:
		return !feed.IsEsport(game)
	}
	return false
}

func roundName(l leagueSpec, day, seasonStart time.Time) string {
	n := int(day.Sub(seasonStart).Hours()/24)/7 + 1
	if l.kind == "league" {
		return fmt.Sprintf("Matchday %d", n)
	}
	switch legOf(l, day) {
	case 1:
		return fmt.Sprintf("Week %d, first legs", n)
	case 2:
		return fmt.Sprintf("Week %d, second legs", n)
	}
	return fmt.Sprintf("Week %d", n)
}

// sideRegion is the region a side comes from: the league's home, or for international
// competitions one of its pool in turn.
func sideRegion(l leagueSpec, ti int) string {
	if l.home != "" && (l.style != styleIndividual || ti%4 != 3) && (l.style != styleEsports || ti%5 != 4) {
		return l.home
	}
	return l.pool[ti%len(l.pool)]
}

func makeTeam(seed uint64, l leagueSpec, ti int, used map[string]bool) feed.Team {
	r := rng(seed, l.id, "team", fmt.Sprint(ti))
	id := fmt.Sprintf("%s-t%02d", l.id, ti+1)
	code := sideRegion(l, ti)
	rg := regions[code]
	t := feed.Team{ID: id, Game: l.game, Logo: "/images/teams/" + id + ".svg", Country: rg.Country, CountryCode: rg.Code,
		Rating: 35 + r.IntN(60), Source: feed.SourceSimulator}
	for tries := 0; t.Name == "" || used[t.Name]; tries++ {
		switch l.style {
		case styleIndividual:
			t.Name = person(r, code)
		case styleEsports:
			t.Name = pickS(r, orgHeads) + " " + pickS(r, orgTails)
			if tries > 20 {
				t.Name = fmt.Sprintf("%s %s %d", pickS(r, orgHeads), pickS(r, orgTails), tries)
			}
		default:
			club := rg
			if club.Club == nil {
				club = regions["GB"]
			}
			city := pickS(r, cityList(club))
			t.City = city
			t.Name = club.Club(r, city)
			switch feed.ProfileOf(l.game).Family {
			case feed.FamGridiron:
				t.Venue = city + pickS(r, []string{" Memorial Stadium", " Stadium", " Field"})
			case feed.FamRally:
				t.Venue = "Palazzetto dello Sport " + city
			default:
				if club.Venue != nil {
					t.Venue = club.Venue(r, city, pickS(r, club.Lasts))
				}
			}
		}
	}
	used[t.Name] = true
	t.FullName = t.Name
	if l.style == styleClub && !strings.Contains(t.Name, "Club") {
		t.FullName = t.Name + " " + map[string]string{"GB": "Football Club", "SE": "Hockeyklubb", "IN": "Cricket Club", "IT": "Pallavolo"}[code]
		t.FullName = strings.TrimSpace(t.FullName)
	}
	t.ShortName = shortName(t.Name)
	fam := feed.ProfileOf(l.game).Family
	switch l.style {
	case styleIndividual:
		t.ShortName = t.Name[strings.LastIndex(t.Name, " ")+1:]
		t.PrizeMoney = int64(50_000 + r.IntN(9_000_000))
	case styleEsports:
		if rc := regions[code]; len(rc.Cities) > 0 {
			t.City = pickS(r, rc.Cities)
		}
		t.Founded = date(r, 2011, 2022)
		t.PrizeMoney = int64(25_000 + r.IntN(3_500_000))
	default:
		t.Founded = date(r, 1878, 1975)
		if l.style == styleFranchise {
			t.Founded = date(r, 1946, 2008)
		}
		t.PrizeMoney = int64(800_000 + r.IntN(45_000_000))
		t.VenueCapacity = map[feed.Family]int{feed.FamFootball: 12_000, feed.FamHockey: 5_000, feed.FamBasketball: 14_000, feed.FamBaseball: 24_000,
			feed.FamGridiron: 45_000, feed.FamCricket: 18_000, feed.FamRally: 2_500}[fam] + 500*r.IntN(40)
	}
	coachCode := code
	if l.style == styleEsports || l.style == styleIndividual {
		coachCode = sideRegion(l, ti+r.IntN(3))
	}
	t.HeadCoach = person(r, coachCode)
	t.AssistantCoach = person(r, coachCode)
	return t
}

func cityList(rg *region) []string {
	if len(rg.Cities) > 0 {
		return rg.Cities
	}
	return regions["GB"].Cities
}

func date(r *rand.Rand, from, to int) time.Time {
	return time.Date(from+r.IntN(to-from+1), time.Month(1+r.IntN(12)), 1+r.IntN(28), 0, 0, 0, 0, time.UTC)
}

// rankTeams sets the world ranking of a league's sides from their strength.
func rankTeams(teams []feed.Team) {
	idx := make([]int, len(teams))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return teams[idx[a]].Rating > teams[idx[b]].Rating })
	for rank, i := range idx {
		teams[i].WorldRank = rank + 1
	}
}

func shortName(name string) string {
	words := strings.Fields(name)
	out := []rune{}
	for _, w := range words {
		rs := []rune(w)
		if len(rs) > 0 && (rs[0] >= 'A' && rs[0] <= 'Z') {
			out = append(out, rs[0])
		}
	}
	if len(out) < 3 {
		rs := []rune(strings.ToUpper(strings.ReplaceAll(name, " ", "")))
		return string(rs[:min(3, len(rs))])
	}
	return string(out[:min(4, len(out))])
}

// ageRange is the age span of a sport's professionals.
func ageRange(fam feed.Family, esport bool) (int, int) {
	switch {
	case esport:
		return 17, 29
	case fam == feed.FamSnooker:
		return 20, 48
	case fam == feed.FamCombat:
		return 22, 38
	}
	return 18, 35
}

func makeSquad(seed uint64, l leagueSpec, t *feed.Team) []feed.Player {
	r := rng(seed, t.ID, "squad")
	p := feed.ProfileOf(l.game)
	esport := feed.IsEsport(l.game)
	lo, hi := ageRange(p.Family, esport)
	ref := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	out := make([]feed.Player, 0, len(p.Positions))
	taken := map[string]bool{}
	sumAge := 0.0
	for i, pos := range p.Positions {
		code := t.CountryCode
		if l.style != styleIndividual && r.IntN(5) == 0 {
			code = pickS(r, l.pool)
		}
		nat := regions[code]
		if nat == nil {
			nat = regions["GB"]
		}
		// Two team-mates never share a name (or a gamer tag): draw again on a clash.
		full := person(r, nat.Code)
		for try := 0; taken[full] && try < 20; try++ {
			full = person(r, nat.Code)
		}
		name := full
		if esport {
			name = handle(r)
			for try := 0; taken[name] && try < 20; try++ {
				name = handle(r)
			}
		}
		taken[full], taken[name] = true, true
		if l.style == styleIndividual {
			name, full, nat = t.Name, t.Name, regions[t.CountryCode]
		}
		age := lo + r.IntN(hi-lo+1)
		birth := ref.AddDate(-age, -r.IntN(12), -r.IntN(28))
		sumAge += float64(age)
		pl := feed.Player{ID: fmt.Sprintf("%s-p%02d", t.ID, i+1), Game: l.game, Team: t.ID, Name: name, FullName: full,
			Nationality: nat.Country, NationalityCode: nat.Code, Position: pos, Shirt: shirt(p.Family, i, r), Birth: birth,
			Power: 50 + r.IntN(50), Photo: "/images/players/" + fmt.Sprintf("%s-p%02d", t.ID, i+1) + ".png", Source: feed.SourceSimulator}
		if !esport {
			pl.Height = height(p.Family, pos, r)
			pl.MarketValue = marketValue(p.Family, pl.Power, age, r)
		}
		if p.Family == feed.FamMOBA || p.Family == feed.FamTactical || p.Family == feed.FamModes || p.Family == feed.FamHeroShooter || p.Family == feed.FamArena {
			pl.KDA = float64(90+r.IntN(380)) / 100
		}
		if l.style == styleIndividual && pos == "Fighter" {
			pl.Position = pickS(r, []string{"Flyweight", "Bantamweight", "Featherweight", "Lightweight", "Welterweight", "Middleweight", "Light heavyweight", "Heavyweight"})
		}
		out = append(out, pl)
	}
	if len(out) > 0 {
		t.AverageAge = math.Round(sumAge/float64(len(out))*10) / 10
	}
	return out
}

func shirt(fam feed.Family, i int, r *rand.Rand) int {
	switch fam {
	case feed.FamFootball, feed.FamHockey, feed.FamBasketball, feed.FamBaseball, feed.FamGridiron, feed.FamRally, feed.FamCricket:
		if i == 0 {
			return 1
		}
		return 2 + (i*7+r.IntN(5))%90
	}
	return 0
}

func height(fam feed.Family, pos string, r *rand.Rand) int {
	switch {
	case fam == feed.FamBasketball && (pos == "C" || pos == "PF"):
		return 203 + r.IntN(15)
	case fam == feed.FamBasketball:
		return 186 + r.IntN(17)
	case fam == feed.FamRally && pos == "Libero":
		return 180 + r.IntN(10)
	case fam == feed.FamRally && (pos == "Middle blocker" || pos == "Opposite"):
		return 198 + r.IntN(14)
	case feedKeeper(pos):
		return 186 + r.IntN(12)
	}
	return 170 + r.IntN(24)
}

func feedKeeper(pos string) bool { return pos == "GK" || pos == "G" }

func marketValue(fam feed.Family, power, age int, r *rand.Rand) int64 {
	base := map[feed.Family]int64{feed.FamFootball: 900_000, feed.FamBasketball: 400_000, feed.FamGridiron: 150_000, feed.FamBaseball: 120_000,
		feed.FamHockey: 90_000, feed.FamCricket: 30_000, feed.FamRally: 8_000, feed.FamTennis: 60_000, feed.FamSnooker: 15_000, feed.FamCombat: 20_000}[fam]
	if base == 0 {
		base = 10_000
	}
	ageFactor := 1.0
	if age > 29 {
		ageFactor = math.Max(0.25, 1-float64(age-29)*0.12)
	}
	v := float64(base) * math.Pow(float64(power-40)/10, 2.4) * ageFactor * (0.8 + 0.4*r.Float64())
	// round to what a valuation shows: thousands below a million, tens of thousands above
	step := 1_000.0
	if v > 1_000_000 {
		step = 50_000
	}
	return int64(math.Round(v/step) * step)
}

// meanFor is the average score a side makes in one match of a game, for baseline tables.
func meanFor(game int) float64 {
	switch feed.ProfileOf(game).Family {
	case feed.FamFootball:
		if game == 9 {
			return 2.8
		}
		return 1.4
	case feed.FamHockey:
		return 3
	case feed.FamBasketball:
		if game == 22 {
			return 55
		}
		return 110
	case feed.FamBaseball:
		return 4.5
	case feed.FamCricket:
		return 165
	case feed.FamGridiron:
		return 22
	case feed.FamBattleRoyale:
		return 45
	case feed.FamCombat:
		return 0.5
	case feed.FamSnooker:
		return 4
	}
	return 1.6
}

// standings is the table at the start of the window, after about two thirds of a season; the
// store adds the results of the window (AsOf) and computes the form from them.
func standings(r *rand.Rand, l leagueSpec, season, stage string, teams []feed.Team, asOf time.Time) []feed.Standing {
	p := feed.ProfileOf(l.game)
	rows := make([]feed.Standing, len(teams))
	played := max(2*(len(teams)-1)*2/3-2, 4)
	mean := meanFor(l.game)
	for i, t := range teams {
		strength := float64(t.Rating-65) / 60 // -0.5 .. 0.5
		pw := math.Min(math.Max(0.5+strength, 0.08), 0.92)
		w, d := 0, 0
		var form []byte
		for k := 0; k < played; k++ {
			switch x := r.Float64(); {
			case p.Draws && x < 0.24:
				d++
				form = append(form, 'D')
			case x < pw:
				w++
				form = append(form, 'W')
			default:
				form = append(form, 'L')
			}
		}
		lost := played - w - d
		f := int(math.Round(float64(played) * mean * (0.8 + 0.4*pw)))
		a := int(math.Round(float64(played) * mean * (1.2 - 0.4*pw)))
		rows[i] = feed.Standing{Season: season, Stage: stage, Team: t.ID, Played: played, Won: w, Drawn: d, Lost: lost, For: f, Against: a,
			Points: feed.StandingPoints(l.game, w, d, lost), Form: string(form[max(len(form)-5, 0):]), AsOf: asOf}
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

// honours are past titles: the champions of the last seasons and the best players.
func honours(r *rand.Rand, l leagueSpec, teams []feed.Team, rosters map[string][]feed.Player, year int) []feed.Honour {
	var out []feed.Honour
	title := map[string]string{"league": "champions", "cup": "winners", "series": "champions"}[l.kind]
	best := map[string]string{"league": "Player of the Season", "cup": "Player of the Tournament", "series": "Most Valuable Player"}[l.kind]
	if l.style == styleIndividual {
		title = "Finals winner"
	}
	for k := 1; k <= 6; k++ {
		// stronger sides win more often: the best of three random picks
		w := teams[r.IntN(len(teams))]
		for range 2 {
			if c := teams[r.IntN(len(teams))]; c.Rating > w.Rating {
				w = c
			}
		}
		season := fmt.Sprintf("%d", year-k)
		out = append(out, feed.Honour{OwnerKind: "team", Owner: w.ID, League: l.id, Title: l.name + " " + title, Season: season, Year: year - k})
		if sq := rosters[w.ID]; len(sq) > 0 {
			pl := sq[r.IntN(min(len(sq), max(feed.ProfileOf(l.game).Starters, 1)))]
			t := l.short + " " + best
			if l.style == styleIndividual {
				t = l.name + " " + title
			}
			out = append(out, feed.Honour{OwnerKind: "player", Owner: pl.ID, League: l.id, Title: t, Season: season, Year: year - k})
		}
	}
	return out
}

// transfers are the last year's moves between the league's sides: each player is now in the
// squad of the side he joined.
func transfers(r *rand.Rand, l leagueSpec, teams []feed.Team, rosters map[string][]feed.Player, today time.Time) []feed.Transfer {
	if l.style == styleIndividual || len(teams) < 2 {
		return nil
	}
	fam := feed.ProfileOf(l.game).Family
	unit := map[feed.Family]int64{feed.FamFootball: 250_000, feed.FamBasketball: 100_000, feed.FamHockey: 50_000, feed.FamBaseball: 50_000,
		feed.FamGridiron: 50_000, feed.FamCricket: 20_000, feed.FamRally: 5_000}[fam]
	if unit == 0 {
		unit = 5_000 // esports buyouts
	}
	var out []feed.Transfer
	for ti, t := range teams {
		if ti%2 == 1 {
			continue
		}
		sq := rosters[t.ID]
		if len(sq) < 2 {
			continue
		}
		pl := sq[1+r.IntN(len(sq)-1)]
		from := teams[(ti+1+r.IntN(len(teams)-1))%len(teams)]
		if from.ID == t.ID {
			from = teams[(ti+1)%len(teams)]
		}
		kind := []string{"transfer", "transfer", "loan", "free"}[r.IntN(4)]
		var fee int64
		switch kind {
		case "transfer":
			fee = unit * int64(1+r.IntN(60))
		case "loan":
			fee = unit / 5 * int64(r.IntN(4))
		}
		out = append(out, feed.Transfer{Player: pl.ID, From: from.ID, To: t.ID, Date: today.AddDate(0, -1-r.IntN(11), -r.IntN(28)),
			Fee: fee, Kind: kind, PlayerName: pl.Name, FromName: from.Name, ToName: t.Name, Position: pl.Position})
	}
	return out
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
