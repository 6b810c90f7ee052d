package apisports

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ConfigFromEnv reads the adapter's settings from the environment (getenv is os.Getenv); the
// variables are listed in README.md. Resume, Reference, HTTP and Log are left for the caller.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	c := Config{
		APIKey:        strings.TrimSpace(getenv("COURTSIDE_FEED_API_KEY")),
		FootballURL:   strings.TrimSpace(getenv("COURTSIDE_FEED_BASE_URL")),
		BasketballURL: strings.TrimSpace(getenv("COURTSIDE_FEED_BASKETBALL_URL")),
	}
	if v := strings.TrimSpace(getenv("COURTSIDE_FEED_SPORTS")); v != "" {
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s != "" {
				c.Sports = append(c.Sports, s)
			}
		}
	}
	var err error
	if c.FootballLeagues, err = ints(getenv("COURTSIDE_FEED_LEAGUES")); err != nil {
		return c, fmt.Errorf("COURTSIDE_FEED_LEAGUES: %w", err)
	}
	if c.BasketballLeagues, err = ints(getenv("COURTSIDE_FEED_BASKETBALL_LEAGUES")); err != nil {
		return c, fmt.Errorf("COURTSIDE_FEED_BASKETBALL_LEAGUES: %w", err)
	}
	if v := strings.TrimSpace(getenv("COURTSIDE_FEED_DAYS")); v != "" {
		if c.Days, err = strconv.Atoi(v); err != nil {
			return c, fmt.Errorf("COURTSIDE_FEED_DAYS: %w", err)
		}
	}
	for name, d := range map[string]*time.Duration{"COURTSIDE_FEED_POLL_LIVE": &c.PollLive, "COURTSIDE_FEED_POLL_FIXTURES": &c.PollFixtures,
		"COURTSIDE_FEED_POLL_ODDS": &c.PollOdds, "COURTSIDE_FEED_POLL_LINEUPS": &c.PollLineups} {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			if *d, err = time.ParseDuration(v); err != nil {
				return c, fmt.Errorf("%s: %w", name, err)
			}
		}
	}
	return c, nil
}

func ints(v string) ([]int, error) {
	var out []int
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}
