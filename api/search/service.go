package search

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/zap"

	"courtside/actors/match/feed"
	"courtside/api/periodic"
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
	// put is what this Service last wrote of each thing of the source kinds (fingerprint; gone:
	// deleted), so a Refresh skips rows whose updated time moved but whose document did not: the
	// live matches' every feed event, a provider's reference upsert of unchanged teams.
	put map[docKey]uint64
}

// docKey names one document of a source kind.
type docKey struct{ kind, id string }

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
		put: map[docKey]uint64{}, answers: newAnswers(cfg.CacheFor, cfg.CacheSize, cfg.Now)}, nil
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
	s.forget(d.Kind, d.ID)
	return s.backend.Put(ctx, []Document{d})
}

// Delete removes a document; removing one that is not there is no error.
func (s *Service) Delete(ctx context.Context, kind Kind, id string) error {
	defer s.answers.clear()
	s.forget(kind, id)
	return s.backend.Delete(ctx, kind, id)
}

// forget drops what an indexing pass remembers of a thing written by hand (the next pass that reads
// its row writes it again).
func (s *Service) forget(kind Kind, id string) {
	if !slices.Contains(postgres.SearchSourceKinds, string(kind)) {
		return // news and videos: their areas put them, no pass reads them
	}
	s.mu.Lock()
	delete(s.put, docKey{string(kind), id})
	s.mu.Unlock()
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
	last := s.cfg.Now()
	return periodic.Every(ctx, s.cfg.RefreshEvery, s.log, "search: refresh", func(ctx context.Context) error {
		if s.cfg.Now().Sub(last) >= s.cfg.FullEvery {
			last = s.cfg.Now()
			return s.Reindex(ctx)
		}
		return s.Refresh(ctx)
	})
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
		if err := s.index(ctx, kind, time.Time{}, true); err != nil {
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

// Refresh indexes the things of the existing kinds changed since the last pass. A row whose
// document is what this Service last wrote of it (its updated time moved, nothing search shows
// or finds did) is neither rebuilt nor written.
func (s *Service) Refresh(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, kind := range postgres.SearchSourceKinds {
		if err := s.index(ctx, kind, s.since[kind], false); err != nil {
			return err
		}
	}
	return nil
}

// refreshAll is Refresh over every row, not only the changed ones: what changed elsewhere than
// in the rows (an alias) is written, the rest skipped; it sweeps nothing.
func (s *Service) refreshAll(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, kind := range postgres.SearchSourceKinds {
		if err := s.index(ctx, kind, time.Time{}, false); err != nil {
			return err
		}
	}
	return nil
}

// batchSize is how many documents one backend Put carries during a reindex.
const batchSize = 500

// Fingerprints of what was put (Service.put): gone marks a deleted thing; at most maxPut are kept
// (beyond, the things not yet remembered are written whenever their row changes, as before);
// rankStep is the precision of a document's Rank in its fingerprint: a match's rank drifts with the
// clock at every read, and a drift below it is left to the next full reindex.
const (
	gone     = 0
	maxPut   = 500_000
	rankStep = 1000
)

// index reads kind's things changed at or after since, puts the findable ones, deletes the gone
// ones, and moves the kind's watermark. full (a reindex) writes every row; otherwise the rows whose
// document is unchanged since this Service last wrote it are skipped. Caller holds s.mu.
func (s *Service) index(ctx context.Context, kind string, since time.Time, full bool) error {
	var aliases map[string][]string // read at the first row: most passes find nothing changed
	var seen map[string]bool        // a full pass: the things that exist (the others are swept)
	if full {
		seen = map[string]bool{}
	}
	newest := since
	var batch []Document
	var prints []uint64
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		err := s.backend.Put(ctx, batch)
		if err == nil {
			for i, d := range batch {
				s.remember(docKey{kind, d.ID}, prints[i])
			}
		}
		batch, prints = batch[:0], prints[:0]
		s.answers.clear()
		return err
	}
	err := s.store.SearchSources(ctx, kind, since, func(src postgres.SearchSource) error {
		if src.Updated.After(newest) {
			newest = src.Updated
		}
		key := docKey{kind, src.ID}
		last, known := s.put[key]
		if full {
			seen[src.ID] = true
		}
		if src.Gone || strings.TrimSpace(src.Title) == "" {
			if !full && known && last == gone {
				return nil
			}
			defer s.answers.clear()
			if err := s.backend.Delete(ctx, Kind(kind), src.ID); err != nil {
				return err
			}
			s.remember(key, gone)
			return nil
		}
		if aliases == nil {
			var err error
			if aliases, err = s.store.Aliases(ctx, kind); err != nil {
				return err
			}
		}
		d := document(Kind(kind), src, aliases[src.ID])
		fp := fingerprint(d)
		if !full && known && last == fp {
			return nil
		}
		batch, prints = append(batch, d), append(prints, fp)
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
	if full {
		for k := range s.put {
			if k.kind == kind && !seen[k.id] {
				delete(s.put, k) // swept: a thing made again with the same id and content is written again
			}
		}
	}
	s.since[kind] = newest
	return nil
}

// remember records what was written of a thing. Caller holds s.mu.
func (s *Service) remember(k docKey, fp uint64) {
	if _, ok := s.put[k]; ok || len(s.put) < maxPut {
		s.put[k] = fp
	}
}

// fingerprint is a hash of everything of d that the index keeps, its Rank to 1/rankStep (never
// gone). Fields are written with a separator, the Meta keys sorted, so the same document gives the
// same hash within this process.
func fingerprint(d Document) uint64 {
	var h maphash.Hash
	h.SetSeed(fingerprintSeed)
	var num [8]byte
	str := func(v string) {
		h.WriteString(v)
		h.WriteByte(0)
	}
	i64 := func(v int64) {
		binary.LittleEndian.PutUint64(num[:], uint64(v))
		h.Write(num[:])
	}
	str(string(d.Kind))
	str(d.ID)
	str(d.Title)
	i64(int64(len(d.Names)))
	for _, n := range d.Names {
		str(n)
	}
	str(d.Body)
	str(d.Subtitle)
	str(d.Picture)
	str(d.Target)
	str(d.Lang)
	i64(int64(d.Game))
	i64(int64(math.Round(d.Rank * rankStep)))
	i64(d.Time.Unix())
	i64(int64(d.Time.Nanosecond()))
	keys := make([]string, 0, len(d.Meta))
	for k := range d.Meta {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		str(k)
		switch v := d.Meta[k].(type) {
		case string:
			str("s" + v)
		case float64:
			i64(int64(math.Float64bits(v)))
		case bool:
			str(strconv.FormatBool(v))
		default:
			str(fmt.Sprintf("%T%v", v, v))
		}
	}
	if fp := h.Sum64(); fp != gone {
		return fp
	}
	return 1
}

var fingerprintSeed = maphash.MakeSeed()

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
