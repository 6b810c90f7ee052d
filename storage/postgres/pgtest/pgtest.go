package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"courtside/storage/postgres"
)

// URL returns DATABASE_URL, or skips (or fails, when services are required) the test without it.
func URL(t testing.TB) string {
	t.Helper()
	u := os.Getenv("DATABASE_URL")
	if u == "" {
		if os.Getenv("COURTSIDE_REQUIRE_SERVICES") == "1" {
			t.Fatal("DATABASE_URL is not set but COURTSIDE_REQUIRE_SERVICES=1: run through `make test`")
		}
		t.Skip("DATABASE_URL not set: skipping Postgres integration test (run `make test` to start one)")
	}
	return u
}

// NewDatabase creates an empty database for this test and returns its URL. It is dropped at cleanup.
func NewDatabase(t testing.TB) string {
	t.Helper()
	base := URL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("pgtest: connect %s: %v", base, err)
	}
	defer admin.Close(ctx)
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "courtside_test_" + hex.EncodeToString(b[:])
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("pgtest: create database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		c, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Logf("pgtest: drop %s: %v", name, err)
			return
		}
		defer c.Close(ctx)
		if _, err := c.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Logf("pgtest: drop %s: %v", name, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("pgtest: parse DATABASE_URL: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

// NewPool creates a fresh database, applies every migration and returns a pool closed at cleanup.
func NewPool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	pool, err := postgres.Open(ctx, postgres.Config{URL: NewDatabase(t), MaxConns: 10})
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	t.Cleanup(pool.Close)
	if _, err := postgres.Migrate(ctx, pool); err != nil {
		t.Fatalf("pgtest: migrate: %v", err)
	}
	return pool
}

// Describe names the database a pool points at, for failure messages.
func Describe(pool *pgxpool.Pool) string {
	c := pool.Config().ConnConfig
	return fmt.Sprintf("%s@%s:%d/%s", c.User, c.Host, c.Port, c.Database)
}

// VerifyLedger fails the test unless the ledger balances to the coin (Ledger.Verify finds nothing).
func VerifyLedger(t testing.TB, l *postgres.Ledger) {
	t.Helper()
	d, err := l.Verify(context.Background())
	if err != nil {
		t.Fatalf("pgtest: verify ledger: %v", err)
	}
	if len(d) != 0 {
		t.Fatalf("ledger does not balance: %+v", d)
	}
}
