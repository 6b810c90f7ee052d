package videos

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"

	"courtside/storage/postgres"
)

// DemoVideo is one demo video to make: its title, kind and the match it shows.
type DemoVideo struct {
	Title   string
	Kind    string
	GameID  int
	MatchID string
	Seconds int
}

// SeedDemo makes the demo videos once (when no highlight, replay or clip with files on this node's disk
// or in the S3 store exists yet): each is drawn by ffmpeg from its test sources (a moving test card, a tone and the title
// written over it) and queued for transcoding like an upload. Uploads whose files are not on this
// node's disk (a demo database reused with a fresh data directory) are marked deleted first. It
// needs ffmpeg; without it nothing is made.
func (s *Service) SeedDemo(ctx context.Context, list []DemoVideo) (int, error) {
	if !s.CanTranscode() {
		return 0, nil
	}
	for _, k := range []string{postgres.VideoHighlight, postgres.VideoReplay, postgres.VideoClip} {
		rows, _, err := s.StaffList(ctx, k, 200, 0)
		if err != nil {
			return 0, err
		}
		for _, v := range rows {
			if s.hasFiles(ctx, v.ID) {
				return 0, nil // this node has uploads: nothing to seed
			}
			if err := s.store.SetState(ctx, v.ID, postgres.VideoDeleted, s.cfg.Now()); err != nil {
				return 0, err
			}
		}
	}
	tmp, err := os.MkdirTemp(s.cfg.Dir, "demo-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	made := 0
	for i, d := range list {
		src := filepath.Join(tmp, strconv.Itoa(i)+".mp4")
		if err := s.demoClip(ctx, src, d.Title, max(d.Seconds, 2), i); err != nil {
			return made, err
		}
		if _, err := s.AddFile(ctx, 0, UploadInput{Title: d.Title, Kind: d.Kind, GameID: d.GameID, MatchID: d.MatchID}, src); err != nil {
			return made, err
		}
		made++
	}
	return made, nil
}

// demoClip draws a test card clip with the title over it (the title goes through a file, so no
// character of it needs escaping in the filter).
func (s *Service) demoClip(ctx context.Context, path, title string, secs, n int) error {
	txt := path + ".txt"
	if err := os.WriteFile(txt, []byte(title), 0o644); err != nil {
		return err
	}
	freq := 330 + 110*(n%5)
	draw := fmt.Sprintf("drawbox=y=ih-44:w=iw:h=44:color=black@0.6:t=fill,drawtext=textfile=%s:fontcolor=white:fontsize=20:x=(w-text_w)/2:y=h-32", txt)
	args := []string{"-hide_banner", "-loglevel", "error", "-nostdin", "-y",
		"-f", "lavfi", "-i", fmt.Sprintf("testsrc2=size=640x360:rate=25:duration=%d", secs),
		"-f", "lavfi", "-i", fmt.Sprintf("sine=frequency=%d:sample_rate=48000:duration=%d", freq, secs)}
	out, err := exec.CommandContext(ctx, s.ffmpeg, append(args, "-vf", draw, "-c:v", "libx264", "-preset", "ultrafast",
		"-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", path)...).CombinedOutput()
	if err != nil {
		// A node without fonts: the test card alone.
		out, err = exec.CommandContext(ctx, s.ffmpeg, append(args, "-c:v", "libx264", "-preset", "ultrafast",
			"-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", path)...).CombinedOutput()
		if err != nil {
			return fmt.Errorf("ffmpeg demo clip: %w: %s", err, lastLine(string(out)))
		}
	}
	return nil
}
