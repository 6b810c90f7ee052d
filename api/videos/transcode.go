package videos

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// probed is what ffprobe says of a file.
type probed struct {
	Duration time.Duration
	Audio    bool
	Height   int
}

// ffprobe is the ffprobe beside ffmpeg.
func (s *Service) ffprobe() string {
	if s.ffmpeg == "" {
		return "ffprobe"
	}
	return filepath.Join(filepath.Dir(s.ffmpeg), "ffprobe")
}

// probe reads a media file's duration and streams; a file without a video stream is an error.
func probe(ctx context.Context, ffprobe, path string) (probed, error) {
	out, err := exec.CommandContext(ctx, ffprobe, "-v", "error", "-show_entries", "stream=codec_type,height:format=duration",
		"-of", "json", path).Output()
	if err != nil {
		return probed{}, fmt.Errorf("ffprobe: %w", err)
	}
	var r struct {
		Streams []struct {
			CodecType string `json:"codec_type"`
			Height    int    `json:"height"`
		} `json:"streams"`
		Format struct {
			Duration string `json:"duration"`
		} `json:"format"`
	}
	if err := json.Unmarshal(out, &r); err != nil {
		return probed{}, err
	}
	var p probed
	video := false
	for _, st := range r.Streams {
		switch st.CodecType {
		case "video":
			if !video {
				video, p.Height = true, st.Height
			}
		case "audio":
			p.Audio = true
		}
	}
	if !video {
		return p, errors.New("no video stream")
	}
	if d, err := strconv.ParseFloat(r.Format.Duration, 64); err == nil && d > 0 {
		p.Duration = time.Duration(d * float64(time.Second))
	}
	return p, nil
}

// hlsArgs builds the ffmpeg arguments that transcode src into one HLS rendition per r under dir
// (dir/<name>/index.m3u8, dir/<name>/seg_000.ts, ...) with the master playlist dir/master.m3u8, and
// report progress on stdout (-progress pipe:1).
func hlsArgs(src, dir string, rs []Rendition, audio bool) []string {
	args := []string{"-hide_banner", "-nostdin", "-y", "-loglevel", "error", "-i", src, "-progress", "pipe:1", "-nostats"}
	var filter strings.Builder
	fmt.Fprintf(&filter, "[0:v]split=%d", len(rs))
	for i := range rs {
		fmt.Fprintf(&filter, "[s%d]", i)
	}
	for i, r := range rs {
		fmt.Fprintf(&filter, ";[s%d]scale=-2:%d[v%d]", i, r.Height, i)
	}
	args = append(args, "-filter_complex", filter.String())
	var streamMap []string
	for i, r := range rs {
		args = append(args, "-map", fmt.Sprintf("[v%d]", i))
		if audio {
			args = append(args, "-map", "0:a:0")
		}
		args = append(args, fmt.Sprintf("-b:v:%d", i), fmt.Sprintf("%dk", r.VideoKbps),
			fmt.Sprintf("-maxrate:v:%d", i), fmt.Sprintf("%dk", r.VideoKbps*3/2),
			fmt.Sprintf("-bufsize:v:%d", i), fmt.Sprintf("%dk", r.VideoKbps*2))
		m := fmt.Sprintf("v:%d", i)
		if audio {
			args = append(args, fmt.Sprintf("-b:a:%d", i), fmt.Sprintf("%dk", r.AudioKbps))
			m += fmt.Sprintf(",a:%d", i)
		}
		streamMap = append(streamMap, m+",name:"+r.Name)
	}
	args = append(args, "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main", "-pix_fmt", "yuv420p",
		"-g", "48", "-keyint_min", "48", "-sc_threshold", "0")
	if audio {
		args = append(args, "-c:a", "aac", "-ac", "2", "-ar", "48000")
	}
	return append(args, "-f", "hls", "-hls_time", "4", "-hls_playlist_type", "vod", "-hls_flags", "independent_segments",
		"-hls_segment_filename", filepath.Join(dir, "%v", "seg_%03d.ts"),
		"-master_pl_name", "master.m3u8", "-var_stream_map", strings.Join(streamMap, " "),
		filepath.Join(dir, "%v", "index.m3u8"))
}

// parseProgress reads ffmpeg's -progress output (key=value lines, a block per report ending with
// progress=continue or progress=end) and calls report with the percent done of total, never going
// back and never over 100 (100 only at progress=end).
func parseProgress(r io.Reader, total time.Duration, report func(percent int)) error {
	sc := bufio.NewScanner(r)
	last := -1
	for sc.Scan() {
		k, v, ok := strings.Cut(strings.TrimSpace(sc.Text()), "=")
		if !ok {
			continue
		}
		pct := -1
		switch k {
		case "out_time_us", "out_time_ms": // both are microseconds in ffmpeg 5
			us, err := strconv.ParseInt(v, 10, 64)
			if err != nil || us < 0 || total <= 0 {
				continue
			}
			pct = int(math.Floor(float64(us) / float64(total.Microseconds()) * 100))
			pct = min(pct, 99)
		case "progress":
			if v == "end" {
				pct = 100
			}
		}
		if pct > last {
			last = pct
			report(pct)
		}
	}
	return sc.Err()
}

// transcode runs ffmpeg on src into dir, reporting progress; it returns the renditions made.
func (s *Service) transcode(ctx context.Context, src, dir string, p probed, report func(int)) ([]string, error) {
	rs := make([]Rendition, 0, len(s.cfg.Renditions))
	for _, r := range s.cfg.Renditions {
		// No upscaling past the source, but always keep the two smallest qualities.
		if p.Height > 0 && r.Height > p.Height && len(rs) >= 2 {
			continue
		}
		rs = append(rs, r)
	}
	for _, r := range rs {
		if err := os.MkdirAll(filepath.Join(dir, r.Name), 0o755); err != nil {
			return nil, err
		}
	}
	cmd := exec.CommandContext(ctx, s.ffmpeg, hlsArgs(src, dir, rs, p.Audio)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	_ = parseProgress(out, p.Duration, report)
	if err := cmd.Wait(); err != nil {
		return nil, fmt.Errorf("ffmpeg: %w: %s", err, lastLine(stderr.String()))
	}
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.Name
	}
	return names, nil
}

// poster draws one frame of src (at, or the first frame) as dir/poster.jpg, at most 720 lines high.
func (s *Service) poster(ctx context.Context, src, dir string, at time.Duration) error {
	if s.ffmpeg == "" {
		return errors.New("no ffmpeg")
	}
	args := []string{"-hide_banner", "-nostdin", "-y", "-loglevel", "error"}
	if at > 0 {
		args = append(args, "-ss", strconv.FormatFloat(at.Seconds(), 'f', 3, 64))
	}
	args = append(args, "-i", src, "-frames:v", "1", "-vf", "scale=-2:'min(720,ih)'", "-q:v", "4", filepath.Join(dir, "poster.jpg"))
	out, err := exec.CommandContext(ctx, s.ffmpeg, args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("ffmpeg poster: %w: %s", err, lastLine(string(out)))
	}
	return nil
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 300 {
		s = s[:300]
	}
	return s
}
