package engine

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"time"

	"go.uber.org/zap"

	"courtside/actors/match/feed"
	"courtside/api/anchor"
	"courtside/api/comments"
	"courtside/api/videos"
	"courtside/storage/postgres"
)

// buildVideos wires videos and recordings (issue 22): the REST routes, the transcoding queue and
// the retention sweep (the area's Run), every broadcast of the media Hub recorded, and the
// streamer centre's /liveRecord told of each session's recording. With the demo flag and ffmpeg a
// few demo highlights are drawn and transcoded once.
func (w *wiring) buildVideos() error {
	n := w.n
	dir := n.cfg.VideoDir
	if dir == "" {
		dir = filepath.Join(n.cfg.DataDir, "videos")
	}
	keep := n.cfg.VideoKeep
	s3 := videos.S3{Endpoint: n.cfg.VideoS3URL, Bucket: n.cfg.VideoS3Bucket, AccessKey: n.cfg.VideoS3Key, SecretKey: n.cfg.VideoS3Secret,
		Region: n.cfg.VideoS3Region, PathStyle: n.cfg.VideoS3Path, Prefix: n.cfg.VideoS3Prefix}
	svc, err := videos.New(videos.Config{Dir: dir, S3: s3, FFmpeg: n.cfg.FFmpeg, Retention: keep, Logger: n.log.Named("videos")},
		videos.Deps{Pool: n.pool, Staff: w.accounts, Admins: w.accounts, Listener: videoIndex{idx: w.search, log: n.log.Named("search")},
			History: w.hist})
	if err != nil {
		return err
	}
	if s3.Enabled() {
		n.log.Info("videos: finished videos and recordings are kept in S3", zap.String("endpoint", s3.Endpoint), zap.String("bucket", s3.Bucket))
	}
	if keep == 0 {
		n.log.Info("videos: recordings are kept forever (COURTSIDE_RECORDING_RETENTION=0)")
	}
	svc.Routes(w.api, w.accounts)
	w.api.PageLookup("video", func(ctx context.Context, p map[string]string) (bool, error) {
		return svc.Exists(ctx, p["game"], p["id"])
	})
	w.api.PageLookup("videoNoGame", func(ctx context.Context, p map[string]string) (bool, error) { return svc.Exists(ctx, "", p["id"]) })
	w.videoComments.svc = svc
	w.media.SetRecorder(svc.Recorder())
	w.anchor.SetRecordings(sessionRecordings{svc})
	n.services = append(n.services, namedService{"videos", svc})
	n.services = append(n.services, namedService{"search-content", &contentIndexer{news: w.newsSvc, videos: svc, idx: w.search,
		log: n.log.Named("search"), every: time.Minute}})
	if n.cfg.Demo {
		log := n.log.Named("videos-demo")
		n.services = append(n.services, namedService{"videos-demo", ServiceFunc(func(ctx context.Context) error {
			if made, err := svc.SeedDemo(ctx, w.demoVideos(ctx)); err != nil && ctx.Err() == nil {
				log.Warn("demo videos", zap.Error(err))
			} else if made > 0 {
				log.Info("demo videos queued", zap.Int("count", made))
			}
			<-ctx.Done()
			return nil
		})})
	}
	return nil
}

// sessionRecordings gives the streamer centre the recordings of live sessions.
type sessionRecordings struct{ s *videos.Service }

func (r sessionRecordings) SessionRecordings(ctx context.Context, sessions []int64) (map[int64]anchor.RecordingVideo, error) {
	rows, err := r.s.BySessions(ctx, sessions)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]anchor.RecordingVideo, len(rows))
	for id, v := range rows {
		view := videos.ViewOf(v)
		out[id] = anchor.RecordingVideo{ID: v.ID, State: v.State, Game: view.Game, DurationSec: view.DurationSec, Poster: view.Poster, Playlist: view.Playlist}
	}
	return out, nil
}

// demoVideos titles the demo highlights after real demo matches of the last days (finished ones
// first), one per game of a few popular games, never a team against itself.
func (w *wiring) demoVideos(ctx context.Context) []videos.DemoVideo {
	var rows []postgres.MatchRow
	for range 30 { // the demo fixtures are written while the node starts
		now := time.Now()
		var err error
		rows, err = w.sports.MatchesBetween(ctx, now.Add(-4*24*time.Hour), now)
		if err == nil && len(rows) > 0 {
			break
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(2 * time.Second):
		}
	}
	kinds := []struct {
		game  int
		kind  string
		title string
	}{
		{feed.GameSoccer, "highlight", "Highlights: %s vs %s"},
		{feed.GameBasketball, "highlight", "Highlights: %s vs %s"},
		{feed.GameLoL, "replay", "Full replay: %s vs %s"},
		{feed.GameCS, "clip", "Clutch round: %s vs %s"},
		{feed.GameSoccer, "clip", "All the goals: %s vs %s"},
	}
	used := map[string]bool{}
	var out []videos.DemoVideo
	for _, k := range kinds {
		var pick *postgres.MatchRow
		for i := range rows {
			m := &rows[i]
			if m.Game != k.game || used[m.ID] || m.HomeName == "" || m.AwayName == "" || m.HomeName == m.AwayName {
				continue
			}
			if pick == nil || (pick.Live.Status != feed.StatusFinished && m.Live.Status == feed.StatusFinished) {
				pick = m
			}
		}
		if pick == nil {
			continue
		}
		used[pick.ID] = true
		out = append(out, videos.DemoVideo{Title: fmt.Sprintf(k.title, pick.HomeName, pick.AwayName), Kind: k.kind, GameID: k.game, MatchID: pick.ID, Seconds: 4})
	}
	return out
}

// videoComments makes videos a target of comments: a ready video may be commented on, and a
// user's comment list links back to it. The comments are built before the videos (the news needs
// them first), so svc is filled in by buildVideos; until then no video takes comments.
type videoComments struct{ svc *videos.Service }

func (c *videoComments) Lookup(ctx context.Context, id string) (comments.TargetInfo, bool, error) {
	vid, err := strconv.ParseInt(id, 10, 64)
	if err != nil || vid <= 0 || c.svc == nil {
		return comments.TargetInfo{}, false, nil
	}
	v, err := c.svc.Public(ctx, vid)
	if errors.Is(err, videos.ErrNotFound) {
		return comments.TargetInfo{}, false, nil
	}
	if err != nil {
		return comments.TargetInfo{}, false, err
	}
	return comments.TargetInfo{Title: v.Title, Link: videoDocument(v).Target}, true, nil
}
