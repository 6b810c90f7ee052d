package userarea_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"courtside/api"
	"courtside/api/account"
	"courtside/api/apitest"
	"courtside/api/notice"
	"courtside/api/userarea"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// clock is the injected clock; tests move it.
type clock = apitest.Clock

// users reads accounts straight from the users table (the accounts module's part the area uses).
type users struct{ pool *pgxpool.Pool }

func (u users) UserByID(ctx context.Context, id int64) (account.User, error) {
	var x account.User
	var phone, email, name *string
	err := u.pool.QueryRow(ctx, `SELECT id, username, phone, email, experience, created_at FROM users WHERE id=$1`, id).
		Scan(&x.ID, &name, &phone, &email, &x.Experience, &x.CreatedAt)
	if err != nil {
		return x, postgres.ErrUserNotFound
	}
	if name != nil {
		x.Username = *name
	}
	if phone != nil {
		x.Phone = *phone
	}
	if email != nil {
		x.Email = *email
	}
	x.Level = account.Level(x.Experience)
	return x, nil
}

// 2026-11-29 10:00 in UTC+8 is a Sunday: the week ends at the next midnight.
var start = time.Date(2026, 11, 29, 2, 0, 0, 0, time.UTC)

type env struct {
	t       testing.TB
	pool    *pgxpool.Pool
	clock   *clock
	notices *apitest.Notices
	svc     *userarea.Service
	url     string
	n       int
}

func newEnv(t testing.TB, cfg userarea.Config) *env {
	t.Helper()
	pool := pgtest.NewPool(t)
	e := &env{t: t, pool: pool, clock: apitest.NewClock(start), notices: &apitest.Notices{}}
	cfg.Now = e.clock.Now
	svc, err := userarea.New(cfg, userarea.Deps{Store: postgres.NewUserArea(pool), Users: users{pool}, Notices: e.notices})
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
	e.url = apitest.ServeArea(t, api.Config{}, svc)
	return e
}

// user creates an account (verified: with an e-mail) created at the clock's now.
func (e *env) user(verified bool) int64 {
	e.t.Helper()
	e.n++
	var email any
	if verified {
		email = fmt.Sprintf("fan%d@example.com", e.n)
	}
	var id int64
	if err := e.pool.QueryRow(context.Background(), `INSERT INTO users (username, email, created_at) VALUES ($1,$2,$3) RETURNING id`,
		fmt.Sprintf("fan%d", e.n), email, e.clock.Now()).Scan(&id); err != nil {
		e.t.Fatal(err)
	}
	return id
}

func (e *env) coins(uid int64) int64 {
	e.t.Helper()
	b, err := postgres.NewLedger(e.pool).Balance(context.Background(), postgres.UserWallet(uid, postgres.Coin))
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

func (e *env) experience(uid int64) int64 {
	e.t.Helper()
	var x int64
	if err := e.pool.QueryRow(context.Background(), `SELECT experience FROM users WHERE id=$1`, uid).Scan(&x); err != nil {
		e.t.Fatal(err)
	}
	return x
}

func (e *env) verifyLedger() {
	e.t.Helper()
	d, err := postgres.NewLedger(e.pool).Verify(context.Background())
	if err != nil || len(d) != 0 {
		e.t.Fatalf("ledger: %v %+v", err, d)
	}
}

func task(t *testing.T, e *env, uid int64, id string) userarea.TaskView {
	t.Helper()
	list, err := e.svc.ListTasks(context.Background(), uid)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range list {
		if v.ID == id {
			return v
		}
	}
	t.Fatalf("no task %s", id)
	return userarea.TaskView{}
}

func TestTaskGrantedOncePerPeriodUnderConcurrency(t *testing.T) {
	t.Parallel()
	e := newEnv(t, userarea.Config{})
	ctx := context.Background()
	uid := e.user(true)
	if _, err := e.svc.Claim(ctx, uid, "chat5"); !errors.Is(err, userarea.ErrTaskNotDone) {
		t.Fatalf("claim before done: %v", err)
	}
	for range 5 {
		if err := e.svc.Record(ctx, uid, userarea.ActChat, 1); err != nil {
			t.Fatal(err)
		}
	}
	if v := task(t, e, uid, "chat5"); !v.Done || v.Claimed || v.Progress != 5 {
		t.Fatalf("chat5 after 5 lines: %+v", v)
	}

	const claims = 24
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, claimed := 0, 0
	for range claims {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := e.svc.Claim(ctx, uid, "chat5")
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case errors.Is(err, userarea.ErrTaskClaimed):
				claimed++
			default:
				t.Errorf("claim: %v", err)
			}
		}()
	}
	wg.Wait()
	if ok != 1 || claimed != claims-1 {
		t.Fatalf("%d parallel claims: %d granted, %d refused as claimed; want 1 and %d", claims, ok, claimed, claims-1)
	}
	if c := e.coins(uid); c != 10 {
		t.Fatalf("coins after the claims = %d, want 10", c)
	}
	if v := task(t, e, uid, "chat5"); !v.Claimed {
		t.Fatalf("chat5 not marked claimed: %+v", v)
	}

	// The next day (midnight in UTC+8, not in UTC) the daily task starts again.
	e.clock.Set(time.Date(2026, 11, 29, 16, 0, 1, 0, time.UTC))
	if v := task(t, e, uid, "chat5"); v.Progress != 0 || v.Claimed {
		t.Fatalf("chat5 on a new day: %+v", v)
	}
	for range 5 {
		if err := e.svc.Record(ctx, uid, userarea.ActChat, 1); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.svc.Claim(ctx, uid, "chat5"); err != nil {
		t.Fatalf("claim on the next day: %v", err)
	}
	if c := e.coins(uid); c != 20 {
		t.Fatalf("coins after two days = %d, want 20", c)
	}
	if _, err := e.svc.Claim(ctx, uid, "nope"); !errors.Is(err, userarea.ErrTaskUnknown) {
		t.Fatalf("unknown task: %v", err)
	}
	e.verifyLedger()
}

func TestWeeklyFollowTaskReadsFollowsOfTheWeek(t *testing.T) {
	t.Parallel()
	e := newEnv(t, userarea.Config{})
	ctx := context.Background()
	uid, streamer := e.user(true), e.user(true)
	if _, err := e.pool.Exec(ctx, `INSERT INTO user_roles (user_id, role) VALUES ($1,'streamer')`, streamer); err != nil {
		t.Fatal(err)
	}
	// A follow from last week does not count.
	if _, err := e.pool.Exec(ctx, `INSERT INTO follows (follower_id, followee_id, created_at) VALUES ($1,$2,$3)`, uid, streamer,
		start.AddDate(0, 0, -7)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Claim(ctx, uid, "follow1"); !errors.Is(err, userarea.ErrTaskNotDone) {
		t.Fatalf("follow1 with last week's follow: %v", err)
	}
	if _, err := e.pool.Exec(ctx, `UPDATE follows SET created_at=$1`, start.Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	if v := task(t, e, uid, "follow1"); !v.Done {
		t.Fatalf("follow1 after a follow this week: %+v", v)
	}
	if _, err := e.svc.Claim(ctx, uid, "follow1"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Claim(ctx, uid, "follow1"); !errors.Is(err, userarea.ErrTaskClaimed) {
		t.Fatalf("second claim in the week: %v", err)
	}
	if c := e.coins(uid); c != 20 {
		t.Fatalf("coins = %d, want 20", c)
	}
}

func TestExperienceDailyCapsAndLevelUpNotice(t *testing.T) {
	t.Parallel()
	e := newEnv(t, userarea.Config{})
	ctx := context.Background()
	uid := e.user(true)
	// 30 chat lines at once: 2 each, capped at 20 a day whatever the interleaving.
	var wg sync.WaitGroup
	for range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := e.svc.Record(ctx, uid, userarea.ActChat, 1); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if x := e.experience(uid); x != 20 {
		t.Fatalf("experience after 30 chat lines = %d, want the cap 20", x)
	}
	// Watching: 1 a minute, capped at 60; two hours give 60.
	if err := e.svc.Record(ctx, uid, userarea.ActWatch, 120); err != nil {
		t.Fatal(err)
	}
	// Gifts: 5 each up to 100.
	for range 30 {
		if err := e.svc.Record(ctx, uid, userarea.ActGift, 1); err != nil {
			t.Fatal(err)
		}
	}
	if x := e.experience(uid); x != 180 {
		t.Fatalf("experience after the day = %d, want 20+60+100", x)
	}
	// 100 experience is level 2: one notice, once.
	got := e.notices.To(uid)
	if len(got) != 1 || got[0].Key != "userarea.levelUp" || got[0].Args[0] != "2" || got[0].Link != "/userInfo/levalPower" {
		t.Fatalf("level-up notices: %+v", got)
	}
	today, err := e.svc.EarnedToday(ctx, uid)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range today {
		if d.Earned != d.DailyCap {
			t.Fatalf("today: %+v", today)
		}
	}
	// The next day in UTC+8 the caps start again.
	e.clock.Set(start.Add(14 * time.Hour))
	if err := e.svc.Record(ctx, uid, userarea.ActChat, 1); err != nil {
		t.Fatal(err)
	}
	if x := e.experience(uid); x != 182 {
		t.Fatalf("experience on the next day = %d, want 182", x)
	}
}

// A chatter who has reached the day's experience cap for chat and finished the chat task costs the
// database nothing for further lines that day; a user still short of a task target keeps recording.
// The rows are deleted behind the service's back to see which reports still reach the database.
func TestSpentActivityIsNotWrittenAgainThatDay(t *testing.T) {
	t.Parallel()
	e := newEnv(t, userarea.Config{})
	ctx := context.Background()
	rows := func(uid int64, source string) int {
		t.Helper()
		var n int
		if err := e.pool.QueryRow(ctx, `SELECT count(*) FROM user_exp_daily WHERE user_id=$1 AND source=$2`, uid, source).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	forget := func(uid int64) {
		t.Helper()
		for _, q := range []string{`DELETE FROM user_exp_daily WHERE user_id=$1`, `DELETE FROM user_tasks WHERE user_id=$1`} {
			if _, err := e.pool.Exec(ctx, q, uid); err != nil {
				t.Fatal(err)
			}
		}
	}
	record := func(uid int64, kind string, n int64) {
		t.Helper()
		if err := e.svc.Record(ctx, uid, kind, n); err != nil {
			t.Fatal(err)
		}
	}

	// Chat: 2 a line up to 20 (10 lines), the daily task at 5 lines. The 11th line finds both full.
	chatter := e.user(true)
	for range 11 {
		record(chatter, userarea.ActChat, 1)
	}
	forget(chatter)
	record(chatter, userarea.ActChat, 1)
	if n := rows(chatter, userarea.ActChat); n != 0 {
		t.Fatalf("a spent chatter's line reached the database (%d rows)", n)
	}
	// The next day (UTC+8) it counts again.
	e.clock.Set(start.Add(14 * time.Hour))
	record(chatter, userarea.ActChat, 1)
	if n := rows(chatter, userarea.ActChat); n != 1 {
		t.Fatalf("the next day's first line: %d rows, want 1", n)
	}

	// Watching: capped at 60 minutes a day, but the weekly task wants 120: still recorded.
	viewer := e.user(true)
	record(viewer, userarea.ActWatch, 61)
	forget(viewer)
	record(viewer, userarea.ActWatch, 1)
	if n := rows(viewer, userarea.ActWatch); n != 1 {
		t.Fatalf("a viewer short of the weekly task: %d rows, want 1", n)
	}
	if v := task(t, e, viewer, "watch120"); v.Progress != 1 {
		t.Fatalf("weekly watch task after the reset: %+v", v)
	}
}

func TestInvitationsRewardOnceWithLimits(t *testing.T) {
	t.Parallel()
	e := newEnv(t, userarea.Config{InviteCoins: 50, InviteDailyLimit: 2})
	ctx := context.Background()
	inviter := e.user(true)
	code := userarea.InviteCode(inviter)

	a := e.user(true)
	got, err := e.svc.AcceptInvite(ctx, a, code, "203.0.113.1", "dev-a")
	if err != nil || !got.Rewarded {
		t.Fatalf("first invitation: %+v %v", got, err)
	}
	// The same invitee again (a retry, or another code): nothing more.
	if got, err := e.svc.AcceptInvite(ctx, a, code, "203.0.113.1", "dev-a"); err != nil || got.Rewarded {
		t.Fatalf("repeat: %+v %v", got, err)
	}
	// Another account from the same IP, or the same device: recorded, no reward.
	b := e.user(true)
	if got, err := e.svc.AcceptInvite(ctx, b, code, "203.0.113.1", "dev-b"); err != nil || got.Rewarded || got.Refused != "same_source" {
		t.Fatalf("same IP: %+v %v", got, err)
	}
	c := e.user(true)
	if got, err := e.svc.AcceptInvite(ctx, c, code, "203.0.113.3", "dev-a"); err != nil || got.Rewarded || got.Refused != "same_source" {
		t.Fatalf("same device: %+v %v", got, err)
	}
	d := e.user(true)
	if got, err := e.svc.AcceptInvite(ctx, d, code, "203.0.113.4", "dev-d"); err != nil || !got.Rewarded {
		t.Fatalf("second rewarded: %+v %v", got, err)
	}
	f := e.user(true)
	if got, err := e.svc.AcceptInvite(ctx, f, code, "203.0.113.5", "dev-f"); err != nil || got.Rewarded || got.Refused != "daily_limit" {
		t.Fatalf("over the daily limit: %+v %v", got, err)
	}
	if _, err := e.svc.AcceptInvite(ctx, e.user(false), code, "203.0.113.6", "dev-g"); !errors.Is(err, userarea.ErrInviteNotVerified) {
		t.Fatalf("unverified invitee: %v", err)
	}
	if _, err := e.svc.AcceptInvite(ctx, inviter, code, "203.0.113.7", "dev-h"); !errors.Is(err, userarea.ErrInviteInvalid) {
		t.Fatalf("own code: %v", err)
	}
	if _, err := e.svc.AcceptInvite(ctx, e.user(true), "u999999", "203.0.113.8", "dev-i"); !errors.Is(err, userarea.ErrInviteInvalid) {
		t.Fatalf("unknown code: %v", err)
	}
	// An old account cannot be "invited" after the fact.
	old := e.user(true)
	e.clock.Set(start.AddDate(0, 0, 8))
	if _, err := e.svc.AcceptInvite(ctx, old, code, "203.0.113.9", "dev-j"); !errors.Is(err, userarea.ErrInviteTooLate) {
		t.Fatalf("old account: %v", err)
	}
	if c := e.coins(inviter); c != 100 {
		t.Fatalf("inviter's coins = %d, want 2 × 50", c)
	}
	rec, err := e.svc.MyInvites(ctx, inviter)
	if err != nil || len(rec.List) != 5 || rec.Earned != 100 || rec.Code != code {
		t.Fatalf("record: %+v %v", rec, err)
	}
	if n := len(e.notices.To(inviter)); n != 2 {
		t.Fatalf("inviter got %d notices, want 2", n)
	}
	e.verifyLedger()
}

func TestHTTPTasksAndLevelsNeedASession(t *testing.T) {
	t.Parallel()
	e := newEnv(t, userarea.Config{})
	uid := e.user(true)
	h := http.Header{}
	if r := apitest.Do(t, e.url, "GET", "/java/user/area/tasks", "", h); r.Env.ErrorCode == 0 {
		t.Fatalf("guest got tasks: %+v", r)
	}
	h.Set("token", fmt.Sprintf("u%d", uid))
	r := apitest.Do(t, e.url, "GET", "/java/user/area/tasks", "", h)
	var tasks struct {
		List []userarea.TaskView `json:"list"`
	}
	if err := json.Unmarshal(r.Env.Result, &tasks); err != nil || len(tasks.List) != len(userarea.Tasks) {
		t.Fatalf("tasks: %s %v", r.Env.Result, err)
	}
	r = apitest.Do(t, e.url, "POST", "/java/user/area/tasks/claim", `{"task":"watch10"}`, h)
	if r.Env.ErrorCode != 6802 {
		t.Fatalf("claim of an unfinished task: %+v", r)
	}
	r = apitest.Do(t, e.url, "GET", "/java/user/area/levels", "", h)
	var lv userarea.LevelPowers
	if err := json.Unmarshal(r.Env.Result, &lv); err != nil || lv.Level != 1 || len(lv.Levels) != account.MaxLevel || lv.Badge != "bronze" {
		t.Fatalf("levels: %s %v", r.Env.Result, err)
	}
}

func TestSentGiftsListAndTotalsPerStreamer(t *testing.T) {
	t.Parallel()
	e := newEnv(t, userarea.Config{})
	ctx := context.Background()
	fan, hannah, carl := e.user(true), e.user(true), e.user(true)
	if _, err := postgres.NewLedger(e.pool).Post(ctx, postgres.Posting{Key: "fund", Type: postgres.TxnAdjustment, UserID: fan,
		Entries: []postgres.Entry{{Account: postgres.SystemAccount(postgres.KindPromotions, postgres.Coin), Amount: -1000},
			{Account: postgres.UserWallet(fan, postgres.Coin), Amount: 1000}}}); err != nil {
		t.Fatal(err)
	}
	w := postgres.NewWalletStore(e.pool)
	send := func(i int, streamer int64, gift, count int, total int64) {
		t.Helper()
		if _, err := w.SendGift(ctx, postgres.GiftSend{Key: fmt.Sprintf("g%d", i), Room: "1001", Sender: fan, Streamer: streamer, GiftID: gift,
			Count: count, Currency: postgres.Coin, Total: total, StreamerShare: total / 2, Score: total, At: start.Add(time.Duration(i) * time.Minute)}); err != nil {
			t.Fatal(err)
		}
	}
	send(1, hannah, 3, 2, 20)
	send(2, carl, 4, 1, 20)
	send(3, hannah, 4, 3, 60)
	got, err := e.svc.Sent(ctx, fan, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.List) != 2 || got.Next == 0 || got.List[0].Total != 60 || got.List[0].Gift != "Football" || got.List[0].Count != 3 {
		t.Fatalf("first page: %+v", got)
	}
	if len(got.Totals) != 2 || got.Totals[0].Total != 80 || got.Totals[0].Gifts != 5 || got.Totals[0].Name != "fan2" || got.Totals[1].Total != 20 {
		t.Fatalf("totals: %+v", got.Totals)
	}
	rest, err := e.svc.Sent(ctx, fan, got.Next, 2)
	if err != nil || len(rest.List) != 1 || rest.Next != 0 || rest.List[0].Gift != "Scarf" {
		t.Fatalf("second page: %+v %v", rest, err)
	}
	if other, _ := e.svc.Sent(ctx, hannah, 0, 20); len(other.List) != 0 {
		t.Fatalf("the streamer sent nothing: %+v", other)
	}
}

func TestFollowersHearOfALiveRoomOnceAnHourAndBookersOfAStartingMatch(t *testing.T) {
	t.Parallel()
	e := newEnv(t, userarea.Config{})
	ctx := context.Background()
	streamer, fan1, fan2, other := e.user(true), e.user(true), e.user(true), e.user(true)
	if _, err := e.pool.Exec(ctx, `INSERT INTO rooms (id, title, streamer_id) VALUES ('7001', 'Studio', $1)`, fmt.Sprintf("u%d", streamer)); err != nil {
		t.Fatal(err)
	}
	for _, f := range []int64{fan1, fan2} {
		if _, err := e.pool.Exec(ctx, `INSERT INTO follows (follower_id, followee_id, created_at) VALUES ($1,$2,$3)`, f, streamer, start); err != nil {
			t.Fatal(err)
		}
	}
	e.svc.StreamerLive("7001")
	e.svc.StreamerLive("7001") // the stream dropped and came back within the hour
	deadline := time.Now().Add(5 * time.Second)
	for len(e.notices.To(fan1)) < 2 || len(e.notices.To(fan2)) < 2 {
		if time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, f := range []int64{fan1, fan2} {
		got := e.notices.To(f)
		if len(got) == 0 || got[0].Kind != notice.KindLive || got[0].Link != "/live/7001" || got[0].Args[0] != "fan1" || got[0].Dedupe == "" {
			t.Fatalf("fan %d: %+v", f, got)
		}
		if len(got) == 2 && got[0].Dedupe != got[1].Dedupe {
			t.Fatalf("two live notices in one hour are not one: %+v", got)
		}
	}
	if n := len(e.notices.To(other)); n != 0 {
		t.Fatalf("a user who follows nobody got %d notices", n)
	}
	e.svc.MatchStarting(ctx, []int64{fan1}, "m1", "Arsenal", "Chelsea", "/soccer/m1")
	got := e.notices.To(fan1)
	last := got[len(got)-1]
	if last.Kind != notice.KindMatch || last.Key != "userarea.matchStarting" || last.Args[1] != "Chelsea" || last.Link != "/soccer/m1" {
		t.Fatalf("match notice: %+v", last)
	}
}
