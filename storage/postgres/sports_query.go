package postgres

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/jackc/pgx/v5"

	"courtside/actors/match/feed"
)

// MatchRow is a match as lists and the detail page show it: the fixture, the live state and
// the names of its league and teams.
type MatchRow struct {
	feed.Fixture
	Live       feed.State
	LeagueName string
	HomeName   string
	HomeLogo   string
	AwayName   string
	AwayLogo   string
	// The competition as a match list groups by it: crest, country or region, pinned first.
	LeagueLogo        string
	LeagueCountry     string
	LeagueCountryCode string
	LeagueRegion      string
	LeaguePinned      bool
	HomeShortName     string
	AwayShortName     string

	live    []byte
	lastSeq int64
	status  int16
	home    int
	away    int
}

// matchSelect and matchJoins read a MatchRow (m is sport_matches).
const matchSelect = `SELECT m.id, m.game_id, coalesce(m.league_id,''), coalesce(m.season_id,''), coalesce(m.stage_id,''),
	coalesce(m.round_id,''), coalesce(m.home_id,''), coalesce(m.away_id,''), m.start_at, m.best_of, m.knockout, m.venue,
	m.source, m.live, m.last_seq, m.status, m.home_score, m.away_score, coalesce(l.name,''), coalesce(h.name,''),
	coalesce(h.logo,''), coalesce(a.name,''), coalesce(a.logo,''), m.referee, m.vip_only, m.login_required, coalesce(l.logo,''),
	coalesce(l.country,''), coalesce(l.country_code,''), coalesce(l.region,''), coalesce(l.pinned,false), coalesce(h.short_name,''),
	coalesce(a.short_name,'')`

const matchJoins = ` LEFT JOIN sport_leagues l ON l.id = m.league_id LEFT JOIN sport_teams h ON h.id = m.home_id
	LEFT JOIN sport_teams a ON a.id = m.away_id `

func (r *MatchRow) scanTargets() []any {
	return []any{&r.ID, &r.Game, &r.League, &r.Season, &r.Stage, &r.Round, &r.Home, &r.Away, &r.Start, &r.BestOf,
		&r.Knockout, &r.Venue, &r.Source, &r.live, &r.lastSeq, &r.status, &r.home, &r.away, &r.LeagueName, &r.HomeName,
		&r.HomeLogo, &r.AwayName, &r.AwayLogo, &r.Referee, &r.VIPOnly, &r.LoginRequired, &r.LeagueLogo, &r.LeagueCountry,
		&r.LeagueCountryCode, &r.LeagueRegion, &r.LeaguePinned, &r.HomeShortName, &r.AwayShortName}
}

// decode fills Live from the stored JSON, or from the list columns for an untouched fixture.
func (r *MatchRow) decode() error {
	if r.lastSeq > 0 && len(r.live) > 2 {
		if err := sportsJSON.Unmarshal(r.live, &r.Live); err != nil {
			return fmt.Errorf("postgres: match %s live state: %w", r.ID, err)
		}
	}
	r.Live.Match, r.Live.Game, r.Live.LastSeq = r.ID, r.Game, uint64(r.lastSeq)
	r.Live.Status, r.Live.Home, r.Live.Away = feed.Status(r.status), r.home, r.away
	r.Live.StartAt = r.Start.UnixMilli()
	if r.Live.Source == "" {
		r.Live.Source = r.Source
	}
	r.live = nil
	return nil
}

func (s *SportsStore) queryMatches(ctx context.Context, where string, args ...any) ([]MatchRow, error) {
	rows, err := s.pool.Query(ctx, matchSelect+` FROM sport_matches m `+matchJoins+where, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (MatchRow, error) {
		var r MatchRow
		if err := row.Scan(r.scanTargets()...); err != nil {
			return r, err
		}
		return r, r.decode()
	})
}

// MatchesBetween returns every match starting in [from, to), by start time: the REST module
// keeps this window in memory and serves its lists from there.
func (s *SportsStore) MatchesBetween(ctx context.Context, from, to time.Time) ([]MatchRow, error) {
	return s.queryMatches(ctx, `WHERE m.start_at >= $1 AND m.start_at < $2 ORDER BY m.start_at, m.id`, from, to)
}

// InPlayOfSource returns the matches of a source that are in play (live, a break, overtime,
// penalties) and started before a time, oldest first.
func (s *SportsStore) InPlayOfSource(ctx context.Context, source string, startedBefore time.Time) ([]MatchRow, error) {
	return s.queryMatches(ctx, `WHERE m.source = $1 AND m.status IN (1,2,3,4) AND m.start_at < $2 ORDER BY m.start_at, m.id`, source, startedBefore)
}

// Match returns one match, or ErrMatchNotFound.
func (s *SportsStore) Match(ctx context.Context, id string) (MatchRow, error) {
	rows, err := s.queryMatches(ctx, `WHERE m.id=$1`, id)
	if err != nil {
		return MatchRow{}, err
	}
	if len(rows) == 0 {
		return MatchRow{}, ErrMatchNotFound
	}
	return rows[0], nil
}

// TeamResults returns a team's last finished matches before a time, newest first (recent form).
func (s *SportsStore) TeamResults(ctx context.Context, team string, before time.Time, limit int) ([]MatchRow, error) {
	return s.queryMatches(ctx, `WHERE (m.home_id=$1 OR m.away_id=$1) AND m.status=5 AND m.start_at < $2
		ORDER BY m.start_at DESC LIMIT $3`, team, before, limit)
}

// HeadToHead returns the last finished meetings of two teams before a time, newest first.
func (s *SportsStore) HeadToHead(ctx context.Context, a, b string, before time.Time, limit int) ([]MatchRow, error) {
	return s.queryMatches(ctx, `WHERE ((m.home_id=$1 AND m.away_id=$2) OR (m.home_id=$2 AND m.away_id=$1)) AND m.status=5
		AND m.start_at < $3 ORDER BY m.start_at DESC LIMIT $4`, a, b, before, limit)
}

// TeamFixtures returns a team's matches starting at or after a time, soonest first.
func (s *SportsStore) TeamFixtures(ctx context.Context, team string, from time.Time, limit int) ([]MatchRow, error) {
	return s.queryMatches(ctx, `WHERE (m.home_id=$1 OR m.away_id=$1) AND m.start_at >= $2 ORDER BY m.start_at LIMIT $3`, team, from, limit)
}

// LeagueMatches returns a league's matches in [from, to), by start.
func (s *SportsStore) LeagueMatches(ctx context.Context, league string, from, to time.Time) ([]MatchRow, error) {
	return s.queryMatches(ctx, `WHERE m.league_id=$1 AND m.start_at >= $2 AND m.start_at < $3 ORDER BY m.start_at`, league, from, to)
}

// Timeline returns a match's feed events of the given kinds (all when none), in seq order.
func (s *SportsStore) Timeline(ctx context.Context, match string, kinds ...feed.Kind) ([]feed.Event, error) {
	ks := make([]string, len(kinds))
	for i, k := range kinds {
		ks[i] = string(k)
	}
	rows, err := s.pool.Query(ctx, `SELECT body FROM sport_match_events WHERE match_id=$1 AND (cardinality($2::text[]) = 0
		OR kind = ANY($2)) ORDER BY seq`, match, ks)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (feed.Event, error) {
		var body []byte
		var ev feed.Event
		if err := row.Scan(&body); err != nil {
			return ev, err
		}
		return ev, sportsJSON.Unmarshal(body, &ev)
	})
}

// Lineups returns a match's line-ups and injuries.
func (s *SportsStore) Lineups(ctx context.Context, match string) ([]feed.Lineup, []feed.Injury, error) {
	rows, err := s.pool.Query(ctx, `SELECT team_id, formation, coach, players FROM sport_lineups WHERE match_id=$1 ORDER BY team_id`, match)
	if err != nil {
		return nil, nil, err
	}
	lus, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (feed.Lineup, error) {
		var lu feed.Lineup
		var players []byte
		if err := row.Scan(&lu.Team, &lu.Formation, &lu.Coach, &players); err != nil {
			return lu, err
		}
		return lu, sportsJSON.Unmarshal(players, &lu.Players)
	})
	if err != nil {
		return nil, nil, err
	}
	rows, err = s.pool.Query(ctx, `SELECT team_id, player_id, name, kind, status FROM sport_injuries WHERE match_id=$1 ORDER BY team_id, name`, match)
	if err != nil {
		return nil, nil, err
	}
	inj, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (feed.Injury, error) {
		var in feed.Injury
		return in, row.Scan(&in.Team, &in.Player, &in.Name, &in.Kind, &in.Status)
	})
	return lus, inj, err
}

// OddsPoint is one odds snapshot in a match's history.
type OddsPoint struct {
	Seq  uint64    `json:"seq"`
	At   time.Time `json:"at"`
	Odds feed.Odds `json:"odds"`
}

// OddsHistory returns a match's odds snapshots in feed order.
func (s *SportsStore) OddsHistory(ctx context.Context, match string) ([]OddsPoint, error) {
	rows, err := s.pool.Query(ctx, `SELECT seq, at, company, eu_home, eu_draw, eu_away, hc_line, hc_home, hc_away, ou_line,
		ou_over, ou_under, lines FROM sport_odds WHERE match_id=$1 ORDER BY seq`, match)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (OddsPoint, error) {
		var p OddsPoint
		var seq int64
		var lines []byte
		o := &p.Odds
		err := row.Scan(&seq, &p.At, &o.Company, &o.Home, &o.Draw, &o.Away, &o.HcLine, &o.HcHome, &o.HcAway, &o.OULine, &o.OUOver, &o.OUUnder, &lines)
		p.Seq = uint64(seq)
		if err == nil && len(lines) > 2 {
			err = sportsJSON.Unmarshal(lines, &o.Lines)
		}
		return p, err
	})
}

// PlayerStatRow is one player's statistics in one match.
type PlayerStatRow struct {
	Match    string             `json:"match"`
	Player   string             `json:"playerId"`
	Name     string             `json:"name"`
	Position string             `json:"position"`
	Team     int                `json:"team"` // 0 home, 1 away
	Values   map[string]float64 `json:"values"`
	Heroes   []string           `json:"heroes,omitempty"` // hero, agent, class or faction of each map or game
	Weapon   string             `json:"weapon,omitempty"`
}

// MatchPlayerStats returns every player's statistics in a match.
func (s *SportsStore) MatchPlayerStats(ctx context.Context, match string) ([]PlayerStatRow, error) {
	return s.playerStats(ctx, `WHERE ps.match_id=$1 ORDER BY ps.team_side, p.name`, match)
}

// PlayerRecentStats returns a player's statistics in their last matches, newest first.
func (s *SportsStore) PlayerRecentStats(ctx context.Context, player string, limit int) ([]PlayerStatRow, error) {
	return s.playerStats(ctx, `JOIN sport_matches m ON m.id = ps.match_id WHERE ps.player_id=$1 ORDER BY m.start_at DESC LIMIT $2`, player, limit)
}

func (s *SportsStore) playerStats(ctx context.Context, where string, args ...any) ([]PlayerStatRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT ps.match_id, ps.player_id, coalesce(nullif(p.name,''), ps.player_name),
		coalesce(nullif(p.position,''), ps.position), ps.team_side, ps.vals, ps.heroes, ps.weapon
		FROM sport_match_player_stats ps LEFT JOIN sport_players p ON p.id = ps.player_id `+where, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (PlayerStatRow, error) {
		var r PlayerStatRow
		var vals, heroes []byte
		if err := row.Scan(&r.Match, &r.Player, &r.Name, &r.Position, &r.Team, &vals, &heroes, &r.Weapon); err != nil {
			return r, err
		}
		if len(heroes) > 2 {
			if err := sportsJSON.Unmarshal(heroes, &r.Heroes); err != nil {
				return r, err
			}
		}
		return r, sportsJSON.Unmarshal(vals, &r.Values)
	})
}

// Leagues lists the leagues of a game (all games when game < 0), by tier and name.
func (s *SportsStore) Leagues(ctx context.Context, game int) ([]feed.League, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+leagueCols+` FROM sport_leagues
		WHERE $1 < 0 OR game_id=$1 ORDER BY game_id, pinned DESC, tier, name`, game)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (feed.League, error) {
		var l feed.League
		return l, scanLeague(row, &l)
	})
}

const leagueCols = `id, game_id, name, short_name, logo, country, kind, tier, source, country_code, region, pinned, prize_pool`

func scanLeague(row pgx.Row, l *feed.League) error {
	return row.Scan(&l.ID, &l.Game, &l.Name, &l.ShortName, &l.Logo, &l.Country, &l.Kind, &l.Tier, &l.Source, &l.CountryCode, &l.Region,
		&l.Pinned, &l.PrizePool)
}

// LeagueRow is a league with its seasons and the stages and rounds of its current season.
type LeagueRow struct {
	League  feed.League
	Seasons []feed.Season
	Stages  []feed.Stage
	Rounds  []feed.Round
}

// League returns a league page's frame, or ErrNotFound.
func (s *SportsStore) League(ctx context.Context, id string) (LeagueRow, error) {
	var out LeagueRow
	l := &out.League
	err := scanLeague(s.pool.QueryRow(ctx, `SELECT `+leagueCols+` FROM sport_leagues WHERE id=$1`, id), l)
	if errors.Is(err, pgx.ErrNoRows) {
		return out, ErrNotFound
	}
	if err != nil {
		return out, err
	}
	rows, err := s.pool.Query(ctx, `SELECT id, league_id, name, coalesce(starts_on, '0001-01-01'), coalesce(ends_on, '0001-01-01'), is_current
		FROM sport_seasons WHERE league_id=$1 ORDER BY starts_on DESC NULLS LAST`, id)
	if err != nil {
		return out, err
	}
	out.Seasons, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (feed.Season, error) {
		var x feed.Season
		return x, row.Scan(&x.ID, &x.League, &x.Name, &x.Start, &x.End, &x.Current)
	})
	if err != nil || len(out.Seasons) == 0 {
		return out, err
	}
	cur := out.Seasons[0].ID
	for _, x := range out.Seasons {
		if x.Current {
			cur = x.ID
		}
	}
	rows, err = s.pool.Query(ctx, `SELECT id, season_id, name, kind, ord FROM sport_stages WHERE season_id=$1 ORDER BY ord`, cur)
	if err != nil {
		return out, err
	}
	out.Stages, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (feed.Stage, error) {
		var x feed.Stage
		return x, row.Scan(&x.ID, &x.Season, &x.Name, &x.Kind, &x.Order)
	})
	if err != nil {
		return out, err
	}
	rows, err = s.pool.Query(ctx, `SELECT r.id, r.stage_id, r.name, r.ord FROM sport_rounds r JOIN sport_stages st ON st.id = r.stage_id
		WHERE st.season_id=$1 ORDER BY st.ord, r.ord`, cur)
	if err != nil {
		return out, err
	}
	out.Rounds, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (feed.Round, error) {
		var x feed.Round
		return x, row.Scan(&x.ID, &x.Stage, &x.Name, &x.Order)
	})
	return out, err
}

// StandingRow is a table row with the team's name and logo.
type StandingRow struct {
	feed.Standing
	TeamName string `json:"teamName"`
	TeamLogo string `json:"teamLogo"`
}

// Standings returns a season's table(s), by stage, group and position. A row taken at a time
// (feed.Standing.AsOf) gets the results of the season's matches finished since then added, and
// the form of every row is computed from the finished matches the store holds (newest last),
// so the table, the form and the results a fan sees agree. Positions are ranked again by
// points, goal (run, map) difference and goals for.
func (s *SportsStore) Standings(ctx context.Context, season string) ([]StandingRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT st.season_id, st.stage_id, st.group_name, st.team_id, st.position, st.played, st.won,
		st.drawn, st.lost, st.goals_for, st.goals_against, st.points, st.form, coalesce(st.as_of, '0001-01-01'), coalesce(t.name,''),
		coalesce(t.logo,'') FROM sport_standings st LEFT JOIN sport_teams t ON t.id = st.team_id WHERE st.season_id=$1
		ORDER BY st.stage_id, st.group_name, st.position`, season)
	if err != nil {
		return nil, err
	}
	table, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (StandingRow, error) {
		var r StandingRow
		x := &r.Standing
		return r, row.Scan(&x.Season, &x.Stage, &x.Group, &x.Team, &x.Position, &x.Played, &x.Won, &x.Drawn, &x.Lost, &x.For,
			&x.Against, &x.Points, &x.Form, &x.AsOf, &r.TeamName, &r.TeamLogo)
	})
	if err != nil || len(table) == 0 {
		return table, err
	}
	var game int
	if err := s.pool.QueryRow(ctx, `SELECT l.game_id FROM sport_seasons se JOIN sport_leagues l ON l.id = se.league_id WHERE se.id=$1`,
		season).Scan(&game); err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return nil, err
	}
	rows, err = s.pool.Query(ctx, `SELECT coalesce(stage_id,''), coalesce(home_id,''), coalesce(away_id,''), home_score, away_score, start_at
		FROM sport_matches WHERE season_id=$1 AND status=5 ORDER BY start_at, id`, season)
	if err != nil {
		return nil, err
	}
	type result struct {
		stage, home, away string
		h, a              int
		at                time.Time
	}
	results, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (result, error) {
		var x result
		return x, row.Scan(&x.stage, &x.home, &x.away, &x.h, &x.a, &x.at)
	})
	if err != nil {
		return nil, err
	}
	foldResults(game, table, func(yield func(stage, home, away string, h, a int, at time.Time)) {
		for _, x := range results {
			yield(x.stage, x.home, x.away, x.h, x.a, x.at)
		}
	})
	return table, nil
}

// foldResults adds to each row the results finished after its AsOf, computes the form from all
// the results given (up to five, newest last; the row's own form stays when it has none) and
// ranks every stage and group again.
func foldResults(game int, table []StandingRow, results func(yield func(stage, home, away string, h, a int, at time.Time))) {
	idx := make(map[[2]string]int, len(table))
	for i := range table {
		idx[[2]string{table[i].Stage, table[i].Team}] = i
	}
	forms := make(map[int][]byte, len(table))
	results(func(stage, home, away string, h, a int, at time.Time) {
		for side, team := range []string{home, away} {
			i, ok := idx[[2]string{stage, team}]
			if !ok {
				continue
			}
			gf, ga := h, a
			if side == 1 {
				gf, ga = a, h
			}
			c := byte('D')
			switch {
			case gf > ga:
				c = 'W'
			case gf < ga:
				c = 'L'
			}
			forms[i] = append(forms[i], c)
			x := &table[i].Standing
			if x.AsOf.IsZero() || at.Before(x.AsOf) {
				continue
			}
			x.Played++
			x.For += gf
			x.Against += ga
			switch c {
			case 'W':
				x.Won++
			case 'L':
				x.Lost++
			default:
				x.Drawn++
			}
		}
	})
	for i := range table {
		x := &table[i].Standing
		if f := forms[i]; len(f) > 0 {
			x.Form = string(f[max(len(f)-5, 0):])
		}
		x.Points = feed.StandingPoints(game, x.Won, x.Drawn, x.Lost)
	}
	sort.SliceStable(table, func(i, j int) bool {
		a, b := &table[i].Standing, &table[j].Standing
		if a.Stage != b.Stage {
			return a.Stage < b.Stage
		}
		if a.Group != b.Group {
			return a.Group < b.Group
		}
		if a.Points != b.Points {
			return a.Points > b.Points
		}
		if a.For-a.Against != b.For-b.Against {
			return a.For-a.Against > b.For-b.Against
		}
		if a.For != b.For {
			return a.For > b.For
		}
		return table[i].TeamName < table[j].TeamName
	})
	for i := range table {
		if i > 0 && table[i].Stage == table[i-1].Stage && table[i].Group == table[i-1].Group {
			table[i].Position = table[i-1].Position + 1
		} else {
			table[i].Position = 1
		}
	}
}

const teamCols = `id, game_id, name, full_name, short_name, logo, country, head_coach, assistant_coach,
	coalesce(founded_on, '0001-01-01'), world_rank, prize_money, average_age::float8, rating, source, country_code, city, venue, venue_capacity`

func scanTeam(row pgx.Row, t *feed.Team) error {
	return row.Scan(&t.ID, &t.Game, &t.Name, &t.FullName, &t.ShortName, &t.Logo, &t.Country, &t.HeadCoach, &t.AssistantCoach,
		&t.Founded, &t.WorldRank, &t.PrizeMoney, &t.AverageAge, &t.Rating, &t.Source, &t.CountryCode, &t.City, &t.Venue, &t.VenueCapacity)
}

const playerCols = `id, game_id, coalesce(team_id,''), name, full_name, nationality, position, shirt,
	coalesce(born_on, '0001-01-01'), power, kda::float8, photo, source, nationality_code, height, market_value`

func scanPlayer(row pgx.Row, p *feed.Player) error {
	return row.Scan(&p.ID, &p.Game, &p.Team, &p.Name, &p.FullName, &p.Nationality, &p.Position, &p.Shirt, &p.Birth, &p.Power,
		&p.KDA, &p.Photo, &p.Source, &p.NationalityCode, &p.Height, &p.MarketValue)
}

// Team returns a team with its current squad, or ErrNotFound.
func (s *SportsStore) Team(ctx context.Context, id string) (feed.Team, []feed.Player, error) {
	var t feed.Team
	err := scanTeam(s.pool.QueryRow(ctx, `SELECT `+teamCols+` FROM sport_teams WHERE id=$1`, id), &t)
	if errors.Is(err, pgx.ErrNoRows) {
		return t, nil, ErrNotFound
	}
	if err != nil {
		return t, nil, err
	}
	rows, err := s.pool.Query(ctx, `SELECT `+playerCols+` FROM sport_players WHERE team_id=$1 ORDER BY shirt, name`, id)
	if err != nil {
		return t, nil, err
	}
	players, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (feed.Player, error) {
		var p feed.Player
		return p, scanPlayer(row, &p)
	})
	return t, players, err
}

// Teams lists the teams of a game by world ranking, then name.
func (s *SportsStore) Teams(ctx context.Context, game, limit, offset int) ([]feed.Team, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+teamCols+` FROM sport_teams WHERE $1 < 0 OR game_id=$1
		ORDER BY CASE WHEN world_rank=0 THEN 1 ELSE 0 END, world_rank, name LIMIT $2 OFFSET $3`, game, limit, offset)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (feed.Team, error) {
		var t feed.Team
		return t, scanTeam(row, &t)
	})
}

// Player returns a player, or ErrNotFound.
func (s *SportsStore) Player(ctx context.Context, id string) (feed.Player, error) {
	var p feed.Player
	err := scanPlayer(s.pool.QueryRow(ctx, `SELECT `+playerCols+` FROM sport_players WHERE id=$1`, id), &p)
	if errors.Is(err, pgx.ErrNoRows) {
		return p, ErrNotFound
	}
	return p, err
}

// Players lists the players of a game by power value.
func (s *SportsStore) Players(ctx context.Context, game, limit, offset int) ([]feed.Player, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+playerCols+` FROM sport_players WHERE $1 < 0 OR game_id=$1
		ORDER BY power DESC, name LIMIT $2 OFFSET $3`, game, limit, offset)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (feed.Player, error) {
		var p feed.Player
		return p, scanPlayer(row, &p)
	})
}

// Transfers returns the transfers of a team (in or out) or of a player, newest first.
func (s *SportsStore) Transfers(ctx context.Context, team, player string, limit int) ([]feed.Transfer, error) {
	rows, err := s.pool.Query(ctx, `SELECT x.player_id, x.from_team, x.to_team, x.moved_on, x.fee, x.kind, coalesce(p.name,''),
		coalesce(f.name,''), coalesce(t.name,''), coalesce(p.position,'')
		FROM sport_transfers x LEFT JOIN sport_players p ON p.id = x.player_id LEFT JOIN sport_teams f ON f.id = x.from_team
		LEFT JOIN sport_teams t ON t.id = x.to_team
		WHERE ($1 <> '' AND (x.from_team=$1 OR x.to_team=$1)) OR ($2 <> '' AND x.player_id=$2) ORDER BY x.moved_on DESC, x.id LIMIT $3`, team, player, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (feed.Transfer, error) {
		var x feed.Transfer
		return x, row.Scan(&x.Player, &x.From, &x.To, &x.Date, &x.Fee, &x.Kind, &x.PlayerName, &x.FromName, &x.ToName, &x.Position)
	})
}

// Honours returns the titles of a team or player (kind "team" or "player"), newest first.
func (s *SportsStore) Honours(ctx context.Context, kind, id string) ([]feed.Honour, error) {
	rows, err := s.pool.Query(ctx, honourSelect+` WHERE h.owner_kind=$1 AND h.owner_id=$2 ORDER BY h.year DESC, h.title`, kind, id)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanHonour)
}

// LeagueHonours returns the titles won in a league, newest first.
func (s *SportsStore) LeagueHonours(ctx context.Context, league string, limit int) ([]feed.Honour, error) {
	rows, err := s.pool.Query(ctx, honourSelect+` WHERE h.league_id=$1 ORDER BY h.year DESC, h.owner_kind DESC, h.title LIMIT $2`, league, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanHonour)
}

// honourSelect reads an honour with the names of its owner and league.
const honourSelect = `SELECT h.owner_kind, h.owner_id, h.league_id, h.title, h.season, h.year,
	coalesce(CASE h.owner_kind WHEN 'team' THEN t.name ELSE p.name END, ''), coalesce(l.name, '')
	FROM sport_honours h LEFT JOIN sport_teams t ON h.owner_kind = 'team' AND t.id = h.owner_id
	LEFT JOIN sport_players p ON h.owner_kind = 'player' AND p.id = h.owner_id LEFT JOIN sport_leagues l ON l.id = h.league_id`

func scanHonour(row pgx.CollectableRow) (feed.Honour, error) {
	var x feed.Honour
	return x, row.Scan(&x.OwnerKind, &x.Owner, &x.League, &x.Title, &x.Season, &x.Year, &x.OwnerName, &x.LeagueName)
}
