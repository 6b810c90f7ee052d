package media

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestStallIsReportedAndCleared(t *testing.T) {
	c := newClock()
	n := &noteLog{}
	h := newTestHub(t, c, rooms{}, wallet{}, n)
	pub := startFake(t, h, "r", 5)
	pub.frames(3)
	if !n.has("live r true") {
		t.Fatal("live not notified")
	}
	c.Add(time.Second) // no media for longer than StallAfter (200 ms)
	poll(t, 5*time.Second, "stall reported", func() bool { return n.has("stall r true") })
	if s, _ := h.Stats("r"); !s.Stalled {
		t.Fatal("Stats does not show the stall")
	}
	pub.frames(1)
	poll(t, 5*time.Second, "stall cleared", func() bool { return n.has("stall r false") })
}

func TestStopRoomCutsThePublisherAndGoesOffline(t *testing.T) {
	c := newClock()
	n := &noteLog{}
	h := newTestHub(t, c, rooms{}, wallet{}, n)
	kicked := make(chan struct{})
	st, err := h.claim("r", func() { close(kicked) })
	if err != nil {
		t.Fatal(err)
	}
	if err := h.start(st, testTracks()); err != nil {
		t.Fatal(err)
	}
	if _, err := h.claim("r", nil); err != ErrRoomBusy {
		t.Fatalf("second publisher: %v, want ErrRoomBusy", err)
	}
	if !h.StopRoom("r") {
		t.Fatal("StopRoom found no stream")
	}
	select {
	case <-kicked:
	default:
		t.Fatal("publisher connection not closed")
	}
	if h.Live("r") || !n.has("live r false") {
		t.Fatal("room still live after StopRoom")
	}
	if h.StopRoom("r") {
		t.Fatal("StopRoom of an offline room reported a stream")
	}
}

func TestHLSSegmentsAreCutOnKeyframesAndWindowed(t *testing.T) {
	c := newClock()
	h := New(Config{Now: c.Now, HLSSegment: time.Second, HLSWindow: 3}, Deps{})
	pub := startFake(t, h, "r", 10) // keyframe every 400 ms: segments of 1.2 s (first keyframe past 1 s)
	pub.frames(10 * 30)
	h.mu.RLock()
	st := h.streams["r"]
	h.mu.RUnlock()
	st.hlsMu.Lock()
	pl, ok := st.hls.playlist("u=0&e=1&s=x")
	segs := append([]hlsSegment(nil), st.hls.segs...)
	st.hlsMu.Unlock()
	if !ok {
		t.Fatal("no playlist")
	}
	text := string(pl)
	if strings.Count(text, "#EXTINF:1.200,") != 3 {
		t.Fatalf("want a window of 3 segments of 1.2 s:\n%s", text)
	}
	if !strings.Contains(text, "#EXT-X-TARGETDURATION:2\n") || !strings.Contains(text, ".ts?u=0&e=1&s=x\n") {
		t.Fatalf("playlist:\n%s", text)
	}
	if len(segs) != 3+hlsKeep {
		t.Fatalf("kept %d segments, want window+%d", len(segs), hlsKeep)
	}
	for _, s := range segs {
		if len(s.data)%188 != 0 || s.data[0] != 0x47 {
			t.Fatalf("segment %d is not whole TS packets", s.seq)
		}
		// Every segment starts decodable: the SPS (start code + 0x67) is in it although RTMP sent it
		// only in the sequence header.
		if !bytes.Contains(s.data, append([]byte{0, 0, 0, 1}, testSPS[:4]...)) {
			t.Fatalf("segment %d lacks the SPS", s.seq)
		}
	}
}
