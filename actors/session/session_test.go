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
	cfg.Translate = func(lang, key string) string { return lang + ":" + key }
	c := &recConn{}
	return sys, sys.Root.Spawn(session.Props(cfg, c, "zh_CN")), c
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
