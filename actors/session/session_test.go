package session_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/protocol"
	"courtside/actors/relay"
	"courtside/actors/room"
	"courtside/actors/session"
)

// recConn records what the session writes.
type recConn struct {
	mu     sync.Mutex
	texts  []string
	closed uint16
}

func (c *recConn) ID() uint64            { return 7 }
func (c *recConn) Send(relay.Frame) bool { return true }
func (c *recConn) SendText(p []byte) bool {
	c.mu.Lock()
	c.texts = append(c.texts, string(p))
	c.mu.Unlock()
	return true
}
func (c *recConn) Close(code uint16, _ string) { c.mu.Lock(); c.closed = code; c.mu.Unlock() }

func (c *recConn) wait(t *testing.T, what string, ok func(texts []string, closed uint16) bool) []string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		c.mu.Lock()
		texts, closed := append([]string(nil), c.texts...), c.closed
		c.mu.Unlock()
		if ok(texts, closed) {
			return texts
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s; got %q (closed %d)", what, texts, closed)
		}
		time.Sleep(2 * time.Millisecond) // polling with a deadline
	}
}

func containsFrame(sub string) func([]string, uint16) bool {
	return func(texts []string, _ uint16) bool {
		for _, s := range texts {
			if strings.Contains(s, sub) {
				return true
			}
		}
		return false
	}
}

type tokenAuth map[string]room.Identity

func (a tokenAuth) Authenticate(_ context.Context, token string) (room.Identity, error) {
	if u, ok := a[token]; ok {
		return u, nil
	}
	return room.Identity{}, errors.New("unknown token")
}

type noRooms struct{ pid *actor.PID }

func (n noRooms) Get(string) *actor.PID { return n.pid }

func start(t *testing.T, cfg *session.Config) (*actor.ActorSystem, *actor.PID, *recConn) {
	t.Helper()
	sys := actor.NewActorSystem()
	t.Cleanup(sys.Shutdown)
	sink := sys.Root.Spawn(actor.PropsFromFunc(func(actor.Context) {}))
	cfg.Relay, cfg.Rooms = sink, noRooms{sink}
	cfg.Translate = func(lang, key string, _ ...any) string { return lang + ":" + key }
	c := &recConn{}
	return sys, session.Spawn(sys.Root, session.Props(cfg), c, "zh_CN"), c
}

func in(sys *actor.ActorSystem, pid *actor.PID, s string) {
	sys.Root.Send(pid, &session.Inbound{Data: []byte(s)})
}

func TestCommandsBeforeAuthAreRefusedInTheConnectionsLanguage(t *testing.T) {
	sys, pid, c := start(t, &session.Config{})
	in(sys, pid, `{"t":"join","room":"1001"}`)
	c.wait(t, "auth required", containsFrame(`"msg":"zh_CN:auth.required"`))
}

func TestNoAuthInTimeClosesWithPolicy(t *testing.T) {
	_, _, c := start(t, &session.Config{AuthTimeout: 20 * time.Millisecond})
	c.wait(t, "close 1008", func(_ []string, closed uint16) bool { return closed == 1008 })
}

func TestGuestAndTokenIdentities(t *testing.T) {
	auth := tokenAuth{"good": {ID: "u42", Name: "Mia", Level: 7, Admin: true}}
	sys, pid, c := start(t, &session.Config{Auth: auth})
	in(sys, pid, `{"t":"auth","token":"good","lan":"en_US"}`)
	c.wait(t, "welcome", containsFrame(`"user":{"id":"u42","name":"Mia","guest":false,"level":7,"roles":["admin"]}`))

	sys2, pid2, c2 := start(t, &session.Config{Auth: auth})
	in(sys2, pid2, `{"t":"auth","token":""}`)
	c2.wait(t, "guest welcome", containsFrame(`"guest":true`))

	sys3, pid3, c3 := start(t, &session.Config{Auth: auth})
	in(sys3, pid3, `{"t":"auth","token":"forged","lan":"en_US"}`)
	c3.wait(t, "refused and closed", func(texts []string, closed uint16) bool {
		return closed == 1008 && containsFrame("en_US:auth.required")(texts, closed)
	})
}

func TestFloodingConnectionIsRateLimited(t *testing.T) {
	sys, pid, c := start(t, &session.Config{RatePerSec: 5})
	in(sys, pid, `{"t":"auth"}`)
	for i := 0; i < 30; i++ {
		in(sys, pid, fmt.Sprintf(`{"t":"ping","nonce":"p%d"}`, i))
	}
	c.wait(t, "rate limited", containsFrame(`"key":"chat.rateLimited"`))
}

func TestJoinLimitAndBadMessages(t *testing.T) {
	sys, pid, c := start(t, &session.Config{MaxRooms: 2})
	in(sys, pid, `{"t":"auth"}`)
	in(sys, pid, `{"t":"join","room":"a"}`)
	in(sys, pid, `{"t":"join","room":"b"}`)
	in(sys, pid, `{"t":"join","room":"c","nonce":"third"}`)
	c.wait(t, "third join refused", containsFrame(`"nonce":"third","code":4000`))
	in(sys, pid, `{"t":"chat","room":"a","text":""}`)
	in(sys, pid, `not json`)
	c.wait(t, "bad message errors", func(texts []string, _ uint16) bool {
		return strings.Count(strings.Join(texts, "\n"), `"key":"proto.bad"`) == 2
	})
}

// switchAuth is an Authenticator whose answers the test changes (a revocation elsewhere).
type switchAuth struct {
	mu   sync.Mutex
	user room.Identity
	err  error
	gate chan struct{} // when set, Authenticate waits for it (a re-check in flight)
}

func (a *switchAuth) set(u room.Identity, err error) {
	a.mu.Lock()
	a.user, a.err = u, err
	a.mu.Unlock()
}

func (a *switchAuth) Authenticate(ctx context.Context, _ string) (room.Identity, error) {
	a.mu.Lock()
	gate := a.gate
	a.mu.Unlock()
	if gate != nil {
		select {
		case <-gate:
		case <-ctx.Done():
			return room.Identity{}, ctx.Err()
		}
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.user, a.err
}

// startRecordingRooms is start with a room that records the identity of every command it gets.
func startRecordingRooms(t *testing.T, cfg *session.Config) (*actor.ActorSystem, *actor.PID, *recConn, <-chan room.Identity) {
	t.Helper()
	sys := actor.NewActorSystem()
	t.Cleanup(sys.Shutdown)
	got := make(chan room.Identity, 16)
	roomPID := sys.Root.Spawn(actor.PropsFromFunc(func(c actor.Context) {
		if cmd, ok := c.Message().(*room.Command); ok {
			got <- cmd.User
		}
	}))
	cfg.Relay, cfg.Rooms = roomPID, noRooms{roomPID}
	cfg.Translate = func(lang, key string, _ ...any) string { return lang + ":" + key }
	c := &recConn{}
	return sys, session.Spawn(sys.Root, session.Props(cfg), c, "en_US"), c, got
}

func nextCommand(t *testing.T, got <-chan room.Identity) room.Identity {
	t.Helper()
	select {
	case u := <-got:
		return u
	case <-time.After(5 * time.Second): // a deadline for a hang, not a timing assertion
		t.Fatal("no command reached the room")
		return room.Identity{}
	}
}

// A revocation reaches an open socket: the session re-checks its token, holds the command sent
// meanwhile, and the room gets it under the new rights (muted); the client is told. A second
// revocation that ends the session closes the socket with 4001.
func TestReauthorizeAppliesNewRightsBeforeTheNextCommand(t *testing.T) {
	auth := &switchAuth{user: room.Identity{ID: "u7", Name: "Lee"}}
	sys, pid, c, got := startRecordingRooms(t, &session.Config{Auth: auth})
	in(sys, pid, `{"t":"auth","token":"tok"}`)
	c.wait(t, "welcome", containsFrame(`"t":"welcome"`))
	in(sys, pid, `{"t":"join","room":"1001"}`)
	in(sys, pid, `{"t":"chat","room":"1001","text":"before","nonce":"a"}`)
	if u := nextCommand(t, got); u.Muted {
		t.Fatal("muted before the revocation")
	}

	gate := make(chan struct{})
	auth.mu.Lock()
	auth.gate = gate
	auth.mu.Unlock()
	auth.set(room.Identity{ID: "u7", Name: "Lee", Muted: true}, nil)
	sys.Root.Send(pid, &session.Reauthorize{})
	in(sys, pid, `{"t":"chat","room":"1001","text":"during","nonce":"b"}`) // sent while the re-check runs
	select {
	case u := <-got:
		t.Fatalf("a command reached the room before the re-check answered: %+v", u)
	case <-time.After(50 * time.Millisecond):
	}
	close(gate)
	if u := nextCommand(t, got); !u.Muted {
		t.Fatal("the held command went out under the revoked rights")
	}
	c.wait(t, "the client is told", containsFrame(`"t":"user"`))
	c.wait(t, "and its new state", containsFrame(`"muted":true`))

	auth.set(room.Identity{}, errors.New("session revoked"))
	sys.Root.Send(pid, &session.Reauthorize{})
	c.wait(t, "closed with 4001", func(_ []string, closed uint16) bool { return closed == 4001 })
}

// An identity that ends (a membership, the session) is checked again when it does, without a
// revocation.
func TestIdentityIsCheckedAgainWhenItEnds(t *testing.T) {
	auth := &switchAuth{user: room.Identity{ID: "u8", Name: "Kai", Member: 1, Until: time.Now().Add(30 * time.Millisecond).UnixNano()}}
	sys, pid, c, _ := startRecordingRooms(t, &session.Config{Auth: auth})
	in(sys, pid, `{"t":"auth","token":"tok"}`)
	c.wait(t, "welcome", containsFrame(`"t":"welcome"`))
	auth.set(room.Identity{ID: "u8", Name: "Kai"}, nil) // the membership ended
	c.wait(t, "the ended membership reaches the client", containsFrame(`"member":0`))
}

// Users reaches every session of a user on this node.
func TestLocalUsersReauthorizesEverySessionOfTheUser(t *testing.T) {
	sys := actor.NewActorSystem()
	t.Cleanup(sys.Shutdown)
	got := make(chan string, 4)
	probe := func(name string) *actor.PID {
		return sys.Root.Spawn(actor.PropsFromFunc(func(c actor.Context) {
			if _, ok := c.Message().(*session.Reauthorize); ok {
				got <- name
			}
		}))
	}
	users := session.NewLocalUsers(sys)
	users.Add("u1", probe("a"))
	users.Add("u1", probe("b"))
	users.Add("u2", probe("c"))
	users.Reauthorize("u1")
	seen := map[string]bool{}
	for range 2 {
		select {
		case n := <-got:
			seen[n] = true
		case <-time.After(5 * time.Second):
			t.Fatal("a session was not told")
		}
	}
	if !seen["a"] || !seen["b"] {
		t.Fatalf("told %v", seen)
	}
	select {
	case n := <-got:
		t.Fatalf("session %s of another user was told", n)
	case <-time.After(50 * time.Millisecond):
	}
}

// watching records what a session reports of the time its user spent in rooms.
type watching struct{ got chan string }

func (w watching) Watched(user, room string, d time.Duration) {
	if d >= 0 {
		w.got <- user + "@" + room
	}
}

func TestTimeInRoomsIsReportedOnLeaveAndOnCloseForUsersOnly(t *testing.T) {
	w := watching{got: make(chan string, 8)}
	auth := tokenAuth{"good": {ID: "u42", Name: "Mia"}}
	sys, pid, c := start(t, &session.Config{Auth: auth, Watching: w})
	in(sys, pid, `{"t":"auth","token":"good"}`)
	c.wait(t, "welcome", containsFrame(`"t":"welcome"`))
	in(sys, pid, `{"t":"join","room":"1001"}`)
	in(sys, pid, `{"t":"join","room":"1002"}`)
	in(sys, pid, `{"t":"join","room":"1001"}`) // a second join keeps the first time
	in(sys, pid, `{"t":"leave","room":"1001"}`)
	next := func() string {
		select {
		case s := <-w.got:
			return s
		case <-time.After(3 * time.Second):
			t.Fatal("nothing reported")
			return ""
		}
	}
	if got := next(); got != "u42@1001" {
		t.Fatalf("on leave: %s", got)
	}
	sys.Root.Send(pid, &session.Closed{})
	if got := next(); got != "u42@1002" {
		t.Fatalf("on close: %s", got)
	}
	select {
	case s := <-w.got:
		t.Fatalf("reported twice: %s", s)
	case <-time.After(100 * time.Millisecond):
	}

	// A guest's time is nobody's experience.
	sys2, pid2, c2 := start(t, &session.Config{Auth: auth, Watching: w})
	in(sys2, pid2, `{"t":"auth","token":""}`)
	c2.wait(t, "guest welcome", containsFrame(`"guest":true`))
	in(sys2, pid2, `{"t":"join","room":"1001"}`)
	in(sys2, pid2, `{"t":"leave","room":"1001"}`)
	sys2.Root.Send(pid2, &session.Closed{})
	select {
	case s := <-w.got:
		t.Fatalf("a guest was reported: %s", s)
	case <-time.After(200 * time.Millisecond):
	}
}

// panicConn fails the session's first write, as a bug in a handler would.
type panicConn struct{ recConn }

func (c *panicConn) SendText([]byte) bool { panic("write failed") }

// A session that fails is stopped, not restarted without its connection: it closes the connection
// (1011), and the client reconnects and resumes as after any drop.
func TestAFailedSessionClosesItsConnection(t *testing.T) {
	sys := actor.NewActorSystem()
	t.Cleanup(sys.Shutdown)
	sink := sys.Root.Spawn(actor.PropsFromFunc(func(actor.Context) {}))
	cfg := &session.Config{Relay: sink, Rooms: noRooms{sink}, Translate: func(lang, key string, _ ...any) string { return key }}
	c := &panicConn{}
	pid := session.Spawn(sys.Root, session.Props(cfg), c, "en_US")
	in(sys, pid, `{"t":"join","room":"1001"}`) // answered before sign-in: the write panics
	c.wait(t, "the connection closed", func(_ []string, closed uint16) bool { return closed == protocol.CloseInternalError })
}

// A chat line refused for a level too low reaches the client with the level needed: as a field, and
// in the localized message ("Level too low: level 6 needed"), issue 17. Other refusals are unchanged.
func TestLevelRefusalNamesTheLevelNeeded(t *testing.T) {
	sys := actor.NewActorSystem()
	t.Cleanup(sys.Shutdown)
	roomPID := sys.Root.Spawn(actor.PropsFromFunc(func(c actor.Context) {
		if cmd, ok := c.Message().(*room.Command); ok {
			r := &room.Reply{Room: cmd.Msg.Room, Nonce: cmd.Msg.Nonce, Code: protocol.CodeLevelTooLow, Level: 6}
			if cmd.Msg.Text == "other" {
				r.Code, r.Level = protocol.CodeNonCompliant, 0
			}
			c.Send(cmd.ReplyTo, r)
		}
	}))
	cfg := &session.Config{Relay: roomPID, Rooms: noRooms{roomPID}, Auth: tokenAuth{"t": {ID: "u5", Name: "Low", Level: 2}}}
	cfg.Translate = func(lang, key string, args ...any) string { return fmt.Sprint(lang, ":", key, args) }
	c := &recConn{}
	sys2, pid := sys, session.Spawn(sys.Root, session.Props(cfg), c, "en_US") // the auth's lan wins
	in(sys2, pid, `{"t":"auth","token":"t","lan":"de"}`)
	c.wait(t, "welcome", containsFrame(`"t":"welcome"`))
	in(sys2, pid, `{"t":"join","room":"1001"}`)
	in(sys2, pid, `{"t":"chat","room":"1001","text":"hi","nonce":"n1"}`)
	c.wait(t, "the level refusal", containsFrame(`"nonce":"n1","room":"1001","code":4006,"key":"chat.levelTooLow","msg":"de:chat.levelNeeded[6]","level":6}`))
	in(sys2, pid, `{"t":"chat","room":"1001","text":"other","nonce":"n2"}`)
	c.wait(t, "another refusal", containsFrame(`"nonce":"n2","room":"1001","code":4004,"key":"chat.nonCompliant","msg":"de:chat.nonCompliant[]"}`))
}
