package matches

import (
	"context"
	"time"

	"go.uber.org/zap"

	"courtside/actors/match/feed"
	"courtside/storage/postgres"
)

// Store is the read and reservation side of the sports store (postgres.SportsStore).
type Store interface {
	MatchesBetween(ctx context.Context, from, to time.Time) ([]postgres.MatchRow, error)
	Match(ctx context.Context, id string) (postgres.MatchRow, error)
	TeamResults(ctx context.Context, team string, before time.Time, limit int) ([]postgres.MatchRow, error)
	HeadToHead(ctx context.Context, a, b string, before time.Time, limit int) ([]postgres.MatchRow, error)
	TeamFixtures(ctx context.Context, team string, from time.Time, limit int) ([]postgres.MatchRow, error)
	LeagueMatches(ctx context.Context, league string, from, to time.Time) ([]postgres.MatchRow, error)
	Timeline(ctx context.Context, match string, kinds ...feed.Kind) ([]feed.Event, error)
	Lineups(ctx context.Context, match string) ([]feed.Lineup, []feed.Injury, error)
	OddsHistory(ctx context.Context, match string) ([]postgres.OddsPoint, error)
	MatchPlayerStats(ctx context.Context, match string) ([]postgres.PlayerStatRow, error)
	PlayerRecentStats(ctx context.Context, player string, limit int) ([]postgres.PlayerStatRow, error)
	Leagues(ctx context.Context, game int) ([]feed.League, error)
	League(ctx context.Context, id string) (postgres.LeagueRow, error)
	Standings(ctx context.Context, season string) ([]postgres.StandingRow, error)
	Team(ctx context.Context, id string) (feed.Team, []feed.Player, error)
	Teams(ctx context.Context, game, limit, offset int) ([]feed.Team, error)
	Player(ctx context.Context, id string) (feed.Player, error)
	Players(ctx context.Context, game, limit, offset int) ([]feed.Player, error)
	Transfers(ctx context.Context, team, player string, limit int) ([]feed.Transfer, error)
	Honours(ctx context.Context, kind, id string) ([]feed.Honour, error)
	LeagueHonours(ctx context.Context, league string, limit int) ([]feed.Honour, error)
	Book(ctx context.Context, user, match string) error
	CancelReservation(ctx context.Context, user, match string) error
	Reservations(ctx context.Context, user string, limit, offset int) ([]postgres.ReservationRow, error)
	BookedMatches(ctx context.Context, user string, matches []string) (map[string]bool, error)
}

var _ Store = (*postgres.SportsStore)(nil)

// Config configures the service; zero values get the defaults shown.
type Config struct {
	// Now is the clock; default time.Now.
	Now func() time.Time
	// Window is how far before and after now the in-memory index reaches; default 8 days.
	Window time.Duration
	// Reload is how often the index is reloaded in full (new fixtures); default 5 minutes.
	Reload time.Duration
	// MaxStale bounds how long a cached list answer is reused while live matches change; default 1s.
	MaxStale time.Duration
	// Log; default no-op.
	Log *zap.Logger
}

func (c *Config) fill() {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Window == 0 {
		c.Window = 8 * 24 * time.Hour
	}
	if c.Reload == 0 {
		c.Reload = 5 * time.Minute
	}
	if c.MaxStale == 0 {
		c.MaxStale = time.Second
	}
	if c.Log == nil {
		c.Log = zap.NewNop()
	}
}
