package media

import (
	"bufio"
	"context"
	"encoding/binary"
	"io"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
)

// avcSequenceHeader is the body of the FLV video tag carrying the AVCDecoderConfigurationRecord
// (ISO 14496-15 §5.2.4.1) of one SPS and one PPS.
func avcSequenceHeader(sps, pps []byte) []byte {
	b := make([]byte, 0, 5+11+len(sps)+len(pps))
	b = append(b, 0x17, 0, 0, 0, 0) // keyframe|AVC, sequence header, composition time 0
	var profile, compat, level byte
	if len(sps) >= 4 {
		profile, compat, level = sps[1], sps[2], sps[3]
	}
	b = append(b, 1, profile, compat, level, 0xFF, 0xE1) // version, ..., 4-byte lengths, 1 SPS
	b = binary.BigEndian.AppendUint16(b, uint16(len(sps)))
	b = append(b, sps...)
	b = append(b, 1) // 1 PPS
	b = binary.BigEndian.AppendUint16(b, uint16(len(pps)))
	b = append(b, pps...)
	return b
}

// flvVideoBody is the body of an FLV video tag for one access unit: frame type, AVC NALU packet,
// composition time (PTS-DTS) in ms, then the NAL units with 4-byte lengths.
func flvVideoBody(key bool, cts time.Duration, au [][]byte) ([]byte, error) {
	avcc, err := h264.AVCC(au).Marshal()
	if err != nil {
		return nil, err
	}
	b := make([]byte, 5+len(avcc))
	b[0] = 0x27 // inter frame | AVC
	if key {
		b[0] = 0x17
	}
	b[1] = 1
	c := int32(cts / time.Millisecond)
	b[2], b[3], b[4] = byte(c>>16), byte(c>>8), byte(c)
	copy(b[5:], avcc)
	return b, nil
}

// flvHeader is the 9-byte FLV file header plus PreviousTagSize0.
func flvHeader(audio bool) []byte {
	flags := byte(0x01)
	if audio {
		flags |= 0x04
	}
	return []byte{'F', 'L', 'V', 1, flags, 0, 0, 0, 9, 0, 0, 0, 0}
}

// encodeTag encodes one FLV tag: the 11-byte header, the body and the trailing PreviousTagSize.
func encodeTag(typ byte, ts uint32, body []byte) []byte {
	n := len(body)
	b := make([]byte, 11+n+4)
	b[0] = typ
	b[1], b[2], b[3] = byte(n>>16), byte(n>>8), byte(n)
	b[4], b[5], b[6], b[7] = byte(ts>>16), byte(ts>>8), byte(ts), byte(ts>>24)
	copy(b[11:], body)
	binary.BigEndian.PutUint32(b[11+n:], uint32(11+n))
	return b
}

// flvOut is where a viewer's bytes go: the writer and a flush that also pushes them to the network.
type flvOut struct {
	w     io.Writer
	flush func() error
}

// serveFLV streams st to one viewer: the FLV header, the codec headers, then every tag from the newest
// keyframe on. Timestamps are the publisher's, not rebased: players (mpegts.js, ffplay) start their
// clock at the first tag, and shared tags can then be written as they are, with no per-viewer copy.
// It returns when the stream ends (nil), ctx is done, the write fails, or until passes (ErrURLExpired).
func (st *stream) serveFLV(ctx context.Context, out flvOut, until time.Time, now time.Time) error {
	bw := bufio.NewWriterSize(out.w, 32<<10)
	st.mu.Lock()
	hasAudio := st.audioHdr != nil
	st.mu.Unlock()
	if _, err := bw.Write(flvHeader(hasAudio)); err != nil {
		return err
	}
	expire := time.NewTimer(until.Sub(now))
	defer expire.Stop()

	ringLen := uint64(len(st.ring))
	var (
		cursor  uint64
		started bool
		batch   [][]byte
	)
	for {
		st.mu.Lock()
		if started && st.seq-cursor > ringLen {
			// Fell behind by more than the ring: drop what was lost and resume at the newest keyframe
			// (decoders need one), with the codec headers again.
			started = false
		}
		batch = batch[:0]
		if !started && st.hasKey && st.seq-st.keySeq <= ringLen {
			cursor, started = st.keySeq, true
			ts := st.ring[cursor%ringLen].ts
			batch = append(batch, encodeTag(tagVideo, ts, st.videoHdr))
			if st.audioHdr != nil {
				batch = append(batch, encodeTag(tagAudio, ts, st.audioHdr))
			}
		}
		if started {
			for ; cursor < st.seq; cursor++ {
				batch = append(batch, st.ring[cursor%ringLen].raw)
			}
		}
		ch, ended := st.notify, st.ended
		st.mu.Unlock()

		for _, raw := range batch {
			if _, err := bw.Write(raw); err != nil {
				return err
			}
		}
		if bw.Buffered() > 0 {
			if err := bw.Flush(); err != nil {
				return err
			}
			if err := out.flush(); err != nil {
				return err
			}
		}
		clear(batch) // drop references to tags while waiting
		if ended {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		case <-expire.C:
			return ErrURLExpired
		}
	}
}
