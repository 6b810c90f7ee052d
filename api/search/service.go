package search

import (
	"context"
	"errors"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/zap"

	"courtside/actors/match/feed"
	"courtside/storage/postgres"
)

// Deps are the parts the search is built from; Pool is required.
type Deps struct {
	Pool *pgxpool.Pool
	// Backend keeps and searches the documents; nil: the Postgres backend on Pool.
	Backend Backend
}

// Service is the site search: the one query across every kind (Search), the Indexer the news and
// video areas call (Put, Delete), and the indexing of the kinds that live in other areas' tables
// (Reindex, Refresh, Run). Safe for concurrent use.
type Service struct {
	cfg     Config
	log     *zap.Logger
	store   *postgres.SearchStore
	backend Backend
	answers *answers

	mu    sync.Mutex           // one indexing pass at a time
	since map[string]time.Time // per source kind: the newest change already indexed
}

var _ Indexer = (*Service)(nil)

// New builds the Service; it fills Config's zero values and fails without a Pool.
func New(cfg Config, d Deps) (*Service, error) {
	if d.Pool == nil {
		return nil, errors.New("search: Deps.Pool is required")
	}
	cfg.fill()
	store := postgres.NewSearchStore(d.Pool)
	b := d.Backend
	if b == nil {
		b = NewPostgresBackend(store, cfg.Candidates)
	}
	return &Service{cfg: cfg, log: cfg.Logger, store: store, backend: b, since: map[string]time.Time{},
		answers: newAnswers(cfg.CacheFor, cfg.CacheSize, cfg.Now)}, nil
}

// Config is the configuration in use, defaults filled.
func (s *Service) Config() Config { return s.cfg }

// Store is the search's store (aliases, tests, the benchmark).
func (s *Service) Store() *postgres.SearchStore { return s.store }

// Put indexes d (or replaces it). Kind and ID and Title are required.
func (s *Service) Put(ctx context.Context, d Document) error {
	if !d.Kind.Valid() || d.ID == "" || strings.TrimSpace(d.Title) == "" {
		return errors.New("search: a document needs a known Kind, an ID and a Title")
	}
	defer s.answers.clear()
	return s.backend.Put(ctx, []Document{d})
}

// Delete removes a document; removing one that is not there is no error.
func (s *Service) Delete(ctx context.Context, kind Kind, id string) error {
	defer s.answers.clear()
	return s.backend.Delete(ctx, kind, id)
}

// Search validates q and runs it: every kind (PerKind results each) when q.Kind is empty, else one
// kind paged by q.Page (PageSize results a page). The same query asked again within
// Config.CacheFor is answered from memory unless this Service wrote in between.
func (s *Service) Search(ctx context.Context, q Query) (Results, error) {
	q.Text = strings.TrimSpace(q.Text)
	if n := utf8.RuneCountInString(q.Text); n > s.cfg.MaxQuery {
		return Results{}, ErrQueryTooLong.WithArgs(s.cfg.MaxQuery)
	}
	if len(QueryTerms(q.Text)) == 0 {
		return Results{}, ErrQueryEmpty
	}
	if q.Kind != "" && !q.Kind.Valid() {
		return Results{}, ErrKindUnknown
	}
	if q.Page == 0 {
		q.Page = 1
	}
	if q.Page < 1 || q.Page > s.cfg.MaxPage || (q.Kind == "" && q.Page != 1) {
		return Results{}, ErrPageInvalid.WithArgs(s.cfg.MaxPage)
	}
	q.PerKind = s.cfg.PerKind
	if q.Kind != "" {
		q.PerKind = s.cfg.PageSize
	}
	if res, ok := s.answers.get(q); ok {
		return res, nil
	}
	res, err := s.backend.Search(ctx, q)
	if err != nil {
		return Results{}, err
	}
	for i := range res.Groups {
		if len(res.Groups[i].Hits) > q.PerKind {
			res.Groups[i].Hits = res.Groups[i].Hits[:q.PerKind]
		}
	}
	s.answers.put(q, res)
	return res, nil
}

// sortHits orders hits by score, best first (stable: the store's order breaks ties).
func sortHits(h []Hit) {
	sort.SliceStable(h, func(i, j int) bool { return h[i].Score > h[j].Score })
}

// Run keeps the index fresh until ctx ends: a full reindex at once, the changed things every
// RefreshEvery, a full reindex every FullEvery.
func (s *Service) Run(ctx context.Context) error {
	if err := s.Reindex(ctx); err != nil && ctx.Err() == nil {
		s.log.Warn("search: reindex", zap.Error(err))
	}
	tick := time.NewTicker(s.cfg.RefreshEvery)
	defer tick.Stop()
	last := s.cfg.Now()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
			var err error
			if s.cfg.Now().Sub(last) >= s.cfg.FullEvery {
				last = s.cfg.Now()
				err = s.Reindex(ctx)
			} else {
				err = s.Refresh(ctx)
			}
			if err != nil && ctx.Err() == nil {
				s.log.Warn("search: refresh", zap.Error(err))
			}
		}
	}
}

// Reindex reads every thing of the existing kinds and drops the documents of those kinds that are
// gone. News and videos are not touched: their areas put them.
func (s *Service) Reindex(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, kind := range postgres.SearchSourceKinds {
		start, err := s.store.DBNow(ctx)
		if err != nil {
			return err
		}
		if err := s.index(ctx, kind, time.Time{}); err != nil {
			return err
		}
		err = s.backend.Sweep(ctx, Kind(kind), start)
		s.answers.clear()
		if err != nil {
			return err
		}
	}
	return nil
}

// Refresh indexes the things of the existing kinds changed since the last pass.
func (s *Service) Refresh(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, kind := range postgres.SearchSourceKinds {
		if err := s.index(ctx, kind, s.since[kind]); err != nil {
			return err
		}
	}
	return nil
}

// batchSize is how many documents one backend Put carries during a reindex.
const batchSize = 500

// index reads kind's things changed at or after since, puts the findable ones, deletes the gone
// ones, and moves the kind's watermark. Caller holds s.mu.
func (s *Service) index(ctx context.Context, kind string, since time.Time) error {
	aliases, err := s.store.Aliases(ctx, kind)
	if err != nil {
		return err
	}
	newest := since
	var batch []Document
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		err := s.backend.Put(ctx, batch)
		batch = batch[:0]
		s.answers.clear()
		return err
	}
	err = s.store.SearchSources(ctx, kind, since, func(src postgres.SearchSource) error {
		if src.Updated.After(newest) {
			newest = src.Updated
		}
		if src.Gone || strings.TrimSpace(src.Title) == "" {
			defer s.answers.clear()
			return s.backend.Delete(ctx, Kind(kind), src.ID)
		}
		batch = append(batch, document(Kind(kind), src, aliases[src.ID]))
		if len(batch) >= batchSize {
			return flush()
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := flush(); err != nil {
		return err
	}
	s.since[kind] = newest
	return nil
}

// document builds the Document of a source row: its target path on the site and its names.
func document(kind Kind, src postgres.SearchSource, aliases []string) Document {
	d := Document{Kind: kind, ID: src.ID, Title: src.Title, Subtitle: src.Subtitle, Body: src.Body, Picture: src.Picture,
		Game: src.Game, Rank: src.Rank, Time: src.At, Meta: src.Meta}
	for _, n := range append(src.Names, aliases...) {
		if n = strings.TrimSpace(n); n != "" && n != src.Title {
			d.Names = append(d.Names, n)
		}
	}
	switch kind {
	case KindMatch:
		d.Target = "/" + gameSlug(src.Game) + "/" + src.ID
	case KindTeam:
		d.Target = "/squadLibrary/" + src.ID
	case KindPlayer:
		d.Target = "/playerLibrary/" + src.ID
	case KindLeague:
		d.Target = "/leagueLibrary/" + src.ID
	case KindStreamer:
		d.Target = "/anchor/" + src.ID
	case KindRoom:
		d.Target = "/live/" + src.ID
	case KindExpert:
		d.Target = "/expert/" + src.ID
	}
	if g, ok := feed.GameByID(src.Game); ok && d.Meta != nil {
		d.Meta["game"] = g.Abbr
	}
	return d
}

// gameSlug is the first path segment of a game's pages (its catalogue abbreviation).
func gameSlug(id int) string {
	if g, ok := feed.GameByID(id); ok {
		return g.Abbr
	}
	return "match"
}
