package media

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts"
)

// hlsMuxer cuts a stream into MPEG-TS segments of about Config.HLSSegment, each starting on a keyframe
// with its parameter sets, and keeps the newest Config.HLSWindow of them (plus a few more for clients
// that fetched a playlist just before it moved on). It belongs to its stream's hlsMu.
type hlsMuxer struct {
	target time.Duration
	window int

	video, audio *mpegts.Track
	w            *mpegts.Writer
	out          *bytes.Buffer // the segment being written; nil before the first keyframe

	curSeq   uint64
	curStart time.Duration
	lastDTS  time.Duration
	sps, pps []byte

	segs []hlsSegment // finished, oldest first
}

type hlsSegment struct {
	seq  uint64
	dur  time.Duration
	data []byte
}

// hlsKeep is how many finished segments are kept beyond the window.
const hlsKeep = 3

// segmentTarget lets the Writer write into whichever segment is open.
type segmentTarget struct{ m *hlsMuxer }

func (t segmentTarget) Write(p []byte) (int, error) {
	if t.m.out == nil {
		return len(p), nil
	}
	return t.m.out.Write(p)
}

func newHLSMuxer(cfg *Config, t tracks) (*hlsMuxer, error) {
	m := &hlsMuxer{target: cfg.HLSSegment, window: cfg.HLSWindow, sps: t.sps, pps: t.pps}
	m.video = &mpegts.Track{Codec: &mpegts.CodecH264{}}
	trs := []*mpegts.Track{m.video}
	if t.audio != nil {
		m.audio = &mpegts.Track{Codec: &mpegts.CodecMPEG4Audio{Config: *t.audio}}
		trs = append(trs, m.audio)
	}
	m.w = &mpegts.Writer{W: segmentTarget{m}, Tracks: trs}
	if err := m.w.Initialize(); err != nil {
		return nil, err
	}
	return m, nil
}

func (m *hlsMuxer) setParams(sps, pps []byte) { m.sps, m.pps = sps, pps }

// writeVideo adds one access unit, opening a new segment on a keyframe once the current one is long
// enough. It returns the segment it finished, if any (for a Recording).
func (m *hlsMuxer) writeVideo(pts, dts time.Duration, key bool, au [][]byte) (done *hlsSegment) {
	if key {
		if m.out != nil && dts-m.curStart >= m.target {
			done = m.finish(dts)
		}
		if m.out == nil {
			m.out = &bytes.Buffer{}
			m.curStart = dts
		}
		au = m.withParams(au)
	}
	if m.out == nil {
		return nil // no keyframe yet: nothing a player could decode
	}
	m.lastDTS = dts
	_ = m.w.WriteH264(m.video, ts90k(pts), ts90k(dts), au)
	return done
}

func (m *hlsMuxer) writeAudio(pts time.Duration, au []byte) {
	if m.out == nil || m.audio == nil {
		return
	}
	_ = m.w.WriteMPEG4Audio(m.audio, ts90k(pts), [][]byte{au})
}

// withParams puts SPS and PPS in front of a keyframe that lacks them: RTMP carries them only in the
// sequence header, but every HLS segment must be decodable on its own.
func (m *hlsMuxer) withParams(au [][]byte) [][]byte {
	for _, n := range au {
		if t := h264.NALUType(n[0] & 0x1F); t == h264.NALUTypeSPS {
			return au
		}
	}
	if m.sps == nil || m.pps == nil {
		return au
	}
	out := make([][]byte, 0, len(au)+2)
	out = append(out, m.sps, m.pps)
	return append(out, au...)
}

// flush finishes the open segment at the end of a stream (its length estimated one frame past the
// last one written); nil when none is open.
func (m *hlsMuxer) flush() *hlsSegment {
	if m.out == nil {
		return nil
	}
	return m.finish(m.lastDTS + 40*time.Millisecond)
}

func (m *hlsMuxer) finish(next time.Duration) *hlsSegment {
	seg := hlsSegment{seq: m.curSeq, dur: next - m.curStart, data: m.out.Bytes()}
	m.segs = append(m.segs, seg)
	if extra := len(m.segs) - m.window - hlsKeep; extra > 0 {
		m.segs = append(m.segs[:0:0], m.segs[extra:]...)
	}
	m.curSeq++
	m.out = nil
	return &seg
}

// playlist renders the live playlist; query is appended to every segment URI (the signature).
func (m *hlsMuxer) playlist(query string) ([]byte, bool) {
	if len(m.segs) == 0 {
		return nil, false
	}
	list := m.segs
	if len(list) > m.window {
		list = list[len(list)-m.window:]
	}
	maxDur := m.target
	for _, s := range list {
		maxDur = max(maxDur, s.dur)
	}
	var b strings.Builder
	b.WriteString("#EXTM3U\n#EXT-X-VERSION:3\n")
	fmt.Fprintf(&b, "#EXT-X-TARGETDURATION:%d\n", int(math.Ceil(maxDur.Seconds())))
	fmt.Fprintf(&b, "#EXT-X-MEDIA-SEQUENCE:%d\n", list[0].seq)
	for _, s := range list {
		fmt.Fprintf(&b, "#EXTINF:%.3f,\n", s.dur.Seconds())
		b.WriteString(strconv.FormatUint(s.seq, 10))
		b.WriteString(".ts")
		if query != "" {
			b.WriteString("?")
			b.WriteString(query)
		}
		b.WriteString("\n")
	}
	return []byte(b.String()), true
}

func (m *hlsMuxer) segment(seq uint64) ([]byte, bool) {
	for _, s := range m.segs {
		if s.seq == seq {
			return s.data, true
		}
	}
	return nil, false
}

func ts90k(d time.Duration) int64 { return int64(d) * 90000 / int64(time.Second) }
