package chat_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/protocol"
	"courtside/actors/room"
	"courtside/api"
	"courtside/api/apitest"
	"courtside/api/chat"
	"courtside/api/errcode"
	"courtside/storage/history"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// Users of the moderation tests (apitest.TokenUser: the token "u<id>" is that user).
const (
	fan      = int64(100) // writes the line that is moderated
	vic      = int64(101) // another viewer
	streamer = int64(200)
	mod      = int64(300)
	staff    = int64(900) // a platform administrator
)

var profiles = map[int64]chat.Profile{
	fan:      {Name: "fan", Level: 4, Member: 1},
	vic:      {Name: "vic", Level: 2},
	streamer: {Name: "streamy", Level: 30},
	mod:      {Name: "modo", Level: 12, Expert: true},
	staff:    {Name: "ops", Level: 40, Staff: true},
}

type people struct{}

func (people) Profile(_ context.Context, id int64) (chat.Profile, error) {
	p, ok := profiles[id]
	if !ok {
		return p, chat.ErrUserNotFound
	}
	return p, nil
}

func (people) Identity(ctx context.Context, id int64) (room.Identity, error) {
	p, err := people{}.Profile(ctx, id)
	return room.Identity{ID: protocol.UserID(id).String(), Name: p.Name, Level: p.Level, Member: p.Member, Admin: p.Staff}, err
}

// asker is engine's roomAsker on one node.
type asker struct {
	sys *actor.ActorSystem
	reg *room.Registry
}

func (a asker) Ask(ctx context.Context, who room.Identity, msg protocol.ClientMessage) (*room.Reply, error) {
	return room.Ask(ctx, a.sys, nil, a.reg.Get(msg.Room), who, msg, 5*time.Second)
}

// pgRooms is engine's roomStore: the room actors' Store on the real moderation record.
type pgRooms struct{ pg *postgres.RoomStore }

func (s pgRooms) LoadRoom(ctx context.Context, id string) (room.Snapshot, bool, error) {
	r, ok, err := s.pg.LoadRoom(ctx, id, time.Now())
	if err != nil || !ok {
		return room.Snapshot{}, ok, err
	}
	snap := room.Snapshot{Title: r.Title, StreamerID: r.StreamerID, Open: r.Open, Moderators: map[string]bool{}, Mutes: map[string]room.Mute{}}
	for _, m := range r.Moderators {
		snap.Moderators[m] = true
	}
	for _, m := range r.Mutes {
		snap.Mutes[m.UserID] = room.Mute{Name: m.Name, Until: m.Until, By: m.By}
	}
	return snap, true, nil
}

func (s pgRooms) Record(a room.Action, done func(error)) {
	s.pg.Record(postgres.ModAction{Room: a.Room, Actor: a.Actor, Op: a.Op, Target: a.Target, Name: a.Name, Message: a.Message,
		Reason: a.Reason, Seq: a.Seq, Duration: a.Duration, At: a.At}, done)
}

// roomHistory is the room's History on the Pebble store the chat service reads.
type roomHistory struct {
	st *history.PebbleStore
	w  *history.Writer
}

func (h roomHistory) Append(ev room.StoredEvent, done func(error)) error {
	return h.w.AppendWait(context.Background(), history.Event{Room: ev.Room, Seq: ev.Seq, ID: ev.ID, Time: ev.Time,
		Kind: ev.Kind, UserID: ev.UserID, Target: ev.Target, Payload: ev.Payload}, done)
}
func (h roomHistory) After(ctx context.Context, r string, since uint64, limit int) ([][]byte, error) {
	evs, err := h.st.After(ctx, r, since, limit)
	out := make([][]byte, len(evs))
	for i := range evs {
		out[i] = evs[i].Payload
	}
	return out, err
}
func (h roomHistory) LastSeq(ctx context.Context, r string) (uint64, error) {
	return h.st.LastSeq(ctx, r)
}

type noMutes struct{}

func (noMutes) MutedUntil(string) (time.Time, bool)           { return time.Time{}, false }
func (noMutes) Mute(context.Context, string, time.Time) error { return nil }
func (noMutes) Unmute(context.Context, string) error          { return nil }

type modEnv struct {
	t     *testing.T
	url   string
	room  string
	rooms *postgres.RoomStore
	hist  *history.PebbleStore
	ask   asker
	count func(q string, args ...any) int
}

var roomSeq struct {
	sync.Mutex
	n int
}

// newModEnv is one live room (streamer u200, on the real Postgres moderation record and a Pebble
// history) served by the chat area's REST calls.
func newModEnv(t *testing.T) *modEnv {
	t.Helper()
	pool := pgtest.NewPool(t)
	rooms := postgres.NewRoomStore(pool, 2)
	t.Cleanup(rooms.Close)
	roomSeq.Lock()
	roomSeq.n++
	id := fmt.Sprintf("modrest%d%d", time.Now().UnixNano()%1_000_000, roomSeq.n)
	roomSeq.Unlock()
	if err := rooms.UpsertRoom(context.Background(), postgres.RoomRow{ID: id, Title: "Derby night", StreamerID: "u200", Open: true}); err != nil {
		t.Fatal(err)
	}
	st, err := history.OpenPebble(history.PebbleConfig{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	w, err := history.NewWriter(st, history.WriterConfig{})
	if err != nil {
		t.Fatal(err)
	}
	sys := actor.NewActorSystem()
	t.Cleanup(func() { sys.Shutdown(); w.Close(); st.Close() })
	reg := room.NewRegistry(sys, &room.Config{TickMin: 10 * time.Millisecond, TickMax: 20 * time.Millisecond,
		Store: pgRooms{rooms}, History: roomHistory{st, w}, PlatformMutes: noMutes{}})
	a := asker{sys: sys, reg: reg}
	srv := api.New(api.Config{SiteDir: t.TempDir()})
	chat.New(chat.Deps{History: st, Actors: a, Chatters: people{}, Records: rooms}).Routes(srv, apitest.TokenUser{})
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	return &modEnv{t: t, url: hs.URL, room: id, rooms: rooms, hist: st, ask: a, count: func(q string, args ...any) int {
		var n int
		if err := pool.QueryRow(context.Background(), q, args...).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}}
}

// chat sends a chat line as user over the room actor (as the socket does) and returns its id.
func (e *modEnv) chat(user int64, text string) string {
	e.t.Helper()
	who, _ := people{}.Identity(context.Background(), user)
	r, err := e.ask.Ask(context.Background(), who, protocol.ClientMessage{T: protocol.TChat, Room: e.room, Text: text, Nonce: text})
	if err != nil || r.Code != 0 {
		e.t.Fatalf("chat %q: %v %+v", text, err, r)
	}
	return fmt.Sprintf("%s-%d", e.room, r.Seq)
}

func (e *modEnv) do(user int64, method, path, body string, hdr ...string) apitest.Response {
	e.t.Helper()
	h := http.Header{}
	h.Set("sysType", "PC")
	h.Set("lan", "en_US")
	if user != 0 {
		h.Set("token", protocol.UserID(user).String())
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		h.Set(hdr[i], hdr[i+1])
	}
	return apitest.Do(e.t, e.url, method, "/java"+path, body, h)
}

func (e *modEnv) operate(user int64, body string) apitest.Response {
	e.t.Helper()
	return e.do(user, "POST", "/chatroom/operate", strings.ReplaceAll(body, "ROOM", e.room))
}

func (e *modEnv) card(user, target int64) chat.Chatter {
	e.t.Helper()
	r := e.do(user, "GET", fmt.Sprintf("/chatroom/userInfo?roomId=%s&uid=u%d", e.room, target), "")
	if r.Env.Status != "success" {
		e.t.Fatalf("userInfo of u%d for u%d: %s", target, user, r.Body)
	}
	var c chat.Chatter
	if err := json.Unmarshal(r.Env.Result, &c); err != nil {
		e.t.Fatal(err)
	}
	return c
}

// waitCount polls the moderation record (the room's Store writes it off the actor).
func (e *modEnv) waitCount(want int, q string, args ...any) {
	e.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for e.count(q, args...) != want {
		if time.Now().After(deadline) {
			e.t.Fatalf("%s %v: %d, want %d", q, args, e.count(q, args...), want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func wantErr(t *testing.T, what string, r apitest.Response, code errcode.Code, msg string) {
	t.Helper()
	if r.Env.ErrorCode != code || (msg != "" && r.Env.ErrorMsg != msg) {
		t.Fatalf("%s: got %d %q (%s), want %d %q", what, r.Env.ErrorCode, r.Env.ErrorMsg, r.Body, code, msg)
	}
}

// The REST calls are the room's moderation commands: a viewer is refused, the streamer names a
// moderator (with the member id confirmed), the moderator mutes and staff delete and unmute; the
// room records each in the moderation record, and the mute is in force for the muted user's next
// line.
func TestRESTModerationHasTheRoomsRightsAndRecord(t *testing.T) {
	e := newModEnv(t)
	line := e.chat(fan, "the referee is blind")
	actions := `SELECT count(*) FROM moderation_actions WHERE room_id=$1 AND actor_id=$2 AND action=$3 AND target_id=$4`

	// A viewer: refused everything, in the request's language; the card is the plain one.
	wantErr(t, "viewer mutes", e.operate(vic, `{"roomId":"ROOM","uid":"u100","op":"mute","secs":600}`), errcode.ChatroomForbidden,
		"Only the streamer, the room's moderators and staff can do this")
	r := e.do(vic, "GET", "/chatroom/delete?roomId="+e.room+"&msgId="+line, "", "lan", "de")
	wantErr(t, "viewer deletes", r, errcode.ChatroomForbidden, "Nur der Streamer, die Moderatoren des Raums und das Team dürfen das")
	if c := e.card(vic, fan); c.Moderation != nil || c.You.Moderate || c.Name != "fan" || c.Level != 4 || strings.Join(c.Badges, ",") != "vip" {
		t.Fatalf("a viewer's card of the fan: %+v", c)
	}

	// The streamer names a moderator: the member id must be typed again, and must match.
	wantErr(t, "addMod without the id", e.operate(streamer, `{"roomId":"ROOM","uid":"u300","op":"addMod"}`), errcode.ChatroomInvalid,
		"The member ID you typed does not match this user")
	wantErr(t, "addMod with another id", e.operate(streamer, `{"roomId":"ROOM","uid":"u300","op":"addMod","confirm":"u301"}`), errcode.ChatroomInvalid, "")
	if r := e.operate(streamer, `{"roomId":"ROOM","uid":"u300","op":"addMod","confirm":"300"}`); r.Env.Status != "success" {
		t.Fatalf("streamer adds a moderator: %s", r.Body)
	}
	if c := e.card(vic, mod); strings.Join(c.Badges, ",") != "moderator,expert" {
		t.Fatalf("the new moderator's badges: %v", c.Badges)
	}
	// The room's event names the new moderator, who never chatted here: no client shows an id.
	evs, err := e.hist.Latest(context.Background(), e.room, 10)
	if err != nil || len(evs) == 0 || !strings.Contains(string(evs[len(evs)-1].Payload), `"k":"mod",`) || !strings.Contains(string(evs[len(evs)-1].Payload), `"uid":"u300","name":"modo"`) {
		t.Fatalf("the mod event: %v %s", err, evs[len(evs)-1].Payload)
	}

	// The moderator: mutes the fan, may not name moderators nor mute the streamer.
	wantErr(t, "moderator adds a moderator", e.operate(mod, `{"roomId":"ROOM","uid":"u101","op":"addMod","confirm":"u101"}`),
		errcode.ChatroomForbidden, "Only the streamer and staff can add or remove moderators")
	wantErr(t, "moderator mutes the streamer", e.operate(mod, `{"roomId":"ROOM","uid":"u200","op":"mute"}`),
		errcode.ChatroomForbidden, "You cannot mute yourself, another moderator or the streamer")
	wantErr(t, "a mute of 5 s", e.operate(mod, `{"roomId":"ROOM","uid":"u100","op":"mute","secs":5}`), errcode.ChatroomInvalid,
		"A mute lasts from 1 minute to 30 days")
	before := time.Now()
	r = e.operate(mod, `{"roomId":"ROOM","uid":"u100","op":"mute","secs":600}`)
	var muted chat.Operated
	if r.Env.Status != "success" || json.Unmarshal(r.Env.Result, &muted) != nil || muted.Until < before.Add(599*time.Second).UnixMilli() {
		t.Fatalf("moderator mutes: %s", r.Body)
	}
	who, _ := people{}.Identity(context.Background(), fan)
	if rep, _ := e.ask.Ask(context.Background(), who, protocol.ClientMessage{T: protocol.TChat, Room: e.room, Text: "still here?", Nonce: "x"}); rep.Code != protocol.CodeMuted {
		t.Fatalf("the muted fan's next line: %+v", rep)
	}
	c := e.card(mod, fan)
	if c.Moderation == nil || c.Moderation.MutedUntil != muted.Until || c.Moderation.Mutes != 1 || !c.You.Mute || c.You.Appoint {
		t.Fatalf("the moderator's card of the muted fan: %+v %+v", c, c.Moderation)
	}
	if c.Now < before.UnixMilli() {
		t.Fatalf("the card's clock: %d", c.Now)
	}

	// Staff: delete the line and unmute, in a room that is not theirs.
	if r := e.do(staff, "GET", "/chatroom/delete?roomId="+e.room+"&msgId="+line, ""); r.Env.Status != "success" {
		t.Fatalf("staff deletes: %s", r.Body)
	}
	wantErr(t, "deleting it again", e.do(staff, "GET", "/chatroom/delete?roomId="+e.room+"&msgId="+line, ""), errcode.ChatroomMessageNotFound, "")
	if r := e.operate(staff, `{"roomId":"ROOM","uid":"u100","op":"unmute"}`); r.Env.Status != "success" {
		t.Fatalf("staff unmutes: %s", r.Body)
	}
	wantErr(t, "removeMod without the id", e.operate(streamer, `{"roomId":"ROOM","uid":"u300","op":"removeMod"}`), errcode.ChatroomInvalid, "")
	if r := e.operate(streamer, `{"roomId":"ROOM","uid":"u300","op":"removeMod","confirm":"u300"}`); r.Env.Status != "success" {
		t.Fatalf("streamer removes the moderator: %s", r.Body)
	}
	wantErr(t, "the former moderator mutes", e.operate(mod, `{"roomId":"ROOM","uid":"u100","op":"mute"}`), errcode.ChatroomForbidden,
		"Only the streamer, the room's moderators and staff can do this")
	if c := e.card(staff, fan); c.Moderation == nil || c.Moderation.MutedUntil != 0 || c.Moderation.Mutes != 1 || !c.You.Appoint {
		t.Fatalf("staff's card after the unmute: %+v %+v", c, c.Moderation)
	}

	// The same moderation record as the socket commands write.
	e.waitCount(1, actions, e.room, "u200", "addMod", "u300")
	e.waitCount(1, actions, e.room, "u200", "removeMod", "u300")
	e.waitCount(1, actions, e.room, "u300", "mute", "u100")
	e.waitCount(1, actions, e.room, "u900", "unmute", "u100")
	e.waitCount(1, `SELECT count(*) FROM moderation_actions WHERE room_id=$1 AND actor_id='u900' AND action='delete' AND message_id=$2`, e.room, line)
	e.waitCount(0, `SELECT count(*) FROM moderation_actions WHERE room_id=$1 AND actor_id IN ('u101','u300') AND action IN ('delete','addMod')`, e.room)
}

// The card counts the reports against a chatter's lines in the room.
func TestChatterCardCountsReportsAgainstTheChatter(t *testing.T) {
	e := newModEnv(t)
	line := e.chat(fan, "buy coins at example.com")
	for _, reporter := range []int64{vic, mod} {
		who, _ := people{}.Identity(context.Background(), reporter)
		r, err := e.ask.Ask(context.Background(), who, protocol.ClientMessage{T: protocol.TReport, Room: e.room, Msg: line, Reason: "ads", Nonce: "r"})
		if err != nil || r.Code != 0 {
			t.Fatalf("report: %v %+v", err, r)
		}
	}
	if c := e.card(streamer, fan); c.Moderation == nil || c.Moderation.Reports != 2 || c.Moderation.Mutes != 0 {
		t.Fatalf("the streamer's card of the reported fan: %+v", c.Moderation)
	}
	if c := e.card(streamer, vic); c.Moderation == nil || c.Moderation.Reports != 0 {
		t.Fatalf("a reporter's own record: %+v", c.Moderation)
	}
}

// Bad input is a clear, localized error before the room is asked.
func TestRESTModerationRefusesBadInputClearly(t *testing.T) {
	e := newModEnv(t)
	cases := []struct {
		name, method, path, body string
		code                     errcode.Code
		msg                      string
	}{
		{"no such op", "POST", "/chatroom/operate", `{"roomId":"ROOM","uid":"u100","op":"ban"}`, errcode.ChatroomInvalid,
			"Unknown action: choose mute, unmute, add or remove a moderator"},
		{"no user", "POST", "/chatroom/operate", `{"roomId":"ROOM","uid":"","op":"mute"}`, errcode.ChatroomInvalid, "Choose a user from the chat"},
		{"unknown user", "POST", "/chatroom/operate", `{"roomId":"ROOM","uid":"u777","op":"mute"}`, errcode.ChatroomUserNotFound, "This user does not exist"},
		{"bad room", "GET", "/chatroom/userInfo?roomId=no%20room&uid=u100", "", errcode.ChatroomInvalid, "This is not a live room"},
		{"line of another room", "GET", "/chatroom/delete?roomId=ROOM&msgId=1001-3", "", errcode.ChatroomInvalid, "Choose a chat line of this room"},
		{"no such line", "GET", "/chatroom/delete?roomId=ROOM&msgId=ROOM-999", "", errcode.ChatroomMessageNotFound, ""},
		{"not JSON", "POST", "/chatroom/operate", `op=mute`, errcode.Format, ""},
	}
	for _, c := range cases {
		r := e.do(streamer, c.method, strings.ReplaceAll(c.path, "ROOM", e.room), strings.ReplaceAll(c.body, "ROOM", e.room))
		wantErr(t, c.name, r, c.code, c.msg)
	}
	wantErr(t, "a guest", e.do(0, "GET", "/chatroom/userInfo?roomId="+e.room+"&uid=u100", ""), errcode.AuthRequired, "")
	r := e.do(streamer, "POST", "/chatroom/operate", `{"roomId":"`+e.room+`","uid":"u300","op":"addMod","confirm":"u3"}`, "lan", "zh_CN")
	wantErr(t, "confirm in Chinese", r, errcode.ChatroomInvalid, "输入的会员ID与该用户不符")
}

// GET /chatroom/delete changes state: the token cookie alone does not authorise it from another
// site (api/csrf.go), the site's own client (token header) and its own pages do.
func TestDeleteByGETIsProtectedAgainstCrossSiteRequests(t *testing.T) {
	e := newModEnv(t)
	line := e.chat(fan, "spam spam")
	path := "/chatroom/delete?roomId=" + e.room + "&msgId=" + line
	forged := e.do(0, "GET", path, "", "Cookie", "token=u200", "Sec-Fetch-Site", "cross-site")
	wantErr(t, "an <img> on another site", forged, errcode.AuthRequired, "")
	wantErr(t, "no provenance at all", e.do(0, "GET", path, "", "Cookie", "token=u200"), errcode.AuthRequired, "")
	if r := e.do(0, "GET", path, "", "Cookie", "token=u200", "Sec-Fetch-Site", "same-origin"); r.Env.Status != "success" {
		t.Fatalf("the streamer on our own page: %s", r.Body)
	}
	// The card is a read: the cookie works from anywhere a read may come from.
	if r := e.do(0, "GET", "/chatroom/userInfo?roomId="+e.room+"&uid=u100", "", "Cookie", "token=u200", "Sec-Fetch-Site", "cross-site"); r.Env.Status != "success" {
		t.Fatalf("the card with the cookie: %s", r.Body)
	}
}
