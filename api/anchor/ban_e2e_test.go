package anchor_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"os/exec"
	"testing"
	"time"

	"courtside/api/anchor"
	"courtside/gateway/media"
	"courtside/gateway/media/mediatest"
)

func ffmpegOrSkip(t *testing.T) string {
	return mediatest.FFmpeg(t, "the streamer-centre push tests need a real push")
}

func pushCmd(ctx context.Context, ffmpeg, url string, secs string) *exec.Cmd {
	return exec.CommandContext(ctx, ffmpeg, "-hide_banner", "-loglevel", "error", "-nostdin", "-re",
		"-f", "lavfi", "-i", "testsrc=size=160x120:rate=25", "-f", "lavfi", "-i", "sine=frequency=440",
		"-t", secs, "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "25", "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-f", "flv", url)
}

func waitUntil(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	end := time.Now().Add(d)
	for !cond() {
		if time.Now().After(end) {
			t.Fatalf("%s: not within %v", what, d)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestStreamingBanStopsTheStreamAtOnce runs the streamer centre with the real media path and ffmpeg:
// a streamer starts live, pushes with the key from the centre, a viewer watches the Pro stream, an
// administrator bans the streamer, and the stream stops at once; the key is refused afterwards.
func TestStreamingBanStopsTheStreamAtOnce(t *testing.T) {
	ffmpeg := ffmpegOrSkip(t)
	e := newEnv(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- e.hub.Serve(ctx, ln) }()
	defer func() { cancel(); <-done }()
	rtmp := "rtmp://" + ln.Addr().String() + "/live/"

	const user, svip = 71, 31
	room := e.approvedStreamer(user)
	e.ok(user, "POST", "/updateAnchor", e.validSettings(user, nil), nil)
	var guide media.OBSGuide
	e.ok(user, "POST", "/anchor/streamKey", nil, &guide)
	if guide.StreamKey == "" || guide.Server == "" {
		t.Fatalf("guide: %+v", guide)
	}

	// Before live is started in the centre, the key is refused.
	if out, err := pushCmd(ctx, ffmpeg, rtmp+guide.StreamKey, "2").CombinedOutput(); err == nil {
		t.Fatalf("push before starting live was accepted: %s", out)
	}
	e.ok(user, "GET", "/anchor/broadcast", nil, nil)
	push := pushCmd(ctx, ffmpeg, rtmp+guide.StreamKey, "30")
	if err := push.Start(); err != nil {
		t.Fatal(err)
	}
	pushed := make(chan error, 1)
	go func() { pushed <- push.Wait() }()
	waitUntil(t, 15*time.Second, "room live", func() bool { return e.hub.Live(room) })
	var st anchor.State
	e.ok(user, "GET", "/anchor/isBroadcast", nil, &st)
	if !st.Live || !st.Broadcasting {
		t.Fatalf("isBroadcast: %+v", st)
	}
	waitUntil(t, 5*time.Second, "live session recorded", func() bool {
		l, err := e.store.LiveRoom(context.Background(), room)
		return err == nil && l.Live
	})

	var p media.Playback
	e.ok(svip, "GET", "/live/playback?roomId="+room, nil, &p)
	if len(p.Sources) < 2 || p.Sources[0].Kind != media.SourcePro {
		t.Fatalf("SVIP playback: %+v", p)
	}
	resp, err := http.Get(e.url + p.Sources[0].URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	viewerDone := make(chan int64, 1)
	go func() { n, _ := io.Copy(io.Discard, resp.Body); viewerDone <- n }()

	waitUntil(t, 5*time.Second, "peak viewers recorded", func() bool {
		ss, err := e.store.Sessions(context.Background(), room, 1, 0)
		return err == nil && len(ss) == 1 && ss[0].PeakViewers >= 1
	})

	banned := time.Now()
	var ban struct{ StreamStopped bool }
	e.ok(adminID, "POST", "/admin/anchor/ban", anchor.Ban{UserID: "u71", Banned: true, Reason: "other platform's logo"}, &ban)
	if !ban.StreamStopped {
		t.Fatal("ban did not report a stopped stream")
	}
	select {
	case n := <-viewerDone:
		if n < 1000 {
			t.Fatalf("viewer got only %d bytes before the ban", n)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the viewer's stream did not stop after the ban")
	}
	select {
	case <-pushed: // ffmpeg's connection was cut
	case <-time.After(10 * time.Second):
		t.Fatal("the publisher was not disconnected")
	}
	t.Logf("ban to stream stopped: %v", time.Since(banned).Round(time.Millisecond))
	if e.hub.Live(room) || !e.events.has(room+" false") {
		t.Fatal("room still live after the ban")
	}
	if out, err := pushCmd(ctx, ffmpeg, rtmp+guide.StreamKey, "2").CombinedOutput(); err == nil {
		t.Fatalf("a banned streamer's key was accepted: %s", out)
	}
	var rec struct{ List []anchor.Session }
	e.ok(user, "GET", "/liveRecord", nil, &rec)
	if len(rec.List) != 1 || rec.List[0].EndedAt == 0 || rec.List[0].PeakViewers < 1 {
		t.Fatalf("liveRecord: %+v", rec)
	}
}
