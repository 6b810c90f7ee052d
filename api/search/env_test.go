package search_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"courtside/api"
	"courtside/api/apitest"
	"courtside/api/search"
	"courtside/storage/postgres/pgtest"
)

// env is a search over a fresh database, with its REST routes on a test server.
type env struct {
	t    *testing.T
	pool *pgxpool.Pool
	svc  *search.Service
	url  string
	ctx  context.Context
}

func newEnv(t *testing.T) *env {
	t.Helper()
	pool := pgtest.NewPool(t)
	svc, err := search.New(search.Config{}, search.Deps{Pool: pool})
	if err != nil {
		t.Fatal(err)
	}
	srv := api.New(api.Config{})
	svc.Routes(srv)
	return newEnvOn(t, pool, svc, srv)
}

// newEnvOn is an env of svc (its routes on srv) over pool.
func newEnvOn(t *testing.T, pool *pgxpool.Pool, svc *search.Service, srv *api.Server) *env {
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &env{t: t, pool: pool, svc: svc, url: ts.URL, ctx: context.Background()}
}

func (e *env) exec(sql string, args ...any) {
	e.t.Helper()
	if _, err := e.pool.Exec(e.ctx, sql, args...); err != nil {
		e.t.Fatalf("%s: %v", sql, err)
	}
}

func (e *env) team(id, name, country string, rating int) {
	e.exec(`INSERT INTO sport_teams (id, game_id, name, full_name, country, rating, source) VALUES ($1, 202, $2, $2, $3, $4, 'test')`,
		id, name, country, rating)
}

func (e *env) player(id, team, name string) {
	e.exec(`INSERT INTO sport_players (id, game_id, team_id, name, full_name, source) VALUES ($1, 202, $2, $3, $3, 'test')`, id, team, name)
}

func (e *env) league(id, name string) {
	e.exec(`INSERT INTO sport_leagues (id, game_id, name, source) VALUES ($1, 202, $2, 'test')`, id, name)
}

func (e *env) match(id, league, home, away string) {
	e.exec(`INSERT INTO sport_matches (id, game_id, league_id, home_id, away_id, start_at, source) VALUES ($1, 202, $2, $3, $4, '2026-05-01T18:00:00Z', 'test')`,
		id, league, home, away)
}

// streamer makes an approved streamer with a live room titled title; it returns the user and room ids.
func (e *env) streamer(username, title string) (int64, string) {
	e.t.Helper()
	var uid int64
	if err := e.pool.QueryRow(e.ctx, `INSERT INTO users (username) VALUES ($1) RETURNING id`, username).Scan(&uid); err != nil {
		e.t.Fatal(err)
	}
	var up int64
	if err := e.pool.QueryRow(e.ctx, `INSERT INTO anchor_uploads (user_id, kind, content_type, width, height, data)
		VALUES ($1, 'idFront', 'image/png', 1, 1, '\x00') RETURNING id`, uid).Scan(&up); err != nil {
		e.t.Fatal(err)
	}
	room := fmt.Sprintf("r%d", uid)
	e.exec(`INSERT INTO rooms (id, title, streamer_id) VALUES ($1, $2, $3)`, room, title, fmt.Sprintf("u%d", uid))
	e.exec(`INSERT INTO anchors (user_id, real_name, id_number, phone, birth_date, intro, id_front, id_back, id_hand, status, room_id, reviewed_at)
		VALUES ($1, 'Real Name', '1', '+1', '1990-01-01', 'Football analysis every night', $2, $2, $2, 'approved', $3, now())`, uid, up, room)
	e.exec(`INSERT INTO live_rooms (room_id, game_id, is_live, live_since) VALUES ($1, 202, true, now())`, room)
	return uid, room
}

// result is the answer of GET /search/all.
type result struct {
	Typo   bool `json:"typo"`
	Groups []struct {
		Kind  string `json:"kind"`
		Total int    `json:"total"`
		List  []struct {
			Kind   string         `json:"kind"`
			ID     string         `json:"id"`
			Title  string         `json:"title"`
			Target string         `json:"target"`
			Meta   map[string]any `json:"meta"`
		} `json:"list"`
	} `json:"groups"`
}

// ids lists "kind:id" of every hit in page order.
func (r result) ids() []string {
	var out []string
	for _, g := range r.Groups {
		for _, h := range g.List {
			out = append(out, h.Kind+":"+h.ID)
		}
	}
	return out
}

func (r result) has(kind, id string) bool {
	for _, x := range r.ids() {
		if x == kind+":"+id {
			return true
		}
	}
	return false
}

func (e *env) get(path, lang string) apitest.Response {
	e.t.Helper()
	return apitest.Do(e.t, e.url, "GET", path, "", http.Header{"sysType": {"PC"}, "lan": {lang}})
}

// search runs GET /search/all?q= and fails the test on an error answer.
func (e *env) search(q string, extra ...string) result {
	e.t.Helper()
	path := "/java/search/all?q=" + url.QueryEscape(q)
	for _, x := range extra {
		path += "&" + x
	}
	r := e.get(path, "en_US")
	if r.Status != 200 || r.Env.ErrorCode != 0 {
		e.t.Fatalf("search %q: %d %s", q, r.Status, r.Body)
	}
	var out result
	if err := json.Unmarshal(r.Env.Result, &out); err != nil {
		e.t.Fatalf("search %q: %v in %s", q, err, r.Body)
	}
	return out
}
