package engine_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"courtside/api/admin"
	"courtside/api/apitest"
	"courtside/engine"
	"courtside/storage/postgres/pgtest"
)

// register signs a new user up the way the web client does: an e-mail code read from the dev sink.
func register(t *testing.T, base, email string) (uid, token string) {
	t.Helper()
	h := http.Header{"Lan": {"en_US"}}
	if r := apitest.Do(t, base, "POST", "/java/login/V2/sendEmailcheckCode", `{"mobileOrEmail":"`+email+`"}`, h); r.Env.Status != "success" {
		t.Fatalf("send code: %s", r.Body)
	}
	r := apitest.Do(t, base, "GET", "/java/dev/codes?to="+url.QueryEscape(email), "", h)
	var codes struct {
		Code string `json:"code"`
	}
	if err := json.Unmarshal(r.Env.Result, &codes); err != nil || len(codes.Code) != 6 {
		t.Fatalf("dev sink: %s", r.Body)
	}
	r = apitest.Do(t, base, "POST", "/java/login/V2/getLoginByEmailCheckCode",
		`{"mobileOrEmail":"`+email+`","checkCode":"`+codes.Code+`","type":3}`, h)
	var login struct {
		UID     string `json:"uid"`
		Token   string `json:"token"`
		NewUser bool   `json:"newUser"`
	}
	if err := json.Unmarshal(r.Env.Result, &login); err != nil || login.Token == "" || !login.NewUser {
		t.Fatalf("register: %s", r.Body)
	}
	return login.UID, login.Token
}

func TestARegisteredUserChatsUnderTheirAccountAndGetsTheWelcomeGift(t *testing.T) {
	n := startNode(t, pgtest.NewDatabase(t), t.TempDir(), nil)
	uid, token := register(t, n.http, "mia@example.com")
	c := dialAs(t, n.ws, token)
	if c.user["id"] != uid || c.user["guest"] != false {
		t.Fatalf("welcome user %v, want %s signed in", c.user, uid)
	}
	c.join("1001", nil)
	if ack := c.chat("1001", "signed in now", "s"); ack["ev"].(map[string]any)["uid"] != uid {
		t.Fatalf("chat under %v", ack)
	}
	r := apitest.Do(t, n.http, "GET", "/java/user/info", "", http.Header{"Token": {token}})
	var info struct {
		Coin int64 `json:"coin"`
	}
	if err := json.Unmarshal(r.Env.Result, &info); err != nil || info.Coin != 200 {
		t.Fatalf("user info %s: want the 200-coin welcome gift", r.Body)
	}
	// A forged token is refused at the socket.
	bad := dialRaw(t, n.ws)
	bad.send(map[string]any{"t": "auth", "token": "forged", "lan": "en_US"})
	if e := bad.expect("error", nil); e["key"] != "auth.required" {
		t.Fatalf("forged token: %v", e)
	}
}

func TestAdministratorSeesAReportedMessageInContext(t *testing.T) {
	db := pgtest.NewDatabase(t)
	n := startNode(t, db, t.TempDir(), nil)
	login := struct{ Token string }{adminToken(t, n, db)}
	_, userToken := register(t, n.http, "troll@example.com")
	troll := dialAs(t, n.ws, userToken)
	troll.join("1002", nil)
	msg := troll.chat("1002", "buy cheap followers", "t")["ev"].(map[string]any)["id"].(string)
	troll.send(map[string]any{"t": "report", "room": "1002", "msg": msg, "reason": "ads", "nonce": "rep"})
	troll.expect("ack", func(m map[string]any) bool { return m["nonce"] == "rep" })

	path := "/java/chatroom/context?roomId=1002&msgId=" + msg
	if r := apitest.Do(t, n.http, "GET", path, "", http.Header{"Token": {userToken}}); r.Status != http.StatusForbidden {
		t.Fatalf("a viewer asking for report context: %d", r.Status)
	}
	r := apitest.Do(t, n.http, "GET", path, "", http.Header{"Token": {login.Token}})
	if r.Env.Status != "success" || !strings.Contains(string(r.Env.Result), "buy cheap followers") {
		t.Fatalf("admin context: %s", r.Body)
	}
}

func TestAGiftIsPaidOnceShownToEveryViewerAndRanked(t *testing.T) {
	n := startNode(t, pgtest.NewDatabase(t), t.TempDir(), nil)
	uid, token := register(t, n.http, "fan@example.com")
	fan, viewer := dialAs(t, n.ws, token), dial(t, n.ws)
	fan.join("1001", nil)
	viewer.join("1001", nil)
	// Jersey costs 100 coins; the welcome gift was 200.
	fan.send(map[string]any{"t": "gift", "room": "1001", "gift": "7", "count": 1, "nonce": "g1"})
	ack := fan.expect("ack", func(m map[string]any) bool { return m["nonce"] == "g1" })
	fan.send(map[string]any{"t": "gift", "room": "1001", "gift": "7", "count": 1, "nonce": "g1"}) // a retry
	if again := fan.expect("ack", func(m map[string]any) bool { return m["nonce"] == "g1" }); again["seq"] != ack["seq"] {
		t.Fatalf("retried gift got seq %v, first %v", again["seq"], ack["seq"])
	}
	viewer.events("1001", func(evs []map[string]any) bool {
		for _, e := range evs {
			if e["k"] == "gift" && e["uid"] == uid && e["text"] == "Jersey" {
				return true
			}
		}
		return false
	})
	fan.send(map[string]any{"t": "gift", "room": "1001", "gift": "7", "count": 2, "nonce": "g2"})
	if e := fan.expect("error", func(m map[string]any) bool { return m["nonce"] == "g2" }); e["key"] != "gift.insufficientCoins" {
		t.Fatalf("gift beyond the balance: %v", e)
	}
	r := apitest.Do(t, n.http, "GET", "/java/user/info", "", http.Header{"Token": {token}})
	var info struct {
		Coin int64 `json:"coin"`
	}
	if err := json.Unmarshal(r.Env.Result, &info); err != nil || info.Coin != 100 {
		t.Fatalf("balance after one Jersey: %s", r.Body)
	}
	r = apitest.Do(t, n.http, "GET", "/java/gift/leaderboard/day?room=1001", "", nil)
	if !strings.Contains(string(r.Env.Result), uid) {
		t.Fatalf("leaderboard %s: want %s on it", r.Body, uid)
	}
	guest := dial(t, n.ws)
	guest.join("1001", nil)
	guest.send(map[string]any{"t": "gift", "room": "1001", "gift": "7", "count": 1, "nonce": "g"})
	if e := guest.expect("error", nil); e["key"] != "chat.loginRequired" {
		t.Fatalf("guest gift: %v", e)
	}
}

// A gift whose ack was lost with the connection and that is retried after the node restarted is
// acknowledged with its first seq: paid once and shown once (issue 15). The room's memory of recent
// gifts died with the node; the gift keys in Postgres did not.
func TestAGiftRetriedAfterARestartIsShownOnce(t *testing.T) {
	db, data := pgtest.NewDatabase(t), t.TempDir()
	n := startNode(t, db, data, nil)
	uid, token := register(t, n.http, "twice@example.com")
	fan := dialAs(t, n.ws, token)
	fan.join("1001", nil)
	fan.send(map[string]any{"t": "gift", "room": "1001", "gift": "7", "count": 1, "nonce": "once"})
	ack := fan.expect("ack", func(m map[string]any) bool { return m["nonce"] == "once" })
	n.stop(t)

	again := startNode(t, db, data, nil)
	fan2 := dialAs(t, again.ws, token)
	fan2.join("1001", nil)
	fan2.send(map[string]any{"t": "gift", "room": "1001", "gift": "7", "count": 1, "nonce": "once"})
	if retry := fan2.expect("ack", func(m map[string]any) bool { return m["nonce"] == "once" }); retry["seq"] != ack["seq"] {
		t.Fatalf("the retried gift became seq %v, first %v: shown twice", retry["seq"], ack["seq"])
	}
	// A new gift after the retry; then a viewer reads the room from the first gift on: exactly
	// those two gifts of the fan, and both paid (200 welcome coins, 100 each).
	fan2.send(map[string]any{"t": "gift", "room": "1001", "gift": "7", "count": 1, "nonce": "next"})
	next := seqOf(fan2.expect("ack", func(m map[string]any) bool { return m["nonce"] == "next" }))
	viewer := dial(t, again.ws)
	since := seqOf(ack) - 1
	viewer.join("1001", &since)
	shown := 0
	for _, e := range viewer.events("1001", func(evs []map[string]any) bool {
		return len(evs) > 0 && seqOf(evs[len(evs)-1]) >= next
	}) {
		if e["k"] == "gift" && e["uid"] == uid {
			shown++
		}
	}
	if shown != 2 {
		t.Fatalf("%d gifts of the fan shown, want 2 (the first once, the next)", shown)
	}
	r := apitest.Do(t, again.http, "GET", "/java/user/info", "", http.Header{"Token": {token}})
	var info struct {
		Coin int64 `json:"coin"`
	}
	if err := json.Unmarshal(r.Env.Result, &info); err != nil || info.Coin != 0 {
		t.Fatalf("balance after two Jerseys from 200 welcome coins: %s", r.Body)
	}
}

func TestAnAccountMutedByAnAdministratorCannotChatAnywhere(t *testing.T) {
	db := pgtest.NewDatabase(t)
	n := startNode(t, db, t.TempDir(), nil)
	login := struct{ Token string }{adminToken(t, n, db)}
	uid, token := register(t, n.http, "loud@example.com")
	r := apitest.Do(t, n.http, "POST", "/java/admin/users/mute", `{"userId":"`+uid+`","hours":2,"reason":"shouting"}`, http.Header{"Token": {login.Token}})
	if r.Env.Status != "success" {
		t.Fatalf("platform mute: %s", r.Body)
	}
	c := dialAs(t, n.ws, token)
	c.join("1002", nil)
	c.send(map[string]any{"t": "chat", "room": "1002", "text": "can you hear me", "nonce": "m"})
	if e := c.expect("error", func(m map[string]any) bool { return m["nonce"] == "m" }); e["key"] != "chat.muted" {
		t.Fatalf("muted account chatting: %v", e)
	}
}

// adminToken bootstraps an administrator the way an operator does (courtside admin create) and signs
// it in over REST.
func adminToken(t *testing.T, n *testNode, db string) string {
	t.Helper()
	return adminTokenAt(t, n.http, db)
}

// adminTokenAt is adminToken against any node's HTTP address (a cluster's child nodes too).
func adminTokenAt(t *testing.T, base, db string) string {
	t.Helper()
	cfg, _ := engine.Load(nil)
	cfg.DatabaseURL = db
	if _, err := engine.CreateAdmin(context.Background(), cfg, "boss", "Passw0rd123"); err != nil {
		t.Fatal(err)
	}
	r := apitest.Do(t, base, "POST", "/java/login/V2/mobileOrNameToLogin", `{"name":"boss","password":"Passw0rd123"}`, nil)
	var login struct {
		Token string `json:"token"`
	}
	if err := json.Unmarshal(r.Env.Result, &login); err != nil || login.Token == "" {
		t.Fatalf("admin login: %s", r.Body)
	}
	passSecondFactorAt(t, base, login.Token)
	return login.Token
}

// passSecondFactor enrols a staff member's authenticator and verifies a code on the session of token,
// as the back office's sign-in does (issue 16): staff calls need it.
func passSecondFactor(t *testing.T, n *testNode, token string) {
	t.Helper()
	passSecondFactorAt(t, n.http, token)
}

func passSecondFactorAt(t *testing.T, base, token string) {
	t.Helper()
	h := http.Header{"Token": {token}}
	r := apitest.Do(t, base, "POST", "/java/admin/staff/enrol", "", h)
	var en admin.Enrolment
	if err := json.Unmarshal(r.Env.Result, &en); err != nil || en.Secret == "" {
		t.Fatalf("enrol: %s", r.Body)
	}
	secret, err := admin.DecodeSecret(en.Secret)
	if err != nil {
		t.Fatal(err)
	}
	code := admin.TOTP{Secret: secret}.At(time.Now())
	if r := apitest.Do(t, base, "POST", "/java/admin/staff/verify", `{"code":"`+code+`"}`, h); r.Env.Status != "success" {
		t.Fatalf("second factor: %s", r.Body)
	}
}

// closeCode waits for the connection to end and returns its WebSocket close code.
func (cl *client) closeCode() websocket.StatusCode {
	cl.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case _, open := <-cl.in:
			if !open {
				return websocket.CloseStatus(<-cl.err)
			}
		case <-timeout:
			cl.t.Fatal("the connection stayed open")
			return 0
		}
	}
}

// Decisions that take a right away reach sockets that were open before them (issue 15): a mute
// given by an administrator silences the open socket at once, a ban closes it with 4001, and so
// does signing out.
func TestRevocationsReachOpenSockets(t *testing.T) {
	db := pgtest.NewDatabase(t)
	n := startNode(t, db, t.TempDir(), nil)
	admin := http.Header{"Token": {adminToken(t, n, db)}}
	// The back office's calls: a platform mute, its end, a ban (each with its reason, audited).
	staffCall := func(path, uid string) {
		t.Helper()
		body := fmt.Sprintf(`{"userId":%q,"hours":2,"reason":"test"}`, uid)
		if res := apitest.Do(t, n.http, "POST", "/java/admin/users/"+path, body, admin); res.Env.Status != "success" {
			t.Fatalf("%s: %s", path, res.Body)
		}
	}

	uid, token := register(t, n.http, "open@example.com")
	c := dialAs(t, n.ws, token)
	c.join("1002", nil)
	c.chat("1002", "before", "b")
	staffCall("mute", uid)
	c.expect("user", func(m map[string]any) bool { return m["muted"] == true })
	c.send(map[string]any{"t": "chat", "room": "1002", "text": "after the mute", "nonce": "m"})
	if e := c.expect("error", func(m map[string]any) bool { return m["nonce"] == "m" }); e["key"] != "chat.muted" {
		t.Fatalf("an open socket chatting after a mute: %v", e)
	}
	staffCall("unmute", uid)
	c.expect("user", func(m map[string]any) bool { return m["muted"] == false })
	c.chat("1002", "unmuted", "u")

	staffCall("ban", uid)
	if code := c.closeCode(); code != 4001 {
		t.Fatalf("a banned user's socket closed with %d, want 4001", code)
	}

	_, other := register(t, n.http, "leaving@example.com")
	d := dialAs(t, n.ws, other)
	d.join("1002", nil)
	if res := apitest.Do(t, n.http, "POST", "/java/login/logout", "", http.Header{"Token": {other}}); res.Env.Status != "success" {
		t.Fatalf("logout: %s", res.Body)
	}
	if code := d.closeCode(); code != 4001 {
		t.Fatalf("a signed-out socket closed with %d, want 4001", code)
	}
}
