package media_test

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"courtside/gateway/media"
	"courtside/gateway/media/mediatest"
)

// ffmpegPath returns ffmpeg, or skips (fails when services are required) without it.
func ffmpegPath(t testing.TB) string {
	t.Helper()
	return mediatest.FFmpeg(t, "the RTMP end-to-end test needs a real push")
}

// push starts ffmpeg pushing a generated test pattern (testsrc + sine, libx264 ultrafast, AAC) to url
// in real time for secs seconds, with a keyframe every second.
func push(ctx context.Context, ffmpeg, url string, secs int) *exec.Cmd {
	return exec.CommandContext(ctx, ffmpeg, "-hide_banner", "-loglevel", "error", "-nostdin", "-re",
		"-f", "lavfi", "-i", "testsrc=size=320x240:rate=25",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100",
		"-t", strconv.Itoa(secs),
		"-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "25", "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-b:a", "64k",
		"-f", "flv", url)
}

type rig struct {
	hub    *media.Hub
	http   *httptest.Server
	rtmp   string
	ev     *events
	keys   *memKeys
	cancel context.CancelFunc
	done   chan error
}

func newRig(t *testing.T, rooms memRooms, wallet memWallet, cfg media.Config) *rig {
	t.Helper()
	r := &rig{ev: &events{}, keys: &memKeys{}}
	cfg.Logger = nil
	r.hub = media.New(cfg, media.Deps{Keys: r.keys, Notifier: r.ev, Rooms: rooms, Entitlements: wallet, Unlocks: wallet})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel, r.done = cancel, make(chan error, 1)
	go func() { r.done <- r.hub.Serve(ctx, ln) }()
	r.rtmp = "rtmp://" + ln.Addr().String() + "/live/"
	mux := http.NewServeMux()
	mux.Handle(r.hub.Config().PathPrefix+"/", r.hub.Handler())
	r.http = httptest.NewServer(mux)
	t.Cleanup(func() {
		r.http.Close()
		cancel()
		<-r.done
	})
	return r
}

// flvTag is one tag read by the test's FLV client.
type flvTag struct {
	typ  byte
	ts   uint32
	body []byte
	at   time.Time
}

func readFLVHeader(br *bufio.Reader) ([]byte, error) {
	h := make([]byte, 13)
	_, err := io.ReadFull(br, h)
	return h, err
}

func readFLVTag(br *bufio.Reader) (flvTag, error) {
	var h [11]byte
	if _, err := io.ReadFull(br, h[:]); err != nil {
		return flvTag{}, err
	}
	n := int(h[1])<<16 | int(h[2])<<8 | int(h[3])
	ts := uint32(h[4])<<16 | uint32(h[5])<<8 | uint32(h[6]) | uint32(h[7])<<24
	body := make([]byte, n+4)
	if _, err := io.ReadFull(br, body); err != nil {
		return flvTag{}, err
	}
	if prev := binary.BigEndian.Uint32(body[n:]); prev != uint32(11+n) {
		return flvTag{}, fmt.Errorf("PreviousTagSize %d, want %d", prev, 11+n)
	}
	return flvTag{typ: h[0], ts: ts, body: body[:n], at: time.Now()}, nil
}

// TestEndToEndFFmpegPush is the acceptance test of the media path with real processes: ffmpeg pushes a
// test pattern over RTMP with a stream key, a wrong key is refused, an HTTP client reads the FLV
// stream, an HLS client fetches the playlist and segments, and the end of the push turns the room
// offline. It logs the measured delays (see README "Delay").
func TestEndToEndFFmpegPush(t *testing.T) {
	ffmpeg := ffmpegPath(t)
	const room, key, svip = "r1", "cs_good", int64(7)
	r := newRig(t, memRooms{room: {}}, memWallet{tiers: map[int64]int{svip: media.TierSVIP}, expiry: time.Now().Add(time.Hour)},
		media.Config{HLSSegment: time.Second, HLSWindow: 6, StallAfter: 3 * time.Second})
	r.keys.add(key, room)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	t.Run("wrong key is refused", func(t *testing.T) {
		out, err := push(ctx, ffmpeg, r.rtmp+"cs_wrong", 3).CombinedOutput()
		if err == nil {
			t.Fatalf("ffmpeg pushed with a wrong key and exited 0: %s", out)
		}
		if r.ev.has("live r1 true") || r.hub.Live(room) {
			t.Fatal("a wrong key made the room live")
		}
	})

	start := time.Now()
	cmd := push(ctx, ffmpeg, r.rtmp+key, 9)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	if err := waitFor(10*time.Second, func() bool { return r.hub.Live(room) }); err != nil {
		t.Fatalf("room never went live: %v", err)
	}
	if !r.ev.has("live r1 true") {
		t.Fatal("notifier did not hear the room go live")
	}

	pb, err := r.hub.Playback(ctx, room, svip)
	if err != nil {
		t.Fatal(err)
	}
	urls := map[string]string{}
	for _, s := range pb.Sources {
		urls[s.Kind] = r.http.URL + s.URL
	}
	if urls[media.SourcePro] == "" || urls[media.SourceHLS] == "" {
		t.Fatalf("SVIP playback lacks a source: %+v", pb)
	}

	// Both viewers join at once, so that the FLV viewer starts on the first keyframe (timestamp 0) and
	// the HLS client sees segment 0: the delay figures then have an absolute reference.
	flvDone := make(chan []flvTag, 1)
	go func() { flvDone <- readFLV(t, urls[media.SourcePro], 4*time.Second) }()
	segsDone := make(chan []hlsSeg, 1)
	go func() { segsDone <- readHLS(t, urls[media.SourceHLS], 5*time.Second) }()

	t.Run("second publisher is refused", func(t *testing.T) {
		out, err := push(ctx, ffmpeg, r.rtmp+key, 2).CombinedOutput()
		if err == nil {
			t.Fatalf("a second push to a live room was accepted: %s", out)
		}
		if !r.hub.Live(room) {
			t.Fatal("the refused second push took the first one down")
		}
	})

	tags := <-flvDone
	segs := <-segsDone

	checkFLV(t, tags)
	if len(segs) < 2 {
		t.Fatalf("HLS client got %d segments, want at least 2", len(segs))
	}
	for _, s := range segs {
		if len(s.data) < 188 || s.data[0] != 0x47 {
			t.Fatalf("segment %d is not MPEG-TS (%d bytes)", s.seq, len(s.data))
		}
	}
	reportDelays(t, start, tags, segs)

	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("ffmpeg: %v", err)
		}
	case <-ctx.Done():
		t.Fatal("ffmpeg did not finish")
	}
	if err := waitFor(10*time.Second, func() bool { return r.ev.has("live r1 false") }); err != nil {
		t.Fatal("the end of the push did not turn the room offline")
	}
	if r.hub.Live(room) {
		t.Fatal("room still live after the push ended")
	}
	if resp, err := http.Get(urls[media.SourceHLS]); err == nil {
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Fatalf("playlist after the end: %d, want 404", resp.StatusCode)
		}
	}
}

// readFLV reads the FLV stream at url for d.
func readFLV(t *testing.T, url string, d time.Duration) []flvTag {
	resp, err := http.Get(url)
	if err != nil {
		t.Error(err)
		return nil
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "video/x-flv" {
		t.Errorf("FLV: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		return nil
	}
	br := bufio.NewReader(resp.Body)
	h, err := readFLVHeader(br)
	if err != nil || string(h[:3]) != "FLV" || h[4] != 0x05 {
		t.Errorf("FLV header %x: %v", h, err)
		return nil
	}
	var tags []flvTag
	end := time.Now().Add(d)
	for time.Now().Before(end) {
		tag, err := readFLVTag(br)
		if err != nil {
			t.Errorf("FLV tag: %v", err)
			break
		}
		tags = append(tags, tag)
	}
	return tags
}

// checkFLV: codec headers first (AVC sequence header, AAC config), then a keyframe, then advancing
// video tags and audio.
func checkFLV(t *testing.T, tags []flvTag) {
	t.Helper()
	if len(tags) < 30 {
		t.Fatalf("FLV client got %d tags in 4 s", len(tags))
	}
	if tags[0].typ != 9 || tags[0].body[0] != 0x17 || tags[0].body[1] != 0 {
		t.Fatalf("first tag is not the AVC sequence header: type %d body %x", tags[0].typ, tags[0].body[:2])
	}
	if tags[1].typ != 8 || tags[1].body[0] != 0xAF || tags[1].body[1] != 0 {
		t.Fatalf("second tag is not the AAC config: type %d body %x", tags[1].typ, tags[1].body[:2])
	}
	if tags[2].typ != 9 || tags[2].body[0] != 0x17 || tags[2].body[1] != 1 {
		t.Fatalf("first media tag is not a keyframe: %x", tags[2].body[:2])
	}
	var last uint32
	video, audio := 0, 0
	for _, tg := range tags[2:] {
		switch tg.typ {
		case 9:
			if tg.ts < last {
				t.Fatalf("video timestamps go back: %d after %d", tg.ts, last)
			}
			last = tg.ts
			video++
		case 8:
			audio++
		}
	}
	if video < 25 || audio < 25 || last < 1500 {
		t.Fatalf("FLV: %d video, %d audio tags, last video ts %d ms: not advancing", video, audio, last)
	}
}

type hlsSeg struct {
	seq      uint64
	dur      float64
	data     []byte
	listedAt time.Time
}

var extinf = regexp.MustCompile(`#EXTINF:([0-9.]+),\n([0-9]+)\.ts\?(\S+)`)

// readHLS polls the playlist every 100 ms for d and fetches every new segment.
func readHLS(t *testing.T, url string, d time.Duration) []hlsSeg {
	seen := map[uint64]bool{}
	var segs []hlsSeg
	base := url[:strings.LastIndex(url, "/")+1]
	end := time.Now().Add(d)
	for time.Now().Before(end) {
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		now := time.Now()
		if resp.StatusCode == 200 {
			if !strings.HasPrefix(string(body), "#EXTM3U") {
				t.Fatalf("playlist: %q", body)
			}
			for _, m := range extinf.FindAllStringSubmatch(string(body), -1) {
				seq, _ := strconv.ParseUint(m[2], 10, 64)
				if seen[seq] {
					continue
				}
				seen[seq] = true
				dur, _ := strconv.ParseFloat(m[1], 64)
				sr, err := http.Get(base + m[2] + ".ts?" + m[3])
				if err != nil {
					t.Fatal(err)
				}
				data, _ := io.ReadAll(sr.Body)
				sr.Body.Close()
				if sr.StatusCode != 200 {
					t.Fatalf("segment %d: %d", seq, sr.StatusCode)
				}
				segs = append(segs, hlsSeg{seq: seq, dur: dur, data: data, listedAt: now})
			}
		}
		time.Sleep(100 * time.Millisecond) // the polling interval of the client under test
	}
	sort.Slice(segs, func(i, j int) bool { return segs[i].seq < segs[j].seq })
	return segs
}

// reportDelays logs an upper bound of each path's delay: ffmpeg -re emits media time T at about
// start+T (plus its own start-up), so arrival - (start+T) bounds encoder + ingest + remux + delivery.
func reportDelays(t *testing.T, start time.Time, tags []flvTag, segs []hlsSeg) {
	var d []time.Duration
	for _, tg := range tags[2:] {
		if tg.typ == 9 {
			d = append(d, tg.at.Sub(start)-time.Duration(tg.ts)*time.Millisecond)
		}
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	// FLV timestamps start at the keyframe the viewer joined on, so the bound is of the join offset too:
	// the viewer joined while the first GOP was being pushed.
	t.Logf("delay FLV (arrival - push clock, upper bound incl. ffmpeg start-up): min %v median %v max %v over %d video tags",
		d[0].Round(time.Millisecond), d[len(d)/2].Round(time.Millisecond), d[len(d)-1].Round(time.Millisecond), len(d))
	var mediaEnd float64
	for _, s := range segs {
		mediaStart := mediaEnd
		mediaEnd += s.dur
		if segs[0].seq != 0 {
			break // the window moved before we looked: no absolute reference
		}
		firstFrame := s.listedAt.Sub(start) - time.Duration(mediaStart*float64(time.Second))
		t.Logf("delay HLS segment %d (%.2f s): listed %v after its first frame was pushed, %v after its last",
			s.seq, s.dur, firstFrame.Round(time.Millisecond),
			(firstFrame - time.Duration(s.dur*float64(time.Second))).Round(time.Millisecond))
	}
}
