package wsframe

import (
	"bytes"
	"compress/flate"
	"errors"
	"io"
	"sync"
)

// RSV1 is the "per-message compressed" bit of Header.Rsv (RFC 7692 §6):
// set on the first frame of a compressed message, never on a continuation
// or control frame.
const RSV1 uint8 = 0x4

// deflateTail is the empty stored block a sync flush ends with. A sender
// removes it from each compressed message and a receiver appends it back
// before inflating (RFC 7692 §7.2.1, §7.2.2).
var deflateTail = []byte{0x00, 0x00, 0xff, 0xff}

// MinCompressSize is the smallest payload AppendCompressedFrame tries to
// compress: below it the deflate block header and Huffman tables cost
// about as much as they save.
const MinCompressSize = 64

// CompressLevel is the compress/flate level of server messages. A frame is
// compressed once and written to every subscriber, so the better ratio of
// the default level costs little per delivery.
const CompressLevel = flate.BestSpeed

type deflater struct {
	w   *flate.Writer
	buf bytes.Buffer
}

var deflaters = sync.Pool{New: func() any {
	d := &deflater{}
	d.w, _ = flate.NewWriter(&d.buf, CompressLevel) // the level is valid
	return d
}}

// EncodeCompressedFrame returns one complete unmasked frame (FIN and RSV1
// set) whose payload is payload deflated without context takeover: the
// compressor starts empty for every message, so a receiver inflates each
// message on its own and the same bytes are valid for every connection
// that negotiated permessage-deflate. It returns ok false when compression
// does not make the frame smaller (short or incompressible payloads); the
// caller then sends the plain frame, which a compressing peer accepts too
// (RSV1 is per message). Any goroutine: compressors are pooled.
func EncodeCompressedFrame(op Opcode, payload []byte) (frame []byte, ok bool) {
	if len(payload) < MinCompressSize {
		return nil, false
	}
	d := deflaters.Get().(*deflater)
	defer deflaters.Put(d)
	d.buf.Reset()
	d.w.Reset(&d.buf)
	if _, err := d.w.Write(payload); err != nil {
		return nil, false
	}
	if err := d.w.Flush(); err != nil { // sync flush: ends with deflateTail
		return nil, false
	}
	z := d.buf.Bytes()
	if !bytes.HasSuffix(z, deflateTail) {
		return nil, false
	}
	z = z[:len(z)-len(deflateTail)]
	if HeaderSize(len(z))+len(z) >= HeaderSize(len(payload))+len(payload) {
		return nil, false
	}
	frame = make([]byte, 0, HeaderSize(len(z))+len(z))
	frame = AppendHeader(frame, op, len(z))
	frame[0] |= RSV1 << 4
	return append(frame, z...), true
}

// inflater is a pooled decompressor with the reader it reads from: the
// message, then deflateTail.
type inflater struct {
	r   io.ReadCloser // implements flate.Resetter
	src tailReader
}

// tailReader reads p, then deflateTail, without copying either.
type tailReader struct {
	p    []byte
	tail int // bytes of deflateTail already read
}

func (t *tailReader) Read(b []byte) (int, error) {
	if len(t.p) > 0 {
		n := copy(b, t.p)
		t.p = t.p[n:]
		return n, nil
	}
	if t.tail < len(deflateTail) {
		n := copy(b, deflateTail[t.tail:])
		t.tail += n
		return n, nil
	}
	return 0, io.EOF
}

var inflaters = sync.Pool{New: func() any {
	f := &inflater{}
	f.r = flate.NewReader(&f.src)
	return f
}}

// Inflate appends to dst the decompressed form of one permessage-deflate
// message (its frames' payloads concatenated, without the tail) and returns
// the result. limit bounds the decompressed size (0: no limit): a message
// that inflates past it fails with ErrMessageTooBig as soon as the limit is
// passed, so a "zip bomb" costs at most limit bytes of output and never the
// whole expansion. Data that is not a valid deflate stream fails with
// ErrBadCompressed. Each message is inflated on its own (no context
// takeover). Any goroutine: decompressors are pooled.
func Inflate(dst, msg []byte, limit int) ([]byte, error) {
	f := inflaters.Get().(*inflater)
	defer inflaters.Put(f)
	f.src = tailReader{p: msg}
	if err := f.r.(flate.Resetter).Reset(&f.src, nil); err != nil {
		return dst, ErrBadCompressed
	}
	start := len(dst)
	for {
		if len(dst) == cap(dst) {
			dst = append(dst, 0)[:len(dst)]
		}
		room := dst[len(dst):cap(dst)]
		if limit > 0 && len(room) > limit+1-(len(dst)-start) {
			// Read one byte past the limit at most: enough to know it is passed.
			room = room[:limit+1-(len(dst)-start)]
		}
		n, err := f.r.Read(room)
		dst = dst[:len(dst)+n]
		if limit > 0 && len(dst)-start > limit {
			return dst[:start], ErrMessageTooBig
		}
		switch {
		case err == nil:
		case errors.Is(err, io.EOF):
			// A final block ended the stream (the sender used BFINAL).
			return dst, nil
		case errors.Is(err, io.ErrUnexpectedEOF):
			// The normal end: the stream stops after the sync-flush block
			// we appended, in the middle of the (endless) deflate stream.
			if f.src.tail == len(deflateTail) && len(f.src.p) == 0 {
				return dst, nil
			}
			return dst[:start], ErrBadCompressed
		default:
			return dst[:start], ErrBadCompressed
		}
	}
}
