package media

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// memDirectory is an in-memory Directory: the streams this hub announced, and the holders of
// streams elsewhere.
type memDirectory struct {
	mu        sync.Mutex
	announced map[string]RoomStats
	elsewhere map[string]RemoteStream
	stops     []string // rooms whose holder was asked to stop
}

func newMemDirectory() *memDirectory {
	return &memDirectory{announced: map[string]RoomStats{}, elsewhere: map[string]RemoteStream{}}
}

func (d *memDirectory) Announce(_ context.Context, live []RoomStats) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, s := range live {
		d.announced[s.Room] = s
	}
	return nil
}

func (d *memDirectory) Withdraw(_ context.Context, room string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.announced, room)
	return nil
}

func (d *memDirectory) Lookup(_ context.Context, room string) (RemoteStream, bool, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	rs, ok := d.elsewhere[room]
	return rs, ok, nil
}

func (d *memDirectory) RequestStop(_ context.Context, room string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.stops = append(d.stops, room)
	return nil
}

func (d *memDirectory) ListenStops(ctx context.Context, ready func(), _ func(string)) error {
	ready()
	<-ctx.Done()
	return nil
}

func (d *memDirectory) has(room string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	_, ok := d.announced[room]
	return ok
}

func serveHub(t *testing.T, h *Hub) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.Serve(ctx, ln) }()
	t.Cleanup(func() { cancel(); <-done })
}

// A serving hub announces the streams it holds and withdraws one as soon as it ends.
func TestHubKeepsTheDirectoryInStepWithItsStreams(t *testing.T) {
	dir := newMemDirectory()
	// AnnounceEvery is an hour: only the start and the end of a stream can make these changes.
	h := New(Config{AnnounceEvery: time.Hour}, Deps{Directory: dir})
	serveHub(t, h)
	pub := startFake(t, h, "r", 5)
	poll(t, 5*time.Second, "the stream is announced", func() bool { return dir.has("r") })
	h.release(pub.st)
	poll(t, 5*time.Second, "the ended stream is withdrawn", func() bool { return !dir.has("r") })
}

// A stream held by another node gets the same rules and URLs on the holder's base, signed with the
// shared key: the holder serves them. Its stats come from the directory, and stopping it is a
// request to the holder.
func TestPlaybackOfAStreamHeldElsewhereSignsURLsTheHolderServes(t *testing.T) {
	c := newClock()
	rm := rooms{"r": {}, "m": {MemberOnly: true}}
	holder := New(Config{Now: c.Now, SigningKey: []byte("shared"), HLSSegment: time.Second}, Deps{Rooms: rm, Entitlements: wallet{}, Unlocks: wallet{}})
	dir := newMemDirectory()
	other := New(Config{Now: c.Now, SigningKey: []byte("shared")}, Deps{Rooms: rm, Entitlements: wallet{}, Unlocks: wallet{}, Directory: dir})
	pub := startFake(t, holder, "r", 5)
	pub.frames(60) // keyframes every 0.2 s: a few finished 1 s segments
	srv := serve(t, holder)
	remote := RemoteStream{BaseURL: srv.URL + "/", Stats: RoomStats{Room: "r", HLSViewers: 3}}
	dir.elsewhere["r"], dir.elsewhere["m"] = remote, remote

	if st, ok := other.Stats("r"); !ok || st.Viewers() != 3 {
		t.Fatalf("stats of the remote stream: %+v %v", st, ok)
	}
	if _, ok := other.Stats("x"); ok {
		t.Fatal("a stream nobody holds has stats")
	}
	p, err := other.Playback(context.Background(), "r", 0)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Live || p.Viewers != 3 || !p.ProLocked || len(p.Sources) != 1 || !strings.HasPrefix(p.Sources[0].URL, srv.URL+"/media/r/index.m3u8?") {
		t.Fatalf("remote playback %+v", p)
	}
	resp, err := http.Get(p.Sources[0].URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("the holder answered %s to the other node's URL", resp.Status)
	}
	if _, err := other.Playback(context.Background(), "m", 0); !errors.Is(err, ErrLoginRequired) {
		t.Fatalf("a guest in a member-only room held elsewhere: %v", err)
	}
	if !other.StopRoom("r") || other.StopRoom("x") || len(dir.stops) != 1 || dir.stops[0] != "r" {
		t.Fatalf("stop requests: %v", dir.stops)
	}
}

// A signed request for a stream another node holds is redirected there, path and query unchanged;
// an unsigned one is refused first; a stream nobody holds is 404.
func TestMediaRequestForAStreamHeldElsewhereIsRedirected(t *testing.T) {
	dir := newMemDirectory()
	dir.elsewhere["r"] = RemoteStream{BaseURL: "http://node-a:8080"}
	h := New(Config{}, Deps{Directory: dir})
	srv := serve(t, h)
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	exp := time.Now().Add(time.Minute)
	for _, u := range []string{h.SignedURL("r", KindFLV, 7, exp), h.SignedURL("r", KindHLS, 7, exp),
		strings.Replace(h.SignedURL("r", KindHLS, 7, exp), "index.m3u8", "12.ts", 1)} {
		resp, err := noFollow.Get(srv.URL + u)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusTemporaryRedirect || resp.Header.Get("Location") != "http://node-a:8080"+u ||
			resp.Header.Get("Access-Control-Allow-Origin") != "*" {
			t.Errorf("%s: %s, Location %q", u, resp.Status, resp.Header.Get("Location"))
		}
	}
	for u, want := range map[string]int{
		"/media/r/index.m3u8":                     http.StatusForbidden,
		h.SignedURL("x", KindHLS, 7, exp):         http.StatusNotFound,
		h.SignedURL("x", KindFLV, 7, exp):         http.StatusNotFound,
		"/media/r.flv?u=7&e=9999999999&s=aGVsbG8": http.StatusForbidden,
	} {
		resp, err := noFollow.Get(srv.URL + u)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("%s: %s, want %d", u, resp.Status, want)
		}
	}
}
