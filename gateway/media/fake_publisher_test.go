package media

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"
)

// Synthetic H.264 NAL units: enough for the remuxers, which never decode pictures.
var (
	testSPS = []byte{0x67, 0x42, 0xC0, 0x1E, 0xDA, 0x02, 0x80, 0xBF, 0xE5}
	testPPS = []byte{0x68, 0xCE, 0x3C, 0x80}
)

func testTracks() tracks {
	return tracks{sps: testSPS, pps: testPPS,
		audio: &mpeg4audio.AudioSpecificConfig{Type: mpeg4audio.ObjectTypeAACLC, SampleRate: 44100, ChannelCount: 2}}
}

// fakePub publishes synthetic 25 fps video (a keyframe every gop frames) with one AAC frame per video
// frame straight into a Hub, without RTMP.
type fakePub struct {
	h   *Hub
	st  *stream
	dts time.Duration
	n   int
	gop int
}

func startFake(t testing.TB, h *Hub, room string, gop int) *fakePub {
	t.Helper()
	st, err := h.claim(room, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.start(st, testTracks()); err != nil {
		t.Fatal(err)
	}
	return &fakePub{h: h, st: st, gop: gop}
}

func (p *fakePub) frame() {
	key := p.n%p.gop == 0
	nalu := []byte{0x41, 0x9A, byte(p.n), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	if key {
		nalu[0] = 0x65
	}
	now := p.h.cfg.Now()
	p.st.writeVideo(p.dts, p.dts, [][]byte{nalu}, now)
	p.st.writeAudio(p.dts, []byte{0x21, 0x10, 0x04, 0x60, byte(p.n)}, now)
	p.dts += 40 * time.Millisecond
	p.n++
}

func (p *fakePub) frames(n int) {
	for range n {
		p.frame()
	}
}

// clock is a settable clock for Config.Now.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Unix(1_800_000_000, 0)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// in-memory collaborators for the internal tests.
type rooms map[string]RoomAccess

func (m rooms) MediaRoom(_ context.Context, room string) (RoomAccess, bool, error) {
	r, ok := m[room]
	return r, ok, nil
}

type wallet struct {
	tiers   map[int64]int
	expiry  time.Time
	unlocks map[int64]time.Time // user -> until, any room
}

func (w wallet) Entitlements(_ context.Context, id int64) (int, time.Time, error) {
	return w.tiers[id], w.expiry, nil
}

func (w wallet) Unlocked(_ context.Context, id int64, _ string) (time.Time, bool, error) {
	u, ok := w.unlocks[id]
	return u, ok, nil
}

type noteLog struct {
	mu  sync.Mutex
	log []string
}

func (n *noteLog) LiveChanged(room string, live bool) { n.add("live", room, live) }
func (n *noteLog) StallChanged(room string, s bool)   { n.add("stall", room, s) }
func (n *noteLog) add(kind, room string, v bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	s := kind + " " + room + " false"
	if v {
		s = kind + " " + room + " true"
	}
	n.log = append(n.log, s)
}

func (n *noteLog) has(s string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, x := range n.log {
		if x == s {
			return true
		}
	}
	return false
}

func poll(t testing.TB, d time.Duration, what string, cond func() bool) {
	t.Helper()
	end := time.Now().Add(d)
	for !cond() {
		if time.Now().After(end) {
			t.Fatalf("%s: not within %v", what, d)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func serve(t testing.TB, h *Hub) *httptest.Server {
	mux := http.NewServeMux()
	mux.Handle(h.cfg.PathPrefix+"/", h.Handler())
	s := httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}
