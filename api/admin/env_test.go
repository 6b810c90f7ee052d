package admin_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"courtside/api"
	"courtside/api/account"
	"courtside/api/admin"
	"courtside/api/anchor"
	"courtside/api/apitest"
	"courtside/api/audit"
	"courtside/api/wallet"
	"courtside/storage/history"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

var testNow = time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)

// env is a back office over a fresh database: the real accounts module, audit log and store, with
// fake chat lines and rooms.
type env struct {
	t        *testing.T
	pool     interface{}
	accounts *account.Service
	store    *postgres.AdminStore
	audit    *audit.Service
	url      string
	now      time.Time
	lines    *fakeLines
	rooms    *fakeRooms
	wallet   *wallet.Service      // the real wallet: refunds go through its order state machine
	live     *fakeBroadcasts      // the streamer centre's live rooms
	words    int                  // how many times the chat filter was told the words changed
	metrics  *prometheus.Registry // the node's own metrics, read by the dashboard's node health
}

func newEnv(t *testing.T) *env {
	t.Helper()
	pool := pgtest.NewPool(t)
	e := &env{t: t, pool: pool, store: postgres.NewAdminStore(pool), now: testNow,
		lines: &fakeLines{events: map[string]history.Event{}}, rooms: &fakeRooms{}}
	// One clock for every part: a mute given "for 2 hours" at testNow must still be in force when
	// the accounts module reads it, whatever today's date is.
	accounts, err := account.New(account.Config{Now: func() time.Time { return e.now }},
		account.Deps{Pool: pool, Welcome: account.WelcomeFunc(postgres.GrantWelcome)})
	if err != nil {
		t.Fatal(err)
	}
	e.accounts = accounts
	e.audit = audit.New(audit.Config{Now: func() time.Time { return e.now }}, postgres.NewAuditLog(pool))
	e.wallet, err = wallet.New(wallet.Config{Now: func() time.Time { return e.now }, DevSecret: "test"}, wallet.Deps{Pool: pool, Audit: e.audit,
		Roles: wallet.RolesFunc(func(ctx context.Context, id int64) (bool, error) {
			u, err := accounts.UserByID(ctx, id)
			return err == nil && u.Admin(), err
		})})
	if err != nil {
		t.Fatal(err)
	}
	e.live = &fakeBroadcasts{access: map[string]anchor.RoomAccess{}, ended: map[string]bool{}}
	e.metrics = prometheus.NewRegistry()
	svc := admin.New(admin.Config{Now: func() time.Time { return e.now }}, admin.Deps{Accounts: accounts, Store: e.store,
		Audit: e.audit, Wallet: postgres.NewWalletStore(pool), Lines: e.lines, Rooms: e.rooms,
		Broadcasts: e.live, Chat: e.lines, Ledger: postgres.NewWalletStore(pool), Refunds: e.wallet,
		WordsChanged: func(context.Context) { e.words++ }, Live: e.live,
		Metrics: &admin.NodeMetrics{Gatherer: e.metrics, Node: "http://node-a:8080", Host: "node-a"}})
	srv := api.New(api.Config{})
	accounts.Routes(srv)
	svc.Routes(srv)
	e.wallet.Routes(srv, accounts) // its staff calls, old paths included, stand behind the back office's Gate
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	e.url = ts.URL
	return e
}

// person is an account with a signed-in session.
type person struct {
	id    int64
	name  string
	token string
}

// user creates an account named name with the given roles and signs it in.
func (e *env) user(name string, roles ...account.Role) person {
	e.t.Helper()
	ctx := context.Background()
	pool := e.accounts.Store().Pool()
	u, err := account.CreateAdmin(ctx, pool, name, "secret123")
	if err != nil {
		e.t.Fatal(err)
	}
	if err := e.accounts.RevokeRole(ctx, u.ID, account.RoleAdmin); err != nil {
		e.t.Fatal(err)
	}
	for _, r := range roles {
		if err := e.accounts.GrantRole(ctx, u.ID, r, time.Time{}, "test"); err != nil {
			e.t.Fatal(err)
		}
	}
	res, err := e.accounts.PasswordLogin(ctx, account.Identity{Name: name}, "secret123", account.Client{})
	if err != nil {
		e.t.Fatal(err)
	}
	return person{id: u.ID, name: name, token: res.Token}
}

// staff creates a staff member and passes the second factor on their session.
func (e *env) staff(name string, roles ...account.Role) person {
	e.t.Helper()
	p := e.user(name, roles...)
	var en admin.Enrolment
	e.ok(p, "POST", "/java/admin/staff/enrol", "", &en)
	e.ok(p, "POST", "/java/admin/staff/verify", fmt.Sprintf(`{"code":%q}`, e.code(en.Secret)), nil)
	return p
}

// code is the authenticator's code of secret (base32) now.
func (e *env) code(secret string) string {
	raw, err := admin.DecodeSecret(secret)
	if err != nil {
		e.t.Fatal(err)
	}
	return admin.TOTP{Secret: raw}.At(e.now)
}

func (e *env) do(p person, method, path, body string) apitest.Response {
	e.t.Helper()
	h := http.Header{"lan": {"en_US"}}
	if p.token != "" {
		h.Set("token", p.token)
	}
	return apitest.Do(e.t, e.url, method, path, body, h)
}

func (e *env) ok(p person, method, path, body string, out any) {
	e.t.Helper()
	res := e.do(p, method, path, body)
	if res.Env.Status != "success" {
		e.t.Fatalf("%s %s as %s: %d %s", method, path, p.name, res.Status, res.Body)
	}
	if out != nil {
		if err := json.Unmarshal(res.Env.Result, out); err != nil {
			e.t.Fatal(err)
		}
	}
}

// fakeLines is a chat history of a few lines.
type fakeLines struct {
	mu     sync.Mutex
	events map[string]history.Event // by "room/id"
}

func (f *fakeLines) add(room string, seq uint64, uid, name, text string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := fmt.Sprintf("%s-%d", room, seq)
	payload, _ := json.Marshal(map[string]any{"seq": seq, "k": "chat", "id": id, "uid": uid, "name": name, "text": text})
	f.events[room+"/"+id] = history.Event{Room: room, Seq: seq, ID: id, Kind: "chat", UserID: uid, Payload: payload, Time: testNow.UnixMilli()}
	return id
}

func (f *fakeLines) Get(_ context.Context, room, id string, _ history.Visibility) (history.Event, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	ev, ok := f.events[room+"/"+id]
	if !ok {
		return ev, history.ErrNotFound
	}
	return ev, nil
}

func (f *fakeLines) Around(_ context.Context, room string, seq uint64, n int, _ history.Visibility) ([]history.Event, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []history.Event
	for s := seq - min(seq-1, uint64(n)); s <= seq+uint64(n); s++ {
		if ev, ok := f.events[fmt.Sprintf("%s/%s-%d", room, room, s)]; ok {
			out = append(out, ev)
		}
	}
	return out, nil
}

// fakeRooms records the moderation sent to rooms.
type fakeRooms struct {
	mu   sync.Mutex
	sent []string
}

func (f *fakeRooms) Moderate(_ context.Context, staff account.User, room, op, target, msg string, secs int, _ string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sent = append(f.sent, fmt.Sprintf("%s %s %s %s%s %d", staff.UID(), room, op, target, msg, secs))
	return nil
}
