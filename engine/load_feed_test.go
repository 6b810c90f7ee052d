package engine_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"courtside/engine"
	"courtside/storage/postgres/pgtest"
)

// TestTheLoadFeedsMatchesAreGoneAfterTheNodeStops: the load feed's made-up matches never stay in
// the lists as in play once its node has stopped, though their actors save the clock ticks that
// waited as they stop (saved and then removed, not removed and then saved back).
func TestTheLoadFeedsMatchesAreGoneAfterTheNodeStops(t *testing.T) {
	db := pgtest.NewDatabase(t)
	n := startNode(t, db, t.TempDir(), func(c *engine.Config) {
		c.Demo, c.Feed, c.FeedLoadMatches = false, "load", 200
	})
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	count := func() (n int) {
		if err := conn.QueryRow(ctx, `SELECT count(*) FROM sport_matches WHERE source = 'load'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	// Stored, and ticking past their kick-off's save: the ticks since wait for their delay. A
	// match page's frame with the clock past its first second is such a tick, applied.
	pollUntil(t, 30*time.Second, "the load matches stored", func() bool { return count() == 200 })
	c := dial(t, n.ws)
	c.send(map[string]any{"t": "sub", "topic": "match:load-0"})
	c.expect("score", func(f map[string]any) bool {
		clock, _ := f["delta"].(map[string]any)["clk"].(map[string]any)
		secs, _ := clock["s"].(float64)
		return secs >= 1
	})
	n.stop(t)
	if k := count(); k != 0 {
		t.Fatalf("%d load matches stored after the node stopped, want none", k)
	}
}
