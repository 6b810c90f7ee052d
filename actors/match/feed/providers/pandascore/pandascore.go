package pandascore

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

// Config configures the adapter; zero values get defaults (README.md has the table).
type Config struct {
	// APIKey is the PandaScore token (app.pandascore.co), sent as a Bearer token.
	APIKey string
	// BaseURL is the REST API; default https://api.pandascore.co.
	BaseURL string
	// Videogames limits the adapter to these PandaScore videogame slugs (league-of-legends,
	// cs-go, dota-2, valorant, ...); empty reads every game of the plan.
	Videogames []string
	// Days of schedule ahead; default 2. Results of the last day are read too.
	Days int
	// PollLive, PollSchedule, PollOdds and PollLineups: how often running matches, the schedule,
	// odds and line-ups are read; defaults 20 s, 15 min, 5 min, 15 min.
	PollLive, PollSchedule, PollOdds, PollLineups time.Duration
	// Odds turns on GET /betting/matches/{id}/markets (a paid PandaScore product: a plan without
	// it answers 403 and the adapter stops asking). MaxOdds bounds the markets requests a poll.
	Odds    bool
	MaxOdds int
	// MaxPages bounds the pages of one list; default 5 (100 matches a page).
	MaxPages  int
	Resume    providers.ResumeFunc
	Reference providers.ReferenceFunc
	HTTP      *http.Client
	Now       func() time.Time
	Wait      func(ctx context.Context, d time.Duration) error
	Log       *zap.Logger
}

func (c *Config) defaults() {
	if c.BaseURL == "" {
		c.BaseURL = "https://api.pandascore.co"
	}
	if c.Days <= 0 {
		c.Days = 2
	}
	if c.PollLive <= 0 {
		c.PollLive = 20 * time.Second
	}
	if c.PollSchedule <= 0 {
		c.PollSchedule = 15 * time.Minute
	}
	if c.PollOdds <= 0 {
		c.PollOdds = 5 * time.Minute
	}
	if c.PollLineups <= 0 {
		c.PollLineups = 15 * time.Minute
	}
	if c.MaxOdds <= 0 {
		c.MaxOdds = 10
	}
	if c.MaxPages <= 0 {
		c.MaxPages = 5
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Log == nil {
		c.Log = zap.NewNop()
	}
}

// Adapter is the PandaScore feed.Source: esports fixtures and results, running series map by
// map, line-ups and (with the betting product) odds.
type Adapter struct {
	cfg     Config
	client  *providers.Client
	tracker *providers.Tracker
	refs    providers.Collector
	known   map[int64]*known
	last    providers.Schedule
	off     map[string]bool
}

type known struct {
	id         int64
	game       int
	home, away int64
	start      time.Time
	status     feed.Status
	lineup     bool
}

var _ feed.Source = (*Adapter)(nil)

// New builds the adapter. It needs a token.
func New(cfg Config) (*Adapter, error) {
	cfg.defaults()
	if strings.TrimSpace(cfg.APIKey) == "" {
		return nil, errors.New("pandascore: a token is required (COURTSIDE_FEED_API_KEY)")
	}
	a := &Adapter{cfg: cfg, tracker: providers.NewTracker(cfg.Resume, cfg.Log, cfg.Now), known: map[int64]*known{},
		last: providers.Schedule{}, off: map[string]bool{}}
	a.client = providers.NewClient(providers.ClientConfig{BaseURL: cfg.BaseURL, Header: http.Header{"Authorization": {"Bearer " + cfg.APIKey}},
		HTTP: cfg.HTTP, Now: cfg.Now, Wait: cfg.Wait, Log: cfg.Log, Observe: observe})
	return a, nil
}

// Tracker exposes the adapter's tracker (tests read its counters and states).
func (a *Adapter) Tracker() *providers.Tracker { return a.tracker }

// Run polls until ctx ends; a refused token stops it with ErrUnauthorized.
func (a *Adapter) Run(ctx context.Context, sink feed.Sink) error {
	return providers.RunPolls(ctx, min(a.cfg.PollLive, 20*time.Second), a.cfg.Log, "pandascore", func(ctx context.Context) error {
		return a.Poll(ctx, sink)
	})
}

func (a *Adapter) due(task string, every time.Duration) bool {
	return a.last.Due(task, every, a.cfg.Now())
}

// Poll does the work that is due: the schedule and results, running matches (and those that
// just stopped running), line-ups of matches about to start, odds.
func (a *Adapter) Poll(ctx context.Context, sink feed.Sink) error {
	tasks := []struct {
		name  string
		every time.Duration
		run   func() error
	}{
		{"schedule", a.cfg.PollSchedule, func() error { return a.schedule(ctx, sink) }},
		{"live", a.cfg.PollLive, func() error { return a.live(ctx, sink) }},
		{"line-ups", a.cfg.PollLineups, func() error { return a.lineups(ctx, sink) }},
		{"odds", a.cfg.PollOdds, func() error {
			if !a.cfg.Odds || a.off["odds"] {
				return nil
			}
			return a.odds(ctx, sink)
		}},
	}
	var first error
	for _, t := range tasks {
		if !a.due(t.name, t.every) {
			continue
		}
		err := t.run()
		if err == nil {
			continue
		}
		a.cfg.Log.Warn("pandascore: "+t.name+" failed", zap.Error(err))
		if errors.Is(err, providers.ErrUnauthorized) || ctx.Err() != nil {
			first = err
			break
		}
	}
	if err := a.refs.Flush(ctx, a.cfg.Reference); err != nil {
		a.cfg.Log.Warn("pandascore: reference data not stored", zap.Error(err))
	}
	return first
}

// paths returns the list endpoint for each configured videogame (or all).
func (a *Adapter) paths(kind string) []string {
	if len(a.cfg.Videogames) == 0 {
		return []string{"matches/" + kind}
	}
	out := make([]string, 0, len(a.cfg.Videogames))
	for _, g := range a.cfg.Videogames {
		out = append(out, url.PathEscape(g)+"/matches/"+kind)
	}
	return out
}

// readPages reads a paginated list of matches and applies each.
func (a *Adapter) readPages(ctx context.Context, path string, q url.Values, sink feed.Sink) ([]int64, error) {
	var ids []int64
	for page := 1; page <= a.cfg.MaxPages; page++ {
		qq := url.Values{}
		for k, v := range q {
			qq[k] = v
		}
		qq.Set("page[size]", "100")
		qq.Set("page[number]", strconv.Itoa(page))
		body, err := a.client.Get(ctx, path, qq)
		if err != nil {
			return ids, err
		}
		ms, err := DecodeMatches(body)
		if err != nil {
			return ids, err
		}
		for i := range ms {
			if a.apply(ctx, &ms[i], sink) {
				ids = append(ids, ms[i].ID)
			}
		}
		if len(ms) < 100 {
			break
		}
	}
	return ids, nil
}

func (a *Adapter) apply(ctx context.Context, m *psMatch, sink feed.Sink) bool {
	now := a.cfg.Now()
	s, ref, err := matchSnapshot(m, now)
	if err != nil {
		a.cfg.Log.Warn("pandascore: match refused", zap.String("reason", err.Error()))
		return false
	}
	a.refs.Add(ref)
	if _, err := a.tracker.Apply(ctx, s, sink); err != nil {
		a.cfg.Log.Warn("pandascore: match not applied", zap.String("match", s.Match), zap.Error(err))
		return false
	}
	k := a.known[m.ID]
	if k == nil {
		k = &known{id: m.ID}
		a.known[m.ID] = k
	}
	k.game, k.home, k.away, k.start = s.Fixture.Game, m.Opponents[0].Opponent.ID, m.Opponents[1].Opponent.ID, s.Fixture.Start
	if st, ok := a.tracker.State(s.Match); ok {
		k.status = st.Status
	}
	return true
}

func rng(from, to time.Time) string {
	return from.UTC().Format(time.RFC3339) + "," + to.UTC().Format(time.RFC3339)
}

// schedule reads the upcoming matches and the results of the last day.
func (a *Adapter) schedule(ctx context.Context, sink feed.Sink) error {
	now := a.cfg.Now()
	for _, p := range a.paths("upcoming") {
		q := url.Values{"range[scheduled_at]": {rng(now.Add(-time.Hour), now.AddDate(0, 0, a.cfg.Days))}, "sort": {"scheduled_at"}}
		if _, err := a.readPages(ctx, p, q, sink); err != nil {
			return err
		}
	}
	for _, p := range a.paths("past") {
		q := url.Values{"range[end_at]": {rng(now.AddDate(0, 0, -1), now)}, "sort": {"-end_at"}}
		if _, err := a.readPages(ctx, p, q, sink); err != nil {
			return err
		}
	}
	return nil
}

// live reads the running matches, then each known match that was running and is no longer in
// the list (to get its final state), and matches due to have started.
func (a *Adapter) live(ctx context.Context, sink feed.Sink) error {
	running := map[int64]bool{}
	for _, p := range a.paths("running") {
		ids, err := a.readPages(ctx, p, nil, sink)
		if err != nil {
			return err
		}
		for _, id := range ids {
			running[id] = true
		}
	}
	now := a.cfg.Now()
	var check []int64
	for id, k := range a.known {
		if running[id] || k.status.Terminal() || k.status == feed.StatusPostponed {
			continue
		}
		if k.status.InPlay() || (!k.start.After(now) && now.Sub(k.start) < 6*time.Hour && k.status.Upcoming() && now.Sub(k.start) > 30*time.Minute) {
			check = append(check, id)
		}
	}
	sort.Slice(check, func(i, j int) bool { return check[i] < check[j] })
	for _, id := range check {
		body, err := a.client.Get(ctx, fmt.Sprintf("matches/%d", id), nil)
		if errors.Is(err, providers.ErrNotFound) {
			a.cfg.Log.Info("pandascore: match removed by the provider", zap.Int64("id", id))
			delete(a.known, id)
			continue
		}
		if err != nil {
			return err
		}
		m, err := DecodeMatch(body)
		if err != nil {
			return err
		}
		a.apply(ctx, &m, sink)
	}
	return nil
}

// lineups reads the rosters of matches starting within two hours.
func (a *Adapter) lineups(ctx context.Context, sink feed.Sink) error {
	now := a.cfg.Now()
	var ids []int64
	for id, k := range a.known {
		if !k.lineup && (k.status.Upcoming() || k.status.InPlay()) && k.start.Sub(now) <= 2*time.Hour {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		body, err := a.client.Get(ctx, fmt.Sprintf("matches/%d/opponents", id), nil)
		if err != nil {
			return err
		}
		o, err := DecodeOpponents(body)
		if err != nil {
			return err
		}
		k := a.known[id]
		lus, players := lineups(&o, k.game)
		a.refs.Add(providers.Reference{Players: players})
		if len(lus) == 0 {
			continue
		}
		if _, err := a.tracker.Apply(ctx, providers.Snapshot{Match: matchID(id), Lineups: lus}, sink); err != nil {
			return err
		}
		k.lineup = true
	}
	return nil
}

// odds reads the markets of running matches and of the next ones.
func (a *Adapter) odds(ctx context.Context, sink feed.Sink) error {
	now := a.cfg.Now()
	var ks []*known
	for _, k := range a.known {
		if k.status.InPlay() || (k.status.Upcoming() && k.start.Sub(now) < 24*time.Hour) {
			ks = append(ks, k)
		}
	}
	sort.Slice(ks, func(i, j int) bool {
		return ks[i].start.Before(ks[j].start) || ks[i].start.Equal(ks[j].start) && ks[i].id < ks[j].id
	})
	for i, k := range ks {
		if i >= a.cfg.MaxOdds {
			break
		}
		body, err := a.client.Get(ctx, fmt.Sprintf("betting/matches/%d/markets", k.id), nil)
		if errors.Is(err, providers.ErrForbidden) {
			a.off["odds"] = true
			a.cfg.Log.Warn("pandascore: the plan does not include betting markets; odds turned off", zap.Error(err))
			return nil
		}
		if errors.Is(err, providers.ErrNotFound) {
			continue
		}
		if err != nil {
			return err
		}
		mks, err := DecodeMarkets(body)
		if err != nil {
			return err
		}
		o := odds(mks, k.home, k.away)
		if o == nil {
			continue
		}
		if _, err := a.tracker.Apply(ctx, providers.Snapshot{Match: matchID(k.id), Odds: o}, sink); err != nil {
			return err
		}
	}
	return nil
}
