package predictions_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"courtside/actors/match/feed"
	"courtside/api/apitest"
	"courtside/api/predictions"
	"courtside/api/settlement"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// clock is the injected clock; tests move it.
type clock = apitest.Clock

const (
	streamerID = 10
	modID      = 11
	viewerA    = 20
	viewerB    = 21
	viewerC    = 22
	room       = "r1"
	matchID    = "m1"
)

// announced records what reached the room's broadcast.
type announced struct {
	mu   sync.Mutex
	keys []string
	last map[string]string
}

func (a *announced) Announce(_, key, text string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.keys = append(a.keys, key)
	if a.last == nil {
		a.last = map[string]string{}
	}
	a.last[key] = text
}

func (a *announced) count(key string) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := 0
	for _, k := range a.keys {
		if k == key {
			n++
		}
	}
	return n
}

type matches struct{ pool *pgxpool.Pool }

func (m matches) Match(ctx context.Context, id string) (predictions.Match, bool, error) {
	var out predictions.Match
	err := m.pool.QueryRow(ctx, `SELECT id, game_id, status FROM sport_matches WHERE id = $1`, id).Scan(&out.ID, &out.Game, &out.Status)
	out.Home, out.Away = "Lions", "Tigers"
	return out, err == nil, err
}

// node is one server's view of the area: its own settlement and predictions services on the
// shared database (two nodes, or a node before and after a restart).
type node struct {
	svc    *predictions.Service
	settle *settlement.Service
	rooms  *announced
}

type env struct {
	t     *testing.T
	ctx   context.Context
	pool  *pgxpool.Pool
	clock *clock
}

func newEnv(t *testing.T) *env {
	t.Helper()
	e := &env{t: t, ctx: context.Background(), pool: pgtest.NewPool(t), clock: apitest.NewClock(time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC))}
	e.exec(`INSERT INTO rooms (id, title, streamer_id) VALUES ($1, 'Room', 'u10')`, room)
	e.exec(`INSERT INTO room_moderators (room_id, user_id, added_by) VALUES ($1, 'u11', 'u10')`, room)
	e.exec(`INSERT INTO sport_matches (id, game_id, start_at, status, source) VALUES ($1, 202, $2, 0, 'test')`, matchID, e.clock.Now().Add(time.Hour))
	e.exec(`INSERT INTO live_rooms (room_id, match_id, game_id) VALUES ($1, $2, 202)`, room, matchID)
	return e
}

func (e *env) exec(sql string, args ...any) {
	e.t.Helper()
	if _, err := e.pool.Exec(e.ctx, sql, args...); err != nil {
		e.t.Fatalf("%s: %v", sql, err)
	}
}

func (e *env) node() *node {
	e.t.Helper()
	st := settlement.New(settlement.Config{Now: e.clock.Now}, postgres.NewSettlements(e.pool))
	rooms := &announced{}
	svc, err := predictions.New(predictions.Config{Now: e.clock.Now, UpdateEvery: time.Millisecond}, predictions.Deps{
		Store: postgres.NewPredictions(e.pool), Settlement: st, Matches: matches{e.pool}, Rooms: rooms})
	if err != nil {
		e.t.Fatal(err)
	}
	return &node{svc: svc, settle: st, rooms: rooms}
}

// finish sets the match's final state, as the match actor does.
func (e *env) finish(status, home, away int) {
	e.exec(`UPDATE sport_matches SET status = $2, home_score = $3, away_score = $4 WHERE id = $1`, matchID, status, home, away)
}

// event stores a feed event of the match, as the match actor does, and moves its last seq.
func (e *env) event(ev feed.Event) {
	ev.Match = matchID
	body, _ := json.Marshal(ev)
	e.exec(`INSERT INTO sport_match_events (match_id, seq, at, kind, body) VALUES ($1, $2, $3, $4, $5)`, matchID, ev.Seq, e.clock.Now(), string(ev.Kind), body)
	e.exec(`UPDATE sport_matches SET last_seq = greatest(last_seq, $2) WHERE id = $1`, matchID, ev.Seq)
}

func (e *env) points(user int64) int64 {
	e.t.Helper()
	var b int64
	err := e.pool.QueryRow(e.ctx, `SELECT coalesce((SELECT balance FROM channel_points WHERE user_id = $1 AND streamer_id = $2), -1)`, user, streamerID).Scan(&b)
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

// moves counts the point movements of a kind.
func (e *env) moves(kind string) int {
	e.t.Helper()
	var n int
	if err := e.pool.QueryRow(e.ctx, `SELECT count(*) FROM channel_point_moves WHERE kind = $1`, kind).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// ledgerOK checks every balance against its moves, and that points staked equal points paid or
// refunded for settled predictions.
func (e *env) ledgerOK() {
	e.t.Helper()
	bad, err := postgres.NewPredictions(e.pool).PointsCheck(e.ctx)
	if err != nil || bad != 0 {
		e.t.Fatalf("points check: %d balances disagree with their moves (%v)", bad, err)
	}
	var staked, back int64
	if err := e.pool.QueryRow(e.ctx, `SELECT coalesce(sum(e.stake), 0), coalesce(sum(e.payout), 0) FROM prediction_entries e
		JOIN predictions p ON p.id = e.prediction_id WHERE p.state IN ('resolved', 'cancelled')`).Scan(&staked, &back); err != nil {
		e.t.Fatal(err)
	}
	if staked != back {
		e.t.Fatalf("settled predictions: %d staked, %d paid back", staked, back)
	}
	var moved int64
	if err := e.pool.QueryRow(e.ctx, `SELECT coalesce(sum(delta), 0) FROM channel_point_moves WHERE kind IN ('payout', 'refund')`).Scan(&moved); err != nil {
		e.t.Fatal(err)
	}
	if moved != back {
		e.t.Fatalf("payout and refund moves %d, entries say %d", moved, back)
	}
}

// must returns v, or fails the test (by a panic: only on the test's goroutine) on an error.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func check(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
