package search_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"courtside/api/search"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func ids(r search.Results) []string {
	var out []string
	for _, g := range r.Groups {
		for _, h := range g.Hits {
			out = append(out, string(h.Kind)+":"+h.ID)
		}
	}
	return out
}

// TestAnswerCache: a repeated query is answered from memory for Config.CacheFor; a write through the
// Service empties the cache at once, a write it did not make (another node's) is seen once the
// answer expired; callers cannot change a cached answer; a negative CacheFor turns it off.
func TestAnswerCache(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewPool(t)
	ctx := context.Background()
	clock := &testClock{t: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	svc, err := search.New(search.Config{CacheFor: 5 * time.Second, Now: clock.Now}, search.Deps{Pool: pool})
	if err != nil {
		t.Fatal(err)
	}
	put := func(id, title string) {
		if err := svc.Put(ctx, search.Document{Kind: search.KindNews, ID: id, Title: title}); err != nil {
			t.Fatal(err)
		}
	}
	find := func(q string) []string {
		t.Helper()
		r, err := svc.Search(ctx, search.Query{Text: q})
		if err != nil {
			t.Fatal(err)
		}
		return ids(r)
	}
	put("n1", "Harbour derby preview")
	if got := find("harbour"); !slices.Equal(got, []string{"news:n1"}) {
		t.Fatalf("first answer %v", got)
	}
	// Another node writes straight to the store: this node answers from memory until it expires.
	other := search.Row(search.Document{Kind: search.KindNews, ID: "n2", Title: "Harbour comeback report"})
	if err := svc.Store().Put(ctx, []postgres.SearchDoc{other}); err != nil {
		t.Fatal(err)
	}
	if got := find("  HARBOUR "); !slices.Equal(got, []string{"news:n1"}) {
		t.Fatalf("the same query (other case and spaces) within CacheFor: %v, want the cached answer", got)
	}
	clock.Add(5 * time.Second)
	if got := find("harbour"); len(got) != 2 {
		t.Fatalf("after CacheFor: %v, want both", got)
	}
	// A write through the Service is seen at once.
	put("n3", "Harbour transfer news")
	if got := find("harbour"); len(got) != 3 {
		t.Fatalf("after a Put: %v, want three", got)
	}
	if err := svc.Delete(ctx, search.KindNews, "n3"); err != nil {
		t.Fatal(err)
	}
	if got := find("harbour"); len(got) != 2 {
		t.Fatalf("after a Delete: %v, want two", got)
	}
	// One kind's page is another answer than every kind's.
	r, err := svc.Search(ctx, search.Query{Text: "harbour", Kind: search.KindTeam})
	if err != nil || len(r.Groups) != 0 {
		t.Fatalf("kind=team: %v %v", ids(r), err)
	}
	// A caller editing its answer does not edit the cache.
	r, _ = svc.Search(ctx, search.Query{Text: "harbour"})
	r.Groups[0].Hits[0].ID = "edited"
	r.Groups[0].Hits = r.Groups[0].Hits[:1]
	if got := find("harbour"); len(got) != 2 || slices.Contains(got, "news:edited") {
		t.Fatalf("the cached answer was changed by a caller: %v", got)
	}

	off, err := search.New(search.Config{CacheFor: -1, Now: clock.Now}, search.Deps{Pool: pool})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := off.Search(ctx, search.Query{Text: "harbour"}); err != nil {
		t.Fatal(err)
	}
	if err := svc.Store().Put(ctx, []postgres.SearchDoc{search.Row(search.Document{Kind: search.KindNews, ID: "n4", Title: "Harbour title"})}); err != nil {
		t.Fatal(err)
	}
	if r, _ := off.Search(ctx, search.Query{Text: "harbour"}); len(ids(r)) != 3 {
		t.Fatalf("without a cache: %v, want three", ids(r))
	}
}

// TestTypoPassOfSeveralWords: the similar words of every misspelt word of a query are looked up in
// one round trip (SimilarWordsOf) and a new document's words are offered at once (a Put forgets
// the remembered corrections).
func TestTypoPassOfSeveralWords(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewPool(t)
	ctx := context.Background()
	svc, err := search.New(search.Config{CacheFor: -1}, search.Deps{Pool: pool})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.Put(ctx, search.Document{Kind: search.KindTeam, ID: "t1", Title: "Pinecrest Wanderers"}); err != nil {
		t.Fatal(err)
	}
	got, err := svc.Store().SimilarWordsOf(ctx, []string{"piencrest", "wandrers", "qwertyuiop"}, 4)
	if err != nil || !slices.Equal(got["piencrest"], []string{"pinecrest"}) || !slices.Equal(got["wandrers"], []string{"wanderers"}) || len(got["qwertyuiop"]) != 0 {
		t.Fatalf("SimilarWordsOf: %v %v", got, err)
	}
	r, err := svc.Search(ctx, search.Query{Text: "Piencrest Wandrers"})
	if err != nil || !r.Typo || !slices.Equal(ids(r), []string{"team:t1"}) {
		t.Fatalf("two misspelt words: %v typo=%v %v", ids(r), r.Typo, err)
	}
	// "Stonehiill" has no similar word yet (remembered as none) …
	if r, _ := svc.Search(ctx, search.Query{Text: "Stonehiill"}); len(r.Groups) != 0 {
		t.Fatalf("Stonehiill before the team: %v", ids(r))
	}
	// … until a document brings the word.
	if err := svc.Put(ctx, search.Document{Kind: search.KindTeam, ID: "t2", Title: "Stonehill Rovers"}); err != nil {
		t.Fatal(err)
	}
	if r, _ := svc.Search(ctx, search.Query{Text: "Stonehiill"}); !slices.Equal(ids(r), []string{"team:t2"}) {
		t.Fatalf("Stonehiill after the team was put: %v", ids(r))
	}
}
