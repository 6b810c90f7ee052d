package experts_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"courtside/api"
	"courtside/api/errcode"
	"courtside/api/experts"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

func TestApplyingAndStaffReview(t *testing.T) {
	e := newEnv(t)
	var start map[string]any
	e.ok(expertID, "POST", "/user/expertApplyStart", nil, &start)
	if start["status"] != "none" || start["phoneBound"] != true {
		t.Fatalf("start %v", start)
	}
	// Not an expert yet: the creator centre says to apply first.
	e.fails(expertID, "GET", "/creator_platform/dataBoard", nil, errcode.NotExpert, "Please apply to become a creator first")
	// Validation, in the request's language.
	e.fails(expertID, "POST", "/user/expertApply", map[string]any{"nickname": "M", "realName": "Marta", "idNumber": "SE19850312",
		"intro": "Pressing numbers first.", "games": []int{1}}, errcode.ExpertApplication, "The display name must be 2 to 20 characters")
	e.fails(404, "POST", "/user/expertApply", map[string]any{"nickname": "Marta", "realName": "Marta", "idNumber": "SE19850312",
		"intro": "Pressing numbers first.", "games": []int{1}}, errcode.ExpertApplication, "Please bind a phone number to your account first")
	body := map[string]any{"nickname": "Marta L", "realName": "Marta Lindqvist", "idNumber": "SE19850312", "intro": "Pressing numbers and fatigue first.", "games": []int{1}}
	e.ok(expertID, "POST", "/user/expertApply", body, nil)
	e.fails(expertID, "POST", "/user/expertApply", body, errcode.ExpertState, "Your application is under review")

	// Staff only: a fan is refused, a rejection needs a reason.
	e.fails(fanID, "GET", "/admin/experts/applications", nil, errcode.Forbidden, "")
	var queue struct{ List []map[string]any }
	e.ok(staffID, "GET", "/admin/experts/applications", nil, &queue)
	if len(queue.List) != 1 || queue.List[0]["idNumber"] != "SE19850312" {
		t.Fatalf("queue %v", queue)
	}
	e.fails(staffID, "POST", "/admin/experts/decide", map[string]any{"userId": "u10", "action": "reject"}, errcode.Format, "")
	e.ok(staffID, "POST", "/admin/experts/decide", map[string]any{"userId": "u10", "action": "reject", "reason": "Intro too thin"}, nil)
	e.ok(expertID, "POST", "/user/expertApplyStart", nil, &start)
	if start["status"] != "rejected" || start["reason"] != "Intro too thin" {
		t.Fatalf("after rejection %v", start)
	}
	// A new application after a rejection, approved; then banned and unbanned.
	e.ok(expertID, "POST", "/user/expertApply", body, nil)
	e.fails(staffID, "POST", "/admin/experts/decide", map[string]any{"userId": "u10", "action": "ban", "reason": "x"}, errcode.ExpertState, "")
	e.ok(staffID, "POST", "/admin/experts/decide", map[string]any{"userId": "u10", "action": "approve"}, nil)
	e.ok(expertID, "GET", "/creator_platform/dataBoard", nil, nil)
	e.ok(staffID, "POST", "/admin/experts/decide", map[string]any{"userId": "u10", "action": "ban", "reason": "Sold picks off-site"}, nil)
	e.fails(expertID, "GET", "/creator_platform/dataBoard", nil, errcode.ExpertBanned, "")
	e.fails(expertID, "POST", "/user/expertApply", body, errcode.ExpertBanned, "")
	e.ok(staffID, "POST", "/admin/experts/decide", map[string]any{"userId": "u10", "action": "unban"}, nil)

	// Every decision is in the audit log.
	var n int
	if err := e.pool.QueryRow(e.ctx, `SELECT count(*) FROM audit_log WHERE target_kind = 'expert' AND target_id = '10'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 4 {
		t.Fatalf("%d audit entries, want 4 (reject, approve, ban, unban)", n)
	}
}

func TestPlanValidation(t *testing.T) {
	e := newEnv(t)
	e.expert(expertID)
	e.match("m1", 3*time.Hour)
	e.match("started", -time.Minute)
	good := func() map[string]any {
		return map[string]any{"matchId": "m1", "playType": "1x2", "pick": "home", "playLevel": 3, "title": "Home pressing tells",
			"content": "The visitors concede late and travelled midweek.", "price": 28}
	}
	tests := []struct {
		name string
		edit func(m map[string]any)
		code errcode.Code
		msg  string
	}{
		{"title of 4 characters", func(m map[string]any) { m["title"] = "Home" }, errcode.PlanInvalid, "The title must be 5 to 30 characters"},
		{"title of 31 characters", func(m map[string]any) { m["title"] = strings.Repeat("x", 31) }, errcode.PlanInvalid, "The title must be 5 to 30 characters"},
		{"no content", func(m map[string]any) { m["content"] = "" }, errcode.PlanInvalid, "Please fill in every required field"},
		{"price over the maximum", func(m map[string]any) { m["price"] = 10000 }, errcode.PlanInvalid, "The price must be between 0 and 9999 coins"},
		{"negative price", func(m map[string]any) { m["price"] = -1 }, errcode.PlanInvalid, "The price must be between 0 and 9999 coins"},
		{"level 0", func(m map[string]any) { m["playLevel"] = 0 }, errcode.PlanInvalid, "The confidence level must be 1 to 5"},
		{"over in 1x2", func(m map[string]any) { m["pick"] = "over" }, errcode.PlanInvalid, "This pick does not belong to the play type"},
		{"started match", func(m map[string]any) { m["matchId"] = "started" }, errcode.PlanMatchStarted, "The match has already started"},
		{"unknown match", func(m map[string]any) { m["matchId"] = "nope" }, errcode.MatchNotFound, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := good()
			tt.edit(m)
			e.fails(expertID, "POST", "/expert_plan/add", m, tt.code, tt.msg)
		})
	}
	// Localized: the same refusal in German.
	e.lang = "de"
	e.fails(expertID, "POST", "/expert_plan/add", map[string]any{"matchId": "m1", "playType": "1x2", "pick": "home", "playLevel": 3,
		"title": "Hm", "content": "The visitors concede late and travelled midweek.", "price": 1}, errcode.PlanInvalid,
		"Der Titel muss 5 bis 30 Zeichen lang sein")
	e.lang = ""
	// Free (0) and the maximum are allowed; at most 3 plans per match.
	for _, p := range []int{0, 9999, 5} {
		m := good()
		m["price"] = p
		e.ok(expertID, "POST", "/expert_plan/add", m, nil)
	}
	e.fails(expertID, "POST", "/expert_plan/add", good(), errcode.PlanLimit, "You already have 3 plans on this match")
	// A fan is not an expert.
	e.fails(fanID, "POST", "/expert_plan/add", good(), errcode.NotExpert, "Please apply to become a creator first")
}

func TestPlanStatesEditsAndTheImmutableRecord(t *testing.T) {
	e := newEnv(t)
	e.expert(expertID)
	e.match("m1", 3*time.Hour)
	p := e.plan(expertID, "m1", "handicap", "home", 30, false)
	if p.State != "review" || p.Line != -0.75 || p.Odds != 1.95 || len(p.Hash) != 64 {
		t.Fatalf("new plan %+v", p)
	}
	// The hash is the SHA-256 of the record shown, at the server's release time.
	var info struct {
		Plan     experts.PlanView
		Record   experts.Record
		Versions []struct {
			Version int
			Hash    string
		}
	}
	e.ok(expertID, "GET", "/expert_plan/getExpertPlanInfo?id="+p.ID, nil, &info)
	if h, _ := experts.Hash(info.Record); h != p.Hash || info.Record.Odds != 1.95 {
		t.Fatalf("record %+v hashes to %s, plan shows %s", info.Record, h, p.Hash)
	}
	// Not public while under review.
	e.fails(fanID, "GET", "/expert_plan/getExpertPlanInfo?id="+p.ID, nil, errcode.PlanNotFound, "")
	e.fails(fanID, "POST", "/orderpay/goldExpertPlan", map[string]any{"planId": p.ID}, errcode.PlanNotOnSale, "")

	// Edit under review: a new version and hash; every version kept.
	e.clock.Add(time.Minute)
	var edited experts.PlanView
	e.ok(expertID, "POST", "/expert_plan/edit", map[string]any{"id": p.ID, "matchId": "m1", "playType": "ou", "pick": "over", "playLevel": 4,
		"title": "Goals at both ends", "content": "Two open sides that both concede from set pieces.", "price": 30}, &edited)
	if edited.Version != 2 || edited.Hash == p.Hash || edited.Line != 2.5 || edited.ReleaseTime <= p.ReleaseTime {
		t.Fatalf("edited %+v", edited)
	}
	e.ok(expertID, "GET", "/expert_plan/getExpertPlanInfo?id="+p.ID, nil, &info)
	if len(info.Versions) != 2 || info.Versions[0].Hash != p.Hash || info.Versions[1].Hash != edited.Hash {
		t.Fatalf("versions %+v", info.Versions)
	}
	// The versions table refuses any change.
	if _, err := e.pool.Exec(e.ctx, `UPDATE expert_plan_versions SET record_hash = 'x'`); err == nil {
		t.Fatal("a version could be altered")
	}
	if _, err := e.pool.Exec(e.ctx, `DELETE FROM expert_plan_versions`); err == nil {
		t.Fatal("a version could be deleted")
	}

	// Staff: reject needs a reason; approve publishes.
	e.fails(staffID, "POST", "/admin/experts/plans/decide", map[string]any{"planId": p.ID, "action": "reject"}, errcode.Format, "")
	e.fails(fanID, "POST", "/admin/experts/plans/decide", map[string]any{"planId": p.ID, "action": "approve"}, errcode.Forbidden, "")
	e.approvePlan(p.ID)
	e.fails(staffID, "POST", "/admin/experts/plans/decide", map[string]any{"planId": p.ID, "action": "approve"}, errcode.PlanState, "")

	// A second plan: rejected (did not pass), and a third removed before any sale.
	q := e.plan(expertID, "m1", "1x2", "away", 10, false)
	e.ok(staffID, "POST", "/admin/experts/plans/decide", map[string]any{"planId": q.ID, "action": "reject", "reason": "Copied analysis"}, nil)
	r := e.plan(expertID, "m1", "1x2", "draw", 10, false)
	e.ok(expertID, "POST", "/expert_plan/remove", map[string]any{"id": r.ID}, nil)
	var mine struct{ List []experts.PlanView }
	e.ok(expertID, "GET", "/creator_platform/getExpertPlans?state=rejected", nil, &mine)
	if len(mine.List) != 1 || mine.List[0].Reason != "Copied analysis" {
		t.Fatalf("rejected %+v", mine.List)
	}

	// After the first sale the plan is frozen: no edit, no removal, and the database refuses too.
	e.coins(fanID, 100)
	e.ok(fanID, "POST", "/orderpay/goldExpertPlan", map[string]any{"planId": p.ID}, nil)
	e.fails(expertID, "POST", "/expert_plan/edit", map[string]any{"id": p.ID, "matchId": "m1", "playType": "ou", "pick": "under", "playLevel": 4,
		"title": "Goals at both ends", "content": "Two open sides that both concede from set pieces.", "price": 30}, errcode.PlanFrozen, "")
	e.fails(expertID, "POST", "/expert_plan/remove", map[string]any{"id": p.ID}, errcode.PlanFrozen, "")
	if _, err := e.pool.Exec(e.ctx, `UPDATE expert_plans SET pick = 'under' WHERE id = $1`, p.ID); err == nil {
		t.Fatal("a sold plan's pick could be changed in the database")
	}
	// Staff can hide it; the record keeps it.
	e.ok(staffID, "POST", "/admin/experts/plans/decide", map[string]any{"planId": p.ID, "action": "hide", "reason": "Misleading title"}, nil)
	// Audit: reject, approve, reject (plan q), hide.
	var n int
	_ = e.pool.QueryRow(e.ctx, `SELECT count(*) FROM audit_log WHERE target_kind = 'plan'`).Scan(&n)
	if n != 3 {
		t.Fatalf("%d plan audit entries, want 3", n)
	}

	// Kick-off freezes an unsold plan too.
	s := e.plan(expertID, "m1", "1x2", "home", 10, false)
	_ = s
	e.clock.Add(3 * time.Hour)
	e.fails(expertID, "POST", "/expert_plan/remove", map[string]any{"id": s.ID}, errcode.PlanFrozen, "")
}

func TestBuyingThroughTheLedger(t *testing.T) {
	e := newEnv(t)
	e.expert(expertID)
	e.match("m1", 3*time.Hour)
	p := e.plan(expertID, "m1", "1x2", "home", 40, false)
	e.approvePlan(p.ID)

	// A guest sees no pick and no content before kick-off.
	var info struct{ Plan experts.PlanView }
	e.ok(0, "GET", "/expert_plan/getExpertPlanInfo?id="+p.ID, nil, &info)
	if info.Plan.Pick != "" || info.Plan.Content != "" || info.Plan.Readable {
		t.Fatalf("guest sees %+v", info.Plan)
	}
	var gold map[string]any
	e.ok(fanID, "GET", "/expert_plan/checkGold?id="+p.ID, nil, &gold)
	if gold["gold"] != 0.0 || gold["enough"] != false || gold["price"] != 40.0 {
		t.Fatalf("checkGold %v", gold)
	}
	e.fails(fanID, "POST", "/orderpay/goldExpertPlan", map[string]any{"planId": p.ID}, errcode.InsufficientCoins, "")
	e.fails(expertID, "POST", "/orderpay/goldExpertPlan", map[string]any{"planId": p.ID}, errcode.PlanOwn, "")
	e.coins(fanID, 100)

	// Two buys of the same plan at once charge once.
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e.ok(fanID, "POST", "/orderpay/goldExpertPlan", map[string]any{"planId": p.ID}, nil)
		}()
	}
	wg.Wait()
	if b := e.balance(postgres.UserWallet(fanID, postgres.Coin)); b != 60 {
		t.Fatalf("fan has %d coins after buying a 40-coin plan, want 60", b)
	}
	if b := e.balance(postgres.PlanEscrow()); b != 40 {
		t.Fatalf("escrow %d, want 40", b)
	}
	// The buyer sees the content at once.
	e.ok(fanID, "GET", "/expert_plan/getExpertPlanInfo?id="+p.ID, nil, &info)
	if info.Plan.Pick != "home" || info.Plan.Content == "" || !info.Plan.Bought {
		t.Fatalf("buyer sees %+v", info.Plan)
	}
	var mine struct {
		List  []map[string]any
		Total int
	}
	e.ok(fanID, "GET", "/user/userExpertPlanOrderPC", nil, &mine)
	if mine.Total != 1 || mine.List[0]["content"] == "" {
		t.Fatalf("my plans %+v", mine)
	}
	// Free plans: readable by anybody, or signed-in users only with the flag.
	free := e.plan(expertID, "m1", "1x2", "away", 0, false)
	e.approvePlan(free.ID)
	e.ok(0, "GET", "/expert_plan/getExpertPlanInfo?id="+free.ID, nil, &info)
	if !info.Plan.Readable || info.Plan.Content == "" {
		t.Fatalf("guest on a free plan %+v", info.Plan)
	}
	// After kick-off nobody can buy.
	e.clock.Add(3 * time.Hour)
	e.coins(fan2ID, 100)
	e.fails(fan2ID, "POST", "/orderpay/goldExpertPlan", map[string]any{"planId": p.ID}, errcode.PlanMatchStarted, "")
	pgtest.VerifyLedger(t, e.ledger)
}

// sell makes a published plan with buyers fanID and fan2ID.
func (e *env) sell(matchID, playType, pick string, price int64, refund bool) experts.PlanView {
	e.t.Helper()
	p := e.plan(expertID, matchID, playType, pick, price, refund)
	e.approvePlan(p.ID)
	for _, f := range []int64{fanID, fan2ID} {
		e.coins(f, price)
		e.ok(f, "POST", "/orderpay/goldExpertPlan", map[string]any{"planId": p.ID}, nil)
	}
	return p
}

func (e *env) planNow(id string) postgres.PlanRow {
	e.t.Helper()
	var n int64
	for _, c := range id {
		n = n*10 + int64(c-'0')
	}
	p, err := e.svc.Store().Plan(e.ctx, n)
	if err != nil {
		e.t.Fatal(err)
	}
	return p
}

func TestSettlementByTheFeed(t *testing.T) {
	e := newEnv(t)
	e.expert(expertID)
	e.match("m1", time.Hour)
	won := e.sell("m1", "1x2", "home", 100, false)      // paid out: 70 to the expert, 30 to the platform, per buyer
	lostRefund := e.sell("m1", "1x2", "away", 50, true) // refunded to both buyers
	half := e.sell("m1", "handicap", "home", 20, true)  // -0.75 with a 1-goal win: half won, not refunded
	e.clock.Add(2 * time.Hour)
	e.finish("m1", 5, 2, 1)
	// The match actor delivers the result; delivered again after a "crash"; and swept.
	for i := 0; i < 2; i++ {
		if err := e.settle.SettleMatch(e.ctx, "m1"); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := e.settle.Sweep(e.ctx); err != nil || n != 0 {
		t.Fatalf("sweep after settling: %d %v", n, err)
	}
	for id, want := range map[string]string{won.ID: "won", lostRefund.ID: "lost", half.ID: "half_won"} {
		if p := e.planNow(id); p.Outcome != want || p.SettledRev != 1 || p.ResultHome != 2 {
			t.Fatalf("plan %s: %s rev %d, want %s", id, p.Outcome, p.SettledRev, want)
		}
	}
	if b := e.balance(postgres.CreatorEarnings(expertID)); b != 2*70+2*14 {
		t.Fatalf("expert earned %d, want %d", b, 2*70+2*14)
	}
	if b := e.balance(postgres.UserWallet(fanID, postgres.Coin)); b != 50 {
		t.Fatalf("fan has %d, want the 50 of the refunded plan", b)
	}
	if b := e.balance(postgres.PlanEscrow()); b != 0 {
		t.Fatalf("escrow holds %d after settlement", b)
	}
	// The revenue in the creator centre is read from the ledger.
	var board experts.Board
	e.ok(expertID, "GET", "/creator_platform/dataBoard", nil, &board)
	if board.RevenueAll != 168 || board.Sales != 6 || board.Buyers != 2 || board.Stats.Hits != 2 || board.Stats.Decided != 3 {
		t.Fatalf("board %+v", board)
	}

	// A staff correction (it was 1-1): re-settled in a new revision, movements visible in the ledger.
	e.fails(staffID, "POST", "/admin/experts/results/correct", map[string]any{"matchId": "m1", "status": 5, "home": 1, "away": 1}, errcode.ResultCorrection, "")
	e.ok(staffID, "POST", "/admin/experts/results/correct", map[string]any{"matchId": "m1", "status": 5, "home": 1, "away": 1, "reason": "Goal ruled out after review"}, nil)
	if p := e.planNow(won.ID); p.Outcome != "lost" || p.SettledRev != 2 {
		t.Fatalf("corrected plan: %s rev %d", p.Outcome, p.SettledRev)
	}
	if p := e.planNow(half.ID); p.Outcome != "lost" {
		t.Fatalf("corrected handicap: %s", p.Outcome)
	}
	// The half-won handicap is now lost and refundable: its buyers get their 20 back from the
	// platform's refunds account (its payout already happened).
	if b := e.balance(postgres.UserWallet(fanID, postgres.Coin)); b != 70 {
		t.Fatalf("fan has %d after the correction, want 70", b)
	}
	if b := e.balance(postgres.SystemAccount(postgres.KindRefunds, postgres.Coin)); b != -40 {
		t.Fatalf("refunds account %d, want -40", b)
	}
	var info struct {
		Settlements []map[string]any
	}
	e.ok(fanID, "GET", "/expert_plan/getExpertPlanInfo?id="+half.ID, nil, &info)
	if len(info.Settlements) != 2 {
		t.Fatalf("settlements %v", info.Settlements)
	}
	// The feed does not override a staff correction.
	if err := e.settle.SettleMatch(e.ctx, "m1"); err != nil {
		t.Fatal(err)
	}
	if p := e.planNow(won.ID); p.SettledRev != 2 {
		t.Fatalf("feed re-settled over a correction: rev %d", p.SettledRev)
	}
	pgtest.VerifyLedger(t, e.ledger)
}

func TestPostponedAndCancelledMatchesVoidAndRefund(t *testing.T) {
	e := newEnv(t)
	e.expert(expertID)
	e.match("pp", time.Hour)
	e.match("cc", time.Hour)
	a := e.sell("pp", "ou", "over", 30, false)
	b := e.sell("cc", "1x2", "home", 30, false)
	e.finish("pp", 6, 0, 0)
	e.finish("cc", 7, 0, 0)
	// Nobody delivers a result for a postponed match: the sweep finds it (and would after a restart).
	if n, err := e.settle.Sweep(e.ctx); err != nil || n != 2 {
		t.Fatalf("sweep: %d %v", n, err)
	}
	for _, id := range []string{a.ID, b.ID} {
		if p := e.planNow(id); p.Outcome != "void" {
			t.Fatalf("plan %s: %s", id, p.Outcome)
		}
	}
	if bal := e.balance(postgres.UserWallet(fanID, postgres.Coin)); bal != 60 {
		t.Fatalf("fan has %d, want both plans refunded (60)", bal)
	}
	if bal := e.balance(postgres.CreatorEarnings(expertID)); bal != 0 {
		t.Fatalf("expert earned %d on void plans", bal)
	}
}

// Settlement racing purchases at kick-off: every sale is either settled (refunded or paid out) or
// refused; the ledger balances and the escrow is empty.
func TestSettlementRacingPurchasesAtKickOff(t *testing.T) {
	e := newEnv(t)
	e.expert(expertID)
	e.match("race", 10*time.Second)
	p := e.plan(expertID, "race", "1x2", "home", 10, true)
	e.approvePlan(p.ID)
	const buyers = 20
	for i := int64(0); i < buyers; i++ {
		e.coins(100+i, 10)
	}
	var wg sync.WaitGroup
	for i := int64(0); i < buyers; i++ {
		wg.Add(1)
		go func(uid int64) {
			defer wg.Done()
			_, _, _ = e.svc.Buy(context.Background(), uid, e.planNow(p.ID).ID)
		}(100 + i)
		if i == buyers/2 {
			e.clock.Add(11 * time.Second)
			e.finish("race", 5, 0, 1)
			wg.Add(1)
			go func() { defer wg.Done(); _ = e.settle.SettleMatch(context.Background(), "race") }()
		}
	}
	wg.Wait()
	if _, err := e.settle.Sweep(e.ctx); err != nil {
		t.Fatal(err)
	}
	if bal := e.balance(postgres.PlanEscrow()); bal != 0 {
		t.Fatalf("escrow %d after the race", bal)
	}
	for i := int64(0); i < buyers; i++ {
		if bal := e.balance(postgres.UserWallet(100+i, postgres.Coin)); bal != 10 {
			t.Fatalf("buyer %d has %d: a lost refund-if-not-winning plan must give every buyer's 10 back", 100+i, bal)
		}
	}
	pgtest.VerifyLedger(t, e.ledger)
}

func TestRankingsAndReads(t *testing.T) {
	e := newEnv(t)
	e.expert(expertID)
	for i := range [][2]int{{2, 0}, {1, 0}, {0, 1}, {3, 1}} {
		id := "r" + string(rune('a'+i))
		e.match(id, time.Hour)
		e.sell(id, "1x2", "home", 10, false)
	}
	e.clock.Add(2 * time.Hour)
	for i, score := range [][2]int{{2, 0}, {1, 0}, {0, 1}, {3, 1}} {
		e.finish("r"+string(rune('a'+i)), 5, score[0], score[1])
	}
	if _, err := e.settle.Sweep(e.ctx); err != nil {
		t.Fatal(err)
	}
	var acc map[string]experts.Stats
	e.ok(0, "GET", "/expert/getExpertInfoAccuracy?id=u10", nil, &acc)
	if st := acc["days7"]; st.Decided != 4 || st.Hits != 3 || st.HitRate != 0.75 {
		t.Fatalf("7-day record %+v", st)
	}
	for _, kind := range []string{"hitRate", "streak", "luck"} {
		var r struct{ List []experts.ExpertView }
		e.ok(0, "GET", "/expert/ranking?type="+kind+"&days=30", nil, &r)
		if len(r.List) != 1 || r.List[0].Nickname != "Marta L" {
			t.Fatalf("%s ranking %+v", kind, r.List)
		}
	}
	e.fails(0, "GET", "/expert/ranking?type=luck&days=5", nil, errcode.Format, "")
	var lib struct{ List []experts.ExpertView }
	e.ok(0, "GET", "/expert/expertLibraryPC", nil, &lib)
	if len(lib.List) != 1 {
		t.Fatalf("library %+v", lib)
	}
	var graph struct{ List []experts.GraphPoint }
	e.ok(0, "GET", "/expert/getExpertInfoGraph?id=u10", nil, &graph)
	if len(graph.List) == 0 {
		t.Fatal("no graph")
	}
	var settled struct{ List []experts.PlanView }
	e.ok(0, "GET", "/expert_plan/getPlansPC?expertId=u10&settled=1", nil, &settled)
	if len(settled.List) != 4 || settled.List[0].Pick == "" || settled.List[0].Content != "" {
		t.Fatalf("public record: picks shown after kick-off, content kept for buyers: %+v", settled.List[0])
	}
	var ret struct {
		List  []experts.DayRevenue
		Total int64
	}
	e.ok(expertID, "GET", "/creator_platform/getReturnsDetailed?days=7", nil, &ret)
	if ret.Total != 4*2*7 || len(ret.List) != 7 {
		t.Fatalf("returns %+v", ret)
	}
}

// A fan's followed events: the published plans on the matches the fan has booked, none on a match
// the fan cancelled or never booked; the call needs a signed-in user.
func TestFocusEventsListPlansOnBookedMatches(t *testing.T) {
	e := newEnv(t)
	e.expert(expertID)
	for _, id := range []string{"fa", "fb", "fc"} {
		e.match(id, time.Hour)
		e.approvePlan(e.plan(expertID, id, "1x2", "home", 0, false).ID)
	}
	book := func(match, status string) {
		if _, err := e.pool.Exec(e.ctx, `INSERT INTO sport_reservations (user_id, match_id, status) VALUES ($1, $2, $3)`,
			fmt.Sprintf("u%d", fanID), match, status); err != nil {
			t.Fatal(err)
		}
	}
	book("fa", "booked")
	book("fb", "cancelled")
	var got struct {
		List  []experts.PlanView
		Total int
	}
	e.ok(fanID, "GET", "/expert_plan/focusEvents", nil, &got)
	if got.Total != 1 || len(got.List) != 1 || got.List[0].MatchID != "fa" {
		t.Fatalf("followed events %+v", got)
	}
	e.ok(fan2ID, "GET", "/expert_plan/focusEvents", nil, &got)
	if got.Total != 0 {
		t.Fatalf("another fan sees %+v", got)
	}
	if r := e.call(0, "GET", "/expert_plan/focusEvents", nil); r.Env.Status != api.StatusFail {
		t.Fatalf("a guest read followed events: %s", r.Body)
	}
}
