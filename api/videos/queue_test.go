package videos_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"courtside/api/videos"
	"courtside/storage/postgres"
)

func requireServices() bool { return os.Getenv("COURTSIDE_REQUIRE_SERVICES") == "1" }

// TestClaimOnceAcrossWorkers: many workers racing for one job: exactly one claims it.
func TestClaimOnceAcrossWorkers(t *testing.T) {
	t.Parallel()
	e := newEnv(t, videos.Config{FFmpeg: "-"})
	ctx := context.Background()
	st := e.svc.Store()
	v, err := st.CreateVideo(ctx, postgres.Video{Kind: "clip", Title: "x", State: postgres.VideoProcessing}, e.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Enqueue(ctx, v.ID, postgres.JobTranscode, 0, 3, e.clock.Now()); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var winners []string
	for _, w := range []string{"a", "b", "c", "d"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, ok, err := st.ClaimJob(ctx, w, time.Minute, e.clock.Now())
			if err != nil {
				t.Error(err)
			}
			if ok {
				mu.Lock()
				winners = append(winners, w)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(winners) != 1 {
		t.Fatalf("workers that claimed the one job: %v, want exactly one", winners)
	}
	if _, ok, _ := st.ClaimJob(ctx, "e", time.Minute, e.clock.Now()); ok {
		t.Fatal("a job with a live lease was claimed again")
	}
}

// tinySegment writes a short MPEG-TS file (what the ingest records) at path.
func tinySegment(t *testing.T, path string) {
	t.Helper()
	out, err := exec.Command(ffmpeg(t), "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=1", "-c:v", "libx264", "-preset", "ultrafast",
		"-pix_fmt", "yuv420p", "-f", "mpegts", path).CombinedOutput()
	if err != nil {
		t.Fatalf("ffmpeg: %v: %s", err, out)
	}
}

// TestLeaseExpiryResumesAJob: a worker claims a job and dies (no heartbeat); once its lease ran out
// another worker takes the job and finishes it; the dead worker's late heartbeat and finish are
// refused. A job that keeps losing its worker fails after its attempts.
func TestLeaseExpiryResumesAJob(t *testing.T) {
	t.Parallel()
	e := newEnv(t, videos.Config{Lease: 30 * time.Second, MaxAttempts: 2})
	ctx := context.Background()
	st := e.svc.Store()
	v, err := st.CreateVideo(ctx, postgres.Video{Kind: "recording", Title: "Evening stream", State: postgres.VideoProcessing}, e.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(e.dir, itoa(v.ID), "source")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	tinySegment(t, filepath.Join(src, "0.ts"))
	if err := os.WriteFile(filepath.Join(src, "segments.txt"), []byte("0.ts 1000000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Enqueue(ctx, v.ID, postgres.JobRecording, 1, 2, e.clock.Now()); err != nil {
		t.Fatal(err)
	}

	dead, ok, err := st.ClaimJob(ctx, "dead", 30*time.Second, e.clock.Now())
	if err != nil || !ok {
		t.Fatalf("claim: %v %v", ok, err)
	}
	e.clock.Add(10 * time.Second)
	if did, _ := e.svc.RunOne(ctx, "alive"); did {
		t.Fatal("a job was taken while its lease held")
	}
	e.clock.Add(25 * time.Second) // past the lease
	did, err := e.svc.RunOne(ctx, "alive")
	if err != nil || !did {
		t.Fatalf("the expired job was not resumed: did=%v err=%v", did, err)
	}
	got, err := st.Video(ctx, v.ID)
	if err != nil || got.State != postgres.VideoReady {
		t.Fatalf("video after the resumed job: %+v %v", got, err)
	}
	if !got.HasPoster || got.Duration != time.Second {
		t.Fatalf("recording finished without poster or with duration %v", got.Duration)
	}
	jobs, _ := st.LatestJobs(ctx, []int64{v.ID})
	if j := jobs[v.ID]; j.State != "done" || j.Attempts != 2 || j.Worker != "alive" || j.Progress != 100 {
		t.Fatalf("job after resume: %+v", j)
	}
	if err := st.Heartbeat(ctx, dead.ID, "dead", 50, time.Minute, e.clock.Now()); !errors.Is(err, postgres.ErrLeaseLost) {
		t.Fatalf("the dead worker's heartbeat: %v, want ErrLeaseLost", err)
	}
	if err := st.FinishJob(ctx, dead.ID, "dead", "", e.clock.Now()); !errors.Is(err, postgres.ErrLeaseLost) {
		t.Fatalf("the dead worker's finish: %v, want ErrLeaseLost", err)
	}
	if s := e.heard.states(v.ID); len(s) != 1 || s[0] != postgres.VideoReady {
		t.Fatalf("listener heard %v, want [ready]", s)
	}

	t.Run("attempts run out", func(t *testing.T) {
		w, _ := st.CreateVideo(ctx, postgres.Video{Kind: "clip", Title: "y", State: postgres.VideoProcessing}, e.clock.Now())
		if _, err := st.Enqueue(ctx, w.ID, postgres.JobTranscode, 0, 2, e.clock.Now()); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if _, ok, err := st.ClaimJob(ctx, "crashy", 30*time.Second, e.clock.Now()); !ok || err != nil {
				t.Fatalf("claim: %v %v", ok, err)
			}
			e.clock.Add(31 * time.Second)
		}
		if _, ok, err := st.ClaimJob(ctx, "crashy", 30*time.Second, e.clock.Now()); ok || err != nil {
			t.Fatalf("a job past its attempts was claimed: %v %v", ok, err)
		}
		got, _ := st.Video(ctx, w.ID)
		if got.State != postgres.VideoFailed {
			t.Fatalf("video state %q, want failed", got.State)
		}
	})
}

func TestParseProgress(t *testing.T) {
	t.Parallel()
	out := strings.Join([]string{
		"frame=10", "out_time_us=500000", "out_time_ms=500000", "progress=continue",
		"frame=20", "out_time_us=1000000", "progress=continue",
		"out_time_us=N/A", "out_time_us=900000", "progress=continue", // never back
		"out_time_us=2100000", "progress=continue", // past the probed length: 99 until the end
		"progress=end",
	}, "\n")
	var got []int
	if err := videos.ParseProgress(strings.NewReader(out), 2*time.Second, func(p int) { got = append(got, p) }); err != nil {
		t.Fatal(err)
	}
	want := []int{25, 50, 99, 100}
	if len(got) != len(want) {
		t.Fatalf("progress %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("progress %v, want %v", got, want)
		}
	}
}
