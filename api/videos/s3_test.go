package videos_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"courtside/api"
	"courtside/api/videos"
	"courtside/storage/postgres"
)

// player fetches a video's files from the site's public URLs as an HLS player does: the master
// playlist, the first rendition's playlist (resolved relative to the master), its first segment.
type player struct {
	t    *testing.T
	base *url.URL
}

func newPlayer(t *testing.T, svc *videos.Service) player {
	srv := api.New(api.Config{})
	svc.Routes(srv, nil)
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	u, _ := url.Parse(ts.URL)
	return player{t, u}
}

func (p player) get(u *url.URL, hdr http.Header) (*http.Response, []byte) {
	p.t.Helper()
	req, _ := http.NewRequest("GET", u.String(), nil)
	for k, v := range hdr {
		req.Header[k] = v
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		p.t.Fatal(err)
	}
	return res, b
}

// firstURI is the first line of a playlist that is not a tag, resolved against the playlist's URL.
func firstURI(t *testing.T, at *url.URL, playlist []byte) *url.URL {
	t.Helper()
	for _, l := range strings.Split(string(playlist), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			ref, err := url.Parse(l)
			if err != nil {
				t.Fatal(err)
			}
			return at.ResolveReference(ref)
		}
	}
	t.Fatalf("no URI in playlist:\n%s", playlist)
	return nil
}

// play walks a ready video from its public playlist URL to its first segment and checks each step;
// it returns the segment's URL.
func (p player) play(v postgres.Video) *url.URL {
	p.t.Helper()
	view := videos.ViewOf(v)
	master := p.base.ResolveReference(&url.URL{Path: view.Playlist})
	res, body := p.get(master, nil)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/vnd.apple.mpegurl" || !strings.HasPrefix(string(body), "#EXTM3U") {
		p.t.Fatalf("master playlist %s: %d %s\n%s", master, res.StatusCode, res.Header.Get("Content-Type"), body)
	}
	index := firstURI(p.t, master, body)
	res, body = p.get(index, nil)
	if res.StatusCode != 200 || !strings.Contains(string(body), "#EXT-X-ENDLIST") {
		p.t.Fatalf("rendition playlist %s: %d\n%s", index, res.StatusCode, body)
	}
	seg := firstURI(p.t, index, body)
	res, body = p.get(seg, nil)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "video/mp2t" || len(body) < 188 || body[0] != 0x47 {
		p.t.Fatalf("segment %s: %d %s, %d bytes", seg, res.StatusCode, res.Header.Get("Content-Type"), len(body))
	}
	// A player's range request (Safari asks for ranges).
	res, part := p.get(seg, http.Header{"Range": {"bytes=188-375"}})
	if res.StatusCode != http.StatusPartialContent || string(part) != string(body[188:376]) {
		p.t.Fatalf("range of %s: %d, %d bytes", seg, res.StatusCode, len(part))
	}
	if view.Poster != "" {
		res, body = p.get(p.base.ResolveReference(&url.URL{Path: view.Poster}), nil)
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/jpeg" || len(body) < 100 {
			p.t.Fatalf("poster: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
	}
	return seg
}

// testClip draws a short test clip with sound.
func testClip(t *testing.T, ff, path string, secs int) {
	t.Helper()
	d := itoa(int64(secs))
	out, err := exec.Command(ff, "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=256x144:rate=25:duration="+d, "-f", "lavfi", "-i", "sine=frequency=440:duration="+d,
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", path).CombinedOutput()
	if err != nil {
		t.Fatalf("ffmpeg: %v: %s", err, out)
	}
}

// TestS3UploadPlaysThroughPublicURL: with an S3 store configured, an upload is transcoded on the
// node's disk, its renditions and poster go to the bucket (the working folder goes), a player
// fetches master playlist, rendition playlist and segment through the public URLs, hiding keeps the
// objects but stops serving them, and deleting removes the objects.
func TestS3UploadPlaysThroughPublicURL(t *testing.T) {
	t.Parallel()
	ff := ffmpeg(t)
	e := newEnv(t, videos.Config{S3: videos.FakeS3(t), Renditions: []videos.Rendition{
		{Name: "90p", Height: 90, VideoKbps: 100, AudioKbps: 32},
		{Name: "144p", Height: 144, VideoKbps: 200, AudioKbps: 48},
	}})
	ctx := context.Background()
	src := filepath.Join(t.TempDir(), "clip.mp4")
	testClip(t, ff, src, 2)
	v, err := e.svc.AddFile(ctx, 1, videos.UploadInput{Title: "Highlights in the bucket", Kind: "highlight", GameID: 202}, src)
	if err != nil {
		t.Fatal(err)
	}
	if did, err := e.svc.RunOne(ctx, "w1"); !did || err != nil {
		t.Fatalf("RunOne: %v %v", did, err)
	}
	got, err := e.svc.Store().Video(ctx, v.ID)
	if err != nil || got.State != postgres.VideoReady || !got.HasPoster {
		t.Fatalf("after transcoding: %+v %v", got, err)
	}
	if _, err := os.Stat(filepath.Join(e.dir, itoa(v.ID))); !os.IsNotExist(err) {
		t.Fatalf("the working folder was kept on disk: %v", err)
	}
	names := videos.StoredNames(t, e.svc, v.ID)
	for _, want := range []string{"master.m3u8", "poster.jpg", "90p/index.m3u8", "90p/seg_000.ts", "144p/index.m3u8", "144p/seg_000.ts"} {
		if !slices.Contains(names, want) {
			t.Fatalf("%s not in the bucket: %v", want, names)
		}
	}
	for _, n := range names {
		if strings.Contains(n, "source") || strings.Contains(n, "upload") {
			t.Fatalf("%s was stored", n)
		}
	}
	p := newPlayer(t, e.svc)
	seg := p.play(got)

	if _, err := e.svc.SetState(ctx, v.ID, postgres.VideoHidden); err != nil {
		t.Fatal(err)
	}
	if res, _ := p.get(seg, nil); res.StatusCode != http.StatusNotFound {
		t.Fatalf("a hidden video's segment: %d", res.StatusCode)
	}
	if len(videos.StoredNames(t, e.svc, v.ID)) != len(names) {
		t.Fatal("hiding removed objects")
	}
	if _, err := e.svc.SetState(ctx, v.ID, postgres.VideoDeleted); err != nil {
		t.Fatal(err)
	}
	if left := videos.StoredNames(t, e.svc, v.ID); len(left) != 0 {
		t.Fatalf("objects left after delete: %v", left)
	}
}

// TestS3RecordingAndRetention: a broadcast recorded with an S3 store configured is closed into the
// bucket and plays back through the public URL; the streamer's delete and the retention sweep
// remove its objects.
func TestS3RecordingAndRetention(t *testing.T) {
	t.Parallel()
	ff := ffmpeg(t)
	e := newEnv(t, videos.Config{S3: videos.FakeS3(t), Retention: 24 * time.Hour})
	ctx := context.Background()
	for _, q := range []string{
		`INSERT INTO rooms (id, title) VALUES ('s3rec', 'Bucket derby live'), ('s3rec2', 'Second show')`,
		`INSERT INTO live_rooms (room_id, match_id, game_id) VALUES ('s3rec', 'm-88', 202)`,
	} {
		if _, err := e.pool.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	// Three one-second MPEG-TS segments, as the live muxer hands them over.
	segDir := t.TempDir()
	out, err := exec.Command(ff, "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=3", "-f", "lavfi", "-i", "sine=frequency=440:duration=3",
		"-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
		"-f", "hls", "-hls_time", "1", "-hls_segment_filename", filepath.Join(segDir, "s%d.ts"), filepath.Join(segDir, "live.m3u8")).CombinedOutput()
	if err != nil {
		t.Fatalf("ffmpeg: %v: %s", err, out)
	}
	record := func(room string) postgres.Video {
		t.Helper()
		rec := e.svc.Recorder().StartRecording(room, e.clock.Now())
		if rec == nil {
			t.Fatal("not recording")
		}
		for i := 0; ; i++ {
			data, err := os.ReadFile(filepath.Join(segDir, "s"+itoa(int64(i))+".ts"))
			if err != nil {
				break
			}
			rec.Segment(uint64(i), time.Second, data)
		}
		rec.End(e.clock.Now())
		if did, err := e.svc.RunOne(ctx, "w"); !did || err != nil {
			t.Fatalf("RunOne: %v %v", did, err)
		}
		rows, _, err := e.svc.Store().List(ctx, postgres.VideoQuery{GameID: -1, Kind: "recording", Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range rows {
			if v.RoomID == room {
				return v
			}
		}
		t.Fatalf("no ready recording of %s: %+v", room, rows)
		return postgres.Video{}
	}
	v := record("s3rec")
	if v.MatchID != "m-88" || !v.HasPoster || v.Duration < 2*time.Second {
		t.Fatalf("recording: %+v", v)
	}
	if _, err := os.Stat(filepath.Join(e.dir, itoa(v.ID))); !os.IsNotExist(err) {
		t.Fatalf("the recording's working folder was kept on disk: %v", err)
	}
	names := videos.StoredNames(t, e.svc, v.ID)
	for _, want := range []string{"master.m3u8", "poster.jpg", "source/index.m3u8", "source/0.ts", "source/2.ts"} {
		if !slices.Contains(names, want) {
			t.Fatalf("%s not in the bucket: %v", want, names)
		}
	}
	if slices.Contains(names, "source/segments.txt") {
		t.Fatal("the segment list was stored")
	}
	newPlayer(t, e.svc).play(v)

	// The streamer deletes one recording; the sweep takes the other a day later.
	if _, err := e.svc.SetRecordingState(ctx, v.OwnerID, v.ID, postgres.VideoDeleted); err != nil {
		t.Fatal(err)
	}
	if left := videos.StoredNames(t, e.svc, v.ID); len(left) != 0 {
		t.Fatalf("objects left after the streamer's delete: %v", left)
	}
	w := record("s3rec2")
	if len(videos.StoredNames(t, e.svc, w.ID)) == 0 {
		t.Fatal("second recording not stored")
	}
	e.clock.Add(25 * time.Hour)
	if n, err := e.svc.Sweep(ctx); err != nil || n != 1 {
		t.Fatalf("swept %d (%v), want 1", n, err)
	}
	if left := videos.StoredNames(t, e.svc, w.ID); len(left) != 0 {
		t.Fatalf("objects left after the retention sweep: %v", left)
	}
}
