package engine_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"courtside/api/apitest"
	"courtside/engine"
	"courtside/gateway/media/mediatest"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// A followed streamer going live (issue 17 "Around the room"): the streamer's OBS push (ffmpeg, the
// real RTMP ingest) puts the room live, and the follower's open socket receives the message centre's
// `notice` frame (kind live, the room's link) without asking; the follower's "following" list shows
// the streamer live first. A user who follows nobody hears nothing.
func TestAFollowerHearsOnTheirSocketWhenTheStreamerGoesLive(t *testing.T) {
	ffmpeg := mediatest.FFmpeg(t, "the go-live notice needs a real push")
	db := pgtest.NewDatabase(t)
	rtmpAddr := freeAddr(t)
	n := startNode(t, db, t.TempDir(), func(c *engine.Config) { c.RTMPAddr = rtmpAddr })
	suffix := strconv.FormatInt(time.Now().UnixNano()%1e9, 36)
	starUID, starTok := register(t, n.http, "star-"+suffix+"@example.com")
	_, fanTok := register(t, n.http, "fan-"+suffix+"@example.com")
	_, otherTok := register(t, n.http, "other-"+suffix+"@example.com")
	call := func(token, method, path, body string, out any) {
		t.Helper()
		r := apitest.Do(t, n.http, method, "/java"+path, body, http.Header{"Token": {token}, "Lan": {"en_US"}})
		if r.Env.Status != "success" {
			t.Fatalf("%s %s: %s", method, path, r.Body)
		}
		if out != nil {
			if err := json.Unmarshal(r.Env.Result, out); err != nil {
				t.Fatalf("%s %s: %s: %v", method, path, r.Body, err)
			}
		}
	}
	call(starTok, "POST", "/user/V2/modifyUser", `{"uname":"Star`+suffix+`","password":"goLive2026"}`, nil)

	// The streamer is approved (the review itself is tested in api/anchor) and sets the room up.
	ctx := context.Background()
	pool, err := postgres.Open(ctx, postgres.Config{URL: db, MaxConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	id, _ := strconv.ParseInt(starUID[1:], 10, 64)
	room := postgres.RoomIDFor(id)
	if err := postgres.NewAnchors(pool).SeedApproved(ctx, id, "Star"+suffix, room, []byte("seed")); err != nil {
		t.Fatal(err)
	}
	call(starTok, "POST", "/updateAnchor", `{"title":"Late show","detailIntro":"Talk and questions"}`, nil)
	call(starTok, "POST", "/anchor/toggleMatchId", `{"customTag":"#Talk show"}`, nil)
	var guide struct {
		StreamKey string `json:"streamKey"`
	}
	call(starTok, "POST", "/anchor/streamKey", "", &guide)
	call(starTok, "GET", "/anchor/broadcast", "", nil)

	call(fanTok, "GET", "/user/followUser?userId="+starUID, "", nil)
	fan, other := dialAs(t, n.ws, fanTok), dialAs(t, n.ws, otherTok)

	pushCtx, stop := context.WithCancel(ctx)
	defer stop()
	push := exec.CommandContext(pushCtx, ffmpeg, "-hide_banner", "-loglevel", "error", "-nostdin", "-re",
		"-f", "lavfi", "-i", "testsrc=size=160x120:rate=25", "-f", "lavfi", "-i", "sine=frequency=440",
		"-t", "30", "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "25", "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-f", "flv", "rtmp://"+rtmpAddr+"/live/"+guide.StreamKey)
	if err := push.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stop(); _ = push.Wait() }()

	got := fan.expect("notice", func(m map[string]any) bool { return m["kind"] == "live" })
	if got["link"] != "/live/"+room || got["key"] != "inbox.new" || got["unread"].(float64) < 1 {
		t.Fatalf("live notice: %v", got)
	}

	// The following list: the streamer, live, with the custom tag.
	var following struct {
		List []struct {
			RoomID    string `json:"roomId"`
			Name      string `json:"name"`
			Live      bool   `json:"live"`
			CustomTag string `json:"customTag"`
		} `json:"list"`
	}
	call(fanTok, "GET", "/live/following", "", &following)
	if len(following.List) != 1 || following.List[0].RoomID != room || !following.List[0].Live || following.List[0].CustomTag != "Talk show" {
		t.Fatalf("following: %+v", following.List)
	}
	// Someone who follows nobody got no live notice meanwhile.
	for {
		select {
		case m := <-other.in:
			if m["t"] == "notice" && m["kind"] == "live" {
				t.Fatalf("a user who follows nobody was told: %v", m)
			}
			continue
		case <-time.After(500 * time.Millisecond):
		}
		break
	}
}

// freeAddr is a loopback address with a port free now (the ingest listens on it).
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return fmt.Sprintf("127.0.0.1:%d", ln.Addr().(*net.TCPAddr).Port)
}
