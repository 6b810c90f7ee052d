package engine_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"courtside/actors/match/feed"
	"courtside/api/apitest"
	"courtside/api/errcode"
	"courtside/storage/postgres/pgtest"
)

// An administrator plays an upcoming demo match to its end from the back office's call, whatever the
// hour: the simulator pushes its whole script, the match actor stores it finished, and the call is
// in the audit log. Browser tests use it to see scores move and plans settle without waiting for
// the demo schedule.
func TestAnAdministratorPlaysADemoMatchToItsEnd(t *testing.T) {
	db := pgtest.NewDatabase(t)
	n := startNode(t, db, t.TempDir(), nil)
	admin := http.Header{"Token": {adminToken(t, n, db)}}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)

	// A basketball match of the demo a few hours away (basketball games are over within 3 hours)
	// that the demo's script plays (it calls about 6 fixtures in 100 off).
	calledOff := demoCalledOff(t)
	var id string
	pollUntil(t, 30*time.Second, "an upcoming demo basketball match", func() bool { // the demo seeds its schedule as the node starts
		return conn.QueryRow(ctx, `SELECT id FROM sport_matches WHERE game_id = $1 AND status = 0 AND NOT id = ANY($2)
			AND start_at BETWEEN now() + interval '2 hours' AND now() + interval '2 days' ORDER BY start_at LIMIT 1`,
			feed.GameBasketball, calledOff).Scan(&id) == nil
	})

	call := func(body string, h http.Header) apitest.Response {
		return apitest.Do(t, n.http, "POST", "/java/admin/demo/matches/advance", body, h)
	}
	_, fanToken := register(t, n.http, "demo-fan@example.com")
	viewer := http.Header{"Token": {fanToken}}
	if r := call(`{"matchId":"`+id+`","minutes":600}`, viewer); r.Env.Status == "success" {
		t.Fatalf("a fan advanced a demo match: %s", r.Body)
	}
	if r := call(`{"matchId":"`+id+`","minutes":0}`, admin); r.Env.ErrorCode != errcode.DemoAdvanceRange {
		t.Fatalf("advance by 0 minutes: %s", r.Body)
	}
	if r := call(`{"matchId":"no-such-match","minutes":60}`, admin); r.Env.ErrorCode != errcode.MatchNotFound {
		t.Fatalf("advance of an unknown match: %s", r.Body)
	}

	// Far enough ahead to cover the wait until kick-off and the whole game (the demo plays in
	// real time: the wait until kick-off counts).
	var untilStart float64
	if err := conn.QueryRow(ctx, `SELECT extract(epoch FROM start_at - now()) / 60 FROM sport_matches WHERE id = $1`, id).Scan(&untilStart); err != nil {
		t.Fatal(err)
	}
	minutes := int(untilStart) + 240
	if minutes > 600 {
		t.Skipf("the next demo basketball match is %.0f minutes away: more than one advance", untilStart)
	}
	// The simulator may still be replaying the week at start (the call then waits its turn).
	if r := call(fmt.Sprintf(`{"matchId":%q,"minutes":%d}`, id, minutes), admin); r.Env.Status != "success" {
		t.Fatalf("advance: %s", r.Body)
	}
	var status, home, away int
	// Applied at the simulator's next pass (the first replays the week); the match actor stores its
	// state on its own time.
	pollUntil(t, 3*time.Minute, "the advanced match finished", func() bool {
		if err := conn.QueryRow(ctx, `SELECT status, home_score, away_score FROM sport_matches WHERE id = $1`, id).Scan(&status, &home, &away); err != nil {
			t.Fatal(err)
		}
		return feed.Status(status) == feed.StatusFinished
	})
	if home == away || home+away < 100 {
		t.Fatalf("after the advance: status %d, %d-%d; want a finished basketball score", status, home, away)
	}

	var audited int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM audit_log WHERE action = 'match.demoAdvance' AND target_id = $1`, id).Scan(&audited); err != nil {
		t.Fatal(err)
	}
	if audited != 1 {
		t.Fatalf("%d audit entries for the advance, want 1", audited)
	}
}
