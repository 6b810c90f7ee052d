package videos

// Automatic highlights (issue 25 §2): when a recording is finished, each major event of its match
// while it was recorded (goal, red card, decisive kill or objective, map end) gets a clip cut from
// it, HighlightBefore before the event to HighlightAfter after, as a "highlight" job of the queue.
// The clip is a video of the match (kind highlight) titled from the event in the recording's
// language. Planning is idempotent (postgres.Videos.PlanHighlight): one clip and one job per event,
// however often the recording's job runs.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"courtside/api/locale"
	"courtside/storage/postgres"
)

// The cut around an event.
const (
	HighlightBefore = 20 * time.Second
	HighlightAfter  = 10 * time.Second
	// minClip: an event closer than this to both ends of a recording gets no clip.
	minClip = 2 * time.Second
)

// planHighlights plans the highlights of recording id (ready, with a match): one clip video and
// one job per major event in its window. A recording without a match has none.
func (s *Service) planHighlights(ctx context.Context, id int64) error {
	v, err := s.store.Video(ctx, id)
	if errors.Is(err, postgres.ErrVideoNotFound) {
		return nil // an empty recording was dropped
	}
	if err != nil {
		return err
	}
	if v.Kind != postgres.VideoRecording || v.MatchID == "" || v.State != postgres.VideoReady {
		return nil
	}
	lang, err := s.store.VideoLang(ctx, id)
	if err != nil {
		return err
	}
	incs, err := s.store.MatchIncidents(ctx, v.MatchID, v.CreatedAt, v.CreatedAt.Add(v.Duration))
	if err != nil {
		return err
	}
	planned := 0
	for _, in := range incs {
		if !major(in.Type) {
			continue
		}
		off := in.At.Sub(v.CreatedAt)
		start, end := max(off-HighlightBefore, 0), min(off+HighlightAfter, v.Duration)
		if off < 0 || off > v.Duration || end-start < minClip {
			continue
		}
		who := in.Name
		if who == "" {
			who = in.TeamName
		}
		h := postgres.Highlight{SourceID: id, EventSeq: in.Seq, MatchID: v.MatchID, Type: in.Type, Team: in.Team, Name: who,
			Minute: in.Minute, Offset: off, Start: start, End: end}
		clip := postgres.Video{Kind: postgres.VideoHighlight, Title: HighlightTitle(lang, in), GameID: v.GameID, MatchID: v.MatchID,
			RoomID: v.RoomID, OwnerID: v.OwnerID}
		_, created, err := s.store.PlanHighlight(ctx, h, clip, lang, s.cfg.MaxAttempts, s.cfg.Now())
		if err != nil {
			return err
		}
		if created {
			planned++
		}
	}
	if planned > 0 {
		s.log.Info("videos: highlights planned", zap.Int64("recording", id), zap.Int("clips", planned))
	}
	return nil
}

// HighlightTitle is a highlight's title from its event in lang: "Goal: Player 67'". The player's
// name, else the team's, comes first; the minute or round after.
func HighlightTitle(lang string, in postgres.MatchIncident) string {
	who := in.Name
	if who == "" {
		who = in.TeamName
	}
	cat := category(in.Type)
	if in.Type == "secondYellow" {
		cat = "card"
	}
	key := "videos.highlight." + cat
	if cat == "other" {
		key = "videos.highlight.objective"
	}
	t := strings.Join(strings.Fields(locale.Message(lang, key, who, in.Minute)), " ")
	t = strings.TrimRight(t, ":：")
	if r := []rune(t); len(r) > 200 {
		t = string(r[:200])
	}
	return t
}

// LocalTitles returns rows with the titles of automatic highlight clips written in lang from their
// events' template (the stored title is in the recording's language); other videos are unchanged.
// A failed lookup leaves the stored titles.
func (s *Service) LocalTitles(ctx context.Context, lang string, rows []postgres.Video) []postgres.Video {
	var ids []int64
	for _, v := range rows {
		if v.Kind == postgres.VideoHighlight {
			ids = append(ids, v.ID)
		}
	}
	if len(ids) == 0 {
		return rows
	}
	hs, err := s.store.HighlightsByClip(ctx, ids)
	if err != nil {
		s.log.Warn("videos: highlight titles", zap.Error(err))
		return rows
	}
	out := make([]postgres.Video, len(rows))
	for i, v := range rows {
		if h, ok := hs[v.ID]; ok {
			v.Title = HighlightTitle(lang, postgres.MatchIncident{Type: h.Type, Team: h.Team, Name: h.Name, Minute: h.Minute})
		}
		out[i] = v
	}
	return out
}

// runHighlight cuts clip id's part of its recording: the recording's segments are copied, not
// encoded again (the cut starts at the keyframe at or before the clip's start), into the clip's own
// HLS folder laid out like a recording's (source/index.m3u8, master.m3u8), with a poster drawn at the
// event; then the clip is ready. A second run starts over, unless the clip is ready already.
func (s *Service) runHighlight(ctx context.Context, id int64, report func(int)) error {
	if s.ffmpeg == "" {
		return errors.New("no ffmpeg on this node")
	}
	h, err := s.store.HighlightOfClip(ctx, id)
	if err != nil {
		return err
	}
	if v, err := s.store.Video(ctx, id); err != nil || v.State != postgres.VideoProcessing {
		return err // deleted (ErrVideoNotFound fails the job), or cut and made ready by an earlier run
	}
	src := filepath.Join(s.dir(h.SourceID), "source", "index.m3u8")
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("recording %d: %w", h.SourceID, err)
	}
	dir := s.dir(id)
	out := filepath.Join(dir, "source")
	_ = os.RemoveAll(out) // a previous attempt's part
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	secs := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 3, 64) }
	cmd := exec.CommandContext(ctx, s.ffmpeg, "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
		"-ss", secs(h.Start), "-i", src, "-t", secs(h.End-h.Start), "-map", "0:v:0", "-map", "0:a:0?", "-c", "copy",
		"-avoid_negative_ts", "make_zero", "-f", "hls", "-hls_time", "4", "-hls_list_size", "0", "-hls_playlist_type", "vod",
		"-hls_segment_filename", filepath.Join(out, "%d.ts"), filepath.Join(out, "index.m3u8"))
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("cutting highlight: %w: %s", err, lastLine(string(b)))
	}
	report(70)
	total, err := playlistLength(filepath.Join(out, "index.m3u8"))
	if err != nil {
		return err
	}
	master := "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=3000000,NAME=\"source\"\nsource/index.m3u8\n"
	if err := os.WriteFile(filepath.Join(dir, "master.m3u8"), []byte(master), 0o644); err != nil {
		return err
	}
	poster := s.poster(ctx, filepath.Join(out, "index.m3u8"), dir, min(h.Offset-h.Start, total)) == nil
	return s.store.Finished(ctx, id, total, []string{"source"}, poster, s.cfg.Now())
}

// playlistLength sums the segment lengths of a media playlist.
func playlistLength(path string) (time.Duration, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	var total float64
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "#EXTINF:"); ok {
			n, _, _ := strings.Cut(v, ",")
			f, err := strconv.ParseFloat(n, 64)
			if err != nil {
				return 0, fmt.Errorf("%s: %w", path, err)
			}
			total += f
		}
	}
	if total <= 0 {
		return 0, fmt.Errorf("%s: no segment", path)
	}
	return time.Duration(total * float64(time.Second)), nil
}
