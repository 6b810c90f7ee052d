package apisports

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"courtside/actors/match/feed"
	"courtside/actors/match/feed/providers"
)

// Sports this adapter reads.
const (
	SportFootball   = "football"
	SportBasketball = "basketball"
)

// Config configures the adapter; zero values get defaults (README.md has the table).
type Config struct {
	// APIKey is the API-Sports key (dashboard.api-football.com), sent as x-apisports-key.
	APIKey string
	// FootballURL and BasketballURL are the API hosts; defaults https://v3.football.api-sports.io
	// and https://v1.basketball.api-sports.io (tests point them at a stand-in server).
	FootballURL, BasketballURL string
	// Sports to read; default football and basketball.
	Sports []string
	// Leagues limits football and basketball to these league ids of the provider (empty: every
	// league the plan covers; on the free plan, list a few to save the daily quota).
	FootballLeagues, BasketballLeagues []int
	// Days of fixtures ahead (and one day back for results); default 1.
	Days int
	// PollLive, PollFixtures, PollOdds and PollLineups are how often live matches, the schedule,
	// odds and the details of matches about to start are fetched; defaults 15 s, 30 min, 10 min,
	// 10 min. The rate limiter slows them down when the plan's quota requires it.
	PollLive, PollFixtures, PollOdds, PollLineups time.Duration
	// MaxDetails bounds the fixtures whose details (events, line-ups, statistics, players) are
	// fetched per poll; default 40 (two requests of 20 ids).
	MaxDetails int
	// MaxPrematchOdds bounds the pre-match odds requests per poll; default 5.
	MaxPrematchOdds int
	// Resume loads what consumers already hold for a match (the sports store's ResumeMatch), so
	// that sequence numbers continue after a restart. Reference stores leagues, teams and
	// players. Both optional (tests).
	Resume    providers.ResumeFunc
	Reference providers.ReferenceFunc
	HTTP      *http.Client
	Now       func() time.Time
	Wait      func(ctx context.Context, d time.Duration) error
	Log       *zap.Logger
}

func (c *Config) defaults() {
	if c.FootballURL == "" {
		c.FootballURL = "https://v3.football.api-sports.io"
	}
	if c.BasketballURL == "" {
		c.BasketballURL = "https://v1.basketball.api-sports.io"
	}
	if len(c.Sports) == 0 {
		c.Sports = []string{SportFootball, SportBasketball}
	}
	if c.Days <= 0 {
		c.Days = 1
	}
	for _, d := range []*time.Duration{&c.PollLive, &c.PollFixtures, &c.PollOdds, &c.PollLineups} {
		if *d < 0 {
			*d = 0
		}
	}
	if c.PollLive == 0 {
		c.PollLive = 15 * time.Second
	}
	if c.PollFixtures == 0 {
		c.PollFixtures = 30 * time.Minute
	}
	if c.PollOdds == 0 {
		c.PollOdds = 10 * time.Minute
	}
	if c.PollLineups == 0 {
		c.PollLineups = 10 * time.Minute
	}
	if c.MaxDetails <= 0 {
		c.MaxDetails = 40
	}
	if c.MaxPrematchOdds <= 0 {
		c.MaxPrematchOdds = 5
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Log == nil {
		c.Log = zap.NewNop()
	}
}

// Adapter is the API-Sports feed.Source: football from API-Football (fixtures, live events,
// line-ups, statistics, player statistics, pre-match and in-play odds) and basketball from
// API-Basketball (fixtures, scores by quarter, odds).
type Adapter struct {
	cfg     Config
	clients map[string]*providers.Client
	tracker *providers.Tracker
	refs    providers.Collector
	known   map[string]*known // our match id -> what we know of it
	last    providers.Schedule
	off     map[string]bool // endpoints the plan refuses
	oddsAt  map[string]string
	ties    ties              // fixtures of cup rounds, to tell the legs of a tie (ties.go)
	rounds  map[roundKey]bool // cup rounds read whole to find a first leg (loadRound)
}

type known struct {
	sport  string
	id     int64
	start  time.Time
	status feed.Status
	lineup bool
}

var _ feed.Source = (*Adapter)(nil)

// New builds the adapter. It needs an API key.
func New(cfg Config) (*Adapter, error) {
	cfg.defaults()
	if strings.TrimSpace(cfg.APIKey) == "" {
		return nil, errors.New("apisports: an API key is required (COURTSIDE_FEED_API_KEY)")
	}
	a := &Adapter{cfg: cfg, clients: map[string]*providers.Client{}, tracker: providers.NewTracker(cfg.Resume, cfg.Log, cfg.Now),
		known: map[string]*known{}, last: providers.Schedule{}, off: map[string]bool{}, oddsAt: map[string]string{}, ties: ties{}, rounds: map[roundKey]bool{}}
	for _, sp := range cfg.Sports {
		base := map[string]string{SportFootball: cfg.FootballURL, SportBasketball: cfg.BasketballURL}[sp]
		if base == "" {
			return nil, fmt.Errorf("apisports: unknown sport %q (football, basketball)", sp)
		}
		a.clients[sp] = providers.NewClient(providers.ClientConfig{BaseURL: base, Header: http.Header{"x-apisports-key": {cfg.APIKey}},
			HTTP: cfg.HTTP, Now: cfg.Now, Wait: cfg.Wait, Log: cfg.Log.With(zap.String("sport", sp)), Observe: observe, BodyError: bodyError})
	}
	return a, nil
}

// Tracker exposes the adapter's tracker (tests read its counters and states).
func (a *Adapter) Tracker() *providers.Tracker { return a.tracker }

// Run polls until ctx ends. A refused key stops it with ErrUnauthorized; every other failure
// is logged and the next poll tries again.
func (a *Adapter) Run(ctx context.Context, sink feed.Sink) error {
	return providers.RunPolls(ctx, min(a.cfg.PollLive, 15*time.Second), a.cfg.Log, "apisports", func(ctx context.Context) error {
		return a.Poll(ctx, sink)
	})
}

func (a *Adapter) due(task string, every time.Duration) bool {
	return a.last.Due(task, every, a.cfg.Now())
}

// Poll does the work that is due: the schedule, live matches, details of matches about to
// start, odds. It returns the first error that stops the adapter (a refused key), after logging
// every other one.
func (a *Adapter) Poll(ctx context.Context, sink feed.Sink) error {
	var first error
	note := func(what string, err error) {
		if err == nil {
			return
		}
		if errors.Is(err, providers.ErrForbidden) {
			a.cfg.Log.Warn("apisports: the plan does not include "+what+"; not asked again", zap.Error(err))
			a.off[what] = true
			return
		}
		a.cfg.Log.Warn("apisports: "+what+" failed", zap.Error(err))
		if first == nil && (errors.Is(err, providers.ErrUnauthorized) || ctx.Err() != nil) {
			first = err
		}
	}
	for _, sp := range a.cfg.Sports {
		tasks := []struct {
			name  string
			every time.Duration
			run   func() error
		}{
			{sp + " fixtures", a.cfg.PollFixtures, func() error { return a.fixtures(ctx, sp, sink) }},
			{sp + " live", a.cfg.PollLive, func() error { return a.live(ctx, sp, sink) }},
			{sp + " line-ups", a.cfg.PollLineups, func() error {
				if sp != SportFootball {
					return nil
				}
				return a.details(ctx, a.soon(sp), sink)
			}},
			{sp + " odds", a.cfg.PollOdds, func() error { return a.odds(ctx, sp, sink) }},
		}
		for _, task := range tasks {
			if first != nil {
				break
			}
			if a.due(task.name, task.every) {
				note(task.name, task.run())
			}
		}
	}
	if err := a.refs.Flush(ctx, a.cfg.Reference); err != nil {
		a.cfg.Log.Warn("apisports: reference data not stored", zap.Error(err))
	}
	return first
}

func (a *Adapter) apply(ctx context.Context, s providers.Snapshot, ref providers.Reference, sp string, id int64, sink feed.Sink) {
	a.refs.Add(ref)
	if _, err := a.tracker.Apply(ctx, s, sink); err != nil {
		a.cfg.Log.Warn("apisports: match not applied", zap.String("match", s.Match), zap.Error(err))
		return
	}
	k := a.known[s.Match]
	if k == nil {
		k = &known{sport: sp, id: id}
		a.known[s.Match] = k
	}
	if s.Fixture != nil {
		k.start = s.Fixture.Start
	}
	if st, ok := a.tracker.State(s.Match); ok {
		k.status = st.Status
	}
	if len(s.Lineups) > 0 {
		k.lineup = true
	}
}

func (a *Adapter) get(ctx context.Context, sp, path string, q url.Values) ([]byte, error) {
	if a.off[sp+" "+path] {
		return nil, providers.ErrForbidden
	}
	body, err := a.clients[sp].Get(ctx, path, q)
	if errors.Is(err, providers.ErrForbidden) {
		a.off[sp+" "+path] = true
	}
	return body, err
}

// fixtures reads the schedule from yesterday to Days ahead.
func (a *Adapter) fixtures(ctx context.Context, sp string, sink feed.Sink) error {
	today := a.cfg.Now().UTC().Truncate(24 * time.Hour)
	leagues := a.cfg.FootballLeagues
	path := "fixtures"
	if sp == SportBasketball {
		leagues, path = a.cfg.BasketballLeagues, "games"
	}
	for d := -1; d <= a.cfg.Days; d++ {
		day := today.AddDate(0, 0, d).Format("2006-01-02")
		queries := []url.Values{{"date": {day}}}
		if len(leagues) > 0 {
			queries = nil
			for _, l := range leagues {
				queries = append(queries, url.Values{"date": {day}, "league": {strconv.Itoa(l)}, "season": {a.season(sp, today)}})
			}
		}
		for _, q := range queries {
			if err := a.readList(ctx, sp, path, q, sink); err != nil {
				return err
			}
		}
	}
	return nil
}

// season is the provider's season parameter for a league id filter: the year a football
// season started in, "2025-2026" for basketball.
func (a *Adapter) season(sp string, today time.Time) string {
	y := today.Year()
	if today.Month() < time.July {
		y--
	}
	if sp == SportBasketball {
		return fmt.Sprintf("%d-%d", y, y+1)
	}
	return strconv.Itoa(y)
}

// readList reads a list answer (fixtures or games) and applies every item.
func (a *Adapter) readList(ctx context.Context, sp, path string, q url.Values, sink feed.Sink) error {
	body, err := a.get(ctx, sp, path, q)
	if err != nil {
		return err
	}
	now := a.cfg.Now()
	if sp == SportBasketball {
		games, err := DecodeBasketball(body)
		if err != nil {
			return err
		}
		for i := range games {
			s, ref, err := basketballSnapshot(&games[i], now)
			if err != nil {
				a.cfg.Log.Warn("apisports: game refused", zap.String("reason", err.Error()))
				continue
			}
			a.apply(ctx, s, ref, sp, games[i].ID, sink)
		}
		return nil
	}
	fxs, err := DecodeFootball(body)
	if err != nil {
		return err
	}
	snaps := make([]*providers.Snapshot, len(fxs))
	refs := make([]providers.Reference, len(fxs))
	for i := range fxs {
		s, ref, err := footballSnapshot(&fxs[i], now)
		if err != nil {
			a.cfg.Log.Warn("apisports: fixture refused", zap.String("reason", err.Error()))
			continue
		}
		snaps[i], refs[i] = &s, ref
		a.ties.note(&fxs[i], s.Status) // both legs in one answer find each other, in any order
	}
	for i := range fxs {
		if snaps[i] != nil {
			a.loadRound(ctx, &fxs[i])
		}
	}
	for i := range fxs {
		if snaps[i] == nil {
			continue
		}
		s, ref := *snaps[i], refs[i]
		first, second, isFirst := a.ties.note(&fxs[i], s.Status)
		applyLeg(&s, &fxs[i], first, second, isFirst)
		a.apply(ctx, s, ref, sp, fxs[i].Fixture.ID, sink)
	}
	return nil
}

// loadRound reads the whole round of fx once (GET /fixtures?league=&season=&round=, one request)
// when fx is in a cup round and the adapter knows no swapped pair for it: after a restart a second
// leg's answer no longer brings its first leg along, and the round's answer has it. Its fixtures
// are only remembered as legs (ties.note), not applied: the schedule and the live reads bring
// those the site follows. A round is asked for at most once while the adapter runs, whatever the
// answer (a final or a first leg has no pair to find); a failed request is logged and the tie
// stays unknown until an answer has both legs.
func (a *Adapter) loadRound(ctx context.Context, fx *fbFixture) {
	if !cupRound(fx.League.Round) || a.ties.paired(fx) {
		return
	}
	k := roundKey{fx.League.ID, fx.League.Season, fx.League.Round}
	if a.rounds[k] {
		return
	}
	a.rounds[k] = true
	q := url.Values{"league": {strconv.FormatInt(k.league, 10)}, "season": {strconv.Itoa(k.season)}, "round": {k.round}}
	body, err := a.get(ctx, SportFootball, "fixtures", q)
	if err == nil {
		var fxs []fbFixture
		if fxs, err = DecodeFootball(body); err == nil {
			now := a.cfg.Now()
			for i := range fxs {
				if fxs[i].League.ID != k.league || fxs[i].League.Season != k.season || fxs[i].League.Round != k.round {
					continue // not of the round asked for: never a leg of its ties
				}
				if s, _, err := footballSnapshot(&fxs[i], now); err == nil {
					a.ties.note(&fxs[i], s.Status)
				}
			}
		}
	}
	if err != nil {
		a.cfg.Log.Warn("apisports: the legs of a cup round were not read", zap.String("round", k.round), zap.Int64("league", k.league), zap.Error(err))
	}
}

// live reads the matches in play: football's live list, then the details of those and of the
// matches that should be in play or just ended; basketball's day.
func (a *Adapter) live(ctx context.Context, sp string, sink feed.Sink) error {
	if sp == SportBasketball {
		if !a.anyActive(sp) {
			return nil
		}
		return a.readList(ctx, sp, "games", url.Values{"date": {a.cfg.Now().UTC().Format("2006-01-02")}}, sink)
	}
	if err := a.readList(ctx, sp, "fixtures", url.Values{"live": {"all"}}, sink); err != nil {
		return err
	}
	return a.details(ctx, a.active(sp), sink)
}

// active lists the provider ids of the matches in play or due (started less than four hours
// ago and not over).
func (a *Adapter) active(sp string) []int64 {
	now := a.cfg.Now()
	var ids []int64
	for _, k := range a.known {
		if k.sport != sp || k.status.Terminal() || k.status == feed.StatusAbandoned || k.status == feed.StatusPostponed {
			continue
		}
		if k.status.InPlay() || (!k.start.After(now) && now.Sub(k.start) < 4*time.Hour) {
			ids = append(ids, k.id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

func (a *Adapter) anyActive(sp string) bool { return len(a.active(sp)) > 0 }

// soon lists the matches starting within the hour whose line-ups are not known yet.
func (a *Adapter) soon(sp string) []int64 {
	now := a.cfg.Now()
	var ids []int64
	for _, k := range a.known {
		if k.sport == sp && !k.lineup && k.status.Upcoming() && k.start.After(now) && k.start.Sub(now) <= time.Hour {
			ids = append(ids, k.id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

// details fetches football fixtures by id, 20 per request (the provider's maximum), with their
// events, line-ups, statistics and players.
func (a *Adapter) details(ctx context.Context, ids []int64, sink feed.Sink) error {
	if len(ids) > a.cfg.MaxDetails {
		ids = ids[:a.cfg.MaxDetails]
	}
	for i := 0; i < len(ids); i += 20 {
		var parts []string
		for _, id := range ids[i:min(i+20, len(ids))] {
			parts = append(parts, strconv.FormatInt(id, 10))
		}
		if err := a.readList(ctx, SportFootball, "fixtures", url.Values{"ids": {strings.Join(parts, "-")}}, sink); err != nil {
			return err
		}
	}
	return nil
}

// odds reads the in-play odds (one request for every live football match) and the pre-match
// odds of the next matches.
func (a *Adapter) odds(ctx context.Context, sp string, sink feed.Sink) error {
	if sp == SportFootball && a.anyActive(sp) {
		body, err := a.get(ctx, sp, "odds/live", nil)
		if err == nil {
			err = a.applyOdds(ctx, sp, body, sink)
		}
		if err != nil && !errors.Is(err, providers.ErrForbidden) {
			return err
		}
	}
	now := a.cfg.Now()
	var next []*known
	for _, k := range a.known {
		if k.sport == sp && k.status.Upcoming() && k.start.After(now) && k.start.Sub(now) < 24*time.Hour {
			next = append(next, k)
		}
	}
	sort.Slice(next, func(i, j int) bool { return next[i].start.Before(next[j].start) })
	param := "fixture"
	if sp == SportBasketball {
		param = "game"
	}
	for i, k := range next {
		if i >= a.cfg.MaxPrematchOdds {
			break
		}
		body, err := a.get(ctx, sp, "odds", url.Values{param: {strconv.FormatInt(k.id, 10)}})
		if err != nil {
			return err
		}
		if err := a.applyOdds(ctx, sp, body, sink); err != nil {
			return err
		}
	}
	return nil
}

func (a *Adapter) applyOdds(ctx context.Context, sp string, body []byte, sink feed.Sink) error {
	items, err := DecodeOdds(body)
	if err != nil {
		return err
	}
	short := map[string]string{SportFootball: "fb", SportBasketball: "bb"}[sp]
	for _, it := range items {
		id := it.Fixture.ID
		if id == 0 {
			id = it.Game.ID
		}
		if id <= 0 {
			continue
		}
		m := matchID(short, id)
		if _, ok := a.known[m]; !ok {
			continue // odds of a match whose fixture is not known (yet)
		}
		if it.Update != "" && it.Update <= a.oddsAt[m] {
			continue // not newer than what was applied
		}
		var o *feed.Odds
		if len(it.Odds) > 0 {
			o = mapOdds("API-Sports live", it.Odds, it.Status.Stopped || it.Status.Blocked)
		} else if len(it.Bookmakers) > 0 {
			o = mapOdds(it.Bookmakers[0].Name, it.Bookmakers[0].Bets, false)
		}
		if o == nil {
			continue
		}
		a.oddsAt[m] = it.Update
		if _, err := a.tracker.Apply(ctx, providers.Snapshot{Match: m, Odds: o}, sink); err != nil {
			a.cfg.Log.Warn("apisports: odds not applied", zap.String("match", m), zap.Error(err))
		}
	}
	return nil
}
