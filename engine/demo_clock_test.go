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

	// The demo's basketball matches a few hours away (basketball games are over within 3 hours).
	// The demo calls about 6 fixtures in 100 off (postponed, cancelled or abandoned: its script
	// decides): such a match ends called off, and the next one is played instead.
	var candidates []string
	deadline := time.Now().Add(30 * time.Second)
	for len(candidates) == 0 {
		rows, err := conn.Query(ctx, `SELECT id FROM sport_matches WHERE game_id = $1 AND status = 0
			AND start_at BETWEEN now() + interval '2 hours' AND now() + interval '2 days' ORDER BY start_at LIMIT 4`, feed.GameBasketball)
		if err == nil {
			candidates, err = pgx.CollectRows(rows, pgx.RowTo[string])
		}
		if len(candidates) == 0 && time.Now().After(deadline) {
			t.Fatalf("no upcoming demo basketball match: %v", err)
		}
		time.Sleep(100 * time.Millisecond) // the demo seeds its schedule as the node starts
	}

	call := func(body string, h http.Header) apitest.Response {
		return apitest.Do(t, n.http, "POST", "/java/admin/demo/matches/advance", body, h)
	}
	_, fanToken := register(t, n.http, "demo-fan@example.com")
	viewer := http.Header{"Token": {fanToken}}
	if r := call(`{"matchId":"`+candidates[0]+`","minutes":600}`, viewer); r.Env.Status == "success" {
		t.Fatalf("a fan advanced a demo match: %s", r.Body)
	}
	if r := call(`{"matchId":"`+candidates[0]+`","minutes":0}`, admin); r.Env.ErrorCode != errcode.DemoAdvanceRange {
		t.Fatalf("advance by 0 minutes: %s", r.Body)
	}
	if r := call(`{"matchId":"no-such-match","minutes":60}`, admin); r.Env.ErrorCode != errcode.MatchNotFound {
		t.Fatalf("advance of an unknown match: %s", r.Body)
	}

	calledOff := func(s feed.Status) bool {
		return s == feed.StatusPostponed || s == feed.StatusCancelled || s == feed.StatusAbandoned
	}
	var id string
	var status, home, away int
	for _, candidate := range candidates {
		id = candidate
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
		deadline = time.Now().Add(3 * time.Minute) // applied at the simulator's next pass (the first replays the week)
		for {
			if err := conn.QueryRow(ctx, `SELECT status, home_score, away_score FROM sport_matches WHERE id = $1`, id).Scan(&status, &home, &away); err != nil {
				t.Fatal(err)
			}
			if s := feed.Status(status); s == feed.StatusFinished || calledOff(s) || time.Now().After(deadline) {
				break
			}
			time.Sleep(100 * time.Millisecond) // the match actor stores its state on its own time
		}
		if !calledOff(feed.Status(status)) {
			break
		}
		t.Logf("demo match %s was called off by the demo's script (status %d); playing the next", id, status)
	}
	if feed.Status(status) != feed.StatusFinished || home == away || home+away < 100 {
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
