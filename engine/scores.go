package engine

import (
	"context"
	"errors"
	"os"
	"sync"
	"time"

	"go.uber.org/zap"

	"courtside/actors/match"
	"courtside/actors/match/feed"
	"courtside/actors/match/feed/providers"
	"courtside/actors/match/feed/providers/apisports"
	"courtside/actors/match/feed/providers/pandascore"
	"courtside/api/matches"
	"courtside/storage/postgres"
	"courtside/storage/postgres/sportsdemo"
)

// buildScores wires live scores: the sports store, the match actors and their topics (served by
// the node's relay like rooms) and the REST module (registered with the API server later). It
// runs before the topology hosts the registries: in a cluster the match and topic kinds activate
// their actors from the registries built here (actors/cluster).
func (w *wiring) buildScores() {
	n := w.n
	system := n.topo.system()
	w.sports = postgres.NewSportsStore(n.pool, postgres.SportsConfig{})
	n.onClose(w.sports.Close)
	// A match this node's feed plays is known at once; the store answers for the others (w.matches
	// is made below, before anything subscribes).
	fed := func(id string) bool { return w.matches != nil && w.matches.Fed(id) }
	w.topics = match.NewTopics(system, match.TopicConfig{MatchExists: knownMatches(w.sports, fed)})
	w.matchAPI = matches.New(matches.Config{Log: n.log.Named("matches")}, matches.Deps{Store: w.sports})
	w.matches = match.NewRegistry(system, match.Config{
		Store: w.sports, Topics: w.topics, Reservations: w.sports,
		Notifier: w.matchStartNotifier(), Listener: n.topo.matchListener(w.matchAPI), Log: n.log.Named("match"),
		Results: w.settlementService(), // plans settled on results (engine/experts.go)
		// A feed ticks every clock about once a second; a match is written every few seconds for
		// that, at once for anything else (issue 24: 10,000 live matches).
		QuietSaveDelay: 5 * time.Second,
	})
	w.topics.AskMatches(w.matches) // a passivated match topic, activated again, asks for the whole state
	// Closers run in reverse: the match actors stop, saving the clock ticks that waited, before the
	// store above is closed (once every service, the feed among them, has stopped).
	n.onClose(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		w.matches.StopAll(ctx)
	})
	n.services = append(n.services, namedService{"matches", ServiceFunc(w.matchAPI.Run)})
}

// knownMatches answers whether a match exists, remembering the ones that do (matches are never
// deleted), so `sub` to a made-up match id is refused before any actor is activated. A match the
// node's feed plays (fed) is known without a query: at 10,000 live matches, 1,500-3,200 of 5,000
// subscriptions made in a few seconds were refused as unknown (their fixtures not stored yet, or
// the lookups waiting on the pool past Resolve's bound; issue 24, docs/BENCHMARKS.md).
func knownMatches(store matchFinder, fed func(id string) bool) func(ctx context.Context, id string) (bool, error) {
	var seen sync.Map
	return func(ctx context.Context, id string) (bool, error) {
		if _, ok := seen.Load(id); ok {
			return true, nil
		}
		if fed(id) {
			seen.Store(id, struct{}{})
			return true, nil
		}
		_, err := store.Match(ctx, id)
		if errors.Is(err, postgres.ErrMatchNotFound) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		seen.Store(id, struct{}{})
		return true, nil
	}
}

// matchFinder is the store's lookup knownMatches asks.
type matchFinder interface {
	Match(ctx context.Context, id string) (postgres.MatchRow, error)
}

// buildFeed picks the live scores source (COURTSIDE_FEED): the demo simulator, or a data provider's
// adapter whose events go to the match registry like the simulator's.
func (w *wiring) buildFeed() error {
	n := w.n
	kind := n.cfg.Feed
	if kind == "" {
		kind = "none"
		if n.cfg.Demo {
			kind = "simulator"
		}
	}
	var src feed.Source
	var source string
	switch kind {
	case "none":
		return nil
	case "simulator":
		sim := &sportsdemo.Service{Store: w.sports, Sink: w.matchSink(), Log: n.log.Named("simulator")}
		w.demoClock = sim // staff may play a demo match ahead (matches.Demo)
		n.services = append(n.services, namedService{"feed-simulator", sim})
		return nil
	case "load":
		// Load tests only (bench, scoreboard at scale): matches that exist for the feed alone.
		load := &feed.Load{Matches: n.cfg.FeedLoadMatches}
		n.log.Warn("live scores from the load feed: made-up matches for load tests", zap.Int("matches", load.Matches))
		n.services = append(n.services, namedService{"feed-load", ServiceFunc(func(ctx context.Context) error {
			// Made-up matches never outlive the run: the last run's go first, this run's at the end.
			removeLoadMatches := func(ctx context.Context) {
				if k, err := w.sports.DeleteMatchesOfSource(ctx, feed.LoadSource); err != nil {
					n.log.Warn("load feed: removing its matches", zap.Error(err))
				} else if k > 0 {
					n.log.Info("load feed: removed its matches", zap.Int64("matches", k))
				}
			}
			removeLoadMatches(ctx)
			err := load.Run(ctx, w.matchSink())
			stop, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			defer cancel()
			// The match actors save what waited as they stop: stopped and saved first, or those
			// saves would store the matches again after they were removed.
			w.matches.StopAll(stop)
			if err := w.sports.Flush(stop); err != nil {
				n.log.Warn("load feed: waiting for its matches' last saves", zap.Error(err))
			}
			removeLoadMatches(stop)
			return err
		})})
		return nil
	case "apisports":
		cfg, err := apisports.ConfigFromEnv(os.Getenv)
		if err != nil {
			return err
		}
		source = apisports.Source
		cfg.Resume, cfg.Reference, cfg.Log = w.sports.ResumeMatch, w.storeReference(source), n.log.Named("feed")
		if src, err = apisports.New(cfg); err != nil {
			return err
		}
	case "pandascore":
		cfg, err := pandascore.ConfigFromEnv(os.Getenv)
		if err != nil {
			return err
		}
		source = pandascore.Source
		cfg.Resume, cfg.Reference, cfg.Log = w.sports.ResumeMatch, w.storeReference(source), n.log.Named("feed")
		if src, err = pandascore.New(cfg); err != nil {
			return err
		}
	}
	n.log.Info("live scores from a data provider", zap.String("feed", source))
	n.services = append(n.services, namedService{"feed-" + kind, ServiceFunc(func(ctx context.Context) error { return src.Run(ctx, w.matchSink()) })})
	return nil
}

// storeReference keeps a provider's leagues, teams and players in the sports store.
func (w *wiring) storeReference(source string) providers.ReferenceFunc {
	return func(ctx context.Context, r providers.Reference) error {
		return w.sports.UpsertReference(ctx, postgres.Reference{Leagues: r.Leagues, Seasons: r.Seasons,
			Stages: r.Stages, Rounds: r.Rounds, Teams: r.Teams, Players: r.Players, Source: source})
	}
}
