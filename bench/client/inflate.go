package client

import (
	"bytes"
	"compress/flate"
	"errors"
	"hash/maphash"
	"io"
	"strings"
)

// The gateway compresses a room's frame once and writes the same bytes to every compressing
// subscriber, so a worker inflates each distinct compressed message once: the loop keeps the last
// few (compressed, inflated) pairs, found by a hash and checked byte for byte. The client's cost per
// socket stays the read, as for plain frames.

const inflateCacheSize = 64

type inflateEntry struct {
	sum        uint64
	compressed []byte
	inflated   []byte
}

type inflateCache struct {
	seed    maphash.Seed
	entries [inflateCacheSize]inflateEntry
	next    int
	r       io.ReadCloser // a flate reader, reset for each message
	src     bytes.Reader
}

var deflateTail = []byte{0x00, 0x00, 0xff, 0xff}

// inflate returns the decompressed form of one permessage-deflate message (no context takeover).
// The result is shared by the cache: valid until the loop inflates inflateCacheSize other messages,
// so only during the Handler.Message call it is passed to. Loop goroutine only.
func (l *Loop) inflate(msg []byte) ([]byte, error) {
	z := &l.z
	if z.r == nil {
		z.seed = maphash.MakeSeed()
	}
	sum := maphash.Bytes(z.seed, msg)
	for i := range z.entries {
		if e := &z.entries[i]; e.sum == sum && e.compressed != nil && bytes.Equal(e.compressed, msg) {
			return e.inflated, nil
		}
	}
	z.src.Reset(append(msg[:len(msg):len(msg)], deflateTail...))
	if z.r == nil {
		z.r = flate.NewReader(&z.src)
	} else if err := z.r.(flate.Resetter).Reset(&z.src, nil); err != nil {
		return nil, err
	}
	out, err := io.ReadAll(io.LimitReader(z.r, int64(l.cfg.MaxMessage)+1))
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, err
	}
	if len(out) > l.cfg.MaxMessage {
		return nil, ErrTooLarge
	}
	e := &z.entries[z.next]
	z.next = (z.next + 1) % inflateCacheSize
	e.sum, e.compressed, e.inflated = sum, append(e.compressed[:0], msg...), out
	return out, nil
}

// acceptsDeflate reports whether the 101 answer's head selects permessage-deflate.
func acceptsDeflate(head []byte) bool {
	for line := range strings.SplitSeq(string(head), "\r\n") {
		name, value, ok := strings.Cut(line, ":")
		if ok && strings.EqualFold(strings.TrimSpace(name), "Sec-WebSocket-Extensions") &&
			strings.Contains(strings.ToLower(value), "permessage-deflate") {
			return true
		}
	}
	return false
}
