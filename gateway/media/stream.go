package media

import (
	"bytes"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"
)

// tracks is what a publisher announced: H.264 parameter sets and, when there is audio, the AAC config.
type tracks struct {
	sps, pps []byte
	audio    *mpeg4audio.AudioSpecificConfig // nil: video only
}

// stream is one room's live stream: the publisher writes packets, FLV viewers read tags from a ring,
// HLS viewers read finished segments.
//
// Locks: mu guards the FLV ring, the headers and notify; hlsMu guards the HLS muxer and its segments
// and the HLS viewer book. They are never held together. The publisher goroutine is the only writer.
type stream struct {
	room    string
	cfg     *Config
	kick    func() // closes the publisher's connection
	started time.Time

	live      atomic.Bool  // tracks known, viewers may read
	stalled   atomic.Bool  // set by the watchdog
	lastMedia atomic.Int64 // unix nanos of the last media packet
	flvViews  atomic.Int64 // open FLV connections

	// Health counters (health.go): media bytes and video frames received from the publisher, and
	// the rates the watchdog last measured from them.
	inBytes     atomic.Int64
	inFrames    atomic.Int64
	bitrateKbps atomic.Int64
	fpsCenti    atomic.Int64 // frames per second × 100

	mu       sync.Mutex
	ring     []flvTag
	seq      uint64 // sequence number of the next tag
	keySeq   uint64 // sequence number of the newest keyframe tag
	hasKey   bool
	videoHdr []byte // AVC sequence header tag body
	audioHdr []byte // AAC sequence header tag body; nil without audio
	notify   chan struct{}
	ended    bool
	tagBytes int64 // bytes of every tag appended, for the fan-out benchmark
	sps, pps []byte

	hlsMu   sync.Mutex
	hls     *hlsMuxer
	hlsSeen map[string]time.Time

	// rec receives finished segments; set by the publisher goroutine before media flows and read
	// only by it.
	rec Recording

	done chan struct{} // closed when the stream ends
}

// flvTag is one FLV tag, encoded once (raw: header, body and PreviousTagSize) and shared read-only by
// every viewer.
type flvTag struct {
	ts  uint32 // DTS in milliseconds
	key bool
	raw []byte
}

const (
	tagAudio = 8
	tagVideo = 9
)

func newStream(room string, cfg *Config, kick func(), now time.Time) *stream {
	return &stream{
		room: room, cfg: cfg, kick: kick, started: now,
		ring:    make([]flvTag, cfg.FLVRing),
		notify:  make(chan struct{}),
		hlsSeen: map[string]time.Time{},
		done:    make(chan struct{}),
	}
}

// start records the publisher's tracks; the stream becomes visible to viewers.
func (st *stream) start(t tracks, now time.Time) error {
	mux, err := newHLSMuxer(st.cfg, t)
	if err != nil {
		return err
	}
	st.mu.Lock()
	st.sps, st.pps = t.sps, t.pps
	st.videoHdr = avcSequenceHeader(t.sps, t.pps)
	if t.audio != nil {
		asc, err := t.audio.Marshal()
		if err != nil {
			st.mu.Unlock()
			return err
		}
		st.audioHdr = append([]byte{0xAF, 0}, asc...)
	}
	st.mu.Unlock()
	st.hlsMu.Lock()
	st.hls = mux
	st.hlsMu.Unlock()
	st.lastMedia.Store(now.UnixNano())
	st.live.Store(true)
	return nil
}

// end marks the stream finished and wakes every viewer.
func (st *stream) end() {
	st.mu.Lock()
	if !st.ended {
		st.ended = true
		close(st.notify)
		st.notify = make(chan struct{})
		close(st.done)
	}
	st.mu.Unlock()
	st.live.Store(false)
}

// writeVideo takes one H.264 access unit (NAL units without start codes). An access unit made only of
// parameter sets is a configuration change.
func (st *stream) writeVideo(pts, dts time.Duration, au [][]byte, now time.Time) {
	if len(au) == 0 {
		return
	}
	st.lastMedia.Store(now.UnixNano())
	if sps, pps, only := paramSets(au); only {
		if sps == nil || pps == nil {
			return
		}
		st.mu.Lock()
		if !bytes.Equal(sps, st.sps) || !bytes.Equal(pps, st.pps) {
			st.sps, st.pps = sps, pps
			st.videoHdr = avcSequenceHeader(sps, pps)
			st.appendLocked(flvTag{ts: ms(dts), raw: encodeTag(tagVideo, ms(dts), st.videoHdr)}, true)
		}
		st.mu.Unlock()
		st.hlsMu.Lock()
		st.hls.setParams(sps, pps)
		st.hlsMu.Unlock()
		return
	}
	st.countVideo(au)
	key := h264.IsRandomAccess(au)
	body, err := flvVideoBody(key, pts-dts, au)
	if err != nil {
		return
	}
	st.mu.Lock()
	st.appendLocked(flvTag{ts: ms(dts), key: key, raw: encodeTag(tagVideo, ms(dts), body)}, true)
	st.mu.Unlock()

	st.hlsMu.Lock()
	done := st.hls.writeVideo(pts, dts, key, au)
	st.hlsMu.Unlock()
	if done != nil && st.rec != nil {
		st.rec.Segment(done.seq, done.dur, done.data)
	}
}

// endRecording hands the open segment to the Recording and ends it (publisher goroutine, after the
// stream ended).
func (st *stream) endRecording(now time.Time) {
	if st.rec == nil {
		return
	}
	st.hlsMu.Lock()
	var last *hlsSegment
	if st.hls != nil {
		last = st.hls.flush()
	}
	st.hlsMu.Unlock()
	if last != nil {
		st.rec.Segment(last.seq, last.dur, last.data)
	}
	st.rec.End(now)
	st.rec = nil
}

// writeAudio takes one AAC access unit.
func (st *stream) writeAudio(pts time.Duration, au []byte, now time.Time) {
	st.lastMedia.Store(now.UnixNano())
	st.inBytes.Add(int64(len(au)))
	body := make([]byte, 2+len(au))
	body[0], body[1] = 0xAF, 1
	copy(body[2:], au)
	raw := encodeTag(tagAudio, ms(pts), body)
	st.mu.Lock()
	// Audio does not wake viewers: it leaves with the next video frame (at most one frame later),
	// which halves the wake-ups of a fan-out to many viewers.
	st.appendLocked(flvTag{ts: ms(pts), raw: raw}, false)
	st.mu.Unlock()

	st.hlsMu.Lock()
	st.hls.writeAudio(pts, au)
	st.hlsMu.Unlock()
}

func (st *stream) appendLocked(t flvTag, wake bool) {
	if st.ended {
		return
	}
	st.ring[st.seq%uint64(len(st.ring))] = t
	st.tagBytes += int64(len(t.raw))
	if t.key {
		st.keySeq, st.hasKey = st.seq, true
	}
	st.seq++
	if wake {
		close(st.notify)
		st.notify = make(chan struct{})
	}
}

// paramSets reports whether au holds only parameter sets (and delimiters), and which.
func paramSets(au [][]byte) (sps, pps []byte, only bool) {
	for _, n := range au {
		if len(n) == 0 {
			continue
		}
		switch h264.NALUType(n[0] & 0x1F) {
		case h264.NALUTypeSPS:
			sps = n
		case h264.NALUTypePPS:
			pps = n
		case h264.NALUTypeAccessUnitDelimiter:
		default:
			return nil, nil, false
		}
	}
	return sps, pps, true
}

// seenHLS records an HLS request of one viewer for the viewer count.
func (st *stream) seenHLS(viewer string, now time.Time) {
	st.hlsMu.Lock()
	st.hlsSeen[viewer] = now
	st.hlsMu.Unlock()
}

// hlsViewers counts HLS viewers seen within the window, forgetting older ones.
func (st *stream) hlsViewers(now time.Time) int {
	window := 3 * st.cfg.HLSSegment
	if window < 10*time.Second {
		window = 10 * time.Second
	}
	st.hlsMu.Lock()
	defer st.hlsMu.Unlock()
	n := 0
	for k, t := range st.hlsSeen {
		if now.Sub(t) > window {
			delete(st.hlsSeen, k)
			continue
		}
		n++
	}
	return n
}

func ms(d time.Duration) uint32 {
	if d < 0 {
		return 0
	}
	return uint32(d / time.Millisecond)
}
