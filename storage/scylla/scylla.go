package scylla

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"
	"time"

	"github.com/gocql/gocql"
	"golang.org/x/sync/errgroup"

	"courtside/storage/history"
)

// Config selects the cluster and sizes the store. Zero values take the defaults noted.
type Config struct {
	// Hosts are the contact points (host or host:port). Required; the node enables this store
	// when SCYLLA_HOSTS (comma-separated, see ParseHosts) is set.
	Hosts []string `env:"SCYLLA_HOSTS"`
	// Keyspace holds the tables. Default "courtside".
	Keyspace string `env:"SCYLLA_KEYSPACE"`
	// Replication is the CQL replication map used when Open creates the keyspace. Default
	// {'class': 'NetworkTopologyStrategy', 'replication_factor': 1}; production uses 3 per DC.
	Replication string `env:"SCYLLA_REPLICATION"`
	// Consistency of reads and writes. Default LOCAL_QUORUM.
	Consistency string `env:"SCYLLA_CONSISTENCY"`
	// LocalDC routes queries to one datacenter first (DC-aware, token-aware). Default: token-aware
	// round robin over all hosts.
	LocalDC string `env:"SCYLLA_LOCAL_DC"`
	// Username and Password enable password authentication.
	Username string `env:"SCYLLA_USERNAME"`
	Password string `env:"SCYLLA_PASSWORD"`
	// Timeout bounds one query; ConnectTimeout the initial connection. Defaults 5s and 10s.
	Timeout        time.Duration `env:"SCYLLA_TIMEOUT"`
	ConnectTimeout time.Duration `env:"SCYLLA_CONNECT_TIMEOUT"`
	// BucketWidth is the time span of one (room, bucket) partition. Default
	// history.DefaultBucketWidth. Recorded in chat_settings at creation: zero adopts the recorded
	// width, a different explicit width fails Open with history.ErrBucketWidthChanged.
	BucketWidth time.Duration `env:"COURTSIDE_HISTORY_BUCKET"`
	// TTL is the retention counted from each event's Time. Zero keeps everything.
	TTL time.Duration `env:"COURTSIDE_HISTORY_TTL"`
	// MaxRead caps n and limit of every read. Default history.DefaultMaxRead.
	MaxRead int `env:"COURTSIDE_HISTORY_MAX_READ"`
	// WriteConcurrency bounds the statements of one Append in flight at once. Default 64.
	WriteConcurrency int `env:"SCYLLA_WRITE_CONCURRENCY"`
}

// ParseHosts splits SCYLLA_HOSTS ("10.0.0.1,10.0.0.2:9042") into contact points.
func ParseHosts(s string) []string {
	var out []string
	for _, h := range strings.Split(s, ",") {
		if h = strings.TrimSpace(h); h != "" {
			out = append(out, h)
		}
	}
	return out
}

// Store is the ScyllaDB history.Store.
type Store struct {
	cfg     Config
	session *gocql.Session
	cons    gocql.Consistency
	ks      string
}

var _ history.Store = (*Store)(nil)

var keyspaceName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,47}$`)

// Open connects, creates the keyspace and tables of schema.cql when missing, and checks the bucket
// width the data set was written with.
func Open(ctx context.Context, cfg Config) (*Store, error) {
	if len(cfg.Hosts) == 0 {
		return nil, ErrNoHosts
	}
	if cfg.Keyspace == "" {
		cfg.Keyspace = "courtside"
	}
	if !keyspaceName.MatchString(cfg.Keyspace) {
		return nil, fmt.Errorf("scylla: invalid keyspace name %q", cfg.Keyspace)
	}
	if cfg.Replication == "" {
		cfg.Replication = "{'class': 'NetworkTopologyStrategy', 'replication_factor': 1}"
	}
	if cfg.Consistency == "" {
		cfg.Consistency = "LOCAL_QUORUM"
	}
	cons, err := gocql.ParseConsistencyWrapper(cfg.Consistency)
	if err != nil {
		return nil, fmt.Errorf("scylla: %w", err)
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 5 * time.Second
	}
	if cfg.ConnectTimeout == 0 {
		cfg.ConnectTimeout = 10 * time.Second
	}
	explicitWidth := cfg.BucketWidth != 0
	if cfg.BucketWidth == 0 {
		cfg.BucketWidth = history.DefaultBucketWidth
	}
	if cfg.BucketWidth < time.Millisecond {
		return nil, fmt.Errorf("scylla: bucket width %v is below a millisecond", cfg.BucketWidth)
	}
	if cfg.MaxRead == 0 {
		cfg.MaxRead = history.DefaultMaxRead
	}
	if cfg.WriteConcurrency == 0 {
		cfg.WriteConcurrency = 64
	}

	cluster := gocql.NewCluster(cfg.Hosts...)
	cluster.Consistency = cons
	cluster.Timeout = cfg.Timeout
	cluster.ConnectTimeout = cfg.ConnectTimeout
	if cfg.LocalDC != "" {
		cluster.PoolConfig.HostSelectionPolicy = gocql.TokenAwareHostPolicy(gocql.DCAwareRoundRobinPolicy(cfg.LocalDC))
	} else {
		cluster.PoolConfig.HostSelectionPolicy = gocql.TokenAwareHostPolicy(gocql.RoundRobinHostPolicy())
	}
	if cfg.Username != "" {
		cluster.Authenticator = gocql.PasswordAuthenticator{Username: cfg.Username, Password: cfg.Password}
	}
	// Every statement of this store is idempotent (inserts of fixed values, tombstones, and
	// timestamped max registers), so the driver may retry and speculate freely.
	cluster.DefaultIdempotence = true
	cluster.RetryPolicy = &gocql.ExponentialBackoffRetryPolicy{NumRetries: 3, Min: 50 * time.Millisecond, Max: time.Second}

	// The schema is created over a session without a keyspace (it may not exist yet).
	boot, err := cluster.CreateSession()
	if err != nil {
		return nil, fmt.Errorf("scylla: connect %v: %w", cfg.Hosts, err)
	}
	for _, stmt := range schemaStatements(cfg.Keyspace, cfg.Replication) {
		if err := boot.Query(stmt).WithContext(ctx).Exec(); err != nil {
			boot.Close()
			return nil, fmt.Errorf("scylla: schema: %w\n%s", err, stmt)
		}
	}
	if err := boot.AwaitSchemaAgreement(ctx); err != nil {
		boot.Close()
		return nil, fmt.Errorf("scylla: schema agreement: %w", err)
	}
	boot.Close()

	cluster.Keyspace = cfg.Keyspace
	session, err := cluster.CreateSession()
	if err != nil {
		return nil, fmt.Errorf("scylla: connect %v keyspace %s: %w", cfg.Hosts, cfg.Keyspace, err)
	}
	s := &Store{cfg: cfg, session: session, cons: cons, ks: cfg.Keyspace}
	if err := s.checkBucketWidth(ctx, explicitWidth); err != nil {
		session.Close()
		return nil, err
	}
	return s, nil
}

func (s *Store) checkBucketWidth(ctx context.Context, explicit bool) error {
	want := s.cfg.BucketWidth.Milliseconds()
	// A plain read then insert, not a lightweight transaction: LWT is not available on every
	// keyspace layout (tablets), and nodes of one deployment share one configuration anyway.
	var stored int64
	err := s.q(ctx, `SELECT value FROM chat_settings WHERE name = 'bucket_width_ms'`).Scan(&stored)
	if errors.Is(err, gocql.ErrNotFound) {
		if err := s.q(ctx, `INSERT INTO chat_settings (name, value) VALUES ('bucket_width_ms', ?)`, want).Exec(); err != nil {
			return fmt.Errorf("scylla: record bucket width: %w", err)
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("scylla: read bucket width: %w", err)
	}
	if stored == want {
		return nil
	}
	if explicit {
		return fmt.Errorf("%w: configured %v, stored %v", history.ErrBucketWidthChanged, s.cfg.BucketWidth, time.Duration(stored)*time.Millisecond)
	}
	s.cfg.BucketWidth = time.Duration(stored) * time.Millisecond
	return nil
}

// Close closes the session.
func (s *Store) Close() error {
	s.session.Close()
	return nil
}

func (s *Store) q(ctx context.Context, stmt string, args ...any) *gocql.Query {
	return s.session.Query(stmt, args...).WithContext(ctx).Consistency(s.cons)
}

func (s *Store) closedErr(err error) error {
	if errors.Is(err, gocql.ErrSessionClosed) {
		return history.ErrClosed
	}
	return err
}

// ttlSeconds is the USING TTL of an event: the retention left from its Time. ok is false when the
// event is already expired (it is then not written). 0 means no expiry.
func (s *Store) ttlSeconds(timeMs, nowMs int64) (ttl int, ok bool) {
	if s.cfg.TTL <= 0 {
		return 0, true
	}
	left := s.cfg.TTL.Milliseconds() - (nowMs - timeMs)
	if left < 1000 {
		return 0, false
	}
	return int(math.Ceil(float64(left) / 1000)), true
}

const insertEvent = `INSERT INTO chat_events (room, bucket, seq, id, ts, kind, uid, target, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) USING TTL ?`

// Append implements history.Store. Phase one writes each room's events (bucket index row, then
// single-partition unlogged batches, in seq order) with the rooms, the id index rows and the
// tombstones of "del" events in parallel; phase two raises each room's last_seq. A failure anywhere fails the call; every
// statement is idempotent, so the writer simply retries the whole batch.
func (s *Store) Append(ctx context.Context, batch []history.Event) error {
	if len(batch) == 0 {
		return nil
	}
	for i := range batch {
		if err := history.Validate(&batch[i]); err != nil {
			return err
		}
	}
	now := time.Now().UnixMilli()
	type partition struct {
		room   string
		bucket int64
	}
	parts := map[partition][]int{} // event indexes per partition, in batch order
	bucketTTL := map[partition]int{}
	last := map[string]uint64{}
	var order []partition
	for i := range batch {
		ev := &batch[i]
		if ev.Seq > last[ev.Room] {
			last[ev.Room] = ev.Seq
		}
		ttl, ok := s.ttlSeconds(ev.Time, now)
		if !ok {
			continue
		}
		p := partition{ev.Room, history.Bucket(ev.Time, s.cfg.BucketWidth)}
		if _, seen := parts[p]; !seen {
			order = append(order, p)
		}
		parts[p] = append(parts[p], i)
		if cur, seen := bucketTTL[p]; !seen || (cur != 0 && (ttl == 0 || ttl > cur)) {
			bucketTTL[p] = ttl
		}
	}

	// Readers must never see a later event of a room before an earlier one (After would skip the
	// gap for good), so each room's partitions are written one after the other, oldest first, each
	// in size-bounded single-partition batches, also in order; rooms proceed in parallel.
	rooms := map[string][]partition{}
	var roomOrder []string
	for _, p := range order {
		if _, seen := rooms[p.room]; !seen {
			roomOrder = append(roomOrder, p.room)
		}
		rooms[p.room] = append(rooms[p.room], p)
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(s.cfg.WriteConcurrency)
	for _, room := range roomOrder {
		g.Go(func() error {
			for _, p := range rooms[room] {
				// The bucket's index row first: a reader then finds at worst an empty bucket.
				if err := s.q(gctx, `INSERT INTO chat_buckets (room, bucket) VALUES (?, ?) USING TTL ?`, p.room, p.bucket, bucketTTL[p]).Exec(); err != nil {
					return err
				}
				for _, chunk := range chunks(batch, parts[p]) {
					b := s.session.Batch(gocql.UnloggedBatch).WithContext(gctx)
					b.SetConsistency(s.cons)
					for _, i := range chunk {
						ev := &batch[i]
						ttl, _ := s.ttlSeconds(ev.Time, now)
						b.Entries = append(b.Entries, gocql.BatchEntry{
							Stmt:       insertEvent,
							Args:       []any{ev.Room, p.bucket, int64(ev.Seq), ev.ID, ev.Time, ev.Kind, ev.UserID, ev.Target, ev.Payload, ttl},
							Idempotent: true,
						})
					}
					if err := s.session.ExecuteBatch(b); err != nil {
						return err
					}
				}
			}
			return nil
		})
	}
	for _, p := range order {
		idx := parts[p]
		for _, i := range idx {
			ev := &batch[i]
			if ev.ID != "" {
				ttl, _ := s.ttlSeconds(ev.Time, now)
				g.Go(func() error {
					return s.q(gctx, `INSERT INTO chat_events_by_id (room, id, bucket, seq) VALUES (?, ?, ?, ?) USING TTL ?`,
						ev.Room, ev.ID, p.bucket, int64(ev.Seq), ttl).Exec()
				})
			}
			if ev.Kind == "del" && ev.Target != "" {
				earlier := batch[:i]
				ttl, _ := s.ttlSeconds(ev.Time, now)
				g.Go(func() error {
					bucket, seq, ok, err := s.locateIn(gctx, earlier, ev.Room, ev.Target)
					if err != nil || !ok { // an unknown target has nothing to hide
						return err
					}
					return s.tombstone(gctx, ev.Room, bucket, seq, ttl)
				})
			}
		}
	}
	if err := g.Wait(); err != nil {
		return fmt.Errorf("scylla: append: %w", s.closedErr(err))
	}
	g, gctx = errgroup.WithContext(ctx)
	g.SetLimit(s.cfg.WriteConcurrency)
	for room, seq := range last {
		g.Go(func() error {
			// The cell timestamp is the seq: a retried or reordered lower seq never overwrites a higher.
			return s.q(gctx, `UPDATE chat_rooms USING TIMESTAMP ? SET last_seq = ? WHERE room = ?`, int64(seq), int64(seq), room).Exec()
		})
	}
	if err := g.Wait(); err != nil {
		return fmt.Errorf("scylla: append last_seq: %w", s.closedErr(err))
	}
	return nil
}

// Single-partition batch bounds: Scylla warns above 128 KB per batch and refuses 1 MB.
const (
	maxBatchRows  = 256
	maxBatchBytes = 64 << 10
)

// chunks splits the event indexes of one partition into batches bounded by rows and bytes, in order.
func chunks(batch []history.Event, idx []int) [][]int {
	var out [][]int
	start, size := 0, 0
	for k, i := range idx {
		n := len(batch[i].Payload) + len(batch[i].ID) + len(batch[i].Room) + 64
		if k > start && (k-start >= maxBatchRows || size+n > maxBatchBytes) {
			out = append(out, idx[start:k])
			start, size = k, 0
		}
		size += n
	}
	if start < len(idx) {
		out = append(out, idx[start:])
	}
	return out
}

// locateIn finds a message among the earlier events of the batch being written, then in the index.
func (s *Store) locateIn(ctx context.Context, earlier []history.Event, room, id string) (int64, uint64, bool, error) {
	for j := len(earlier) - 1; j >= 0; j-- {
		if earlier[j].Room == room && earlier[j].ID == id {
			return history.Bucket(earlier[j].Time, s.cfg.BucketWidth), earlier[j].Seq, true, nil
		}
	}
	return s.locate(ctx, room, id)
}

func (s *Store) locate(ctx context.Context, room, id string) (int64, uint64, bool, error) {
	var bucket, seq int64
	err := s.q(ctx, `SELECT bucket, seq FROM chat_events_by_id WHERE room = ? AND id = ?`, room, id).Scan(&bucket, &seq)
	if errors.Is(err, gocql.ErrNotFound) {
		return 0, 0, false, nil
	}
	if err != nil {
		return 0, 0, false, s.closedErr(err)
	}
	return bucket, uint64(seq), true, nil
}

func (s *Store) tombstone(ctx context.Context, room string, bucket int64, seq uint64, ttl int) error {
	return s.q(ctx, `UPDATE chat_events USING TTL ? SET deleted = true WHERE room = ? AND bucket = ? AND seq = ?`,
		ttl, room, bucket, int64(seq)).Exec()
}

// Delete implements history.Store.
func (s *Store) Delete(ctx context.Context, room, msgID string) error {
	bucket, seq, ok, err := s.locate(ctx, room, msgID)
	if err != nil {
		return err
	}
	if !ok {
		return history.ErrNotFound
	}
	ttl := 0
	if s.cfg.TTL > 0 {
		ttl = int(math.Ceil(s.cfg.TTL.Seconds()))
	}
	return s.closedErr(s.tombstone(ctx, room, bucket, seq, ttl))
}

// LastSeq implements history.Store.
func (s *Store) LastSeq(ctx context.Context, room string) (uint64, error) {
	var seq int64
	err := s.q(ctx, `SELECT last_seq FROM chat_rooms WHERE room = ?`, room).Scan(&seq)
	if errors.Is(err, gocql.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, s.closedErr(err)
	}
	return uint64(seq), nil
}

const eventColumns = `seq, id, ts, kind, uid, target, payload, deleted`

// scanEvents reads rows of eventColumns, calling fn for each stored, unexpired event until fn
// returns false.
func (s *Store) scanEvents(q *gocql.Query, room string, fn func(ev history.Event) bool) (stopped bool, err error) {
	iter := q.Iter()
	cutoff := int64(math.MinInt64)
	if s.cfg.TTL > 0 {
		cutoff = time.Now().UnixMilli() - s.cfg.TTL.Milliseconds()
	}
	for {
		var (
			seq     int64
			ev      = history.Event{Room: room}
			payload []byte // fresh each row: gocql appends into the destination's array
		)
		if !iter.Scan(&seq, &ev.ID, &ev.Time, &ev.Kind, &ev.UserID, &ev.Target, &payload, &ev.Deleted) {
			break
		}
		if ev.Kind == "" && ev.Time == 0 && len(payload) == 0 {
			continue // only a tombstone cell is left of this row
		}
		if ev.Time < cutoff {
			continue
		}
		ev.Seq = uint64(seq)
		if len(payload) > 0 {
			ev.Payload = payload
		}
		if !fn(ev) {
			stopped = true
			break
		}
	}
	return stopped, s.closedErr(iter.Close())
}

// bucketsDesc lists the room's buckets newest first, calling fn until it returns false.
func (s *Store) bucketsDesc(ctx context.Context, room string, fn func(bucket int64) bool) error {
	iter := s.q(ctx, `SELECT bucket FROM chat_buckets WHERE room = ?`, room).PageSize(100).Iter()
	var b int64
	for iter.Scan(&b) {
		if !fn(b) {
			break
		}
	}
	return s.closedErr(iter.Close())
}

// collectDesc gathers up to n visible events with seq < before, newest first, walking buckets
// from the newest.
func (s *Store) collectDesc(ctx context.Context, room string, before uint64, n int, vis history.Visibility) ([]history.Event, error) {
	if n <= 0 || before <= 1 {
		return nil, nil
	}
	var out []history.Event
	var scanErr error
	err := s.bucketsDesc(ctx, room, func(bucket int64) bool {
		q := s.q(ctx, `SELECT `+eventColumns+` FROM chat_events WHERE room = ? AND bucket = ? AND seq < ?`,
			room, bucket, int64(min(before, math.MaxInt64))).PageSize(min(n+16, 1000))
		_, scanErr = s.scanEvents(q, room, func(ev history.Event) bool {
			if ev.Deleted && vis != history.IncludeDeleted {
				return true
			}
			out = append(out, ev)
			return len(out) < n
		})
		return scanErr == nil && len(out) < n
	})
	if scanErr != nil {
		return nil, scanErr
	}
	return out, err
}

// collectAsc gathers up to limit visible events with seq > since, oldest first. It walks the bucket
// index from the newest bucket back to the one holding since (a one-row probe per bucket), then
// reads forwards.
func (s *Store) collectAsc(ctx context.Context, room string, since uint64, limit int, vis history.Visibility) ([]history.Event, error) {
	if limit <= 0 {
		return nil, nil
	}
	var newer []int64 // buckets to read, newest first
	var probeErr error
	err := s.bucketsDesc(ctx, room, func(bucket int64) bool {
		newer = append(newer, bucket)
		if since == 0 {
			return true
		}
		var seq int64
		probeErr = s.q(ctx, `SELECT seq FROM chat_events WHERE room = ? AND bucket = ? AND seq <= ? LIMIT 1`,
			room, bucket, int64(min(since, math.MaxInt64))).Scan(&seq)
		if errors.Is(probeErr, gocql.ErrNotFound) {
			probeErr = nil
			return true // everything in this bucket is newer: keep walking back
		}
		return false // this bucket holds since: reading starts here
	})
	if err == nil {
		err = probeErr
	}
	if err != nil {
		return nil, s.closedErr(err)
	}
	out := make([]history.Event, 0, min(limit, 64))
	for i := len(newer) - 1; i >= 0 && len(out) < limit; i-- {
		q := s.q(ctx, `SELECT `+eventColumns+` FROM chat_events WHERE room = ? AND bucket = ? AND seq > ? ORDER BY seq ASC`,
			room, newer[i], int64(min(since, math.MaxInt64))).PageSize(min(limit+16, 1000))
		if _, err := s.scanEvents(q, room, func(ev history.Event) bool {
			if ev.Deleted && vis != history.IncludeDeleted {
				return true
			}
			out = append(out, ev)
			return len(out) < limit
		}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func reverse(evs []history.Event) []history.Event {
	for i, j := 0, len(evs)-1; i < j; i, j = i+1, j-1 {
		evs[i], evs[j] = evs[j], evs[i]
	}
	return evs
}

// Latest implements history.Store.
func (s *Store) Latest(ctx context.Context, room string, n int) ([]history.Event, error) {
	evs, err := s.collectDesc(ctx, room, math.MaxInt64, history.ClampLimit(n, s.cfg.MaxRead), history.ExcludeDeleted)
	return reverse(evs), err
}

// Before implements history.Store.
func (s *Store) Before(ctx context.Context, room string, cursor uint64, n int) ([]history.Event, error) {
	evs, err := s.collectDesc(ctx, room, cursor, history.ClampLimit(n, s.cfg.MaxRead), history.ExcludeDeleted)
	return reverse(evs), err
}

// After implements history.Store.
func (s *Store) After(ctx context.Context, room string, since uint64, limit int) ([]history.Event, error) {
	return s.collectAsc(ctx, room, since, history.ClampLimit(limit, s.cfg.MaxRead), history.ExcludeDeleted)
}

// Window implements history.Store.
func (s *Store) Window(ctx context.Context, room string, from, to time.Time, limit int) ([]history.Event, error) {
	limit = history.ClampLimit(limit, s.cfg.MaxRead)
	fromMs, toMs := max(from.UnixMilli(), 0), to.UnixMilli()
	if toMs <= fromMs || limit == 0 {
		return nil, nil
	}
	iter := s.q(ctx, `SELECT bucket FROM chat_buckets WHERE room = ? AND bucket >= ? AND bucket <= ? ORDER BY bucket ASC`,
		room, history.Bucket(fromMs, s.cfg.BucketWidth), history.Bucket(toMs-1, s.cfg.BucketWidth)).PageSize(100).Iter()
	var buckets []int64
	var b int64
	for iter.Scan(&b) {
		buckets = append(buckets, b)
	}
	if err := iter.Close(); err != nil {
		return nil, s.closedErr(err)
	}
	var out []history.Event
	for _, bucket := range buckets {
		q := s.q(ctx, `SELECT `+eventColumns+` FROM chat_events WHERE room = ? AND bucket = ? ORDER BY seq ASC`, room, bucket).
			PageSize(min(limit+16, 1000))
		stopped, err := s.scanEvents(q, room, func(ev history.Event) bool {
			if ev.Time >= toMs {
				return false
			}
			if ev.Time >= fromMs && !ev.Deleted {
				out = append(out, ev)
			}
			return len(out) < limit
		})
		if err != nil {
			return nil, err
		}
		if stopped {
			break
		}
	}
	return out, nil
}

// Get implements history.Store.
func (s *Store) Get(ctx context.Context, room, msgID string, vis history.Visibility) (history.Event, error) {
	bucket, seq, ok, err := s.locate(ctx, room, msgID)
	if err != nil {
		return history.Event{}, err
	}
	if !ok {
		return history.Event{}, history.ErrNotFound
	}
	var found *history.Event
	q := s.q(ctx, `SELECT `+eventColumns+` FROM chat_events WHERE room = ? AND bucket = ? AND seq = ?`, room, bucket, int64(seq))
	if _, err := s.scanEvents(q, room, func(ev history.Event) bool {
		found = &ev
		return false
	}); err != nil {
		return history.Event{}, err
	}
	if found == nil || (found.Deleted && vis != history.IncludeDeleted) {
		return history.Event{}, history.ErrNotFound
	}
	return *found, nil
}

// Around implements history.Store.
func (s *Store) Around(ctx context.Context, room string, seq uint64, n int, vis history.Visibility) ([]history.Event, error) {
	n = history.ClampLimit(n, s.cfg.MaxRead)
	since := uint64(0)
	if seq > 0 {
		since = seq - 1
	}
	after, err := s.collectAsc(ctx, room, since, n+1, vis)
	if err != nil {
		return nil, err
	}
	if len(after) > n && after[0].Seq != seq {
		after = after[:n]
	}
	before, err := s.collectDesc(ctx, room, seq, n, vis)
	if err != nil {
		return nil, err
	}
	return append(reverse(before), after...), nil
}
