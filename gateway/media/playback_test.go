package media

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

func newTestHub(t testing.TB, c *clock, rm rooms, w wallet, n Notifier) *Hub {
	cfg := Config{Now: c.Now, Trial: 3 * time.Minute, URLTTL: time.Hour, HLSSegment: time.Second, StallAfter: 200 * time.Millisecond}
	return New(cfg, Deps{Rooms: rm, Entitlements: w, Unlocks: w, Notifier: n})
}

func kinds(p Playback) string {
	var k []string
	for _, s := range p.Sources {
		k = append(k, s.Kind)
	}
	return strings.Join(k, ",")
}

func TestPlaybackSourcesFollowEntitlements(t *testing.T) {
	c := newClock()
	rm := rooms{
		"open": {}, "members": {MemberOnly: true}, "paid": {Paid: true},
		"ext": {ExternalURL: "https://cdn.example/x.m3u8"}, "both": {ExternalURL: "https://cdn.example/y.m3u8"},
		"idle": {},
	}
	w := wallet{tiers: map[int64]int{2: TierVIP, 3: TierSVIP}, expiry: c.Now().Add(24 * time.Hour),
		unlocks: map[int64]time.Time{5: c.Now().Add(time.Hour)}}
	h := newTestHub(t, c, rm, w, nil)
	for _, r := range []string{"open", "members", "paid", "both"} {
		startFake(t, h, r, 25).frames(1)
	}
	ctx := context.Background()
	tests := []struct {
		name      string
		room      string
		user      int64
		want      error
		sources   string
		proLocked bool
		trial     bool
	}{
		{"guest gets HLS and sees the Pro stream locked", "open", 0, nil, "hls", true, false},
		{"VIP gets HLS, Pro locked", "open", 2, nil, "hls", true, false},
		{"SVIP gets Pro first, then HLS", "open", 3, nil, "pro,hls", false, false},
		{"non-member in a member-only room gets a trial", "members", 1, nil, "hls", true, true},
		{"guest in a member-only room must sign in", "members", 0, ErrLoginRequired, "", false, false},
		{"paid room without unlock", "paid", 1, ErrPaymentRequired, "", false, false},
		{"paid room unlocked", "paid", 5, nil, "hls", true, false},
		{"external-only room offers its m3u8", "ext", 0, nil, "external", false, false},
		{"live room with an external source offers both", "both", 3, nil, "pro,hls,external", false, false},
		{"room not live and no external source", "idle", 0, ErrNotLive, "", false, false},
		{"unknown room", "nope", 0, ErrRoomNotFound, "", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := h.Playback(ctx, tt.room, tt.user)
			if !errors.Is(err, tt.want) || (tt.want == nil && err != nil) {
				t.Fatalf("err %v, want %v", err, tt.want)
			}
			if err != nil {
				if ErrorKey(err) == "" {
					t.Fatalf("refusal %v has no message key", err)
				}
				return
			}
			if kinds(p) != tt.sources || p.ProLocked != tt.proLocked || p.Trial != tt.trial {
				t.Fatalf("got sources %q proLocked %v trial %v, want %q %v %v", kinds(p), p.ProLocked, p.Trial, tt.sources, tt.proLocked, tt.trial)
			}
		})
	}
}

func TestTrialEndsWithActivateMembership(t *testing.T) {
	c := newClock()
	h := newTestHub(t, c, rooms{"m": {MemberOnly: true}}, wallet{}, nil)
	startFake(t, h, "m", 25).frames(1)
	ctx := context.Background()
	p, err := h.Playback(ctx, "m", 9)
	if err != nil || !p.Trial {
		t.Fatalf("first call: %+v %v", p, err)
	}
	end := c.Now().Add(3 * time.Minute)
	if p.TrialEndsAt != end.UnixMilli() || p.Sources[0].ExpiresAt != end.UnixMilli() {
		t.Fatalf("trial ends %d, URL expires %d, want both %d", p.TrialEndsAt, p.Sources[0].ExpiresAt, end.UnixMilli())
	}
	c.Add(2 * time.Minute)
	if p2, err := h.Playback(ctx, "m", 9); err != nil || p2.TrialEndsAt != p.TrialEndsAt {
		t.Fatalf("asking again mid-trial: %+v %v (the trial must not restart)", p2, err)
	}
	c.Add(time.Minute)
	_, err = h.Playback(ctx, "m", 9)
	if !errors.Is(err, ErrTrialEnded) || ErrorKey(err) != "live.trialEnded" {
		t.Fatalf("after the trial: %v (key %q)", err, ErrorKey(err))
	}
}

func TestMediaEndpointsNeedAValidSignature(t *testing.T) {
	c := newClock()
	h := newTestHub(t, c, rooms{"r": {}}, wallet{}, nil)
	pub := startFake(t, h, "r", 5)
	pub.frames(12) // two segments of 1 s? no: 12 frames = 0.48 s; keyframes at 0, 5, 10
	srv := serve(t, h)
	exp := c.Now().Add(time.Minute)
	flv := h.SignedURL("r", KindFLV, 0, exp)
	hls := h.SignedURL("r", KindHLS, 0, exp)
	get := func(u string) int {
		resp, err := http.Get(srv.URL + u)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for name, u := range map[string]string{
		"FLV without signature":       "/media/r.flv",
		"HLS without signature":       "/media/r/index.m3u8",
		"segment without signature":   "/media/r/0.ts",
		"FLV with an HLS signature":   "/media/r.flv?" + strings.SplitN(hls, "?", 2)[1],
		"HLS URL for another room":    strings.Replace(hls, "/r/", "/x/", 1),
		"FLV URL with a changed user": strings.Replace(flv, "u=0", "u=1", 1),
	} {
		if code := get(u); code != http.StatusForbidden {
			t.Errorf("%s: %d, want 403", name, code)
		}
	}
	c.Add(time.Minute)
	if code := get(hls); code != http.StatusForbidden {
		t.Errorf("expired HLS URL: %d, want 403", code)
	}
}

func TestFLVConnectionEndsAtURLExpiry(t *testing.T) {
	c := newClock()
	h := newTestHub(t, c, rooms{"r": {}}, wallet{}, nil)
	pub := startFake(t, h, "r", 5)
	pub.frames(5)
	srv := serve(t, h)
	// A trial URL: valid for 300 ms more of real time (the timer runs on the real clock).
	u := h.SignedURL("r", KindFLV, 0, c.Now().Add(300*time.Millisecond))
	resp, err := http.Get(srv.URL + u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	done := make(chan error, 1)
	go func() { _, err := io.Copy(io.Discard, resp.Body); done <- err }()
	select {
	case <-done: // the server closed the stream: the trial is over
	case <-time.After(5 * time.Second):
		t.Fatal("FLV stream still open 5 s after its URL expired")
	}
}

func TestFLVViewerStartsAtNewestKeyframeWithHeaders(t *testing.T) {
	c := newClock()
	h := newTestHub(t, c, rooms{"r": {}}, wallet{}, nil)
	pub := startFake(t, h, "r", 10)
	pub.frames(13) // keyframes at frames 0 and 10: a viewer joining now starts at frame 10 (400 ms)
	srv := serve(t, h)
	resp, err := http.Get(srv.URL + h.SignedURL("r", KindFLV, 0, c.Now().Add(time.Minute)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	br := bufio.NewReader(resp.Body)
	if _, err := io.ReadFull(br, make([]byte, 13)); err != nil {
		t.Fatal(err)
	}
	type tag struct {
		typ  byte
		ts   uint32
		head [2]byte
	}
	var got []tag
	for len(got) < 5 {
		var hd [11]byte
		if _, err := io.ReadFull(br, hd[:]); err != nil {
			t.Fatal(err)
		}
		n := int(hd[1])<<16 | int(hd[2])<<8 | int(hd[3])
		body := make([]byte, n+4)
		if _, err := io.ReadFull(br, body); err != nil {
			t.Fatal(err)
		}
		got = append(got, tag{hd[0], uint32(hd[4])<<16 | uint32(hd[5])<<8 | uint32(hd[6]), [2]byte{body[0], body[1]}})
	}
	want := []tag{
		{tagVideo, 400, [2]byte{0x17, 0}}, // AVC sequence header
		{tagAudio, 400, [2]byte{0xAF, 0}}, // AAC config
		{tagVideo, 400, [2]byte{0x17, 1}}, // the keyframe
		{tagAudio, 400, [2]byte{0xAF, 1}},
		{tagVideo, 440, [2]byte{0x27, 1}},
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("tag %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestSlowFLVViewerSkipsToNewestKeyframe(t *testing.T) {
	c := newClock()
	h := New(Config{Now: c.Now, FLVRing: 16}, Deps{})
	pub := startFake(t, h, "r", 4)
	pub.frames(1)
	// A viewer whose writer blocks: it falls behind by more than the ring. The gate makes "stuck"
	// deterministic: the viewer's first write (header and frame 0) waits until frames are published,
	// so its next look at the ring always finds it overrun.
	pr, pw := io.Pipe()
	w := &gatedWriter{w: pw, entered: make(chan struct{}), open: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		_ = pub.st.serveFLV(ctx, flvOut{w: w, flush: func() error { return nil }}, c.Now().Add(time.Hour), c.Now())
		pw.Close()
	}()
	<-w.entered    // the viewer holds frame 0 and is blocked writing it
	pub.frames(40) // 80 tags: 5 rings' worth, published while the viewer is stuck
	close(w.open)
	br := bufio.NewReader(pr)
	io.ReadFull(br, make([]byte, 13)) // the FLV header
	seen := map[uint32]bool{}
	var firstAfterGap uint32
	for i := 0; i < 60; i++ {
		var hd [11]byte
		if _, err := io.ReadFull(br, hd[:]); err != nil {
			t.Fatal(err)
		}
		n := int(hd[1])<<16 | int(hd[2])<<8 | int(hd[3])
		body := make([]byte, n+4)
		io.ReadFull(br, body)
		ts := uint32(hd[4])<<16 | uint32(hd[5])<<8 | uint32(hd[6])
		if ts > 200 && firstAfterGap == 0 && hd[0] == tagVideo {
			firstAfterGap = ts
			if body[0] != 0x17 {
				t.Fatalf("after the gap the viewer resumed on a non-keyframe at %d ms", ts)
			}
		}
		seen[ts] = true
		if ts >= 1560 {
			break
		}
	}
	if firstAfterGap == 0 {
		t.Fatal("viewer never caught up")
	}
	if seen[800] {
		t.Fatal("the viewer got tags the ring had already dropped")
	}
}

// gatedWriter blocks its first Write until open is closed, telling entered when it starts waiting.
type gatedWriter struct {
	w       io.Writer
	entered chan struct{}
	open    chan struct{}
	once    sync.Once
}

func (g *gatedWriter) Write(p []byte) (int, error) {
	g.once.Do(func() { close(g.entered) })
	<-g.open
	return g.w.Write(p)
}

// memTrials is Trials shared by hubs the way Redis is shared by nodes; down makes it fail.
type memTrials struct {
	mu     sync.Mutex
	starts map[string]time.Time
	down   bool
}

func (m *memTrials) Begin(_ context.Context, user int64, room string, now time.Time) (time.Time, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.down {
		return time.Time{}, errors.New("trials store down")
	}
	k := fmt.Sprint(room, "/", user)
	if t, ok := m.starts[k]; ok {
		return t, nil
	}
	m.starts[k] = now
	return now, nil
}

// In a cluster a viewer gets one trial of a room, whichever node answers: the trial started on
// node A ends on node B at the same moment. When the shared store fails, the node's own book
// still grants the trial.
func TestTrialIsSharedByNodes(t *testing.T) {
	c := newClock()
	trials := &memTrials{starts: map[string]time.Time{}}
	hub := func() *Hub {
		cfg := Config{Now: c.Now, Trial: 3 * time.Minute, URLTTL: time.Hour, HLSSegment: time.Second, StallAfter: 200 * time.Millisecond}
		h := New(cfg, Deps{Rooms: rooms{"m": {MemberOnly: true}}, Entitlements: wallet{}, Unlocks: wallet{}, Trials: trials})
		startFake(t, h, "m", 25).frames(1)
		return h
	}
	nodeA, nodeB := hub(), hub()
	ctx := context.Background()
	p, err := nodeA.Playback(ctx, "m", 9)
	if err != nil || !p.Trial {
		t.Fatalf("trial on node A: %+v %v", p, err)
	}
	c.Add(2 * time.Minute)
	if p2, err := nodeB.Playback(ctx, "m", 9); err != nil || p2.TrialEndsAt != p.TrialEndsAt {
		t.Fatalf("node B: %+v %v, want the trial started on node A (ends %d)", p2, err, p.TrialEndsAt)
	}
	c.Add(time.Minute)
	if _, err := nodeB.Playback(ctx, "m", 9); !errors.Is(err, ErrTrialEnded) {
		t.Fatalf("node B after the trial: %v, want ErrTrialEnded", err)
	}
	trials.mu.Lock()
	trials.down = true
	trials.mu.Unlock()
	if p3, err := nodeB.Playback(ctx, "m", 10); err != nil || !p3.Trial {
		t.Fatalf("with the shared trials down: %+v %v, want a trial from the node's own book", p3, err)
	}
}
