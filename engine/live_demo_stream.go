package engine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"go.uber.org/zap"

	"courtside/gateway/media"
	"courtside/storage/postgres"
)

// The living demo's streams (issue 17): every demo room really streams. A short clip per streamer
// (their colours, their name, a low crowd murmur) is drawn once with ffmpeg and cached; then one
// ffmpeg per room loops it, copying without re-encoding, into the node's own RTMP ingest with the
// streamer's stream key, exactly as a streamer's OBS would. Everything after the ingest is the real
// path: live state, playback (HTTP-FLV and HLS), stall detection and the recording of each broadcast.
//
// A push restarts when its room is linked to another match, so each match gets its own broadcast
// and recording, as a streamer who starts a new stream per match would do.

const (
	demoClipSeconds = 30
	// demoClipVersion names the clips' recipe: change it when the ffmpeg arguments change, so cached
	// clips of the old recipe are drawn again.
	demoClipVersion = "v1"
	demoPushRetry   = 5 * time.Second
	// demoRelinkPause is the gap between a room's broadcasts when it moves to another match: long
	// enough for the ingest to see the old push close, short enough that /live hardly sees the room
	// go off air.
	demoRelinkPause = time.Second
	demoLinkPoll    = 20 * time.Second
)

// demoFont is the typeface of the clips' titles (Debian's fonts-noto-core); without it the clips
// have no title.
var demoFont = "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf"

// demoStreams is the service that keeps the demo rooms streaming.
type demoStreams struct {
	ffmpeg  string
	cache   string // where the clips are kept
	anchors *postgres.Anchors
	users   func(ctx context.Context, name string) (int64, error)
	ingest  func(ctx context.Context) (string, error) // rtmp://host:port/<app>/, once the ingest listens
	log     *zap.Logger
}

// Run starts a push per demo room and keeps it going until ctx ends.
func (d *demoStreams) Run(ctx context.Context) error {
	base, err := d.ingest(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	done := make(chan struct{}, len(demoLiveStreamers))
	for _, s := range demoLiveStreamers {
		go func() {
			defer func() { done <- struct{}{} }()
			d.keepStreaming(ctx, s, base)
		}()
	}
	for range demoLiveStreamers {
		<-done
	}
	return nil
}

// keepStreaming prepares s's clip and key, then pushes until ctx ends, restarting a push that
// failed and one whose room was linked to another match.
func (d *demoStreams) keepStreaming(ctx context.Context, s demoLiveStreamer, base string) {
	log := d.log.With(zap.String("room", s.Room))
	clip, err := d.clip(ctx, s)
	if err != nil {
		if ctx.Err() == nil {
			log.Warn("demo stream: no clip, the room stays without video", zap.Error(err))
		}
		return
	}
	key, err := d.streamKey(ctx, s)
	if err != nil {
		if ctx.Err() == nil {
			log.Warn("demo stream: no stream key, the room stays without video", zap.Error(err))
		}
		return
	}
	for ctx.Err() == nil {
		match := d.linkedMatch(ctx, s.Room)
		pushCtx, stop := context.WithCancel(ctx)
		go d.stopOnRelink(pushCtx, stop, s.Room, match)
		cmd := exec.CommandContext(pushCtx, d.ffmpeg, "-hide_banner", "-loglevel", "error", "-nostdin",
			"-re", "-stream_loop", "-1", "-i", clip, "-c", "copy", "-f", "flv", base+key)
		out, err := cmd.CombinedOutput()
		relinked := pushCtx.Err() != nil // read before stop() cancels it anyway
		stop()
		if ctx.Err() != nil {
			return
		}
		wait := demoRelinkPause // relinked: the next match's broadcast starts at once
		if !relinked {
			wait = demoPushRetry
			if err != nil {
				log.Warn("demo stream: push ended", zap.Error(err), zap.String("ffmpeg", strings.TrimSpace(string(out))))
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
	}
}

// stopOnRelink cancels a push when its room is linked to a match other than match.
func (d *demoStreams) stopOnRelink(ctx context.Context, stop context.CancelFunc, room, match string) {
	t := time.NewTicker(demoLinkPoll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if now := d.linkedMatch(ctx, room); now != match && ctx.Err() == nil {
				stop()
				return
			}
		}
	}
}

func (d *demoStreams) linkedMatch(ctx context.Context, room string) string {
	l, err := d.anchors.LiveRoom(ctx, room)
	if err != nil {
		return ""
	}
	return l.MatchID
}

// streamKey gives the demo streamer a fresh stream key for this run (the key is never shown).
func (d *demoStreams) streamKey(ctx context.Context, s demoLiveStreamer) (string, error) {
	id, err := d.users(ctx, s.User)
	if err != nil {
		return "", err
	}
	key, hash := media.NewStreamKey()
	if err := d.anchors.SetStreamKey(ctx, id, hash, time.Now()); err != nil {
		return "", err
	}
	return key, nil
}

// clip returns the path of s's clip, drawing it first when the cache does not hold it.
func (d *demoStreams) clip(ctx context.Context, s demoLiveStreamer) (string, error) {
	args := demoClipArgs(s)
	sum := sha256.Sum256([]byte(strings.Join(args, "\x00")))
	path := filepath.Join(d.cache, fmt.Sprintf("%s-%s-%s.flv", s.Room, demoClipVersion, hex.EncodeToString(sum[:6])))
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	if err := os.MkdirAll(d.cache, 0o755); err != nil {
		return "", err
	}
	tmp := path + ".part"
	full := append(append([]string{"-hide_banner", "-loglevel", "error", "-nostdin", "-y"}, args...), "-f", "flv", tmp)
	if out, err := exec.CommandContext(ctx, d.ffmpeg, full...).CombinedOutput(); err != nil {
		_ = os.Remove(tmp)
		return "", fmt.Errorf("ffmpeg: %w: %s", err, strings.TrimSpace(string(out)))
	}
	return path, os.Rename(tmp, path)
}

// demoClipArgs are ffmpeg's inputs and encoding of s's clip: the streamer's two colours in a slowly
// moving gradient, their name, and pink noise quiet enough to pass for a distant crowd. The bitrate
// is low on purpose: the demo records every broadcast.
func demoClipArgs(s demoLiveStreamer) []string {
	hexColour := func(c color.NRGBA) string { return fmt.Sprintf("0x%02x%02x%02x", c.R, c.G, c.B) }
	secs := fmt.Sprint(demoClipSeconds)
	args := []string{
		"-f", "lavfi", "-i", fmt.Sprintf("gradients=s=640x360:r=15:c0=%s:c1=%s:speed=0.01:duration=%s", hexColour(s.From), hexColour(s.To), secs),
		"-f", "lavfi", "-i", "anoisesrc=color=pink:amplitude=0.02:sample_rate=44100:duration=" + secs,
	}
	if _, err := os.Stat(demoFont); err == nil {
		title := fmt.Sprintf("drawtext=fontfile=%s:text='%s':fontcolor=white:fontsize=40:x=(w-tw)/2:y=(h/2)-50:shadowx=2:shadowy=2", demoFont, s.User)
		sub := fmt.Sprintf("drawtext=fontfile=%s:text='LIVE · Courtside demo':fontcolor=white@0.85:fontsize=20:x=(w-tw)/2:y=(h/2)+10", demoFont)
		args = append(args, "-vf", title+","+sub)
	}
	return append(args, "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "30",
		"-b:v", "150k", "-maxrate", "200k", "-bufsize", "400k", "-c:a", "aac", "-b:a", "48k", "-ac", "1")
}

// demoClipCache is where the clips are kept: the user's cache directory, shared by every node of
// the machine (the clips depend only on the recipe), else the node's data directory.
func demoClipCache(dataDir string) string {
	if dir, err := os.UserCacheDir(); err == nil {
		return filepath.Join(dir, "courtside", "demo-streams")
	}
	return filepath.Join(dataDir, "demo-streams")
}

// rtmpBase waits for the hub's ingest to listen and returns the URL prefix a stream key completes,
// on loopback whatever address the ingest listens on (loopback, live_demo_crowd.go).
func rtmpBase(ctx context.Context, hub *media.Hub) (string, error) {
	select {
	case <-ctx.Done():
		return "", ctx.Err()
	case <-hub.Ready():
	}
	addr := hub.RTMPAddr()
	if addr == nil {
		return "", errors.New("demo stream: the ingest does not listen")
	}
	return "rtmp://" + loopback(addr) + "/" + hub.Config().App + "/", nil
}
