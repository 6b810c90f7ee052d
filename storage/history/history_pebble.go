package history

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/cockroachdb/pebble/v2"
	"go.uber.org/zap"
)

// PebbleConfig configures the embedded single-node store. Zero values take the defaults noted.
type PebbleConfig struct {
	// Dir holds the store's files (created when missing). Required; usually <data dir>/history.
	Dir string `env:"COURTSIDE_HISTORY_DIR"`
	// BucketWidth is the time span of one (room, bucket) partition. Default DefaultBucketWidth.
	// It is recorded in the store at creation: zero adopts the recorded width, a different explicit
	// width fails Open with ErrBucketWidthChanged.
	BucketWidth time.Duration `env:"COURTSIDE_HISTORY_BUCKET"`
	// TTL is the retention, counted from each event's Time. Zero keeps everything. Expired events
	// are filtered out of reads at once and their buckets removed by a background sweep.
	TTL time.Duration `env:"COURTSIDE_HISTORY_TTL"`
	// SweepInterval is how often expired buckets are removed when TTL > 0. Default 1 minute.
	SweepInterval time.Duration `env:"COURTSIDE_HISTORY_SWEEP"`
	// MaxRead caps n and limit of every read. Default DefaultMaxRead.
	MaxRead int `env:"COURTSIDE_HISTORY_MAX_READ"`
	// CacheSize is Pebble's block cache in bytes. Default 64 MiB.
	CacheSize int64 `env:"COURTSIDE_HISTORY_CACHE"`
	// Logger receives Pebble's errors (its informational chatter goes to Debug). Nil discards.
	Logger *zap.Logger `env:"-"`
}

// PebbleStore is the embedded Store: one Pebble LSM on local disk. Every write is committed with
// pebble.Sync, so an Append that returned nil survives a SIGKILL or a power cut.
type PebbleStore struct {
	cfg PebbleConfig
	db  *pebble.DB

	// closeMu guards db against use after Close: every method holds it for reading, Close for
	// writing. Pebble panics on a closed DB, so this turns that into ErrClosed.
	closeMu sync.RWMutex
	closed  bool

	// writeMu serialises the read-modify-write parts of writes (room meta, id lookups for
	// tombstones, the sweep). The Writer issues one Append at a time anyway, so it is uncontended on
	// the hot path. Lock order: closeMu (read) before writeMu.
	writeMu   sync.Mutex
	batchLast map[string]uint64 // highest seq per room of the batch being appended; guarded by writeMu
	lastCache map[string]uint64 // committed last seq per room, saves a read per room per batch; guarded by writeMu

	stopOnce  sync.Once
	stopSweep chan struct{}
	sweepDone chan struct{}
}

var _ Store = (*PebbleStore)(nil)

// OpenPebble opens (or creates) the store under cfg.Dir.
func OpenPebble(cfg PebbleConfig) (*PebbleStore, error) {
	if cfg.Dir == "" {
		return nil, errors.New("history: PebbleConfig.Dir is required")
	}
	explicitWidth := cfg.BucketWidth != 0
	if cfg.BucketWidth == 0 {
		cfg.BucketWidth = DefaultBucketWidth
	}
	if cfg.BucketWidth < time.Millisecond {
		return nil, fmt.Errorf("history: bucket width %v is below a millisecond", cfg.BucketWidth)
	}
	if cfg.SweepInterval == 0 {
		cfg.SweepInterval = time.Minute
	}
	if cfg.MaxRead == 0 {
		cfg.MaxRead = DefaultMaxRead
	}
	if cfg.CacheSize == 0 {
		cfg.CacheSize = 64 << 20
	}
	if cfg.Logger == nil {
		cfg.Logger = zap.NewNop()
	}
	opts := &pebble.Options{
		CacheSize: cfg.CacheSize,
		// A larger memtable than Pebble's 4 MiB default: fewer flushes and L0 files under a chat
		// storm, which is most of the write path's CPU on a small machine.
		MemTableSize: 32 << 20,
		Logger:       pebbleLogger{cfg.Logger},
	}
	db, err := pebble.Open(cfg.Dir, opts)
	if err != nil {
		return nil, fmt.Errorf("history: open pebble at %s: %w", cfg.Dir, err)
	}
	s := &PebbleStore{cfg: cfg, db: db, batchLast: map[string]uint64{}, lastCache: map[string]uint64{}}
	if err := s.checkBucketWidth(explicitWidth); err != nil {
		_ = db.Close()
		return nil, err
	}
	if cfg.TTL > 0 {
		s.stopSweep = make(chan struct{})
		s.sweepDone = make(chan struct{})
		go s.sweepLoop()
	}
	return s, nil
}

// checkBucketWidth records the bucket width in a new store, or checks (or adopts) the recorded one.
func (s *PebbleStore) checkBucketWidth(explicit bool) error {
	v, closer, err := s.db.Get(settingBucketWidth)
	if errors.Is(err, pebble.ErrNotFound) {
		val := binary.BigEndian.AppendUint64(nil, uint64(s.cfg.BucketWidth.Milliseconds()))
		return s.db.Set(settingBucketWidth, val, pebble.Sync)
	}
	if err != nil {
		return fmt.Errorf("history: read bucket width: %w", err)
	}
	defer closer.Close()
	if len(v) != 8 {
		return fmt.Errorf("%w: bucket width setting", errCorrupt)
	}
	stored := time.Duration(binary.BigEndian.Uint64(v)) * time.Millisecond
	if stored == s.cfg.BucketWidth {
		return nil
	}
	if explicit {
		return fmt.Errorf("%w: configured %v, stored %v", ErrBucketWidthChanged, s.cfg.BucketWidth, stored)
	}
	s.cfg.BucketWidth = stored
	return nil
}

// Close stops the sweep and closes Pebble. Calls after Close return ErrClosed.
func (s *PebbleStore) Close() error {
	s.stopOnce.Do(func() {
		if s.stopSweep != nil {
			close(s.stopSweep)
			<-s.sweepDone
		}
	})
	s.closeMu.Lock()
	defer s.closeMu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	return s.db.Close()
}

// use takes the read side of closeMu; the caller must call the returned release.
func (s *PebbleStore) use() (release func(), err error) {
	s.closeMu.RLock()
	if s.closed {
		s.closeMu.RUnlock()
		return nil, ErrClosed
	}
	return s.closeMu.RUnlock, nil
}

// Append implements Store.
func (s *PebbleStore) Append(ctx context.Context, batch []Event) error {
	if len(batch) == 0 {
		return nil
	}
	for i := range batch {
		if err := Validate(&batch[i]); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	release, err := s.use()
	if err != nil {
		return err
	}
	defer release()
	s.writeMu.Lock()
	defer s.writeMu.Unlock()

	b := s.db.NewBatch()
	defer b.Close()
	var kbuf, vbuf [256]byte
	key, val := kbuf[:0], vbuf[:0]
	last := s.batchLast
	clear(last)
	for i := range batch {
		ev := &batch[i]
		bucket := Bucket(ev.Time, s.cfg.BucketWidth)
		key = eventKey(key[:0], ev.Room, bucket, ev.Seq, markEvent)
		val = encodeValue(val[:0], ev)
		if err := b.Set(key, val, nil); err != nil {
			return err
		}
		if ev.ID != "" {
			key = indexKey(key[:0], ev.Room, ev.ID)
			val = binary.BigEndian.AppendUint64(val[:0], uint64(bucket))
			val = binary.BigEndian.AppendUint64(val, ev.Seq)
			if err := b.Set(key, val, nil); err != nil {
				return err
			}
		}
		if ev.Kind == "del" && ev.Target != "" {
			tb, tseq, ok, err := s.locateForDelete(batch[:i], ev.Room, ev.Target)
			if err != nil {
				return err
			}
			if ok { // an unknown target (never stored, or expired) has nothing to hide
				if err := s.setTombstone(b, ev.Room, tb, tseq, ev.Time); err != nil {
					return err
				}
			}
		}
		if ev.Seq > last[ev.Room] {
			last[ev.Room] = ev.Seq
		}
	}
	for room, seq := range last {
		stored, cached := s.lastCache[room]
		if !cached {
			if stored, err = s.lastSeq(room); err != nil {
				return err
			}
		}
		if seq > stored {
			if err := b.Set(metaKey(key[:0], room), binary.BigEndian.AppendUint64(val[:0], seq), nil); err != nil {
				return err
			}
		} else {
			last[room] = stored // a re-append of older seqs: what the cache must keep is the stored max
		}
	}
	if err := b.Commit(pebble.Sync); err != nil {
		return fmt.Errorf("history: commit batch: %w", err)
	}
	if len(s.lastCache)+len(last) > lastCacheMax {
		clear(s.lastCache) // bounded memory; misses fall back to the meta key
	}
	for room, seq := range last {
		s.lastCache[room] = seq
	}
	return nil
}

// lastCacheMax bounds the last-seq cache (a few MB of room ids).
const lastCacheMax = 100000

// locateForDelete finds a message's (bucket, seq): first among the earlier events of the batch being
// written (a message deleted within one commit window), then in the id index.
func (s *PebbleStore) locateForDelete(earlier []Event, room, id string) (int64, uint64, bool, error) {
	for j := len(earlier) - 1; j >= 0; j-- {
		if earlier[j].Room == room && earlier[j].ID == id {
			return Bucket(earlier[j].Time, s.cfg.BucketWidth), earlier[j].Seq, true, nil
		}
	}
	return s.locate(room, id)
}

// locate reads the id index.
func (s *PebbleStore) locate(room, id string) (int64, uint64, bool, error) {
	v, closer, err := s.db.Get(indexKey(nil, room, id))
	if errors.Is(err, pebble.ErrNotFound) {
		return 0, 0, false, nil
	}
	if err != nil {
		return 0, 0, false, err
	}
	defer closer.Close()
	bucket, seq, err := decodeLoc(v)
	return bucket, seq, err == nil, err
}

func (s *PebbleStore) setTombstone(b *pebble.Batch, room string, bucket int64, seq uint64, atMs int64) error {
	return b.Set(eventKey(nil, room, bucket, seq, markTombstone), binary.BigEndian.AppendUint64(nil, uint64(atMs)), nil)
}

func (s *PebbleStore) lastSeq(room string) (uint64, error) {
	v, closer, err := s.db.Get(metaKey(nil, room))
	if errors.Is(err, pebble.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	defer closer.Close()
	if len(v) != 8 {
		return 0, fmt.Errorf("%w: room meta", errCorrupt)
	}
	return binary.BigEndian.Uint64(v), nil
}

// Delete implements Store.
func (s *PebbleStore) Delete(ctx context.Context, room, msgID string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	release, err := s.use()
	if err != nil {
		return err
	}
	defer release()
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	bucket, seq, ok, err := s.locate(room, msgID)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotFound
	}
	b := s.db.NewBatch()
	defer b.Close()
	if err := s.setTombstone(b, room, bucket, seq, time.Now().UnixMilli()); err != nil {
		return err
	}
	return b.Commit(pebble.Sync)
}

// LastSeq implements Store.
func (s *PebbleStore) LastSeq(ctx context.Context, room string) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	release, err := s.use()
	if err != nil {
		return 0, err
	}
	defer release()
	return s.lastSeq(room)
}

// Get implements Store.
func (s *PebbleStore) Get(ctx context.Context, room, msgID string, vis Visibility) (Event, error) {
	if err := ctx.Err(); err != nil {
		return Event{}, err
	}
	release, err := s.use()
	if err != nil {
		return Event{}, err
	}
	defer release()
	bucket, seq, ok, err := s.locate(room, msgID)
	if err != nil {
		return Event{}, err
	}
	if !ok {
		return Event{}, ErrNotFound
	}
	v, closer, err := s.db.Get(eventKey(nil, room, bucket, seq, markEvent))
	if errors.Is(err, pebble.ErrNotFound) {
		return Event{}, ErrNotFound // swept by retention
	}
	if err != nil {
		return Event{}, err
	}
	ev := Event{Room: room, Seq: seq}
	err = decodeValue(v, &ev)
	closer.Close()
	if err != nil {
		return Event{}, err
	}
	if Expired(ev.Time, s.cfg.TTL, time.Now().UnixMilli()) {
		return Event{}, ErrNotFound
	}
	_, tcloser, err := s.db.Get(eventKey(nil, room, bucket, seq, markTombstone))
	switch {
	case err == nil:
		tcloser.Close()
		if vis != IncludeDeleted {
			return Event{}, ErrNotFound
		}
		ev.Deleted = true
	case !errors.Is(err, pebble.ErrNotFound):
		return Event{}, err
	}
	return ev, nil
}

// roomIter is an iterator bounded to one room's event keys.
type roomIter struct {
	it     *pebble.Iterator
	room   string
	plen   int
	cutoff int64 // events with Time < cutoff are expired; math.MinInt64 without TTL
	err    error
}

func (s *PebbleStore) roomIter(ctx context.Context, room string) (*roomIter, error) {
	prefix := roomPrefix(nil, tagEvent, room)
	it, err := s.db.NewIterWithContext(ctx, &pebble.IterOptions{LowerBound: prefix, UpperBound: prefixEnd(prefix)})
	if err != nil {
		return nil, err
	}
	cutoff := int64(-1 << 63)
	if s.cfg.TTL > 0 {
		cutoff = time.Now().UnixMilli() - s.cfg.TTL.Milliseconds()
	}
	return &roomIter{it: it, room: room, plen: len(prefix), cutoff: cutoff}, nil
}

func (r *roomIter) close() error {
	err := r.it.Close()
	if r.err != nil {
		return r.err
	}
	return err
}

func (r *roomIter) key() parsedKey {
	k, err := parseEventKey(r.it.Key(), r.plen)
	if err != nil && r.err == nil {
		r.err = err
	}
	return k
}

// seekSeq positions the iterator at the first key with seq >= target and reports whether there is
// one. Keys are ordered by (bucket, seq) and seq grows with bucket, so a binary search over bucket
// numbers finds the right partition in O(log buckets) seeks without any per-seq index.
func (r *roomIter) seekSeq(target uint64) bool {
	if !r.it.First() {
		return false
	}
	first := r.key()
	if first.seq >= target {
		return true
	}
	if !r.it.Last() {
		return false
	}
	last := r.key()
	if last.seq < target {
		r.it.Next() // exhausted: callers paging backwards start from Last themselves
		return false
	}
	// f(b) = seq of the first key at or after bucket b, non-decreasing in b. Find the largest b in
	// [lo, hi] with f(b) < target; f(lo) < target holds from the start.
	lo, hi := first.bucket, last.bucket
	var kb []byte
	probe := func(b int64) parsedKey {
		kb = bucketStartKey(kb[:0], r.room, b)
		r.it.SeekGE(kb) // valid: b <= last.bucket, whose keys exist
		return r.key()
	}
	if probe(hi).seq < target { // the common resume case: target is in the newest bucket
		lo = hi
	}
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if probe(mid).seq < target {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	b := probe(lo).bucket
	return r.it.SeekGE(eventKey(kb[:0], r.room, b, target, markEvent))
}

// scanBack collects up to n visible events walking backwards from the current position (valid
// says whether there is one), and returns them in ascending order.
func (r *roomIter) scanBack(valid bool, n int, vis Visibility) []Event {
	if n <= 0 {
		return nil
	}
	out := make([]Event, 0, min(n, 64))
	var tombSeq uint64
	hasTomb := false
	for ; valid && len(out) < n; valid = r.it.Prev() {
		k := r.key()
		if r.err != nil {
			return nil
		}
		if k.tomb {
			tombSeq, hasTomb = k.seq, true
			continue
		}
		deleted := hasTomb && tombSeq == k.seq
		if deleted && vis != IncludeDeleted {
			continue
		}
		ev := Event{Room: r.room, Seq: k.seq, Deleted: deleted}
		if err := decodeValue(r.it.Value(), &ev); err != nil {
			r.err = err
			return nil
		}
		if ev.Time < r.cutoff {
			break // everything older is expired too
		}
		out = append(out, ev)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// scanFwd collects up to limit visible events walking forwards from the current position. keep
// decides for each decoded event whether to take it (take) and whether to stop before it (stop).
func (r *roomIter) scanFwd(valid bool, limit int, vis Visibility, keep func(*Event) (take, stop bool)) []Event {
	if limit <= 0 {
		return nil
	}
	out := make([]Event, 0, min(limit, 64))
	var pending *Event // an event whose tombstone, if any, is the next key
	flush := func() bool {
		if pending != nil {
			out = append(out, *pending)
			pending = nil
		}
		return len(out) >= limit
	}
	for ; valid; valid = r.it.Next() {
		k := r.key()
		if r.err != nil {
			return nil
		}
		if k.tomb {
			if pending != nil && pending.Seq == k.seq {
				if vis == IncludeDeleted {
					pending.Deleted = true
				} else {
					pending = nil
				}
			}
			continue
		}
		if flush() {
			return out
		}
		ev := Event{Room: r.room, Seq: k.seq}
		if err := decodeValue(r.it.Value(), &ev); err != nil {
			r.err = err
			return nil
		}
		if ev.Time < r.cutoff {
			continue
		}
		take, stop := true, false
		if keep != nil {
			take, stop = keep(&ev)
		}
		if stop {
			break
		}
		if take {
			pending = &ev
		}
	}
	flush()
	return out
}

// read runs fn with a room iterator under the close guard.
func (s *PebbleStore) read(ctx context.Context, room string, fn func(r *roomIter) []Event) ([]Event, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	release, err := s.use()
	if err != nil {
		return nil, err
	}
	defer release()
	r, err := s.roomIter(ctx, room)
	if err != nil {
		return nil, err
	}
	out := fn(r)
	if err := r.close(); err != nil {
		return nil, err
	}
	return out, nil
}

// Latest implements Store.
func (s *PebbleStore) Latest(ctx context.Context, room string, n int) ([]Event, error) {
	n = ClampLimit(n, s.cfg.MaxRead)
	return s.read(ctx, room, func(r *roomIter) []Event {
		return r.scanBack(r.it.Last(), n, ExcludeDeleted)
	})
}

// Before implements Store.
func (s *PebbleStore) Before(ctx context.Context, room string, cursor uint64, n int) ([]Event, error) {
	n = ClampLimit(n, s.cfg.MaxRead)
	return s.read(ctx, room, func(r *roomIter) []Event {
		return r.scanBack(r.before(cursor), n, ExcludeDeleted)
	})
}

// before positions the iterator at the last key with seq < cursor.
func (r *roomIter) before(cursor uint64) bool {
	if r.seekSeq(cursor) {
		return r.it.Prev()
	}
	if r.err != nil {
		return false
	}
	return r.it.Last()
}

// After implements Store.
func (s *PebbleStore) After(ctx context.Context, room string, since uint64, limit int) ([]Event, error) {
	limit = ClampLimit(limit, s.cfg.MaxRead)
	return s.read(ctx, room, func(r *roomIter) []Event {
		return r.scanFwd(r.seekSeq(since+1), limit, ExcludeDeleted, nil)
	})
}

// Window implements Store.
func (s *PebbleStore) Window(ctx context.Context, room string, from, to time.Time, limit int) ([]Event, error) {
	limit = ClampLimit(limit, s.cfg.MaxRead)
	fromMs, toMs := from.UnixMilli(), to.UnixMilli()
	if fromMs < 0 {
		fromMs = 0
	}
	if toMs <= fromMs {
		return nil, nil
	}
	return s.read(ctx, room, func(r *roomIter) []Event {
		valid := r.it.SeekGE(bucketStartKey(nil, room, Bucket(fromMs, s.cfg.BucketWidth)))
		return r.scanFwd(valid, limit, ExcludeDeleted, func(ev *Event) (bool, bool) {
			return ev.Time >= fromMs, ev.Time >= toMs
		})
	})
}

// Around implements Store.
func (s *PebbleStore) Around(ctx context.Context, room string, seq uint64, n int, vis Visibility) ([]Event, error) {
	n = ClampLimit(n, s.cfg.MaxRead)
	return s.read(ctx, room, func(r *roomIter) []Event {
		after := r.scanFwd(r.seekSeq(seq), n+1, vis, nil)
		if len(after) > 0 && after[0].Seq != seq && len(after) > n {
			after = after[:n]
		}
		before := r.scanBack(r.before(seq), n, vis)
		return append(before, after...)
	})
}

// Flush writes the memtable out to sstables, so reads that follow hit the on-disk layout (the
// latest-page benchmark uses it; a backup could too).
func (s *PebbleStore) Flush() error {
	release, err := s.use()
	if err != nil {
		return err
	}
	defer release()
	return s.db.Flush()
}

// Sweep removes the buckets that lie wholly before now-TTL, with their id index entries. It runs
// every SweepInterval when TTL > 0; tests call it directly. Reads never depend on it: they filter
// expired events themselves.
func (s *PebbleStore) Sweep(now time.Time) error {
	if s.cfg.TTL <= 0 {
		return nil
	}
	release, err := s.use()
	if err != nil {
		return err
	}
	defer release()
	cutoffBucket := Bucket(now.UnixMilli()-s.cfg.TTL.Milliseconds(), s.cfg.BucketWidth)
	if cutoffBucket <= 0 {
		return nil
	}
	rooms, err := s.rooms()
	if err != nil {
		return err
	}
	for _, room := range rooms {
		if err := s.sweepRoom(room, cutoffBucket); err != nil {
			return err
		}
	}
	return nil
}

// rooms lists every room that was ever written (from the meta keys).
func (s *PebbleStore) rooms() ([]string, error) {
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: []byte{tagMeta}, UpperBound: []byte{tagMeta + 1}})
	if err != nil {
		return nil, err
	}
	var rooms []string
	for valid := it.First(); valid; valid = it.Next() {
		k := it.Key()
		if len(k) < 3 {
			continue
		}
		rooms = append(rooms, string(k[3:]))
	}
	return rooms, it.Close()
}

func (s *PebbleStore) sweepRoom(room string, cutoffBucket int64) error {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	start := bucketStartKey(nil, room, 0)
	end := bucketStartKey(nil, room, cutoffBucket)
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: start, UpperBound: end})
	if err != nil {
		return err
	}
	b := s.db.NewBatch()
	defer b.Close()
	plen := len(roomPrefix(nil, tagEvent, room))
	found := false
	for valid := it.First(); valid; valid = it.Next() {
		found = true
		k, err := parseEventKey(it.Key(), plen)
		if err != nil || k.tomb {
			continue
		}
		var ev Event
		if decodeValue(it.Value(), &ev) == nil && ev.ID != "" {
			if err := b.Delete(indexKey(nil, room, ev.ID), nil); err != nil {
				it.Close()
				return err
			}
		}
	}
	if err := it.Close(); err != nil {
		return err
	}
	if !found {
		return nil
	}
	if err := b.DeleteRange(start, end, nil); err != nil {
		return err
	}
	return b.Commit(pebble.Sync)
}

func (s *PebbleStore) sweepLoop() {
	defer close(s.sweepDone)
	t := time.NewTicker(s.cfg.SweepInterval)
	defer t.Stop()
	for {
		select {
		case <-s.stopSweep:
			return
		case now := <-t.C:
			if err := s.Sweep(now); err != nil && !errors.Is(err, ErrClosed) {
				s.cfg.Logger.Error("history: retention sweep failed", zap.Error(err))
			}
		}
	}
}

// pebbleLogger routes Pebble's log lines to zap: flush and compaction chatter at Debug.
type pebbleLogger struct{ l *zap.Logger }

func (p pebbleLogger) Infof(format string, args ...any) {
	p.l.Debug(fmt.Sprintf(format, args...), zap.String("component", "pebble"))
}

func (p pebbleLogger) Errorf(format string, args ...any) {
	p.l.Error(fmt.Sprintf(format, args...), zap.String("component", "pebble"))
}

func (p pebbleLogger) Fatalf(format string, args ...any) {
	p.l.Fatal(fmt.Sprintf(format, args...), zap.String("component", "pebble"))
}
