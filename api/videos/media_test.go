package videos_test

import (
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"courtside/api/anchor"
	"courtside/api/videos"
	"courtside/gateway/media"
	"courtside/storage/postgres"
)

// TestTranscodeRealFFmpeg: a 2-second lavfi clip is uploaded in parts and transcoded by the queue into
// a master playlist with two renditions, their segments and a poster; the job's progress ends at 100.
func TestTranscodeRealFFmpeg(t *testing.T) {
	t.Parallel()
	ff := ffmpeg(t)
	e := newEnv(t, videos.Config{Renditions: []videos.Rendition{
		{Name: "90p", Height: 90, VideoKbps: 100, AudioKbps: 32},
		{Name: "144p", Height: 144, VideoKbps: 200, AudioKbps: 48},
	}})
	ctx := context.Background()
	src := filepath.Join(t.TempDir(), "clip.mp4")
	out, err := exec.Command(ff, "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=256x144:rate=25:duration=2", "-f", "lavfi", "-i", "sine=frequency=440:duration=2",
		"-vf", "drawtext=text='Highlights':fontcolor=white:fontsize=16:x=10:y=10", "-c:v", "libx264", "-preset", "ultrafast",
		"-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", src).CombinedOutput()
	if err != nil {
		// drawtext needs a font; the clip is what matters.
		out, err = exec.Command(ff, "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
			"-f", "lavfi", "-i", "testsrc2=size=256x144:rate=25:duration=2", "-f", "lavfi", "-i", "sine=frequency=440:duration=2",
			"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", src).CombinedOutput()
		if err != nil {
			t.Fatalf("ffmpeg: %v: %s", err, out)
		}
	}
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}

	v, err := e.svc.StartUpload(ctx, 1, videos.UploadInput{Title: "Highlights: Arsenal vs Chelsea", Kind: "highlight", GameID: 202})
	if err != nil {
		t.Fatal(err)
	}
	half := int64(len(data) / 2)
	if n, err := e.svc.WriteChunk(ctx, v.ID, 0, strings.NewReader(string(data[:half]))); err != nil || n != half {
		t.Fatalf("first part: %d %v", n, err)
	}
	if _, err := e.svc.WriteChunk(ctx, v.ID, 0, strings.NewReader("again")); err == nil {
		t.Fatal("a part at the wrong offset was accepted")
	}
	if n, err := e.svc.WriteChunk(ctx, v.ID, half, strings.NewReader(string(data[half:]))); err != nil || n != int64(len(data)) {
		t.Fatalf("second part: %d %v", n, err)
	}
	if _, err := e.svc.CompleteUpload(ctx, v.ID); err != nil {
		t.Fatal(err)
	}
	if did, err := e.svc.RunOne(ctx, "w1"); !did || err != nil {
		t.Fatalf("RunOne: %v %v", did, err)
	}
	got, err := e.svc.Store().Video(ctx, v.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.State != postgres.VideoReady || !got.HasPoster || len(got.Renditions) != 2 {
		t.Fatalf("video after transcoding: %+v", got)
	}
	if got.Duration < 1900*time.Millisecond || got.Duration > 2200*time.Millisecond {
		t.Fatalf("duration %v, want about 2 s", got.Duration)
	}
	dir := filepath.Join(e.dir, itoa(v.ID))
	master, err := os.ReadFile(filepath.Join(dir, "master.m3u8"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(master), "#EXT-X-STREAM-INF"); n != 2 {
		t.Fatalf("master playlist has %d renditions, want 2:\n%s", n, master)
	}
	for _, r := range []string{"90p", "144p"} {
		if !strings.Contains(string(master), r+"/index.m3u8") {
			t.Fatalf("master playlist lacks %s:\n%s", r, master)
		}
		pl, err := os.ReadFile(filepath.Join(dir, r, "index.m3u8"))
		if err != nil || !strings.Contains(string(pl), "#EXT-X-ENDLIST") || !strings.Contains(string(pl), "seg_000.ts") {
			t.Fatalf("%s playlist: %v\n%s", r, err, pl)
		}
		f, ok := e.svc.OpenFile(ctx, v.ID, r+"/seg_000.ts")
		if !ok {
			t.Fatalf("segment of %s not served", r)
		}
		f.Close()
	}
	if st, err := os.Stat(filepath.Join(dir, "poster.jpg")); err != nil || st.Size() == 0 {
		t.Fatalf("poster: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "source.bin")); !os.IsNotExist(err) {
		t.Fatalf("the source was kept: %v", err)
	}
	for _, bad := range []string{"source.bin", "../1/master.m3u8", "90p/../../x", "segments.txt"} {
		if f, ok := e.svc.OpenFile(ctx, v.ID, bad); ok {
			f.Close()
			t.Fatalf("%q was served", bad)
		}
	}
	jobs, _ := e.svc.Store().LatestJobs(ctx, []int64{v.ID})
	if j := jobs[v.ID]; j.State != "done" || j.Progress != 100 {
		t.Fatalf("job: %+v", j)
	}

	t.Run("not a video", func(t *testing.T) {
		w, _ := e.svc.StartUpload(ctx, 1, videos.UploadInput{Title: "Bad", Kind: "clip"})
		if _, err := e.svc.WriteChunk(ctx, w.ID, 0, strings.NewReader("this is no video at all")); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.CompleteUpload(ctx, w.ID); err == nil {
			t.Fatal("a text file was accepted as a video")
		}
	})
}

type oneKey struct{ room string }

func (k oneKey) StreamKeyRoom(context.Context, []byte) (string, error) { return k.room, nil }

// TestRecordingOfAnRTMPPush: ffmpeg pushes to the ingest; the broadcast is recorded on disk and,
// when it ends, becomes a ready video linked to the room, its live session and its match.
func TestRecordingOfAnRTMPPush(t *testing.T) {
	t.Parallel()
	ff := ffmpeg(t)
	e := newEnv(t, videos.Config{})
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	const room = "rec1"
	for _, q := range []string{
		`INSERT INTO rooms (id, title) VALUES ('rec1', 'Derby night live')`,
		`INSERT INTO live_rooms (room_id, match_id, game_id) VALUES ('rec1', 'm-77', 202)`,
	} {
		if _, err := e.pool.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	anchors := anchor.MediaStore{Store: postgres.NewAnchors(e.pool)}
	hub := media.New(media.Config{HLSSegment: time.Second, RTMPAddr: "127.0.0.1:0"}, media.Deps{Keys: oneKey{room}, Notifier: anchors})
	hub.SetRecorder(e.svc.Recorder())
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hctx, hcancel := context.WithCancel(ctx)
	served := make(chan error, 1)
	go func() { served <- hub.Serve(hctx, ln) }()
	defer func() { hcancel(); <-served }()

	out, err := exec.CommandContext(ctx, ff, "-hide_banner", "-loglevel", "error", "-nostdin", "-re",
		"-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100",
		"-t", "4", "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "25", "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-b:a", "64k", "-f", "flv", "rtmp://"+ln.Addr().String()+"/live/anykey").CombinedOutput()
	if err != nil {
		t.Fatalf("ffmpeg push: %v: %s", err, out)
	}
	var rec postgres.Video
	deadline := time.Now().Add(10 * time.Second)
	for {
		rows, _, err := e.svc.Store().List(ctx, postgres.VideoQuery{GameID: -1, Kind: "recording", Limit: 5,
			States: []string{postgres.VideoProcessing, postgres.VideoReady}})
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) == 1 {
			jobs, _ := e.svc.Store().LatestJobs(ctx, []int64{rows[0].ID})
			if _, queued := jobs[rows[0].ID]; queued {
				rec = rows[0]
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no recording queued after the push: %+v", rows)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if did, err := e.svc.RunOne(ctx, "w"); !did || err != nil {
		t.Fatalf("RunOne: %v %v", did, err)
	}
	got, err := e.svc.Store().Video(ctx, rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.State != postgres.VideoReady || got.RoomID != room || got.MatchID != "m-77" || got.GameID != 202 || got.Title != "Derby night live" {
		t.Fatalf("recording: %+v", got)
	}
	if got.Duration < 3*time.Second || got.Duration > 5*time.Second || !got.HasPoster {
		t.Fatalf("recording of a 4 s push lasts %v (poster %v)", got.Duration, got.HasPoster)
	}
	var session int64
	if err := e.pool.QueryRow(ctx, `SELECT id FROM live_sessions WHERE room_id=$1`, room).Scan(&session); err != nil {
		t.Fatal(err)
	}
	by, err := e.svc.BySessions(ctx, []int64{session})
	if err != nil || by[session].ID != rec.ID {
		t.Fatalf("the recording is not linked to live session %d: %+v %v", session, by, err)
	}
	pl, err := os.ReadFile(filepath.Join(e.dir, itoa(rec.ID), "source", "index.m3u8"))
	if err != nil || !strings.Contains(string(pl), "#EXT-X-ENDLIST") || strings.Count(string(pl), "#EXTINF") < 3 {
		t.Fatalf("recording playlist: %v\n%s", err, pl)
	}
}

// TestRetentionSweep: recordings older than the retention are deleted with their files; younger
// ones and uploads are kept.
func TestRetentionSweep(t *testing.T) {
	t.Parallel()
	e := newEnv(t, videos.Config{Retention: 7 * 24 * time.Hour, FFmpeg: "-"})
	ctx := context.Background()
	st := e.svc.Store()
	mk := func(kind string, age time.Duration) int64 {
		v, err := st.CreateVideo(ctx, postgres.Video{Kind: kind, Title: kind, OwnerID: 5, State: postgres.VideoProcessing}, e.clock.Now().Add(-age))
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Finished(ctx, v.ID, time.Minute, []string{"source"}, false, e.clock.Now()); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(e.dir, itoa(v.ID)), 0o755); err != nil {
			t.Fatal(err)
		}
		return v.ID
	}
	old, young, upload := mk("recording", 8*24*time.Hour), mk("recording", 6*24*time.Hour), mk("highlight", 30*24*time.Hour)
	hidden := mk("recording", 9*24*time.Hour)
	if _, err := e.svc.SetRecordingState(ctx, 5, hidden, postgres.VideoHidden); err != nil {
		t.Fatal(err)
	}
	n, err := e.svc.Sweep(ctx)
	if err != nil || n != 2 {
		t.Fatalf("swept %d (%v), want 2", n, err)
	}
	for id, want := range map[int64]bool{old: false, hidden: false, young: true, upload: true} {
		_, err := st.Video(ctx, id)
		if (err == nil) != want {
			t.Fatalf("video %d kept=%v, want %v", id, err == nil, want)
		}
		if _, err := os.Stat(filepath.Join(e.dir, itoa(id))); (err == nil) != want {
			t.Fatalf("files of video %d kept=%v, want %v", id, err == nil, want)
		}
	}
	e.clock.Add(25 * time.Hour)
	if n, _ := e.svc.Sweep(ctx); n != 1 {
		t.Fatalf("a day later swept %d, want 1 (the younger recording)", n)
	}
	if s := e.heard.states(old); len(s) == 0 || s[len(s)-1] != postgres.VideoDeleted {
		t.Fatalf("listener heard %v for the expired recording", s)
	}
}
