package postgres_test

import (
	"context"
	"errors"
	"testing"

	"courtside/storage/history"
	"courtside/storage/history/historytest"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

func TestHistoryConformance(t *testing.T) {
	// One migrated database for the whole suite: every case uses its own rooms, and a store reopened
	// by a case sees what the closed one wrote because both sit on the same tables.
	pool := pgtest.NewPool(t)
	historytest.Run(t, func(t *testing.T) history.Store { return postgres.NewHistoryStore(pool) })
}

func TestHistoryRefusesASecondEventForATakenSeq(t *testing.T) {
	s := postgres.NewHistoryStore(pgtest.NewPool(t))
	ctx := context.Background()
	first := history.Event{Room: "r", Seq: 1, ID: "r-1", Time: 1000, Kind: "chat", Payload: []byte(`{"seq":1,"text":"first"}`)}
	if err := s.Append(ctx, []history.Event{first}); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, []history.Event{first}); err != nil {
		t.Fatalf("a retry of the same event: %v", err)
	}
	other := first
	other.Time, other.Payload = 2000, []byte(`{"seq":1,"text":"second writer"}`)
	next := history.Event{Room: "q", Seq: 1, ID: "q-1", Time: 2000, Kind: "chat", Payload: []byte(`{}`)}
	if err := s.Append(ctx, []history.Event{next, other}); !errors.Is(err, history.ErrSeqTaken) {
		t.Fatalf("second writer: err = %v, want ErrSeqTaken", err)
	}
	got, err := s.Get(ctx, "r", "r-1", history.ExcludeDeleted)
	if err != nil || string(got.Payload) != string(first.Payload) {
		t.Fatalf("stored event after the collision = %s, %v; want the first", got.Payload, err)
	}
	if last, _ := s.LastSeq(ctx, "q"); last != 0 {
		t.Fatalf("the failed batch wrote room q up to %d", last)
	}
}
