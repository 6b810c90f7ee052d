package videos_test

import (
	"context"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"courtside/api/apitest"
	"courtside/api/videos"
	"courtside/gateway/media/mediatest"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// clock is the injected clock; tests move it.
type clock = apitest.Clock

// heard records what the Listener hears.
type heard struct {
	mu sync.Mutex
	v  []postgres.Video
}

func (h *heard) VideoChanged(_ context.Context, v postgres.Video) {
	h.mu.Lock()
	h.v = append(h.v, v)
	h.mu.Unlock()
}

func (h *heard) states(id int64) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []string
	for _, v := range h.v {
		if v.ID == id {
			out = append(out, v.State)
		}
	}
	return out
}

type env struct {
	pool  *pgxpool.Pool
	svc   *videos.Service
	clock *clock
	heard *heard
	dir   string
}

// newEnv builds the service on a fresh database; cfg's Dir, Now and FFmpeg are filled unless set.
func newEnv(t *testing.T, cfg videos.Config) *env {
	t.Helper()
	pool := pgtest.NewPool(t)
	e := &env{pool: pool, clock: apitest.NewClock(time.Date(2026, 3, 14, 12, 0, 0, 0, time.UTC)), heard: &heard{}}
	if cfg.Dir == "" {
		cfg.Dir = t.TempDir()
	}
	if cfg.Now == nil {
		cfg.Now = e.clock.Now
	}
	e.dir = cfg.Dir
	svc, err := videos.New(cfg, videos.Deps{Pool: pool, Listener: e.heard})
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
	return e
}

// ffmpeg returns the ffmpeg path, or skips (fails when services are required).
func ffmpeg(t *testing.T) string {
	t.Helper()
	return mediatest.FFmpeg(t, "transcoding and recordings need ffmpeg")
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
