package engine_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"courtside/storage/postgres/pgtest"
)

func waitABit() { time.Sleep(5 * time.Millisecond) }

// childNode is a node in its own process, so a test can SIGKILL it.
type childNode struct {
	cmd      *exec.Cmd
	http, ws string
}

func startChild(t *testing.T, dbURL, dataDir string) *childNode {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(),
		"COURTSIDE_TEST_NODE=1", "DATABASE_URL="+dbURL, "COURTSIDE_DATA_DIR="+dataDir,
		"COURTSIDE_HTTP_ADDR=127.0.0.1:0", "COURTSIDE_WS_ADDR=127.0.0.1:0", "COURTSIDE_RTMP_ADDR=127.0.0.1:0", "COURTSIDE_DEMO=true", "COURTSIDE_DEMO_STREAMS=false",
		"COURTSIDE_WEB_DIR="+t.TempDir(), "COURTSIDE_TEST_TOKENS=1",
		"COURTSIDE_FFMPEG=-") // a killed child's demo-video ffmpeg would keep writing into dataDir
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "READY ") {
				lines <- sc.Text()
			}
		}
		close(lines)
	}()
	select {
	case l, ok := <-lines:
		if !ok {
			t.Fatal("child node exited before it was ready")
		}
		var h, w string
		fmt.Sscanf(l, "READY http=%s ws=%s", &h, &w)
		return &childNode{cmd: cmd, http: "http://" + h, ws: "ws://" + w + "/ws?v=1"}
	case <-time.After(30 * time.Second):
		t.Fatal("child node not ready within 30s")
	}
	return nil
}

// TestAcknowledgedChatSurvivesSIGKILL is the durability promise: kill -9 a node in the middle of a
// chat storm, start it again on the same data: every message acknowledged to its sender is in the
// history, none twice.
func TestAcknowledgedChatSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test runs a chat storm against a real process")
	}
	db, dataDir := pgtest.NewDatabase(t), t.TempDir()
	node := startChild(t, db, dataDir)

	const clients, perClient, killAfter = 120, 20, 1200
	var mu sync.Mutex
	acked := map[uint64]string{} // seq -> text
	enough := make(chan struct{})
	var once sync.Once
	var wg sync.WaitGroup
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			conn, _, err := websocket.Dial(ctx, node.ws, nil)
			if err != nil {
				return
			}
			defer conn.CloseNow()
			send := func(s string) error { return conn.Write(ctx, websocket.MessageText, []byte(s)) }
			// Guests may not chat (spec §6): each client signs in as a viewer of its own, and a
			// token is checked before the session takes commands, so wait for the welcome.
			if send(fmt.Sprintf(`{"t":"auth","token":"viewer-c%d","lan":"en_US"}`, c)) != nil {
				return
			}
			for {
				_, b, err := conn.Read(ctx)
				if err != nil {
					return
				}
				if strings.Contains(string(b), `"t":"welcome"`) {
					break
				}
			}
			if send(`{"t":"join","room":"1001"}`) != nil {
				return
			}
			for i := 0; i < perClient; i++ {
				if send(fmt.Sprintf(`{"t":"chat","room":"1001","text":"c%d-m%d","nonce":"n%d"}`, c, i, i)) != nil {
					return
				}
			}
			for {
				_, b, err := conn.Read(ctx)
				if err != nil {
					return
				}
				if !strings.Contains(string(b), `"t":"ack"`) {
					continue
				}
				var a struct {
					Seq uint64 `json:"seq"`
					Ev  struct {
						Text string `json:"text"`
					} `json:"ev"`
				}
				if json.Unmarshal(b, &a) == nil {
					mu.Lock()
					acked[a.Seq] = a.Ev.Text
					if len(acked) >= killAfter {
						once.Do(func() { close(enough) })
					}
					mu.Unlock()
				}
			}
		}(c)
	}
	select {
	case <-enough:
	case <-time.After(60 * time.Second):
		t.Fatal("the storm never reached the kill point")
	}
	if err := node.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	node.cmd.Wait()
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	t.Logf("killed the node with %d acknowledged messages", len(acked))

	again := startChild(t, db, dataDir)
	stored := map[uint64]string{}
	cursor := ""
	for {
		resp, err := http.Get(again.http + "/java/live/getChatroomSpeech?roomId=1001&size=200" + cursor)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var env struct {
			Status string `json:"status"`
			Result struct {
				List []struct {
					Seq  uint64 `json:"seq"`
					Text string `json:"text"`
				} `json:"list"`
				Cursor uint64 `json:"cursor"`
				More   bool   `json:"more"`
			} `json:"result"`
		}
		if err := json.Unmarshal(body, &env); err != nil || env.Status != "success" {
			t.Fatalf("history: %s", body)
		}
		for _, e := range env.Result.List {
			if _, dup := stored[e.Seq]; dup {
				t.Fatalf("seq %d stored twice", e.Seq)
			}
			stored[e.Seq] = e.Text
		}
		if !env.Result.More {
			break
		}
		cursor = fmt.Sprintf("&cursor=%d", env.Result.Cursor)
	}
	texts := map[string]bool{}
	for _, text := range stored {
		if texts[text] {
			t.Fatalf("message %q stored twice", text)
		}
		texts[text] = true
	}
	var maxAcked uint64
	for seq, text := range acked {
		if stored[seq] != text {
			t.Fatalf("acknowledged seq %d %q is missing after the crash (stored %q)", seq, text, stored[seq])
		}
		maxAcked = max(maxAcked, seq)
	}
	// The restarted room continues after everything it stored.
	c := dialAs(t, again.ws, "viewer-after")
	c.join("1001", nil)
	if ack := c.chat("1001", "after the crash", "ac"); uint64(ack["seq"].(float64)) <= maxAcked {
		t.Fatalf("seq after restart %v, want > %d", ack["seq"], maxAcked)
	}
}
