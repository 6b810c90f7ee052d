package postgres_test

import (
	"context"
	"sync"
	"testing"

	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

func TestMigrateAppliesEveryMigrationOnceEvenWhenNodesStartTogether(t *testing.T) {
	url := pgtest.NewDatabase(t)
	ctx := context.Background()
	want, err := postgres.Migrations()
	if err != nil || len(want) == 0 {
		t.Fatalf("embedded migrations: %v (n=%d)", err, len(want))
	}
	const nodes = 4
	applied := make([][]string, nodes)
	var wg sync.WaitGroup
	for i := 0; i < nodes; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			pool, err := postgres.Open(ctx, postgres.Config{URL: url, MaxConns: 2})
			if err != nil {
				t.Error(err)
				return
			}
			defer pool.Close()
			applied[i], err = postgres.Migrate(ctx, pool)
			if err != nil {
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	total := 0
	for _, a := range applied {
		total += len(a)
	}
	if total != len(want) {
		t.Fatalf("migrations applied %d times in all, want exactly %d (once each): %v", total, len(want), applied)
	}
	pool, err := postgres.Open(ctx, postgres.Config{URL: url})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	again, err := postgres.Migrate(ctx, pool)
	if err != nil || len(again) != 0 {
		t.Fatalf("second Migrate applied %v, err %v; want nothing", again, err)
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&n); err != nil || n != len(want) {
		t.Fatalf("schema_migrations rows = %d (err %v), want %d", n, err, len(want))
	}
}

func TestOpenWithoutURLFailsClearly(t *testing.T) {
	if _, err := postgres.Open(context.Background(), postgres.Config{}); err != postgres.ErrNoDatabaseURL {
		t.Fatalf("Open without URL = %v, want ErrNoDatabaseURL", err)
	}
}
