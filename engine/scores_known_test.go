package engine

import (
	"context"
	"errors"
	"testing"

	"courtside/storage/postgres"
)

// finderFunc is a matchFinder from a function, counting its calls.
type finderFunc struct {
	calls int
	find  func(id string) error
}

func (f *finderFunc) Match(_ context.Context, id string) (postgres.MatchRow, error) {
	f.calls++
	return postgres.MatchRow{}, f.find(id)
}

// TestKnownMatches: a match the node's feed plays is known without asking the store (at 10,000
// live matches the store had not stored the newest fixtures, and the queries of 5,000
// subscriptions in a second waited past their bound); other ids are the store's answer, a found
// one remembered; an unknown one is refused and a store error passed on.
func TestKnownMatches(t *testing.T) {
	ctx := context.Background()
	down := errors.New("pool exhausted")
	store := &finderFunc{find: func(id string) error {
		switch id {
		case "stored":
			return nil
		case "broken":
			return down
		}
		return postgres.ErrMatchNotFound
	}}
	known := knownMatches(store, func(id string) bool { return id == "load-3" })

	if ok, err := known(ctx, "load-3"); !ok || err != nil || store.calls != 0 {
		t.Fatalf("a fed match: %v %v, %d store calls", ok, err, store.calls)
	}
	if ok, err := known(ctx, "made-up"); ok || err != nil {
		t.Fatalf("an unknown match: %v %v", ok, err)
	}
	if ok, err := known(ctx, "broken"); ok || !errors.Is(err, down) {
		t.Fatalf("a store error: %v %v", ok, err)
	}
	for range 2 {
		if ok, err := known(ctx, "stored"); !ok || err != nil {
			t.Fatalf("a stored match: %v %v", ok, err)
		}
	}
	if store.calls != 3 {
		t.Fatalf("%d store calls, want 3 (a found match is remembered)", store.calls)
	}
}
