package videos

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"courtside/gateway/media"
	"courtside/storage/postgres"
)

// Recorder records every broadcast of the node's ingest as HLS on disk (then, with an S3 store, in
// the bucket when it is closed): it is the media Hub's
// media.Recorder (engine: Hub.SetRecorder). When a stream goes live it creates a recording video
// (processing) linked to the room, its open live session and its match; each finished segment is
// written to <id>/source/<seq>.ts and listed in <id>/source/segments.txt; when the stream ends a
// "recording" job closes the playlist, draws the poster and makes it ready. A node that stops while
// a stream is live leaves the recording processing; Run queues its job at the next start.
type Recorder struct{ s *Service }

// Recorder returns the Service's media.Recorder.
func (s *Service) Recorder() Recorder { return Recorder{s} }

var _ media.Recorder = Recorder{}

// StartRecording implements media.Recorder.
func (r Recorder) StartRecording(room string, started time.Time) media.Recording {
	s := r.s
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	info, err := s.store.RoomRecording(ctx, room)
	if err != nil {
		s.log.Warn("videos: not recording", zap.String("room", room), zap.Error(err))
		return nil
	}
	title := info.Title
	if title == "" {
		title = room
	}
	// The live session is open by now (the streamer centre's notifier runs before the recorder):
	// linking it here keeps a quick restart's new session from being taken for this one.
	v, err := s.store.CreateVideo(ctx, postgres.Video{Kind: postgres.VideoRecording, Title: title, GameID: info.GameID,
		MatchID: info.MatchID, RoomID: room, SessionID: info.SessionID, OwnerID: info.OwnerID, State: postgres.VideoProcessing}, started)
	if err != nil {
		s.log.Warn("videos: not recording", zap.String("room", room), zap.Error(err))
		return nil
	}
	dir := filepath.Join(s.dir(v.ID), "source")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		s.log.Warn("videos: not recording", zap.String("room", room), zap.Error(err))
		return nil
	}
	list, err := os.OpenFile(filepath.Join(dir, "segments.txt"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		s.log.Warn("videos: not recording", zap.String("room", room), zap.Error(err))
		return nil
	}
	s.log.Info("videos: recording", zap.String("room", room), zap.Int64("video", v.ID))
	return &recording{s: s, room: room, id: v.ID, session: info.SessionID, dir: dir, list: list}
}

// recording is one stream's recording; its methods run on the publisher's goroutine.
type recording struct {
	s       *Service
	room    string
	id      int64
	session int64 // the live session, 0 when none was open at the start
	dir     string
	list    *os.File
	segs    int
	bad     bool // a write failed: the rest is not recorded
}

// Segment implements media.Recording: the segment is written, then listed (so a listed segment is
// whole on disk).
func (r *recording) Segment(seq uint64, dur time.Duration, data []byte) {
	if r.bad {
		return
	}
	name := strconv.FormatUint(seq, 10) + ".ts"
	if err := os.WriteFile(filepath.Join(r.dir, name), data, 0o644); err != nil {
		r.fail(err)
		return
	}
	if _, err := fmt.Fprintf(r.list, "%s %d\n", name, dur.Microseconds()); err != nil {
		r.fail(err)
		return
	}
	r.segs++
}

func (r *recording) fail(err error) {
	r.bad = true
	r.s.log.Warn("videos: recording stopped (disk)", zap.String("room", r.room), zap.Int64("video", r.id), zap.Error(err))
}

// End implements media.Recording.
func (r *recording) End(time.Time) {
	s := r.s
	_ = r.list.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if r.segs == 0 {
		if err := s.store.SetState(ctx, r.id, postgres.VideoDeleted, s.cfg.Now()); err != nil {
			s.log.Warn("videos: dropping an empty recording", zap.Int64("video", r.id), zap.Error(err))
		}
		_ = os.RemoveAll(s.dir(r.id))
		return
	}
	if r.session == 0 {
		if info, err := s.store.RoomRecording(ctx, r.room); err == nil {
			if err := s.store.SetSession(ctx, r.id, info); err != nil {
				s.log.Warn("videos: linking a recording to its session", zap.Int64("video", r.id), zap.Error(err))
			}
		}
	}
	if _, err := s.store.Enqueue(ctx, r.id, postgres.JobRecording, postgres.JobPriorityRecording, s.cfg.MaxAttempts, s.cfg.Now()); err != nil {
		s.log.Warn("videos: queueing a recording", zap.Int64("video", r.id), zap.Error(err))
	}
}

// finishRecording writes a recording's playlists from its segment list (index.m3u8 with
// EXT-X-ENDLIST, and master.m3u8), draws its poster from the first segment, puts the files in the
// store (an S3 store: the working folder goes) and makes it ready.
func (s *Service) finishRecording(ctx context.Context, id int64) error {
	dir := filepath.Join(s.dir(id), "source")
	f, err := os.Open(filepath.Join(dir, "segments.txt"))
	if err != nil {
		return err
	}
	defer f.Close()
	type seg struct {
		name string
		dur  time.Duration
	}
	var segs []seg
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, us, ok := strings.Cut(sc.Text(), " ")
		n, err := strconv.ParseInt(us, 10, 64)
		if !ok || err != nil || !strings.HasSuffix(name, ".ts") {
			continue // a line cut by a crash
		}
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
			continue
		}
		segs = append(segs, seg{name, time.Duration(n) * time.Microsecond})
	}
	if len(segs) == 0 {
		if err := s.store.SetState(ctx, id, postgres.VideoDeleted, s.cfg.Now()); err != nil {
			return err
		}
		_ = os.RemoveAll(s.dir(id))
		return nil
	}
	var total, longest time.Duration
	var body strings.Builder
	for _, x := range segs {
		total += x.dur
		longest = max(longest, x.dur)
		fmt.Fprintf(&body, "#EXTINF:%.3f,\n%s\n", x.dur.Seconds(), x.name)
	}
	pl := fmt.Sprintf("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-TARGETDURATION:%d\n#EXT-X-MEDIA-SEQUENCE:0\n%s#EXT-X-ENDLIST\n",
		int(math.Ceil(longest.Seconds())), body.String())
	if err := os.WriteFile(filepath.Join(dir, "index.m3u8"), []byte(pl), 0o644); err != nil {
		return err
	}
	master := "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=3000000,NAME=\"source\"\nsource/index.m3u8\n"
	if err := os.WriteFile(filepath.Join(s.dir(id), "master.m3u8"), []byte(master), 0o644); err != nil {
		return err
	}
	poster := s.poster(ctx, filepath.Join(dir, segs[0].name), s.dir(id), 0) == nil
	if err := s.publish(ctx, id); err != nil {
		return err
	}
	if err := s.store.Finished(ctx, id, total, []string{"source"}, poster, s.cfg.Now()); err != nil {
		return err
	}
	s.dropWork(id)
	return nil
}
