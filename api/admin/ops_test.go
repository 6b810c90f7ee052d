package admin_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"courtside/api/account"
	"courtside/api/admin"
	"courtside/api/anchor"
	"courtside/api/audit"
	"courtside/api/errcode"
	"courtside/api/wallet"
	"courtside/api/wallet/payment"
	"courtside/storage/postgres"
)

// fakeBroadcasts is the streamer centre's live rooms: room "7001" is live.
type fakeBroadcasts struct {
	mu     sync.Mutex
	access map[string]anchor.RoomAccess
	ended  map[string]bool
}

func (f *fakeBroadcasts) StaffLiveRooms(_ context.Context, q string, limit, offset int) ([]anchor.StaffRoom, int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.ended["7001"] || (q != "" && q != "7001") || offset > 0 {
		return nil, 0, nil
	}
	a := f.access["7001"]
	return []anchor.StaffRoom{{StaffRoomRow: postgres.StaffRoomRow{RoomID: "7001", StreamerID: 42, StreamerName: "caster", Title: "Derby",
		MemberOnly: a.MemberOnly, Paid: a.Paid, Price: a.Price, Live: true, LiveSince: testNow.Add(-time.Hour)}, Viewers: 12, Up: true}}, 1, nil
}

// LiveRooms is the dashboard's list of the same live room.
func (f *fakeBroadcasts) LiveRooms(ctx context.Context) ([]admin.LiveRoom, error) {
	rows, _, err := f.StaffLiveRooms(ctx, "", 50, 0)
	out := []admin.LiveRoom{}
	for _, r := range rows {
		out = append(out, admin.LiveRoom{Room: r.RoomID, Title: r.Title, Streamer: fmt.Sprintf("u%d", r.StreamerID), Viewers: r.Viewers})
	}
	return out, err
}

func (f *fakeBroadcasts) EndRoom(_ context.Context, room string) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if room != "7001" {
		return false, anchor.ErrRoomNotFound
	}
	f.ended[room] = true
	return true, nil
}

func (f *fakeBroadcasts) SetRoomAccess(_ context.Context, room string, in anchor.RoomAccess) (before, after anchor.RoomAccess, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	before = f.access[room]
	f.access[room] = in
	return before, in, nil
}

func (f *fakeBroadcasts) RoomModerators(context.Context, string) ([]postgres.ModeratorRow, error) {
	return []postgres.ModeratorRow{{UserID: "u999999", AddedAt: testNow}}, nil
}

func (f *fakeLines) LastSeq(_ context.Context, room string) (uint64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var last uint64
	for _, ev := range f.events {
		if ev.Room == room && ev.Seq > last {
			last = ev.Seq
		}
	}
	return last, nil
}

func (f *fakeLines) markDeleted(room, id string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	ev := f.events[room+"/"+id]
	ev.Deleted = true
	f.events[room+"/"+id] = ev
}

// auditOf reads the newest audit entries of action.
func (e *env) auditOf(action string) []audit.Record {
	e.t.Helper()
	recs, err := e.audit.List(context.Background(), audit.Filter{Action: action})
	if err != nil {
		e.t.Fatal(err)
	}
	var out []audit.Record
	for _, r := range recs {
		if r.Action == action {
			out = append(out, r)
		}
	}
	return out
}

// paidOrder is a coin recharge of user uid paid through the development provider.
func (e *env) paidOrder(uid int64) postgres.Order {
	e.t.Helper()
	ctx := context.Background()
	o, err := e.wallet.CreateRecharge(ctx, wallet.RechargeRequest{UserID: uid, Product: wallet.ProductCoin, PresetID: 1, PayType: "dev",
		ClientKey: fmt.Sprint("k", uid), BaseURL: "http://test"})
	if err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.wallet.ApplyEvent(ctx, "dev", payment.Event{EventID: "paid-" + o.No, OrderNo: o.No, State: payment.Paid,
		Currency: string(o.Currency), AmountMinor: o.AmountMinor}); err != nil {
		e.t.Fatal(err)
	}
	return o
}

// A finance staff member finds a paid recharge with its ledger entries and refunds it: the wallet's
// state machine moves the order to refunded and takes the coins back in a balanced posting, the
// audit log has who, what, before, after and why, and a second refund changes nothing.
func TestStaffRefundGoesThroughTheWalletsStateMachine(t *testing.T) {
	e := newEnv(t)
	fin := e.staff("fin", account.RoleFinance)
	buyer := e.user("buyer")
	o := e.paidOrder(buyer.id)

	var page admin.MoneyPage
	e.ok(fin, "GET", "/java/admin/money?kind=recharge&q="+o.No, "", &page)
	if page.Total != 1 || page.List[0].State != "paid" || !page.List[0].Refundable || !page.List[0].Balanced || len(page.List[0].Entries) != 4 {
		t.Fatalf("the paid order: %+v", page)
	}
	e.ok(fin, "GET", "/java/admin/money?kind=recharge&q=buy", "", &page)
	if page.Total != 1 || page.List[0].UserName != "buyer" {
		t.Fatalf("search by username: %+v", page)
	}
	if res := e.do(fin, "POST", "/java/admin/money/refund", `{"orderNo":"`+o.No+`"}`); res.Env.ErrorCode != errcode.AdminInput {
		t.Fatalf("a refund without a reason: %s", res.Body)
	}
	var row admin.MoneyRow
	e.ok(fin, "POST", "/java/admin/money/refund", `{"orderNo":"`+o.No+`","reason":"payer asked"}`, &row)
	refund := 0
	for _, en := range row.Entries {
		if en.TxnType == "refund" {
			refund++
		}
	}
	if row.State != "refunded" || row.Refundable || !row.Balanced || refund == 0 || len(row.Entries) != 4+refund {
		t.Fatalf("after the refund: %+v", row)
	}
	b, err := e.wallet.Wallets(context.Background(), buyer.id)
	if err != nil || b.Coins != 0 { // the 100 coins bought are taken back
		t.Fatalf("coins after the refund: %+v %v", b, err)
	}
	recs := e.auditOf("order.refund")
	if len(recs) != 1 || recs[0].TargetID != o.No || recs[0].ActorID != fin.id || recs[0].Reason != "payer asked" ||
		!strings.Contains(string(recs[0].Before), "paid") || !strings.Contains(string(recs[0].After), "refunded") {
		t.Fatalf("audit: %+v", recs)
	}
	// Twice: the state machine refuses a second reversal; no second entry, no second audit row.
	e.ok(fin, "POST", "/java/admin/money/refund", `{"orderNo":"`+o.No+`","reason":"again"}`, &row)
	if len(row.Entries) != 4+refund || len(e.auditOf("order.refund")) != 1 {
		t.Fatalf("a second refund moved money: %+v", row)
	}
	e.ok(fin, "GET", "/java/admin/money?kind=refund&q=u"+fmt.Sprint(buyer.id), "", &page)
	if page.Total != 1 || page.List[0].Reference != o.No || !page.List[0].Balanced {
		t.Fatalf("the refunds list: %+v", page)
	}
	if res := e.do(fin, "POST", "/java/admin/money/refund", `{"orderNo":"nope","reason":"x"}`); res.Status != 404 {
		t.Fatalf("an unknown order: %s", res.Body)
	}
	if res := e.do(fin, "GET", "/java/admin/money?kind=gifts", ""); res.Status != 400 {
		t.Fatalf("an unknown list: %s", res.Body)
	}
}

// Staff see the live rooms with their numbers and act on them through the streamer centre and the
// room's actor; each action is audited.
func TestLiveRoomActions(t *testing.T) {
	e := newEnv(t)
	mod := e.staff("mod", account.RoleModerator)
	helper := e.user("helper")
	e.lines.add("7001", 1, "u5", "fan", "what a goal")
	gone := e.lines.add("7001", 2, "u6", "troll", "rude words")
	e.lines.markDeleted("7001", gone)

	var page admin.RoomPage
	e.ok(mod, "GET", "/java/admin/rooms", "", &page)
	if page.Total != 1 || page.List[0].Room != "7001" || page.List[0].Viewers != 12 || page.List[0].Streamer != "u42" || page.List[0].ChatPerMin != 2 {
		t.Fatalf("live rooms: %+v", page)
	}
	var room admin.RoomDetail
	e.ok(mod, "GET", "/java/admin/rooms/7001", "", &room)
	if len(room.Lines) != 2 || room.Lines[0].Deleted || !room.Lines[1].Deleted || room.Lines[1].Text != "rude words" || len(room.Moderators) != 1 {
		t.Fatalf("the room's chat: %+v", room)
	}

	if res := e.do(mod, "POST", "/java/admin/rooms/access", `{"room":"7001","memberOnly":true}`); res.Env.ErrorCode != errcode.AdminInput {
		t.Fatalf("a change without a reason: %s", res.Body)
	}
	e.ok(mod, "POST", "/java/admin/rooms/access", `{"room":"7001","memberOnly":true,"paid":true,"price":30,"reason":"match rights"}`, nil)
	if a := e.live.access["7001"]; !a.MemberOnly || !a.Paid || a.Price != 30 {
		t.Fatalf("access stored: %+v", a)
	}
	e.ok(mod, "POST", "/java/admin/rooms/moderator", fmt.Sprintf(`{"room":"7001","userId":"u%d","add":true,"reason":"trusted"}`, helper.id), nil)
	e.ok(mod, "POST", "/java/admin/rooms/moderator", fmt.Sprintf(`{"room":"7001","userId":"u%d","add":false,"reason":"left the team"}`, helper.id), nil)
	if res := e.do(mod, "POST", "/java/admin/rooms/moderator", `{"room":"7001","userId":"u99999999","add":false,"reason":"x"}`); res.Env.Status == "success" {
		t.Fatalf("removing an unknown user: %s", res.Body)
	}
	e.ok(mod, "POST", "/java/admin/rooms/end", `{"room":"7001","reason":"stream shows a pirated feed"}`, nil)
	if !e.live.ended["7001"] {
		t.Fatal("the broadcast did not end")
	}
	if res := e.do(mod, "POST", "/java/admin/rooms/end", `{"room":"nope","reason":"x"}`); res.Status != 404 {
		t.Fatalf("ending an unknown room: %s", res.Body)
	}
	want := []string{fmt.Sprintf("u%d 7001 membersOnly  0", mod.id), fmt.Sprintf("u%d 7001 addMod u%d 0", mod.id, helper.id),
		fmt.Sprintf("u%d 7001 removeMod u%d 0", mod.id, helper.id)}
	if strings.Join(e.rooms.sent, "|") != strings.Join(want, "|") {
		t.Fatalf("sent to the room: %q", e.rooms.sent)
	}
	for _, a := range []string{"room.access", "room.modAdd", "room.modRemove", "room.end"} {
		recs := e.auditOf(a)
		if len(recs) != 1 || recs[0].TargetID != "7001" || recs[0].ActorID != mod.id || recs[0].Reason == "" {
			t.Fatalf("audit of %s: %+v", a, recs)
		}
	}
	if after := strings.ReplaceAll(string(e.auditOf("room.modRemove")[0].After), " ", ""); !strings.Contains(after, `"moderator":false`) {
		t.Fatalf("moderator removal audit: %s", after)
	}
	if !strings.Contains(strings.ReplaceAll(string(e.auditOf("room.access")[0].After), " ", ""), `"paid":true`) {
		t.Fatalf("access audit: %s", e.auditOf("room.access")[0].After)
	}
}

// The platform's banned words: the normaliser's preview, add and remove (audited, the filter told),
// and the rules of an entry.
func TestBannedWords(t *testing.T) {
	e := newEnv(t)
	mod := e.staff("mod", account.RoleModerator)
	var pv struct{ Forms []string }
	e.ok(mod, "GET", "/java/admin/words/preview?word=Idiot*", "", &pv)
	if len(pv.Forms) != 2 || pv.Forms[0] != "idiot*" || pv.Forms[1] != "*toidi" {
		t.Fatalf("preview: %+v", pv)
	}
	if res := e.do(mod, "GET", "/java/admin/words/preview?word=%20", ""); res.Env.ErrorCode != errcode.BannedWordInvalid {
		t.Fatalf("an empty word: %s", res.Body)
	}
	e.ok(mod, "POST", "/java/admin/words/add", `{"word":"Idiot*","reason":"common insult"}`, nil)
	if res := e.do(mod, "POST", "/java/admin/words/add", `{"word":"Idiot*"}`); res.Env.ErrorCode != errcode.BannedWordExists {
		t.Fatalf("a word added twice: %s", res.Body)
	}
	var page admin.WordPage
	e.ok(mod, "GET", "/java/admin/words?q=idi", "", &page)
	if page.Total != 1 || page.List[0].Word != "Idiot*" || len(page.List[0].Forms) != 2 || page.List[0].AddedBy != "mod" {
		t.Fatalf("the list: %+v", page)
	}
	e.ok(mod, "POST", "/java/admin/words/remove", `{"word":"Idiot*","reason":"too broad"}`, nil)
	if res := e.do(mod, "POST", "/java/admin/words/remove", `{"word":"Idiot*"}`); res.Env.ErrorCode != errcode.BannedWordMissing {
		t.Fatalf("a word removed twice: %s", res.Body)
	}
	if e.words != 2 || len(e.auditOf("words.add")) != 1 || len(e.auditOf("words.remove")) != 1 {
		t.Fatalf("filter told %d times, audit %v %v", e.words, e.auditOf("words.add"), e.auditOf("words.remove"))
	}
	var rooms admin.RoomWordsPage
	e.ok(mod, "GET", "/java/admin/words/rooms", "", &rooms)
	if rooms.Total != 0 {
		t.Fatalf("rooms' lists in a fresh database: %+v", rooms)
	}
}

// The dashboard's charts count each of the last days, today last, by the dashboard's own rules.
func TestDashboardDays(t *testing.T) {
	e := newEnv(t)
	fin := e.staff("fin", account.RoleFinance)
	buyer := e.user("buyer")
	e.paidOrder(buyer.id)
	var res struct{ List []admin.Day }
	e.ok(fin, "GET", "/java/admin/dashboard/days?days=7", "", &res)
	if len(res.List) != 7 {
		t.Fatalf("days: %+v", res)
	}
	last := res.List[6]
	if time.UnixMilli(last.Day).UTC() != time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC) || res.List[0].Day != last.Day-6*86400000 {
		t.Fatalf("the days: %d .. %d", res.List[0].Day, last.Day)
	}
	for _, bad := range []string{"3", "31", "x"} {
		if r := e.do(fin, "GET", "/java/admin/dashboard/days?days="+bad, ""); r.Status != 400 {
			t.Fatalf("days=%s: %s", bad, r.Body)
		}
	}
	e.ok(fin, "GET", "/java/admin/dashboard/days", "", &res)
	if len(res.List) != admin.DefaultChartDays {
		t.Fatalf("default: %d days", len(res.List))
	}
}

// The wallet's staff calls kept at their old paths are no way around the second factor, and a refund
// through them is audited like the back office's own.
func TestOldRefundPathNeedsTheSecondFactorAndIsAudited(t *testing.T) {
	e := newEnv(t)
	root := e.user("root", account.RoleAdmin)
	buyer := e.user("buyer")
	o := e.paidOrder(buyer.id)
	for _, path := range []string{"/java/orderpay/refund", "/java/admin/orderpay/refund", "/java/gift/leaderboard/rebuild"} {
		if res := e.do(root, "POST", path, `{"orderNo":"`+o.No+`"}`); res.Env.ErrorCode != errcode.SecondFactor {
			t.Fatalf("%s before the second factor: %s", path, res.Body)
		}
	}
	var en admin.Enrolment
	e.ok(root, "POST", "/java/admin/staff/enrol", "", &en)
	e.ok(root, "POST", "/java/admin/staff/verify", fmt.Sprintf(`{"code":%q}`, e.code(en.Secret)), nil)
	e.ok(root, "POST", "/java/orderpay/refund", `{"orderNo":"`+o.No+`","reason":"console refund"}`, nil)
	recs := e.auditOf("order.refund")
	if len(recs) != 1 || recs[0].TargetID != o.No || recs[0].ActorID != root.id || recs[0].Reason != "console refund" {
		t.Fatalf("audit: %+v", recs)
	}
	// A user who is not staff meets the call's own check, not the gate.
	if res := e.do(buyer, "POST", "/java/orderpay/refund", `{"orderNo":"`+o.No+`"}`); res.Status != 403 {
		t.Fatalf("a user: %s", res.Body)
	}
}

// A user's live sessions, addresses masked; sign out everywhere ends them all.
func TestUserSessions(t *testing.T) {
	e := newEnv(t)
	mod := e.staff("mod", account.RoleModerator)
	target := e.user("target")
	u := fmt.Sprintf("u%d", target.id)
	var res struct{ List []admin.Session }
	e.ok(mod, "GET", "/java/admin/users/"+u+"/sessions", "", &res)
	if len(res.List) != 1 || res.List[0].Started == 0 || res.List[0].Expires <= res.List[0].Started {
		t.Fatalf("sessions: %+v", res)
	}
	e.ok(mod, "POST", "/java/admin/users/signout", `{"userId":"`+u+`","reason":"lost phone"}`, nil)
	e.ok(mod, "GET", "/java/admin/users/"+u+"/sessions", "", &res)
	if len(res.List) != 0 {
		t.Fatalf("after sign out everywhere: %+v", res)
	}
	if r := e.do(mod, "GET", "/java/admin/users/u999999/sessions", ""); r.Status != 404 {
		t.Fatalf("an unknown user: %s", r.Body)
	}
}
