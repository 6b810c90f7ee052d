package postgres

// The site search's store (migration 1000, rules in api/search). search_docs holds one row per
// findable thing with its terms already tokenized by api/search; queries are a tsquery over `tsv`
// (GIN); typos are corrected through search_words (pg_trgm similarity, GIN trigram). Rows of the
// existing kinds are read from their own tables by SearchSources.

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// SearchDoc is one row of search_docs. Names and Terms are the tokenizer's output: the folded names
// (title first, one per line) and the index terms separated by spaces; Words are the terms that
// typo correction may offer (search_words).
type SearchDoc struct {
	Kind, ID, Title, Subtitle, Picture, Target, Lang string
	Game                                             int
	Rank                                             float64
	At                                               time.Time
	Meta                                             map[string]any
	Names, Terms                                     string
	Words                                            []string
}

// SearchHit is a found row with its score and the number of candidates of its kind.
type SearchHit struct {
	SearchDoc
	Score float64
	Total int
}

// SearchQuery is one query: TSQuery (api/search.TSQuery), Folded (the folded query text) for
// scoring. Kind empty: every kind. Cap bounds the candidates read; Offset and Limit page each kind's
// ranked hits.
// Kind, when set, is added to the tsquery as its index term ('kind:<kind>', one GIN lookup), not
// as a condition on the kind column: with both, the planner ands a scan of the primary key's
// hundreds of thousands of rows of that kind into every one-kind page (262 ms against 45 ms at a
// million documents).
type SearchQuery struct {
	TSQuery, Folded, Kind string
	Cap, Offset, Limit    int
}

// SearchStore reads and writes search_docs and search_aliases.
type SearchStore struct{ pool *pgxpool.Pool }

// NewSearchStore wraps pool.
func NewSearchStore(pool *pgxpool.Pool) *SearchStore { return &SearchStore{pool: pool} }

func metaJSON(m map[string]any) []byte {
	if len(m) == 0 {
		return []byte("{}")
	}
	b, err := json.Marshal(m)
	if err != nil {
		return []byte("{}")
	}
	return b
}

const searchUpsert = `INSERT INTO search_docs (kind, id, title, subtitle, picture, target, lang, game_id, rank, at, meta, names, terms, indexed_at)
VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,now())
ON CONFLICT (kind, id) DO UPDATE SET title=$3, subtitle=$4, picture=$5, target=$6, lang=$7, game_id=$8, rank=$9, at=$10,
  meta=$11, names=$12, terms=$13, indexed_at=now()`

// Put upserts docs in one transaction.
func (s *SearchStore) Put(ctx context.Context, docs []SearchDoc) error {
	if len(docs) == 0 {
		return nil
	}
	b := &pgx.Batch{}
	for _, d := range docs {
		b.Queue(searchUpsert, d.Kind, d.ID, d.Title, d.Subtitle, d.Picture, d.Target, d.Lang, d.Game, d.Rank, nullTime(d.At),
			metaJSON(d.Meta), d.Names, d.Terms)
	}
	b.Queue(`INSERT INTO search_words (word) SELECT DISTINCT unnest($1::text[]) ON CONFLICT DO NOTHING`, docWords(docs))
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return tx.SendBatch(ctx, b).Close() })
}

// docWords are the distinct Words of docs.
func docWords(docs []SearchDoc) []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range docs {
		for _, w := range d.Words {
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}

// PutWords records words for typo correction (bulk loads: Copy does not).
func (s *SearchStore) PutWords(ctx context.Context, words []string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO search_words (word) SELECT DISTINCT unnest($1::text[]) ON CONFLICT DO NOTHING`, words)
	return err
}

// SimilarWords are up to limit indexed words similar to w (pg_trgm similarity ≥ 0.4), most similar
// first.
func (s *SearchStore) SimilarWords(ctx context.Context, w string, limit int) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT word FROM search_words WHERE word % $1 AND similarity(word, $1) >= 0.4
		ORDER BY similarity(word, $1) DESC, word LIMIT $2`, w, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// SimilarWordsOf is SimilarWords for several words in one round trip: the similar words of each,
// best first (words with none are left out).
func (s *SearchStore) SimilarWordsOf(ctx context.Context, words []string, limit int) (map[string][]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT q.w, x.word FROM unnest($1::text[]) WITH ORDINALITY AS q(w, n),
		LATERAL (SELECT word, similarity(word, q.w) AS sim FROM search_words WHERE word % q.w AND similarity(word, q.w) >= 0.4
			ORDER BY similarity(word, q.w) DESC, word LIMIT $2) x
		ORDER BY q.n, x.sim DESC, x.word`, words, limit)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	var w, word string
	_, err = pgx.ForEachRow(rows, []any{&w, &word}, func() error {
		out[w] = append(out[w], word)
		return nil
	})
	return out, err
}

// Copy loads docs with COPY (bulk loads into an empty index: the benchmark). It fails on a
// duplicate (kind, id).
func (s *SearchStore) Copy(ctx context.Context, docs []SearchDoc) (int64, error) {
	cols := []string{"kind", "id", "title", "subtitle", "picture", "target", "lang", "game_id", "rank", "at", "meta", "names", "terms"}
	return s.pool.CopyFrom(ctx, pgx.Identifier{"search_docs"}, cols, pgx.CopyFromSlice(len(docs), func(i int) ([]any, error) {
		d := docs[i]
		return []any{d.Kind, d.ID, d.Title, d.Subtitle, d.Picture, d.Target, d.Lang, int32(d.Game), float32(d.Rank), nullTime(d.At),
			string(metaJSON(d.Meta)), d.Names, d.Terms}, nil
	}))
}

// Delete removes one document (no error when there is none).
func (s *SearchStore) Delete(ctx context.Context, kind, id string) error {
	_, err := s.pool.Exec(ctx, `DELETE FROM search_docs WHERE kind=$1 AND id=$2`, kind, id)
	return err
}

// Sweep removes the documents of kind last indexed before before.
func (s *SearchStore) Sweep(ctx context.Context, kind string, before time.Time) error {
	_, err := s.pool.Exec(ctx, `DELETE FROM search_docs WHERE kind=$1 AND indexed_at < $2`, kind, before)
	return err
}

// DBNow is the database's clock (sweeps compare indexed_at, written by the database).
func (s *SearchStore) DBNow(ctx context.Context) (time.Time, error) {
	var t time.Time
	err := s.pool.QueryRow(ctx, `SELECT now()`).Scan(&t)
	return t, err
}

// PutAlias records an alternative name of a thing (idempotent).
func (s *SearchStore) PutAlias(ctx context.Context, kind, id, name, lang string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO search_aliases (kind, id, name, lang) VALUES ($1,$2,$3,$4) ON CONFLICT DO NOTHING`,
		kind, id, name, lang)
	return err
}

// Aliases are the alternative names of the things of kind, by id.
func (s *SearchStore) Aliases(ctx context.Context, kind string) (map[string][]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, name FROM search_aliases WHERE kind=$1 ORDER BY id, name`, kind)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	var id, name string
	_, err = pgx.ForEachRow(rows, []any{&id, &name}, func() error {
		out[id] = append(out[id], name)
		return nil
	})
	return out, err
}

// searchSQL ranks the candidates: the rows whose terms match the tsquery (at most $5 of them). The
// score favours a title or name that starts with the query, then trigram similarity, the document's
// own rank and the text rank; each kind is ranked apart and paged.
const searchSQL = `WITH hits AS (
  SELECT d.kind, d.id, d.title, d.subtitle, d.picture, d.target, d.lang, d.game_id, d.rank, d.at, d.meta,
    2*word_similarity($2, d.names) + CASE WHEN d.names LIKE $3 OR d.names LIKE $8 THEN 1 ELSE 0 END + d.rank
      + ts_rank(d.tsv, $1::tsquery) AS score
  FROM search_docs d
  WHERE d.tsv @@ $1::tsquery
  LIMIT $5
), ranked AS (
  SELECT *, row_number() OVER (PARTITION BY kind ORDER BY score DESC, at DESC NULLS LAST, id) AS rn,
    count(*) OVER (PARTITION BY kind) AS total
  FROM hits WHERE $4 = '' OR kind = $4
)
SELECT kind, id, title, subtitle, picture, target, lang, game_id, rank, at, meta, score, total
FROM ranked WHERE rn > $6 AND rn <= $6 + $7 ORDER BY kind, rn`

// Search runs q.
func (s *SearchStore) Search(ctx context.Context, q SearchQuery) ([]SearchHit, error) {
	esc := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(q.Folded)
	tsq := q.TSQuery
	if q.Kind != "" {
		tsq = "(" + tsq + ") & '" + strings.NewReplacer(`'`, `''`, `\`, `\\`).Replace("kind:"+q.Kind) + "'"
	}
	sql, args := searchSQL, []any{tsq, q.Folded, esc + "%", q.Kind, q.Cap, q.Offset, q.Limit, "%\n" + esc + "%"}
	rows, err := s.pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return ScanSearchHits(rows)
}

// ScanSearchHits reads rows whose columns are, in order, kind, id, title, subtitle, picture,
// target, lang, game_id, rank, at, meta, score and total (the SELECT of Search), and closes them.
// A query that ranks another way (a test's reference engine) reads its rows with it too.
func ScanSearchHits(rows pgx.Rows) ([]SearchHit, error) {
	defer rows.Close()
	var out []SearchHit
	for rows.Next() {
		var h SearchHit
		var at *time.Time
		var meta []byte
		var rank float32
		if err := rows.Scan(&h.Kind, &h.ID, &h.Title, &h.Subtitle, &h.Picture, &h.Target, &h.Lang, &h.Game, &rank, &at, &meta, &h.Score, &h.Total); err != nil {
			return nil, err
		}
		h.Rank = float64(rank)
		if at != nil {
			h.At = *at
		}
		if len(meta) > 2 {
			_ = json.Unmarshal(meta, &h.Meta)
		}
		out = append(out, h)
	}
	return out, rows.Err()
}

// SearchNameRow is a thing's id, name and country (its nationality for a player), for the demo's
// native-script aliases.
type SearchNameRow struct{ ID, Name, Country string }

// SearchNames lists the names of the teams, players or leagues ("team", "player", "league").
func (s *SearchStore) SearchNames(ctx context.Context, kind string) ([]SearchNameRow, error) {
	q := map[string]string{
		"team":   `SELECT id, name, country FROM sport_teams`,
		"player": `SELECT id, name, nationality FROM sport_players`,
		"league": `SELECT id, name, country FROM sport_leagues`,
	}[kind]
	if q == "" {
		return nil, nil
	}
	rows, err := s.pool.Query(ctx, q)
	if err != nil {
		return nil, err
	}
	var out []SearchNameRow
	var r SearchNameRow
	_, err = pgx.ForEachRow(rows, []any{&r.ID, &r.Name, &r.Country}, func() error {
		out = append(out, r)
		return nil
	})
	return out, err
}
