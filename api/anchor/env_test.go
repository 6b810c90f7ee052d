package anchor_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"courtside/api"
	"courtside/api/anchor"
	"courtside/api/apitest"
	"courtside/api/errcode"
	"courtside/gateway/media"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// clock is the injected clock; tests move it.
type clock = apitest.Clock

const adminID = 900

type admins struct{}

func (admins) IsAdmin(_ context.Context, uid int64) (bool, error) { return uid == adminID, nil }

// matchBook is the match module's view for the tests.
type matchBook struct {
	mu sync.Mutex
	m  map[string]anchor.MatchInfo
}

func (b *matchBook) set(id string, mi anchor.MatchInfo) {
	b.mu.Lock()
	b.m[id] = mi
	b.mu.Unlock()
}

func (b *matchBook) MatchInfo(_ context.Context, id string) (anchor.MatchInfo, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.m[id], nil
}

// ledger is the wallet's income view and unlock payment for the tests.
type ledger struct {
	mu       sync.Mutex
	income   []anchor.IncomeEntry
	paidKeys map[string]int64
	balance  map[int64]int64
}

func (l *ledger) GiftIncome(_ context.Context, streamer int64, since time.Time) ([]anchor.IncomeEntry, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []anchor.IncomeEntry
	for _, e := range l.income {
		if !e.At.Before(since) {
			out = append(out, e)
		}
	}
	return out, nil
}

var errInsufficient = errcode.New(errcode.InsufficientCoins)

func (l *ledger) PayLiveUnlock(_ context.Context, user, streamer int64, room string, price int64, key string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, dup := l.paidKeys[key]; dup {
		return nil
	}
	if l.balance[user] < price {
		return errInsufficient
	}
	l.balance[user] -= price
	l.paidKeys[key] = price
	return nil
}

type env struct {
	t       *testing.T
	url     string
	store   *postgres.Anchors
	hub     *media.Hub
	matches *matchBook
	ledger  *ledger
	clock   *clock
	events  *liveEvents
	scores  *scoreBook
	svc     *anchor.Service
	notices *apitest.Notices
	finder  *finder
	rooms   *roomRules
}

// roomRules records what the running rooms were told (anchor.RoomRules).
type roomRules struct {
	mu    sync.Mutex
	calls []string
}

func (r *roomRules) SetMemberOnly(_ context.Context, room string, streamer int64, memberOnly bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, fmt.Sprintf("%s u%d %v", room, streamer, memberOnly))
	return nil
}

func (r *roomRules) told() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.calls...)
}

// liveEvents records media notifications beside the store's.
type liveEvents struct {
	mu   sync.Mutex
	list []string
}

func (e *liveEvents) LiveChanged(room string, live bool) {
	e.mu.Lock()
	e.list = append(e.list, fmt.Sprintf("%s %v", room, live))
	e.mu.Unlock()
}
func (e *liveEvents) StallChanged(string, bool) {}
func (e *liveEvents) has(s string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, x := range e.list {
		if x == s {
			return true
		}
	}
	return false
}

func newEnv(t *testing.T) *env {
	t.Helper()
	return newEnvWith(t, nil)
}

// newEnvWith is newEnv with the media path's configuration changed by mut (a logger, a shorter
// health interval).
func newEnvWith(t *testing.T, mut func(*media.Config)) *env {
	t.Helper()
	pool := pgtest.NewPool(t)
	e := &env{t: t, store: postgres.NewAnchors(pool), matches: &matchBook{m: map[string]anchor.MatchInfo{}},
		ledger: &ledger{paidKeys: map[string]int64{}, balance: map[int64]int64{}},
		clock:  apitest.NewClock(time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)), events: &liveEvents{}, scores: &scoreBook{},
		notices: &apitest.Notices{}, rooms: &roomRules{}}
	ms := anchor.MediaStore{Store: e.store}
	mcfg := media.Config{HLSSegment: time.Second, Now: e.clock.Now}
	if mut != nil {
		mut(&mcfg)
	}
	e.finder = &finder{}
	e.hub = media.New(mcfg, media.Deps{Keys: ms, Rooms: ms, Unlocks: ms, Sources: ms,
		Entitlements: tiers{now: e.clock.Now}, Notifier: media.Notifiers{ms, e.events}})
	svc, err := anchor.New(anchor.Config{Now: e.clock.Now}, anchor.Deps{Store: e.store, Media: e.hub,
		Roles: admins{}, Phones: apitest.Phones{}, Matches: e.matches, Earnings: e.ledger, Payer: e.ledger,
		Scores: e.scores, Notices: e.notices, Finder: e.finder, Rooms: e.rooms})
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
	srv := api.New(api.Config{MaxBodyBytes: 4 << 20}) // as the engine configures it
	svc.Routes(srv, apitest.TokenUser{})
	mux := http.NewServeMux()
	mux.Handle(e.hub.Config().PathPrefix+"/", e.hub.Handler())
	mux.Handle("/", srv.Handler())
	hs := httptest.NewServer(mux)
	t.Cleanup(hs.Close)
	e.url = hs.URL
	return e
}

// tiers: user 30 is VIP, 31 SVIP, for a year from the test's clock.
type tiers struct{ now func() time.Time }

func (t tiers) Entitlements(_ context.Context, id int64) (int, time.Time, error) {
	switch id {
	case 30:
		return media.TierVIP, t.now().Add(365 * 24 * time.Hour), nil
	case 31:
		return media.TierSVIP, t.now().Add(365 * 24 * time.Hour), nil
	}
	return 0, time.Time{}, nil
}

// call sends a JSON call as user (0: guest) and returns the envelope.
func (e *env) call(user int64, method, path string, body any) apitest.Response {
	e.t.Helper()
	return apitest.Do(e.t, e.url, method, "/java"+path, apitest.JSON(e.t, body), apitest.Header(user, "en_US"))
}

// ok calls and requires success, decoding the result into out (when not nil).
func (e *env) ok(user int64, method, path string, body, out any) {
	e.t.Helper()
	apitest.Result(e.t, e.call(user, method, path, body), out)
}

// fails calls and requires a failure with errorCode code and message text msg (en_US).
func (e *env) fails(user int64, method, path string, body any, code errcode.Code, msg string) {
	e.t.Helper()
	apitest.Failure(e.t, e.call(user, method, path, body), code, msg)
}

func pngBytes(w, h int) []byte {
	var b bytes.Buffer
	_ = png.Encode(&b, image.NewRGBA(image.Rect(0, 0, w, h)))
	return b.Bytes()
}

// upload posts a picture as user and returns the envelope.
func (e *env) upload(user int64, kind string, data []byte) apitest.Response {
	e.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "x.png")
	_, _ = fw.Write(data)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", e.url+"/java/anchor/upload?kind="+kind, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("token", "u"+strconv.FormatInt(user, 10))
	req.Header.Set("lan", "en_US")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	out := apitest.Response{Status: resp.StatusCode, Body: raw}
	if err := json.Unmarshal(raw, &out.Env); err != nil {
		e.t.Fatalf("upload: %s", raw)
	}
	return out
}

func (e *env) uploadID(user int64, kind string, w, h int) int64 {
	e.t.Helper()
	r := e.upload(user, kind, pngBytes(w, h))
	var u anchor.Upload
	if r.Env.Status != api.StatusSuccess || json.Unmarshal(r.Env.Result, &u) != nil {
		e.t.Fatalf("upload %s: %s", kind, r.Body)
	}
	return u.ID
}

// validApplication uploads the three ID photos of user and returns an adult's application.
func (e *env) validApplication(user int64) anchor.Application {
	return anchor.Application{RealName: "Li Lei", IDNumber: "11010519491231002X", Intro: "I call football matches",
		LiveContent: "Premier League", IDFront: e.uploadID(user, "idFront", 40, 25), IDBack: e.uploadID(user, "idBack", 40, 25),
		IDHand: e.uploadID(user, "idHand", 30, 40)}
}

// approvedStreamer takes user through application and approval and returns the room id.
func (e *env) approvedStreamer(user int64) string {
	e.t.Helper()
	e.ok(user, "POST", "/V2/anchor/user", e.validApplication(user), nil)
	e.ok(adminID, "POST", "/admin/anchor/review", anchor.Review{UserID: "u" + strconv.FormatInt(user, 10), Approve: true}, nil)
	return postgres.RoomIDFor(user)
}

// validSettings saves complete live settings for user.
func (e *env) validSettings(user int64, mut func(*anchor.Settings)) anchor.Settings {
	s := anchor.Settings{Title: "Derby night", DetailIntro: "Watch along with me", ExternalComments: true}
	if mut != nil {
		mut(&s)
	}
	return s
}
