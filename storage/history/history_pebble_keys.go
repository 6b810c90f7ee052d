package history

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unsafe"
)

// The Pebble key scheme mirrors the ScyllaDB table: partition (room, bucket), clustered by seq.
//
//	event:     'e' | u16 len(room) | room | u64 bucket | u64 seq | 0x00   → encoded event
//	tombstone: 'e' | u16 len(room) | room | u64 bucket | u64 seq | 0x01   → u64 unix ms of the delete
//	id index:  'i' | u16 len(room) | room | id                            → u64 bucket | u64 seq
//	room meta: 'm' | u16 len(room) | room                                 → u64 last seq (never expires)
//	setting:   's' | name                                                 → value
//
// Integers are big-endian so byte order is numeric order. The length prefix makes one room's keys a
// contiguous range that no other room's keys fall into (rooms "a" and "ab" do not interleave). A
// tombstone sorts right after its event, so one range scan sees both: backwards it meets the
// tombstone first, forwards the event first and must look one key ahead.
const (
	tagEvent   = 'e'
	tagIndex   = 'i'
	tagMeta    = 'm'
	tagSetting = 's'

	markEvent     = 0x00
	markTombstone = 0x01

	eventSuffixLen = 8 + 8 + 1

	valueVersion = 1
)

var settingBucketWidth = []byte("sbucket_width_ms")

var errCorrupt = errors.New("history: corrupt record")

// roomPrefix returns tag | u16 len | room, appended to dst.
func roomPrefix(dst []byte, tag byte, room string) []byte {
	dst = append(dst, tag)
	dst = binary.BigEndian.AppendUint16(dst, uint16(len(room)))
	return append(dst, room...)
}

// eventKey appends the key of (room, bucket, seq, mark) to dst.
func eventKey(dst []byte, room string, bucket int64, seq uint64, mark byte) []byte {
	dst = roomPrefix(dst, tagEvent, room)
	dst = binary.BigEndian.AppendUint64(dst, uint64(bucket))
	dst = binary.BigEndian.AppendUint64(dst, seq)
	return append(dst, mark)
}

// bucketStartKey is the first possible key of (room, bucket).
func bucketStartKey(dst []byte, room string, bucket int64) []byte {
	dst = roomPrefix(dst, tagEvent, room)
	return binary.BigEndian.AppendUint64(dst, uint64(bucket))
}

func indexKey(dst []byte, room, id string) []byte {
	return append(roomPrefix(dst, tagIndex, room), id...)
}

func metaKey(dst []byte, room string) []byte {
	return roomPrefix(dst, tagMeta, room)
}

// prefixEnd returns the smallest key greater than every key starting with p.
func prefixEnd(p []byte) []byte {
	end := append([]byte(nil), p...)
	for i := len(end) - 1; i >= 0; i-- {
		end[i]++
		if end[i] != 0 {
			return end[:i+1]
		}
	}
	return nil // p is all 0xff: no upper bound
}

// parsedKey is an event or tombstone key split into its parts.
type parsedKey struct {
	bucket int64
	seq    uint64
	tomb   bool
}

// parseEventKey decodes the suffix of an event key of a room whose prefix has length plen.
func parseEventKey(k []byte, plen int) (parsedKey, error) {
	if len(k) != plen+eventSuffixLen {
		return parsedKey{}, fmt.Errorf("%w: event key length %d", errCorrupt, len(k))
	}
	s := k[plen:]
	return parsedKey{
		bucket: int64(binary.BigEndian.Uint64(s[0:8])),
		seq:    binary.BigEndian.Uint64(s[8:16]),
		tomb:   s[16] == markTombstone,
	}, nil
}

// encodeValue appends the stored form of ev (everything not in the key) to dst.
func encodeValue(dst []byte, ev *Event) []byte {
	dst = append(dst, valueVersion)
	dst = binary.AppendUvarint(dst, uint64(len(ev.ID)))
	dst = append(dst, ev.ID...)
	dst = binary.AppendUvarint(dst, uint64(len(ev.Kind)))
	dst = append(dst, ev.Kind...)
	dst = binary.AppendUvarint(dst, uint64(len(ev.UserID)))
	dst = append(dst, ev.UserID...)
	dst = binary.AppendUvarint(dst, uint64(len(ev.Target)))
	dst = append(dst, ev.Target...)
	dst = binary.BigEndian.AppendUint64(dst, uint64(ev.Time))
	return append(dst, ev.Payload...)
}

// decodeValue fills ev from a stored value. v belongs to the iterator, so it is copied once, and
// the strings and Payload of ev share that copy: one allocation per event instead of four. The
// strings' bytes are never written again (Payload is a separate, capacity-capped region), which is
// what unsafe.String requires.
func decodeValue(v []byte, ev *Event) error {
	if len(v) < 1 || v[0] != valueVersion {
		return fmt.Errorf("%w: value version", errCorrupt)
	}
	buf := append([]byte(nil), v[1:]...)
	var strs [4]string
	off := 0
	for i := range strs {
		n, w := binary.Uvarint(buf[off:])
		if w <= 0 || uint64(len(buf)-off-w) < n {
			return fmt.Errorf("%w: value field %d", errCorrupt, i)
		}
		start := off + w
		off = start + int(n)
		if n > 0 {
			strs[i] = unsafe.String(&buf[start], int(n))
		}
	}
	if len(buf)-off < 8 {
		return fmt.Errorf("%w: value time", errCorrupt)
	}
	ev.ID, ev.Kind, ev.UserID, ev.Target = strs[0], strs[1], strs[2], strs[3]
	ev.Time = int64(binary.BigEndian.Uint64(buf[off : off+8]))
	off += 8
	if off < len(buf) {
		ev.Payload = buf[off:len(buf):len(buf)]
	} else {
		ev.Payload = nil
	}
	return nil
}

// decodeLoc decodes an id index value.
func decodeLoc(v []byte) (bucket int64, seq uint64, err error) {
	if len(v) != 16 {
		return 0, 0, fmt.Errorf("%w: index value", errCorrupt)
	}
	return int64(binary.BigEndian.Uint64(v[:8])), binary.BigEndian.Uint64(v[8:]), nil
}
