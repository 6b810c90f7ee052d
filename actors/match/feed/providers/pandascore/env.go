package pandascore

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ConfigFromEnv reads the adapter's settings from the environment (getenv is os.Getenv); the
// variables are listed in README.md. Resume, Reference, HTTP and Log are left for the caller.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	c := Config{APIKey: strings.TrimSpace(getenv("COURTSIDE_FEED_API_KEY")), BaseURL: strings.TrimSpace(getenv("COURTSIDE_FEED_BASE_URL"))}
	for _, g := range strings.Split(getenv("COURTSIDE_FEED_GAMES"), ",") {
		if g = strings.TrimSpace(g); g != "" {
			c.Videogames = append(c.Videogames, g)
		}
	}
	var err error
	if v := strings.TrimSpace(getenv("COURTSIDE_FEED_DAYS")); v != "" {
		if c.Days, err = strconv.Atoi(v); err != nil {
			return c, fmt.Errorf("COURTSIDE_FEED_DAYS: %w", err)
		}
	}
	if v := strings.TrimSpace(getenv("COURTSIDE_FEED_ODDS")); v != "" {
		if c.Odds, err = strconv.ParseBool(v); err != nil {
			return c, fmt.Errorf("COURTSIDE_FEED_ODDS: %w", err)
		}
	}
	for name, d := range map[string]*time.Duration{"COURTSIDE_FEED_POLL_LIVE": &c.PollLive, "COURTSIDE_FEED_POLL_FIXTURES": &c.PollSchedule,
		"COURTSIDE_FEED_POLL_ODDS": &c.PollOdds, "COURTSIDE_FEED_POLL_LINEUPS": &c.PollLineups} {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			if *d, err = time.ParseDuration(v); err != nil {
				return c, fmt.Errorf("%s: %w", name, err)
			}
		}
	}
	return c, nil
}
