package search

import (
	"context"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"courtside/storage/postgres"
)

// legacyBackend is the Postgres backend's query path as it was before the benchmark's "cheaper
// queries" (commit 2c04956): the kind also a condition on the kind column, one SimilarWords round
// trip per misspelt word, nothing remembered. BenchmarkSearch1M/ab runs it query by query against
// the current path, so both see the same load (docs/BENCHMARKS.md). Search only.
type legacyBackend struct {
	Backend
	pool       *pgxpool.Pool
	store      *postgres.SearchStore
	candidates int
}

// NewLegacyBackend is the old query path over pool (the benchmark's A/B).
func NewLegacyBackend(pool *pgxpool.Pool) Backend {
	store := postgres.NewSearchStore(pool)
	return &legacyBackend{Backend: NewPostgresBackend(store, DefaultCandidates), pool: pool, store: store, candidates: DefaultCandidates}
}

const legacySQL = `WITH hits AS (
  SELECT d.kind, d.id, d.title, d.subtitle, d.picture, d.target, d.lang, d.game_id, d.rank, d.at, d.meta,
    2*word_similarity($2, d.names) + CASE WHEN d.names LIKE $3 OR d.names LIKE $8 THEN 1 ELSE 0 END + d.rank
      + ts_rank(d.tsv, $1::tsquery) AS score
  FROM search_docs d
  WHERE d.tsv @@ $1::tsquery AND ($4 = '' OR d.kind = $4)
  LIMIT $5
), ranked AS (
  SELECT *, row_number() OVER (PARTITION BY kind ORDER BY score DESC, at DESC NULLS LAST, id) AS rn,
    count(*) OVER (PARTITION BY kind) AS total
  FROM hits
)
SELECT kind, id, title, subtitle, picture, target, lang, game_id, rank, at, meta, score, total
FROM ranked WHERE rn > $6 AND rn <= $6 + $7 ORDER BY kind, rn`

func (b *legacyBackend) query(ctx context.Context, q postgres.SearchQuery) ([]postgres.SearchHit, error) {
	esc := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(q.Folded)
	rows, err := b.pool.Query(ctx, legacySQL, q.TSQuery, q.Folded, esc+"%", q.Kind, q.Cap, q.Offset, q.Limit, "%\n"+esc+"%")
	if err != nil {
		return nil, err
	}
	return postgres.ScanSearchHits(rows)
}

func (b *legacyBackend) Search(ctx context.Context, q Query) (Results, error) {
	terms := QueryTerms(q.Text)
	folded := strings.Join(strings.Fields(Fold(q.Text)), " ")
	sq := postgres.SearchQuery{TSQuery: TSQuery(terms), Folded: folded, Kind: string(q.Kind), Cap: b.candidates,
		Offset: (q.Page - 1) * q.PerKind, Limit: q.PerKind}
	kind := ""
	if q.Kind != "" {
		kind = " & " + TSQuery([]Term{{Text: kindTerm(q.Kind)}})
		sq.TSQuery += kind
	}
	hits, err := b.query(ctx, sq)
	if err != nil {
		return Results{}, err
	}
	typo := false
	if len(hits) < typoBelow && q.Page == 1 && typoWorthy(folded) {
		alts, changed := make([][]string, len(terms)), false
		for i, t := range terms {
			if !typoWorthy(t.Text) {
				continue
			}
			if alts[i], err = b.store.SimilarWords(ctx, t.Text, typoAlternatives); err != nil {
				return Results{}, err
			}
			if slices.Contains(alts[i], t.Text) {
				alts[i] = nil
			}
			changed = changed || len(alts[i]) > 0
		}
		if changed {
			sq.TSQuery = typoTSQuery(terms, alts) + kind
			more, err := b.query(ctx, sq)
			if err != nil {
				return Results{}, err
			}
			have := map[[2]string]bool{}
			for _, h := range hits {
				have[[2]string{h.Kind, h.ID}] = true
			}
			for _, h := range more {
				if !have[[2]string{h.Kind, h.ID}] {
					hits = append(hits, h)
					typo = true
				}
			}
		}
	}
	return group(hits, typo), nil
}
