package search

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"courtside/storage/postgres"
)

// pgBackend is the default Backend: search_docs in Postgres (storage/postgres/search.go), terms
// from this package's tokenizer, typos through pg_trgm.
type pgBackend struct {
	store      *postgres.SearchStore
	candidates int

	mu    sync.Mutex
	fixes map[string]fix // a misspelt word's similar indexed words (typo pass), kept for fixFor
}

// fix is one word's similar indexed words and when they were looked up.
type fix struct {
	alts []string
	at   time.Time
}

// fixFor is how long a word's similar words are kept (a Put empties them: its words may be new);
// fixMax caps how many words are kept.
const (
	fixFor = time.Minute
	fixMax = 20_000
)

// NewPostgresBackend is the Postgres Backend over store; candidates caps the rows one query ranks.
func NewPostgresBackend(store *postgres.SearchStore, candidates int) Backend {
	if candidates <= 0 {
		candidates = DefaultCandidates
	}
	return &pgBackend{store: store, candidates: candidates, fixes: map[string]fix{}}
}

// Row is the stored form of d: its folded names (title first, one per line) and its index terms.
func Row(d Document) postgres.SearchDoc {
	names := make([]string, 0, 1+len(d.Names))
	seen := map[string]bool{}
	for _, n := range append([]string{d.Title}, d.Names...) {
		if f := strings.TrimSpace(Fold(n)); f != "" && !seen[f] {
			seen[f] = true
			names = append(names, f)
		}
	}
	texts := append(append([]string{d.Title}, d.Names...), d.Subtitle, d.Body)
	return postgres.SearchDoc{Kind: string(d.Kind), ID: d.ID, Title: d.Title, Subtitle: d.Subtitle, Picture: d.Picture, Target: d.Target,
		Lang: d.Lang, Game: d.Game, Rank: d.Rank, At: d.Time, Meta: d.Meta, Names: strings.Join(names, "\n"), Terms: strings.Join(append(Terms(texts...), kindTerm(d.Kind)), " "),
		Words: TypoWords(Terms(append([]string{d.Title}, d.Names...)...))}
}

// kindTerm is the index term of a document's kind, so a search of one kind is one GIN lookup (the
// store adds it to the query: postgres.SearchQuery.Kind); the tokenizer never makes a term with a
// colon, so no query word can match it.
func kindTerm(k Kind) string { return "kind:" + string(k) }

// TypoWords are the terms typo correction may offer: spaced-script words of four letters or more
// (from titles and names only: a misspelt query is a misspelt name).
func TypoWords(terms []string) []string {
	var out []string
	for _, t := range terms {
		if typoWorthy(t) && strings.IndexFunc(t, unicode.IsLetter) >= 0 {
			out = append(out, t)
		}
	}
	return out
}

func (b *pgBackend) Put(ctx context.Context, docs []Document) error {
	rows := make([]postgres.SearchDoc, len(docs))
	for i, d := range docs {
		rows[i] = Row(d)
	}
	defer b.forgetFixes()
	return b.store.Put(ctx, rows)
}

func (b *pgBackend) Delete(ctx context.Context, kind Kind, id string) error {
	return b.store.Delete(ctx, string(kind), id)
}

func (b *pgBackend) Sweep(ctx context.Context, kind Kind, before time.Time) error {
	return b.store.Sweep(ctx, string(kind), before)
}

// Search runs the exact pass (every query term, words by prefix); when it finds fewer than
// typoBelow hits, each query word of four letters or more is looked up among the indexed words
// (search_words, trigram similarity) and the query runs again with the words found as
// alternatives: 'barcelonna' becomes ('barcelonna':* | 'barcelona').
func (b *pgBackend) Search(ctx context.Context, q Query) (Results, error) {
	terms := QueryTerms(q.Text)
	folded := strings.Join(strings.Fields(Fold(q.Text)), " ")
	sq := postgres.SearchQuery{TSQuery: TSQuery(terms), Folded: folded, Kind: string(q.Kind), Cap: b.candidates,
		Offset: (q.Page - 1) * q.PerKind, Limit: q.PerKind}
	hits, err := b.store.Search(ctx, sq)
	if err != nil {
		return Results{}, err
	}
	typo := false
	if len(hits) < typoBelow && q.Page == 1 && typoWorthy(folded) {
		alts, changed := make([][]string, len(terms)), false
		fixes, err := b.similar(ctx, terms)
		if err != nil {
			return Results{}, err
		}
		for i, t := range terms {
			if !typoWorthy(t.Text) {
				continue
			}
			alts[i] = fixes[t.Text]
			if slices.Contains(alts[i], t.Text) {
				alts[i] = nil // a word of the index: spelt right (the words just do not meet)
			}
			changed = changed || len(alts[i]) > 0
		}
		if changed {
			sq.TSQuery = typoTSQuery(terms, alts)
			more, err := b.store.Search(ctx, sq)
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

// similar returns the similar indexed words of the query's typo-worthy words: the ones looked up
// within fixFor from memory, the others in one round trip.
func (b *pgBackend) similar(ctx context.Context, terms []Term) (map[string][]string, error) {
	out := map[string][]string{}
	var ask []string
	now := time.Now()
	b.mu.Lock()
	for _, t := range terms {
		if !typoWorthy(t.Text) {
			continue
		}
		if f, ok := b.fixes[t.Text]; ok && now.Sub(f.at) < fixFor {
			out[t.Text] = f.alts
		} else if !slices.Contains(ask, t.Text) {
			ask = append(ask, t.Text)
		}
	}
	b.mu.Unlock()
	if len(ask) == 0 {
		return out, nil
	}
	got, err := b.store.SimilarWordsOf(ctx, ask, typoAlternatives)
	if err != nil {
		return nil, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.fixes)+len(ask) > fixMax {
		clear(b.fixes)
	}
	for _, w := range ask {
		out[w] = got[w]
		b.fixes[w] = fix{alts: got[w], at: now}
	}
	return out, nil
}

// forgetFixes drops the remembered similar words (new documents bring new words).
func (b *pgBackend) forgetFixes() {
	b.mu.Lock()
	clear(b.fixes)
	b.mu.Unlock()
}

// typoAlternatives is how many similar words one misspelt query word may become.
const typoAlternatives = 4

// typoTSQuery is the query with each term OR its alternatives.
func typoTSQuery(terms []Term, alts [][]string) string {
	parts := make([]string, len(terms))
	for i, t := range terms {
		or := []string{TSQuery([]Term{t})}
		for _, a := range alts[i] {
			or = append(or, TSQuery([]Term{{Text: a}}))
		}
		parts[i] = "(" + strings.Join(or, " | ") + ")"
	}
	return strings.Join(parts, " & ")
}

// typoBelow: fewer exact hits than this try the typo pass.
const typoBelow = 3

// typoWorthy: a text with a spaced-script word of four letters or more (trigrams of shorter words
// or of bigram scripts find mostly noise).
func typoWorthy(folded string) bool {
	for _, w := range strings.Fields(folded) {
		if n := len([]rune(w)); n >= 4 {
			for _, r := range w {
				if bigramScript(r) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// group puts hits in page order of kinds, each kind's hits in score order (the store's order).
func group(hits []postgres.SearchHit, typo bool) Results {
	by := map[Kind]*Group{}
	for _, h := range hits {
		k := Kind(h.Kind)
		g := by[k]
		if g == nil {
			g = &Group{Kind: k}
			by[k] = g
		}
		g.Hits = append(g.Hits, Hit{Document: Document{Kind: k, ID: h.ID, Title: h.Title, Subtitle: h.Subtitle, Picture: h.Picture,
			Target: h.Target, Lang: h.Lang, Game: h.Game, Rank: h.Rank, Time: h.At, Meta: h.Meta}, Score: h.Score})
		if h.Total > g.Total {
			g.Total = h.Total
		}
	}
	out := Results{Typo: typo}
	for _, k := range Kinds {
		if g := by[k]; g != nil {
			sortHits(g.Hits)
			if len(g.Hits) > g.Total {
				g.Total = len(g.Hits)
			}
			out.Groups = append(out.Groups, *g)
		}
	}
	return out
}
