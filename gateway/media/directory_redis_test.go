package media_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"courtside/gateway/media"
	redisstore "courtside/storage/redis"
	"courtside/storage/redis/redistest"
)

// A stream pushed (by a real ffmpeg, over RTMP) to node A is listed by node B with its viewers, and
// played from node B: B's playback URLs are on A's base, signed so that A serves them, after B applied
// the room's rules; B redirects a player that asks it for the stream to A; B stops it (a ban handled
// on B) and forgets it at once. Two Hubs with the Redis directory and the real Redis Cluster: the
// parts a cluster adds to a node's media path.
func TestStreamOnOneNodeIsListedAndPlayedFromAnother(t *testing.T) {
	ffmpeg := ffmpegPath(t)
	c, prefix := redistest.Client(t)
	const room, streamKey = "7001", "cs_cluster_media_test"
	access := &mediaRooms{rooms: map[string]media.RoomAccess{room: {}}}
	wallet := &mediaWallet{tiers: map[int64]int{7: media.TierSVIP}, unlocks: map[int64]time.Time{}}
	keys := mediaKeys{hex.EncodeToString(media.HashStreamKey(streamKey)): room}
	secret := []byte("shared by every node")
	a := startMediaNode(t, c, prefix, secret, keys, access, wallet)
	b := startMediaNode(t, c, prefix, secret, keys, access, wallet)

	ctx, stopPush := context.WithCancel(context.Background())
	defer stopPush()
	push := exec.CommandContext(ctx, ffmpeg, "-hide_banner", "-loglevel", "error", "-nostdin", "-re",
		"-f", "lavfi", "-i", "testsrc=size=160x120:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100",
		"-t", "60", "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "25", "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-f", "flv", a.rtmp+streamKey)
	if err := push.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stopPush(); _ = push.Wait() }()

	// Node B lists the stream with A's state.
	mediaWaitUntil(t, "node B sees the stream pushed to node A", func() bool { _, ok := b.hub.Stats(room); return ok })
	if b.hub.Live(room) {
		t.Fatal("node B's own hub holds the stream: the test proves nothing")
	}
	local, _ := a.hub.Stats(room)
	if got, _ := b.hub.Stats(room); !got.Since.Equal(local.Since) || got.Room != room {
		t.Fatalf("node B's stats %+v, node A's %+v", got, local)
	}

	// Node B's playback: the same rules, URLs on node A.
	guest, err := b.hub.Playback(context.Background(), room, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !guest.Live || !guest.ProLocked || len(guest.Sources) != 1 || guest.Sources[0].Kind != media.SourceHLS ||
		!strings.HasPrefix(guest.Sources[0].URL, a.http.URL+"/media/"+room+"/index.m3u8?") {
		t.Fatalf("a guest's playback from node B: %+v", guest)
	}
	svip, err := b.hub.Playback(context.Background(), room, 7)
	if err != nil {
		t.Fatal(err)
	}
	if len(svip.Sources) != 2 || svip.Sources[0].Kind != media.SourcePro ||
		!strings.HasPrefix(svip.Sources[0].URL, a.http.URL+"/media/"+room+".flv?") {
		t.Fatalf("an SVIP member's playback from node B: %+v", svip)
	}
	if own, err := a.hub.Playback(context.Background(), room, 0); err != nil || !strings.HasPrefix(own.Sources[0].URL, "/media/") {
		t.Fatalf("node A's own playback is not local: %+v %v", own, err)
	}

	// A player that reaches node B is redirected to node A, which serves the signed URL.
	hlsURL := guest.Sources[0].URL
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := noFollow.Get(b.http.URL + strings.TrimPrefix(hlsURL, a.http.URL))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusTemporaryRedirect || res.Header.Get("Location") != hlsURL {
		t.Fatalf("node B answered %s, Location %q; want 307 to %q", res.Status, res.Header.Get("Location"), hlsURL)
	}
	if body := mediaGet(t, b.http.URL+strings.TrimPrefix(hlsURL, a.http.URL), http.StatusOK); !bytes.HasPrefix(body, []byte("#EXTM3U")) {
		t.Fatalf("the playlist through node B: %q", body)
	}
	mediaGet(t, b.http.URL+"/media/"+room+"/index.m3u8?u=0&e=9999999999&s=forged", http.StatusForbidden)

	// The Pro stream through node B, held open: node B counts its viewer.
	flv, err := http.Get(b.http.URL + strings.TrimPrefix(svip.Sources[0].URL, a.http.URL))
	if err != nil {
		t.Fatal(err)
	}
	defer flv.Body.Close()
	head := make([]byte, 3)
	if _, err := io.ReadFull(flv.Body, head); err != nil || flv.StatusCode != http.StatusOK || string(head) != "FLV" {
		t.Fatalf("the Pro stream through node B: %s %q %v", flv.Status, head, err)
	}
	mediaWaitUntil(t, "node B counts the viewer on node A", func() bool { s, _ := b.hub.Stats(room); return s.Viewers() == 1 })

	// A paid room: node B refuses until the viewer unlocked it, then signs until the unlock ends.
	access.set(room, media.RoomAccess{Paid: true})
	if _, err := b.hub.Playback(context.Background(), room, 7); !errors.Is(err, media.ErrPaymentRequired) {
		t.Fatalf("a paid room without unlock from node B: %v", err)
	}
	until := time.Now().Add(10 * time.Minute)
	wallet.unlock(7, until)
	paid, err := b.hub.Playback(context.Background(), room, 7)
	if err != nil || len(paid.Sources) != 2 || paid.Sources[1].ExpiresAt > until.UnixMilli() {
		t.Fatalf("a paid room after unlock from node B: %+v %v", paid, err)
	}
	mediaGet(t, b.http.URL+strings.TrimPrefix(paid.Sources[1].URL, a.http.URL), http.StatusOK)

	// Node B stops the stream (a ban handled there): node A cuts it, and node B forgets it at once
	// (the record's TTL is a minute).
	select {
	case <-a.hub.StopsListening():
	case <-time.After(20 * time.Second): // a guard against hanging, not a timing assertion
		t.Fatal("node A never listens for stop requests")
	}
	if !b.hub.StopRoom(room) {
		t.Fatal("node B did not find the stream to stop")
	}
	mediaWaitUntil(t, "node A stops its stream at node B's request", func() bool { return !a.hub.Live(room) })
	mediaWaitUntil(t, "node B forgets the ended stream", func() bool { _, ok := b.hub.Stats(room); return !ok })
	mediaGet(t, b.http.URL+strings.TrimPrefix(hlsURL, a.http.URL), http.StatusNotFound)
	if _, err := b.hub.Playback(context.Background(), room, 7); !errors.Is(err, media.ErrNotLive) {
		t.Fatalf("playback of the ended stream from node B: %v", err)
	}
}

// mediaNode is the media part of one cluster node: a Hub with the Redis stream directory and its
// HTTP handler on a test server.
type mediaNode struct {
	hub  *media.Hub
	http *httptest.Server
	rtmp string // rtmp://host:port/live/
}

func startMediaNode(t *testing.T, c *goredis.ClusterClient, prefix string, secret []byte, keys mediaKeys,
	access *mediaRooms, wallet *mediaWallet) *mediaNode {
	t.Helper()
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	streams, err := redisstore.NewStreams(c, redisstore.StreamsConfig{Prefix: prefix, Node: srv.URL, TTL: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	dir := media.RedisDirectory{Streams: streams}
	hub := media.New(media.Config{SigningKey: secret, HLSSegment: time.Second, AnnounceEvery: 100 * time.Millisecond},
		media.Deps{Keys: keys, Rooms: access, Entitlements: wallet, Unlocks: wallet, Directory: dir})
	mux.Handle("/media/", hub.Handler())
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- hub.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	return &mediaNode{hub: hub, http: srv,
		rtmp: "rtmp://" + ln.Addr().String() + "/live/"}
}

func mediaGet(t *testing.T, url string, want int) []byte {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != want {
		t.Fatalf("GET %s: %s %q, want %d", url, res.Status, body, want)
	}
	return body
}

// mediaWaitUntil polls cond with a generous deadline (a condition, not a timing assertion).
func mediaWaitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	end := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(end) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// mediaKeys is a media.KeyResolver: stream key hash (hex) -> room.
type mediaKeys map[string]string

func (k mediaKeys) StreamKeyRoom(_ context.Context, hash []byte) (string, error) {
	if room, ok := k[hex.EncodeToString(hash)]; ok {
		return room, nil
	}
	return "", media.ErrBadStreamKey
}

// mediaRooms is a media.Rooms whose rules the test changes.
type mediaRooms struct {
	mu    sync.Mutex
	rooms map[string]media.RoomAccess
}

func (a *mediaRooms) set(room string, r media.RoomAccess) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.rooms[room] = r
}

func (a *mediaRooms) MediaRoom(_ context.Context, room string) (media.RoomAccess, bool, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	r, ok := a.rooms[room]
	return r, ok, nil
}

// mediaWallet is media.Entitlements and media.Unlocks: tiers for a year, unlocks of any room.
type mediaWallet struct {
	mu      sync.Mutex
	tiers   map[int64]int
	unlocks map[int64]time.Time
}

func (w *mediaWallet) unlock(user int64, until time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.unlocks[user] = until
}

func (w *mediaWallet) Entitlements(_ context.Context, user int64) (int, time.Time, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.tiers[user], time.Now().Add(365 * 24 * time.Hour), nil
}

func (w *mediaWallet) Unlocked(_ context.Context, user int64, _ string) (time.Time, bool, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	until, ok := w.unlocks[user]
	return until, ok, nil
}
