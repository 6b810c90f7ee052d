package engine_test

import (
	"context"
	"errors"
	"testing"

	"courtside/actors/room"
	"courtside/engine"
	"courtside/storage/postgres/pgtest"
)

// tokens stands in for the accounts module: a fixed map from token to identity.
type tokens map[string]room.Identity

func (tk tokens) Authenticate(_ context.Context, token string) (room.Identity, error) {
	if u, ok := tk[token]; ok {
		return u, nil
	}
	return room.Identity{}, errors.New("unknown token")
}

var people = engine.WithAuthenticator(tokens{
	"admin":  {ID: "u1", Name: "Ada", Admin: true, Level: 30},
	"viewer": {ID: "u2", Name: "Vic", Level: 3},
	"other":  {ID: "u3", Name: "Oli", Level: 3},
})

func TestDeleteReachesEveryConnectedClient(t *testing.T) {
	n := startNode(t, pgtest.NewDatabase(t), t.TempDir(), nil, people)
	admin, author := dialAs(t, n.ws, "admin"), dialAs(t, n.ws, "viewer")
	watchers := []*client{dial(t, n.ws), dial(t, n.ws), dialAs(t, n.ws, "other")}
	for _, c := range append(watchers, admin, author) {
		c.join("1003", nil)
	}
	ack := author.chat("1003", "something rude", "r1")
	msgID := ack["ev"].(map[string]any)["id"]
	admin.send(map[string]any{"t": "mod", "room": "1003", "op": "delete", "msg": msgID, "nonce": "d1"})
	admin.expect("ack", func(m map[string]any) bool { return m["nonce"] == "d1" })
	for _, w := range append(watchers, author) {
		w.events("1003", func(evs []map[string]any) bool {
			for _, e := range evs {
				if e["k"] == "del" && e["msg"] == msgID {
					return true
				}
			}
			return false
		})
	}
}

func TestMuteAcknowledgedOverTheSocketIsInForceForTheNextMessage(t *testing.T) {
	n := startNode(t, pgtest.NewDatabase(t), t.TempDir(), nil, people)
	admin, viewer := dialAs(t, n.ws, "admin"), dialAs(t, n.ws, "viewer")
	admin.join("1001", nil)
	viewer.join("1001", nil)
	viewer.chat("1001", "hello", "h")
	admin.send(map[string]any{"t": "mod", "room": "1001", "op": "mute", "uid": "u2", "secs": 600, "nonce": "m"})
	admin.expect("ack", func(m map[string]any) bool { return m["nonce"] == "m" })
	viewer.send(map[string]any{"t": "chat", "room": "1001", "text": "am I muted?", "nonce": "x"})
	if e := viewer.expect("error", func(m map[string]any) bool { return m["nonce"] == "x" }); e["key"] != "chat.muted" {
		t.Fatalf("muted user's message: %v", e)
	}
	admin.send(map[string]any{"t": "muted", "room": "1001", "nonce": "l"})
	list := admin.expect("mutedList", nil)["list"].([]any)
	if len(list) != 1 || list[0].(map[string]any)["uid"] != "u2" || list[0].(map[string]any)["name"] != "Vic" {
		t.Fatalf("muted list %v", list)
	}
	viewer.send(map[string]any{"t": "mod", "room": "1001", "op": "mute", "uid": "u3", "nonce": "v"})
	if e := viewer.expect("error", func(m map[string]any) bool { return m["nonce"] == "v" }); e["key"] != "mod.forbidden" {
		t.Fatalf("viewer muting: %v", e)
	}
}

func TestPlatformMuteHoldsInEveryRoomAndAcrossARestart(t *testing.T) {
	db, data := pgtest.NewDatabase(t), t.TempDir()
	n := startNode(t, db, data, nil, people)
	admin := dialAs(t, n.ws, "admin")
	admin.send(map[string]any{"t": "mod", "room": "1001", "op": "platformMute", "uid": "u2", "secs": 3600, "nonce": "p"})
	admin.expect("ack", func(m map[string]any) bool { return m["nonce"] == "p" })
	v := dialAs(t, n.ws, "viewer")
	v.join("1002", nil)
	v.send(map[string]any{"t": "chat", "room": "1002", "text": "elsewhere", "nonce": "e"})
	if e := v.expect("error", nil); e["key"] != "chat.muted" {
		t.Fatalf("platform-muted user in another room: %v", e)
	}
	n.stop(t)

	again := startNode(t, db, data, nil, people)
	v2 := dialAs(t, again.ws, "viewer")
	v2.join("1003", nil)
	v2.send(map[string]any{"t": "chat", "room": "1003", "text": "after restart", "nonce": "r"})
	if e := v2.expect("error", nil); e["key"] != "chat.muted" {
		t.Fatalf("platform mute lost in a restart: %v", e)
	}
}
