package engine_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	jsoniter "github.com/json-iterator/go"
	"go.uber.org/zap/zaptest"

	"courtside/engine"
	"courtside/storage/postgres/pgtest"
)

var json = jsoniter.ConfigCompatibleWithStandardLibrary

type testNode struct {
	*engine.Node
	cancel context.CancelFunc
	done   chan error
	http   string
	ws     string
}

// startNode runs a whole node (real Postgres, real gnet gateway, real Pebble history) on loopback.
func startNode(t *testing.T, dbURL, dataDir string, tweak func(*engine.Config), opts ...engine.Option) *testNode {
	t.Helper()
	cfg, err := engine.Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Env, cfg.Demo = "dev", true
	cfg.DemoStreams = false // the demo's ffmpeg pushes and fans: only the tests of them turn them on
	cfg.DatabaseURL, cfg.DataDir = dbURL, dataDir
	cfg.HTTPAddr, cfg.WSAddr, cfg.RTMPAddr = "127.0.0.1:0", "127.0.0.1:0", "127.0.0.1:0"
	cfg.WebDir = t.TempDir()
	cfg.TickMin, cfg.TickMax = 20*time.Millisecond, 40*time.Millisecond
	if tweak != nil {
		tweak(&cfg)
	}
	ctx, cancel := context.WithCancel(context.Background())
	n, err := engine.New(ctx, cfg, zaptest.NewLogger(t).Named("node"), opts...)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	tn := &testNode{Node: n, cancel: cancel, done: make(chan error, 1)}
	go func() { tn.done <- n.Run(ctx) }()
	deadline := time.Now().Add(10 * time.Second)
	for !n.Ready() {
		if time.Now().After(deadline) {
			t.Fatal("node did not become ready")
		}
		time.Sleep(10 * time.Millisecond) // polling for readiness, not synchronising on a guess
	}
	tn.http = "http://" + n.HTTPAddr().String()
	tn.ws = "ws://" + n.WSAddr().String() + "/ws?v=1"
	t.Cleanup(func() { tn.stop(t) })
	return tn
}

func (tn *testNode) stop(t *testing.T) {
	if tn.cancel == nil {
		return
	}
	tn.cancel()
	tn.cancel = nil
	select {
	case err := <-tn.done:
		if err != nil {
			t.Errorf("node stopped with %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Error("node did not stop within 20s")
	}
}

// client is a strict WebSocket client speaking protocol v1.
type client struct {
	t    *testing.T
	c    *websocket.Conn
	ctx  context.Context
	user map[string]any
	in   chan map[string]any
	err  chan error
}

func dial(t *testing.T, url string) *client { return dialAs(t, url, "") }

// dialRaw connects without authenticating.
func dialRaw(t *testing.T, url string) *client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	cl := &client{t: t, c: c, ctx: ctx, in: make(chan map[string]any, 4096), err: make(chan error, 1)}
	go cl.read()
	t.Cleanup(func() { c.CloseNow() })
	return cl
}

// dialAs connects and authenticates with token ("" = guest).
func dialAs(t *testing.T, url, token string) *client {
	t.Helper()
	cl := dialRaw(t, url)
	cl.send(map[string]any{"t": "auth", "token": token, "lan": "en_US"})
	cl.user = cl.expect("welcome", nil)["user"].(map[string]any)
	return cl
}

func (cl *client) read() {
	for {
		_, b, err := cl.c.Read(cl.ctx)
		if err != nil {
			cl.err <- err
			close(cl.in)
			return
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			cl.err <- fmt.Errorf("bad frame %s: %w", b, err)
			close(cl.in)
			return
		}
		cl.in <- m
	}
}

func (cl *client) send(m map[string]any) {
	cl.t.Helper()
	b, _ := json.Marshal(m)
	if err := cl.c.Write(cl.ctx, websocket.MessageText, b); err != nil {
		cl.t.Fatalf("write: %v", err)
	}
}

// expect returns the next frame of type typ that satisfies ok, skipping others.
func (cl *client) expect(typ string, ok func(map[string]any) bool) map[string]any {
	cl.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case m, open := <-cl.in:
			if !open {
				cl.t.Fatalf("connection closed while waiting for %s: %v", typ, <-cl.err)
			}
			if m["t"] == typ && (ok == nil || ok(m)) {
				return m
			}
			if os.Getenv("DEBUGFRAMES") != "" {
				cl.t.Logf("skipped frame %v", m)
			}
		case <-timeout:
			cl.t.Fatalf("timed out waiting for %s", typ)
		}
	}
}

// events collects batch events of room until ok says stop.
func (cl *client) events(room string, until func([]map[string]any) bool) []map[string]any {
	cl.t.Helper()
	var out []map[string]any
	for !until(out) {
		b := cl.expect("batch", func(m map[string]any) bool { return m["room"] == room })
		for _, e := range b["ev"].([]any) {
			out = append(out, e.(map[string]any))
		}
	}
	return out
}

func seqOf(e map[string]any) uint64 { return uint64(e["seq"].(float64)) }

func (cl *client) join(room string, since *uint64) map[string]any {
	m := map[string]any{"t": "join", "room": room}
	if since != nil {
		m["since"] = *since
	}
	cl.send(m)
	return cl.expect("joined", func(m map[string]any) bool { return m["room"] == room })
}

func (cl *client) chat(room, text, nonce string) map[string]any {
	cl.send(map[string]any{"t": "chat", "room": room, "text": text, "nonce": nonce})
	return cl.expect("ack", func(m map[string]any) bool { return m["nonce"] == nonce })
}

func TestTwoViewersExchangeChatThroughTheGatewayAndAGuestOnlyReads(t *testing.T) {
	n := startNode(t, pgtest.NewDatabase(t), t.TempDir(), nil, people)
	a, b := dialAs(t, n.ws, "viewer"), dialAs(t, n.ws, "other")
	guest := dial(t, n.ws)
	guest.join("1001", nil)
	a.join("1001", nil)
	b.join("1001", nil)
	ack := a.chat("1001", "hello from a", "a1")
	if ack["ev"].(map[string]any)["text"] != "hello from a" {
		t.Fatalf("ack %v", ack)
	}
	got := b.events("1001", func(evs []map[string]any) bool { return len(evs) > 0 })
	if got[0]["text"] != "hello from a" || got[0]["uid"] != a.user["id"] {
		t.Fatalf("b got %v", got)
	}
	b.chat("1001", "hi a", "b1")
	a.events("1001", func(evs []map[string]any) bool {
		for _, e := range evs {
			if e["text"] == "hi a" {
				return true
			}
		}
		return false
	})
	// The guest reads the room but may not chat (spec §6), in a demo room as in any other.
	guest.events("1001", func(evs []map[string]any) bool { return len(evs) >= 2 })
	guest.send(map[string]any{"t": "chat", "room": "1001", "text": "me too", "nonce": "g1"})
	if e := guest.expect("error", nil); e["key"] != "chat.loginRequired" || e["code"] != float64(4002) {
		t.Fatalf("guest chat: %v", e)
	}
}

func TestErrorsAreLocalizedInTheSessionsLanguage(t *testing.T) {
	n := startNode(t, pgtest.NewDatabase(t), t.TempDir(), nil)
	c := dial(t, n.ws)
	c.send(map[string]any{"t": "chat", "room": "1001", "text": "not joined", "nonce": "x"})
	e := c.expect("error", nil)
	if e["key"] != "chat.roomClosed" || e["msg"] != "Chat room not open" {
		t.Fatalf("error %v", e)
	}
	c.send(map[string]any{"t": "join", "room": "9999"})
	if e := c.expect("error", nil); e["key"] != "room.notFound" || e["room"] != "9999" {
		t.Fatalf("unknown room: %v", e)
	}
	c.send(map[string]any{"t": "nonsense"})
	if e := c.expect("error", nil); e["key"] != "proto.bad" {
		t.Fatalf("bad command: %v", e)
	}
}

func TestResumeAfterReconnectHasNoGapAndNoDuplicate(t *testing.T) {
	n := startNode(t, pgtest.NewDatabase(t), t.TempDir(), nil, people)
	talker := dialAs(t, n.ws, "viewer")
	talker.join("1002", nil)
	listener := dial(t, n.ws)
	listener.join("1002", nil)
	talker.chat("1002", "before 1", "p1")
	talker.chat("1002", "before 2", "p2")
	seen := listener.events("1002", func(evs []map[string]any) bool { return len(evs) >= 2 })
	last := seqOf(seen[len(seen)-1])
	listener.c.Close(websocket.StatusNormalClosure, "going through a tunnel")

	var missed []uint64
	for i := 0; i < 15; i++ { // under the viewer rate limit of 20 per 30 s
		ack := talker.chat("1002", fmt.Sprintf("while away %d", i), fmt.Sprintf("w%d", i))
		missed = append(missed, uint64(ack["seq"].(float64)))
	}
	back := dial(t, n.ws)
	j := back.join("1002", &last)
	if j["gap"] != false {
		t.Fatalf("joined %v: gap", j)
	}
	talker.chat("1002", "after", "after")
	evs := back.events("1002", func(evs []map[string]any) bool {
		return len(evs) > 0 && evs[len(evs)-1]["text"] == "after"
	})
	var got []uint64
	for _, e := range evs[:len(evs)-1] {
		got = append(got, seqOf(e))
	}
	if fmt.Sprint(got) != fmt.Sprint(missed) {
		t.Fatalf("after resume got seqs %v, want exactly %v", got, missed)
	}
}

func TestOperationalEndpoints(t *testing.T) {
	n := startNode(t, pgtest.NewDatabase(t), t.TempDir(), nil)
	for path, want := range map[string]string{
		"/healthz":          "ok",
		"/readyz":           "ready",
		"/metrics":          "courtside_chat_sampled_out_total",
		"/java/no/such/api": `"status":"fail"`,
	} {
		resp, err := http.Get(n.http + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(body), want) {
			t.Errorf("GET %s = %d %q, want it to contain %q", path, resp.StatusCode, body, want)
		}
	}
	if resp, _ := http.Get(n.http + "/debug/pprof/"); resp.StatusCode == http.StatusOK {
		t.Error("pprof is served although COURTSIDE_PPROF is off")
	}
}

func TestGracefulShutdownTellsClientsToGoElsewhere(t *testing.T) {
	n := startNode(t, pgtest.NewDatabase(t), t.TempDir(), nil, people)
	c := dialAs(t, n.ws, "viewer")
	c.join("1001", nil)
	c.chat("1001", "last words", "z")
	n.stop(t)
	select {
	case <-c.in:
	case <-time.After(5 * time.Second):
	}
	for range c.in {
	}
	if err := <-c.err; websocket.CloseStatus(err) != websocket.StatusGoingAway {
		t.Fatalf("close = %v, want 1001 going away", err)
	}
}

func TestScoreboardSubscribersReceiveLiveScoresFromTheSimulator(t *testing.T) {
	n := startNode(t, pgtest.NewDatabase(t), t.TempDir(), nil)
	c := dial(t, n.ws)
	c.send(map[string]any{"t": "sub", "topic": "scores:202"})
	if s := c.expect("subbed", nil); s["topic"] != "scores:202" {
		t.Fatalf("subbed %v", s)
	}
	// The demo simulator plays soccer matches every second: a scoreboard frame must arrive.
	frame := c.expect("scores", nil)
	if len(frame["deltas"].(map[string]any)) == 0 {
		t.Fatalf("empty scoreboard frame %v", frame)
	}
	c.send(map[string]any{"t": "sub", "topic": "nonsense"})
	if e := c.expect("error", nil); e["key"] != "proto.bad" {
		t.Fatalf("bad topic: %v", e)
	}
	r, err := http.Get(n.http + "/java/game/v3/getPCGameSource")
	if err != nil || r.StatusCode != 200 {
		t.Fatalf("game catalogue: %v %v", r, err)
	}
	r.Body.Close()
}
