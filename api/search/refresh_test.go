package search_test

import (
	"context"
	"sync"
	"testing"

	"courtside/api"
	"courtside/api/search"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// countingBackend is the Postgres backend that counts what an indexing pass writes, by kind.
type countingBackend struct {
	search.Backend
	mu      sync.Mutex
	puts    map[search.Kind]int
	deletes map[search.Kind]int
}

func (b *countingBackend) Put(ctx context.Context, docs []search.Document) error {
	b.mu.Lock()
	for _, d := range docs {
		b.puts[d.Kind]++
	}
	b.mu.Unlock()
	return b.Backend.Put(ctx, docs)
}

func (b *countingBackend) Delete(ctx context.Context, kind search.Kind, id string) error {
	b.mu.Lock()
	b.deletes[kind]++
	b.mu.Unlock()
	return b.Backend.Delete(ctx, kind, id)
}

// written returns the puts and deletes since the last call, by kind, and starts counting again.
func (b *countingBackend) written() (puts, deletes map[search.Kind]int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	puts, deletes = b.puts, b.deletes
	b.puts, b.deletes = map[search.Kind]int{}, map[search.Kind]int{}
	return puts, deletes
}

// A Refresh writes only the things whose document changed: rows whose updated time moved without
// a change search keeps (a provider's upsert of the same team, a live match's feed event) are
// neither rebuilt nor written, a pass over nothing writes nothing, and a real change is written.
func TestRefreshWritesOnlyChangedDocuments(t *testing.T) {
	pool := pgtest.NewPool(t)
	b := &countingBackend{Backend: search.NewPostgresBackend(postgres.NewSearchStore(pool), 0),
		puts: map[search.Kind]int{}, deletes: map[search.Kind]int{}}
	svc, err := search.New(search.Config{CacheFor: -1}, search.Deps{Pool: pool, Backend: b})
	if err != nil {
		t.Fatal(err)
	}
	srv := api.New(api.Config{})
	svc.Routes(srv)
	e := newEnvOn(t, pool, svc, srv)
	seed(e)
	if puts, _ := b.written(); puts[search.KindTeam] != 4 || puts[search.KindPlayer] != 2 || puts[search.KindMatch] != 1 {
		t.Fatalf("the full reindex wrote %v", puts)
	}
	refresh := func() (map[search.Kind]int, map[search.Kind]int) {
		t.Helper()
		if err := svc.Refresh(e.ctx); err != nil {
			t.Fatal(err)
		}
		return b.written()
	}
	if puts, dels := refresh(); len(puts)+len(dels) != 0 {
		t.Fatalf("a pass over nothing changed wrote %v, deleted %v", puts, dels)
	}
	// Every row touched, none changed (the demo's reference upsert at every start does this).
	e.exec(`UPDATE sport_teams SET updated_at = now()`)
	e.exec(`UPDATE sport_players SET updated_at = now()`)
	e.exec(`UPDATE sport_matches SET updated_at = now(), live = '{"x":1}'`)
	if puts, dels := refresh(); len(puts)+len(dels) != 0 {
		t.Fatalf("rows touched without a change: wrote %v, deleted %v", puts, dels)
	}
	// A real change is written: the team, and its players (their subtitle is the team's name).
	e.exec(`UPDATE sport_teams SET name = 'Shanghai Harbor', updated_at = now() WHERE id = 't-sh'`)
	e.exec(`UPDATE sport_matches SET home_score = 2, updated_at = now() WHERE id = 'm1'`)
	if puts, _ := refresh(); puts[search.KindTeam] != 1 || puts[search.KindPlayer] != 1 || puts[search.KindMatch] != 1 || len(puts) != 3 {
		t.Fatalf("a renamed team and a goal wrote %v", puts)
	}
	if r := e.search("harbor"); !r.has("team", "t-sh") {
		t.Fatalf("renamed team: %v", r.ids())
	}
	// A thing swept by a full reindex and made again the same is written again.
	e.exec(`DELETE FROM sport_players WHERE team_id = 't-bar2'`)
	e.exec(`DELETE FROM sport_teams WHERE id = 't-bar2'`)
	if err := svc.Reindex(e.ctx); err != nil {
		t.Fatal(err)
	}
	b.written()
	e.team("t-bar2", "Barcelona Atletic", "Spain", 40)
	if puts, _ := refresh(); puts[search.KindTeam] != 1 {
		t.Fatalf("a team made again wrote %v", puts)
	}
	if r := e.search("atletic"); !r.has("team", "t-bar2") {
		t.Fatalf("team made again: %v", r.ids())
	}
}
