package experts_test

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"courtside/api"
	"courtside/api/apitest"
	"courtside/api/audit"
	"courtside/api/errcode"
	"courtside/api/experts"
	"courtside/api/locale"
	"courtside/api/settlement"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// clock is the injected clock; tests move it.
type clock = apitest.Clock

const (
	staffID  = 900
	expertID = 10
	fanID    = 20
	fan2ID   = 21
)

// staff: user 900 reviews experts; nobody else may.
type staff struct{}

func (staff) Can(_ context.Context, uid int64, perm string) (bool, error) {
	return uid == staffID && perm == experts.PermReviewExperts, nil
}

// matches is the match module for the tests, backed by rows in sport_matches (the store reads the
// status there when selling and settling).
type matches struct {
	pool *pgxpool.Pool
	mu   sync.Mutex
	m    map[string]experts.Match
}

func (ms *matches) Match(_ context.Context, id string) (experts.Match, bool, error) {
	ms.mu.Lock()
	defer ms.mu.Unlock()
	m, ok := ms.m[id]
	return m, ok, nil
}

func (ms *matches) Upcoming(_ context.Context, from, to time.Time, game, limit int) ([]experts.Match, error) {
	ms.mu.Lock()
	defer ms.mu.Unlock()
	var out []experts.Match
	for _, m := range ms.m {
		if !m.Start.Before(from) && m.Start.Before(to) {
			out = append(out, m)
		}
	}
	return out, nil
}

type ledgerCoins struct{ l *postgres.Ledger }

func (c ledgerCoins) Balances(ctx context.Context, uid int64) (int64, int64, error) {
	b, err := c.l.Balance(ctx, postgres.UserWallet(uid, postgres.Coin))
	return b, 0, err
}

type env struct {
	t       *testing.T
	ctx     context.Context
	pool    *pgxpool.Pool
	svc     *experts.Service
	settle  *settlement.Service
	ledger  *postgres.Ledger
	matches *matches
	clock   *clock
	url     string
	lang    string // the lan header; default en_US
}

func newEnv(t *testing.T) *env {
	t.Helper()
	pool := pgtest.NewPool(t)
	e := &env{t: t, ctx: context.Background(), pool: pool, ledger: postgres.NewLedger(pool),
		clock: apitest.NewClock(time.Now().UTC().Truncate(time.Second))}
	e.matches = &matches{pool: pool, m: map[string]experts.Match{}}
	e.settle = settlement.New(settlement.Config{Now: e.clock.Now}, postgres.NewSettlements(pool))
	var err error
	e.svc, err = experts.New(experts.Config{Now: e.clock.Now}, experts.Deps{Store: postgres.NewExperts(pool), Settlement: e.settle,
		Phones: apitest.Phones{}, Staff: staff{}, Coins: ledgerCoins{e.ledger}, Matches: e.matches, Audit: audit.New(audit.Config{}, postgres.NewAuditLog(pool))})
	if err != nil {
		t.Fatal(err)
	}
	res, err := locale.New(locale.Config{})
	if err != nil {
		t.Fatal(err)
	}
	e.url = apitest.ServeArea(t, api.Config{MaxBodyBytes: 4 << 20, Resolver: res}, e.svc)
	return e
}

// match adds a football match starting in d with full markets.
func (e *env) match(id string, d time.Duration) experts.Match {
	e.t.Helper()
	m := experts.Match{ID: id, Game: 1, League: "Northern Premier", Home: "Ashford Rovers", Away: "Kelby Town", Start: e.clock.Now().Add(d),
		OddsHome: 2.1, OddsDraw: 3.3, OddsAway: 3.6, HcLine: -0.75, HcHome: 1.95, HcAway: 1.9, OULine: 2.5, OUOver: 1.85, OUUnder: 2.0}
	if _, err := e.pool.Exec(e.ctx, `INSERT INTO sport_matches (id, game_id, start_at, status, source) VALUES ($1, 1, $2, 0, 'test')`, id, m.Start); err != nil {
		e.t.Fatal(err)
	}
	e.matches.mu.Lock()
	e.matches.m[id] = m
	e.matches.mu.Unlock()
	return m
}

// finish sets the match's final state in sport_matches, as the match actor does.
func (e *env) finish(id string, status, home, away int) {
	e.t.Helper()
	if _, err := e.pool.Exec(e.ctx, `UPDATE sport_matches SET status = $2, home_score = $3, away_score = $4 WHERE id = $1`, id, status, home, away); err != nil {
		e.t.Fatal(err)
	}
	e.matches.mu.Lock()
	m := e.matches.m[id]
	m.Status = status
	e.matches.m[id] = m
	e.matches.mu.Unlock()
}

// coins gives uid coins from the promotions account.
func (e *env) coins(uid, n int64) {
	e.t.Helper()
	if _, err := e.ledger.Post(e.ctx, postgres.Posting{Key: fmt.Sprintf("test-coins:%d:%d", uid, time.Now().UnixNano()), Type: postgres.TxnAdjustment,
		Entries: []postgres.Entry{{Account: postgres.SystemAccount(postgres.KindPromotions, postgres.Coin), Amount: -n},
			{Account: postgres.UserWallet(uid, postgres.Coin), Amount: n}}}); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) balance(a postgres.Account) int64 {
	e.t.Helper()
	b, err := e.ledger.Balance(e.ctx, a)
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

// expert makes uid an approved expert through the REST calls.
func (e *env) expert(uid int64) {
	e.t.Helper()
	e.ok(uid, "POST", "/user/expertApply", map[string]any{"nickname": "Marta L", "realName": "Marta Lindqvist", "idNumber": "SE19850312",
		"intro": "Pressing numbers and fatigue first.", "games": []int{1}}, nil)
	e.ok(staffID, "POST", "/admin/experts/decide", map[string]any{"userId": "u" + strconv.FormatInt(uid, 10), "action": "approve"}, nil)
}

func (e *env) plan(uid int64, matchID, playType, pick string, price int64, refund bool) experts.PlanView {
	e.t.Helper()
	var v experts.PlanView
	e.ok(uid, "POST", "/expert_plan/add", map[string]any{"matchId": matchID, "playType": playType, "pick": pick, "playLevel": 3,
		"title": "Home pressing tells late", "content": "The visitors concede late and travelled midweek; the price ignores it.",
		"price": price, "refundIfLost": refund}, &v)
	return v
}

func (e *env) approvePlan(id string) {
	e.t.Helper()
	e.ok(staffID, "POST", "/admin/experts/plans/decide", map[string]any{"planId": id, "action": "approve"}, nil)
}

// call sends a JSON call as user (0: guest) in the env's language (en_US unless lang is set) and
// returns the envelope.
func (e *env) call(user int64, method, path string, body any) apitest.Response {
	e.t.Helper()
	lang := e.lang
	if lang == "" {
		lang = "en_US"
	}
	return apitest.Do(e.t, e.url, method, "/java"+path, apitest.JSON(e.t, body), apitest.Header(user, lang))
}

// ok calls and requires success, decoding the result into out (when not nil).
func (e *env) ok(user int64, method, path string, body, out any) {
	e.t.Helper()
	apitest.Result(e.t, e.call(user, method, path, body), out)
}

// fails calls and requires a failure with errorCode code and message text msg (when not empty).
func (e *env) fails(user int64, method, path string, body any, code errcode.Code, msg string) {
	e.t.Helper()
	apitest.Failure(e.t, e.call(user, method, path, body), code, msg)
}
