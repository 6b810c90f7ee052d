package predictions_test

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"courtside/actors/match"
	"courtside/actors/match/feed"
	"courtside/api/errcode"
	"courtside/api/predictions"
)

func code(err error) errcode.Code {
	var ce *errcode.Error
	if errors.As(err, &ce) {
		return ce.Code
	}
	return 0
}

func TestFreeQuestionPaysProportionallyOnce(t *testing.T) {
	e := newEnv(t)
	n := e.node()
	if _, err := n.svc.Open(e.ctx, viewerA, predictions.OpenRequest{Room: room, Market: predictions.MarketFree, Question: "Q?", Outcomes: []string{"a", "b"}}); code(err) != errcode.PredictionForbidden {
		t.Fatalf("a viewer opened a prediction: %v", err)
	}
	v := must(n.svc.Open(e.ctx, modID, predictions.OpenRequest{Room: room, Market: predictions.MarketFree, Question: "Who scores first?", Outcomes: []string{"Ana", "Bo", "Cy"}}))
	if _, err := n.svc.Open(e.ctx, streamerID, predictions.OpenRequest{Room: room, Market: predictions.MarketFree, Question: "Again?", Outcomes: []string{"y", "n"}}); code(err) != errcode.PredictionActive {
		t.Fatalf("a second active prediction: %v", err)
	}
	if _, err := n.svc.Enter(e.ctx, streamerID, v.ID, 0, 100); code(err) != errcode.PredictionForbidden {
		t.Fatalf("the streamer staked in their own prediction: %v", err)
	}
	must(n.svc.Enter(e.ctx, viewerA, v.ID, 0, 100))
	must(n.svc.Enter(e.ctx, viewerA, v.ID, 0, 100)) // adds to the entry
	must(n.svc.Enter(e.ctx, viewerB, v.ID, 0, 100))
	must(n.svc.Enter(e.ctx, viewerC, v.ID, 1, 300))
	if _, err := n.svc.Enter(e.ctx, viewerA, v.ID, 1, 10); code(err) != errcode.PredictionOtherOutcome {
		t.Fatalf("a second outcome: %v", err)
	}
	if _, err := n.svc.Enter(e.ctx, viewerB, v.ID, 0, 401); code(err) != errcode.PointsShort {
		t.Fatalf("over the balance: %v", err)
	}
	if got := e.points(viewerA); got != 300 {
		t.Fatalf("A's balance after staking 200 of 500: %d", got)
	}
	if _, err := n.svc.Resolve(e.ctx, viewerA, v.ID, 0); code(err) != errcode.PredictionForbidden {
		t.Fatalf("a viewer resolved: %v", err)
	}
	if l := must(n.svc.List(e.ctx, modID, room, 1)); !l.CanRun {
		t.Fatal("a moderator may not run predictions")
	}
	if l := must(n.svc.List(e.ctx, viewerA, room, 1)); l.CanRun || l.Points != 300 || l.List[0].Mine.Stake != 200 {
		t.Fatalf("a viewer's list: %+v", l)
	}
	must(n.svc.Lock(e.ctx, streamerID, v.ID))
	if _, err := n.svc.Enter(e.ctx, viewerB, v.ID, 0, 1); code(err) != errcode.PredictionClosed {
		t.Fatalf("an entry after the lock: %v", err)
	}
	res := must(n.svc.Resolve(e.ctx, streamerID, v.ID, 0))
	// pool 600, winners staked 300: A (200) gets 400, B (100) gets 200.
	if res.Winners != 2 || res.Leaders[0].Payout != 400 || res.Leaders[1].Payout != 200 {
		t.Fatalf("result %+v", res)
	}
	if _, err := n.svc.Resolve(e.ctx, streamerID, v.ID, 1); code(err) != errcode.PredictionSettled {
		t.Fatalf("a second resolution: %v", err)
	}
	if _, err := n.svc.Cancel(e.ctx, streamerID, v.ID); code(err) != errcode.PredictionSettled {
		t.Fatalf("a cancel after the resolution: %v", err)
	}
	if a, b, c := e.points(viewerA), e.points(viewerB), e.points(viewerC); a != 700 || b != 600 || c != 200 {
		t.Fatalf("balances %d %d %d, want 700 600 200", a, b, c)
	}
	if c := must(n.svc.Check(e.ctx, modID, v.ID)); !c.OK || c.Staked != 600 || c.PaidBack != 600 || c.Entries != 3 {
		t.Fatalf("check %+v", c)
	}
	if _, err := n.svc.Check(e.ctx, viewerA, v.ID); code(err) != errcode.PredictionForbidden {
		t.Fatalf("a viewer's check: %v", err)
	}
	if n.rooms.count("prediction.result") != 1 || n.rooms.count("prediction.opened") != 1 || n.rooms.count("prediction.locked") != 1 {
		t.Fatalf("broadcast %v", n.rooms.keys)
	}
	e.ledgerOK()
}

func TestMatchResultSettlesOnceWhenDeliveredTwiceOnTwoNodesAndAfterARestart(t *testing.T) {
	e := newEnv(t)
	a, b := e.node(), e.node()
	v := must(a.svc.Open(e.ctx, streamerID, predictions.OpenRequest{Room: room, Market: predictions.MarketWinner, LockOn: "kickoff"}))
	if len(v.Outcomes) != 3 || v.Outcomes[0].Label != "home" || v.Home != "Lions" {
		t.Fatalf("winner market %+v", v)
	}
	must(a.svc.Enter(e.ctx, viewerA, v.ID, 0, 100)) // home
	must(b.svc.Enter(e.ctx, viewerB, v.ID, 2, 300)) // away
	must(b.svc.Enter(e.ctx, viewerC, v.ID, 0, 200)) // home
	e.finish(5, 2, 1)

	// Delivered twice on node a, and at the same time on node b.
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		n := a
		if i%2 == 1 {
			n = b
		}
		go func() {
			defer wg.Done()
			if err := n.settle.MatchFinished(e.ctx, match.Result{Match: matchID}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	// A restart: a new node's sweep finds nothing left.
	c := e.node()
	if n, err := c.settle.Sweep(e.ctx); err != nil || n != 0 {
		t.Fatalf("sweep after settling: %d, %v", n, err)
	}
	check(t, c.settle.MatchFinished(e.ctx, match.Result{Match: matchID}))
	// pool 600, home staked 300: A 200, C 400.
	if got := e.points(viewerA); got != 600 {
		t.Fatalf("A: %d, want 600", got)
	}
	if got := e.points(viewerC); got != 700 {
		t.Fatalf("C: %d, want 700", got)
	}
	if got := e.points(viewerB); got != 200 {
		t.Fatalf("B: %d, want 200", got)
	}
	if got := e.moves("payout"); got != 2 {
		t.Fatalf("%d payout moves, want 2", got)
	}
	if got := a.rooms.count("prediction.result") + b.rooms.count("prediction.result") + c.rooms.count("prediction.result"); got != 1 {
		t.Fatalf("%d result lines, want 1", got)
	}
	e.ledgerOK()
}

func TestNodeKilledBeforeSettlingLeavesItToTheSweep(t *testing.T) {
	e := newEnv(t)
	a := e.node()
	v := must(a.svc.Open(e.ctx, streamerID, predictions.OpenRequest{Room: room, Market: predictions.MarketTotal}))
	must(a.svc.Enter(e.ctx, viewerA, v.ID, 0, 50)) // over 2.5
	must(a.svc.Enter(e.ctx, viewerB, v.ID, 1, 50)) // under
	e.finish(5, 2, 1)
	// Node a dies before its result delivery is acknowledged: node b (same database) takes over
	// through the settlement sweep, then the match actor re-delivers the unacknowledged result.
	b := e.node()
	if n, err := b.settle.Sweep(e.ctx); err != nil || n != 1 {
		t.Fatalf("sweep: %d, %v", n, err)
	}
	check(t, b.settle.MatchFinished(e.ctx, match.Result{Match: matchID}))
	if e.points(viewerA) != 550 || e.points(viewerB) != 450 || e.moves("payout") != 1 {
		t.Fatalf("balances %d %d, payouts %d", e.points(viewerA), e.points(viewerB), e.moves("payout"))
	}
	e.ledgerOK()
}

func TestCancelsRefund(t *testing.T) {
	t.Run("streamer cancels", func(t *testing.T) {
		e := newEnv(t)
		n := e.node()
		v := must(n.svc.Open(e.ctx, streamerID, predictions.OpenRequest{Room: room, Market: predictions.MarketFree, Question: "Q", Outcomes: []string{"x", "y"}}))
		must(n.svc.Enter(e.ctx, viewerA, v.ID, 0, 120))
		must(n.svc.Enter(e.ctx, viewerB, v.ID, 1, 80))
		res := must(n.svc.Cancel(e.ctx, modID, v.ID))
		if res.View.State != "cancelled" || e.points(viewerA) != 500 || e.points(viewerB) != 500 || e.moves("refund") != 2 {
			t.Fatalf("after cancel: %+v, %d %d", res.View, e.points(viewerA), e.points(viewerB))
		}
		e.ledgerOK()
	})
	t.Run("match postponed", func(t *testing.T) {
		e := newEnv(t)
		n := e.node()
		v := must(n.svc.Open(e.ctx, streamerID, predictions.OpenRequest{Room: room, Market: predictions.MarketWinner}))
		must(n.svc.Enter(e.ctx, viewerA, v.ID, 0, 120))
		e.finish(6, 0, 0)
		check(t, n.settle.MatchFinished(e.ctx, match.Result{Match: matchID}))
		check(t, n.settle.MatchFinished(e.ctx, match.Result{Match: matchID}))
		l := must(n.svc.List(e.ctx, viewerA, room, 5))
		if l.List[0].State != "cancelled" || l.List[0].Reason != "match_postponed" || l.Points != 500 || e.moves("refund") != 1 {
			t.Fatalf("after a postponement: %+v points %d", l.List[0], l.Points)
		}
		e.ledgerOK()
	})
	t.Run("match market cannot be resolved by hand", func(t *testing.T) {
		e := newEnv(t)
		n := e.node()
		v := must(n.svc.Open(e.ctx, streamerID, predictions.OpenRequest{Room: room, Market: predictions.MarketWinner}))
		if _, err := n.svc.Resolve(e.ctx, streamerID, v.ID, 0); code(err) != errcode.PredictionAutomatic {
			t.Fatalf("resolved by hand: %v", err)
		}
	})
}

func TestLockByTimeWithTheClock(t *testing.T) {
	e := newEnv(t)
	n := e.node()
	if _, err := n.svc.Open(e.ctx, streamerID, predictions.OpenRequest{Room: room, Market: predictions.MarketFree, Question: "Q", Outcomes: []string{"x", "y"},
		LockAt: e.clock.Now().Add(-time.Second)}); code(err) != errcode.PredictionInvalid {
		t.Fatalf("a lock time in the past: %v", err)
	}
	v := must(n.svc.Open(e.ctx, streamerID, predictions.OpenRequest{Room: room, Market: predictions.MarketFree, Question: "Q", Outcomes: []string{"x", "y"},
		LockAt: e.clock.Now().Add(2 * time.Minute)}))
	must(n.svc.Enter(e.ctx, viewerA, v.ID, 0, 10))
	e.clock.Add(2 * time.Minute)
	// Past the lock time the entry is refused even before the sweep has run.
	if _, err := n.svc.Enter(e.ctx, viewerB, v.ID, 1, 10); code(err) != errcode.PredictionClosed {
		t.Fatalf("an entry at the lock time: %v", err)
	}
	check(t, n.svc.Sweep(e.ctx))
	l := must(n.svc.List(e.ctx, 0, room, 5))
	if l.List[0].State != "locked" || n.rooms.count("prediction.locked") != 1 {
		t.Fatalf("after the sweep: %+v", l.List[0])
	}
	check(t, n.svc.Sweep(e.ctx))
	if n.rooms.count("prediction.locked") != 1 {
		t.Fatal("locked twice")
	}
}

func TestLockAtKickOffAndResolveByTheNextGoal(t *testing.T) {
	e := newEnv(t)
	n := e.node()
	v := must(n.svc.Open(e.ctx, streamerID, predictions.OpenRequest{Room: room, Market: predictions.MarketNextGoal, LockOn: "kickoff"}))
	must(n.svc.Enter(e.ctx, viewerA, v.ID, 1, 100)) // away
	must(n.svc.Enter(e.ctx, viewerB, v.ID, 0, 100)) // home
	check(t, n.svc.Sweep(e.ctx))
	if l := must(n.svc.List(e.ctx, 0, room, 1)); l.List[0].State != "open" {
		t.Fatal("locked before kick-off")
	}
	e.exec(`UPDATE sport_matches SET status = 1 WHERE id = $1`, matchID)
	e.event(feed.Event{Seq: 5, Kind: feed.KStatus, Status: feed.StatusLive})
	check(t, n.svc.Sweep(e.ctx))
	if l := must(n.svc.List(e.ctx, 0, room, 1)); l.List[0].State != "locked" {
		t.Fatalf("not locked at kick-off: %s", l.List[0].State)
	}
	if _, err := n.svc.Enter(e.ctx, viewerC, v.ID, 0, 10); code(err) != errcode.PredictionClosed {
		t.Fatalf("an entry after kick-off: %v", err)
	}
	e.event(feed.Event{Seq: 6, Kind: feed.KIncident, Incident: &feed.Incident{Type: "yellowCard", Team: 0}})
	check(t, n.svc.Sweep(e.ctx))
	e.event(feed.Event{Seq: 7, Kind: feed.KScore, Score: &feed.Score{Home: 0, Away: 1}})
	// Two nodes sweep at once: one resolution.
	m := e.node()
	var wg sync.WaitGroup
	var fails atomic.Int32
	for _, x := range []*predictions.Service{n.svc, m.svc} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := x.Sweep(e.ctx); err != nil {
				fails.Add(1)
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	l := must(n.svc.List(e.ctx, 0, room, 1))
	if l.List[0].State != "resolved" || l.List[0].Winner != 1 {
		t.Fatalf("after the goal: %+v", l.List[0])
	}
	if e.points(viewerA) != 600 || e.points(viewerB) != 400 || n.rooms.count("prediction.result")+m.rooms.count("prediction.result") != 1 {
		t.Fatalf("balances %d %d", e.points(viewerA), e.points(viewerB))
	}
	// The final whistle changes nothing.
	e.finish(5, 0, 1)
	check(t, n.settle.MatchFinished(e.ctx, match.Result{Match: matchID}))
	e.ledgerOK()
}

func TestPointsNeverNegativeUnderConcurrentEntries(t *testing.T) {
	e := newEnv(t)
	n := e.node()
	v := must(n.svc.Open(e.ctx, streamerID, predictions.OpenRequest{Room: room, Market: predictions.MarketFree, Question: "Q", Outcomes: []string{"x", "y"}}))
	var ok, short atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < 24; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := n.svc.Enter(e.ctx, viewerA, v.ID, 0, 100)
			switch code(err) {
			case 0:
				if err != nil {
					t.Error(err)
				}
				ok.Add(1)
			case errcode.PointsShort:
				short.Add(1)
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if ok.Load() != 5 || short.Load() != 19 || e.points(viewerA) != 0 {
		t.Fatalf("%d entries taken, %d refused, balance %d", ok.Load(), short.Load(), e.points(viewerA))
	}
	l := must(n.svc.List(e.ctx, viewerA, room, 1))
	if l.List[0].Mine == nil || l.List[0].Mine.Stake != 500 || l.List[0].Pool != 500 {
		t.Fatalf("entry %+v", l.List[0])
	}
	e.ledgerOK()
}

func TestPointsAreEarnedByWatchingAndChattingWithinTheDailyCaps(t *testing.T) {
	e := newEnv(t)
	n := e.node()
	if got := must(n.svc.Earn(e.ctx, viewerA, room, "watch", 3)); got != 30 {
		t.Fatalf("3 minutes: %d", got)
	}
	for i := 0; i < 45; i++ {
		must(n.svc.Earn(e.ctx, viewerA, room, "chat", 1))
	}
	if got := e.points(viewerA); got != 500+30+200 {
		t.Fatalf("balance %d, want welcome 500 + watch 30 + chat capped at 200", got)
	}
	e.clock.Add(24 * time.Hour)
	must(n.svc.Earn(e.ctx, viewerA, room, "chat", 1))
	if got := e.points(viewerA); got != 735 {
		t.Fatalf("next day: %d", got)
	}
	if got := must(n.svc.Earn(e.ctx, streamerID, room, "watch", 10)); got != 0 {
		t.Fatal("a streamer earns points in their own room")
	}
	e.ledgerOK()
}

// Reported activity is credited by the next sweep, in one write per user and kind however many
// chat lines came in: 45 lines are one capped move of 200, not 45 moves; the caps and the
// welcome allowance hold as for Earn, and a streamer's own lines earn nothing.
func TestReportedActivityIsCreditedInOneWritePerSweep(t *testing.T) {
	e := newEnv(t)
	n := e.node()
	for i := 0; i < 45; i++ {
		n.svc.Chatted("u20", room)
	}
	for i := 0; i < 3; i++ {
		n.svc.Chatted("u21", room)
	}
	n.svc.Watched("u20", room, 2*time.Minute+30*time.Second)
	n.svc.Chatted("u10", room)
	if e.points(viewerA) != -1 || e.moves("chat") != 0 {
		t.Fatal("points written before the sweep")
	}
	must(0, n.svc.Sweep(e.ctx))
	if e.moves("chat") != 2 || e.moves("watch") != 1 || e.moves("welcome") != 2 {
		t.Fatalf("moves: chat %d watch %d welcome %d, want 2, 1, 2", e.moves("chat"), e.moves("watch"), e.moves("welcome"))
	}
	if a, b := e.points(viewerA), e.points(viewerB); a != 500+200+20 || b != 500+15 {
		t.Fatalf("balances %d and %d, want 720 (chat capped at 200, 2 minutes) and 515", a, b)
	}
	var own int
	if err := e.pool.QueryRow(e.ctx, `SELECT count(*) FROM channel_point_moves WHERE user_id = streamer_id`).Scan(&own); err != nil || own != 0 {
		t.Fatalf("the streamer earned in their own room (%d, %v)", own, err)
	}
	// The next sweep has nothing to credit; the cap holds across sweeps.
	must(0, n.svc.Sweep(e.ctx))
	n.svc.Chatted("u20", room)
	n.svc.Chatted("u21", room)
	must(0, n.svc.Sweep(e.ctx))
	if a, b := e.points(viewerA), e.points(viewerB); a != 720 || b != 520 {
		t.Fatalf("after the cap: %d and %d", a, b)
	}
	e.ledgerOK()
}
