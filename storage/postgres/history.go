package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"courtside/storage/history"
)

// historyDB is the part of a pgx pool the history store uses.
type historyDB interface {
	Begin(ctx context.Context) (pgx.Tx, error)
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// HistoryStore is the chat history in Postgres (tables of migration 0006): the store every node of a
// cluster shares when no ScyllaDB is configured. It keeps the contract of history.Store; it does not
// bucket by time (an index on (room, ts, seq) serves Window) and has no retention TTL.
//
// Safe for concurrent use. Close does not close the pool, which the caller owns.
type HistoryStore struct {
	db     historyDB
	closed atomic.Bool
}

var _ history.Store = (*HistoryStore)(nil)

// NewHistoryStore returns a history store over db (a *pgxpool.Pool migrated with Migrate).
func NewHistoryStore(db historyDB) *HistoryStore { return &HistoryStore{db: db} }

// visible leaves tombstoned messages out; deletedCol names whether a row is tombstoned.
const (
	historyCols = `h.room, h.seq, h.msg_id, h.ts, h.kind, h.user_id, h.target, h.payload`
	deletedCol  = `EXISTS (SELECT 1 FROM chat_tombstones t WHERE t.room = h.room AND t.msg_id = h.msg_id AND h.msg_id <> '')`
	visible     = `NOT ` + deletedCol
)

func (s *HistoryStore) check() error {
	if s.closed.Load() {
		return history.ErrClosed
	}
	return nil
}

// Append stores a batch in one transaction: events upserted by (room, seq), then the tombstones of
// its delete events, so a reader sees the whole batch or none of it.
func (s *HistoryStore) Append(ctx context.Context, batch []history.Event) error {
	if err := s.check(); err != nil {
		return err
	}
	for i := range batch {
		if err := history.Validate(&batch[i]); err != nil {
			return err
		}
	}
	if len(batch) == 0 {
		return nil
	}
	// A retry (same room, seq and time) overwrites; an event with the same seq and another time is
	// not a retry but a second writer of the room (a stale activation on a node that lost the room
	// while its queue drained): the batch fails with ErrSeqTaken and the stored event stands, so an
	// acknowledged event is never replaced and a second one is never acknowledged for the same seq.
	// One statement may not touch a row twice, so a batch that repeats (room, seq) keeps the last.
	type key struct {
		room string
		seq  uint64
	}
	last := make(map[key]int, len(batch))
	for i := range batch {
		last[key{batch[i].Room, batch[i].Seq}] = i
	}
	n := len(last)
	rooms, ids, kinds, users, targets := make([]string, 0, n), make([]string, 0, n), make([]string, 0, n), make([]string, 0, n), make([]string, 0, n)
	seqs, times := make([]int64, 0, n), make([]int64, 0, n)
	payloads := make([][]byte, 0, n)
	var delRooms, delIDs []string
	for i := range batch {
		ev := &batch[i]
		if last[key{ev.Room, ev.Seq}] != i {
			continue
		}
		rooms, seqs, ids, times = append(rooms, ev.Room), append(seqs, int64(ev.Seq)), append(ids, ev.ID), append(times, ev.Time)
		kinds, users, targets = append(kinds, ev.Kind), append(users, ev.UserID), append(targets, ev.Target)
		p := ev.Payload
		if p == nil {
			p = []byte{}
		}
		payloads = append(payloads, p)
		if ev.Kind == "del" && ev.Target != "" {
			delRooms, delIDs = append(delRooms, ev.Room), append(delIDs, ev.Target)
		}
	}
	tx, err := s.db.Begin(ctx)
	if err != nil {
		return fmt.Errorf("postgres history: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck
	tag, err := tx.Exec(ctx, `
		INSERT INTO chat_history (room, seq, msg_id, ts, kind, user_id, target, payload)
		SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::bytea[])
		ON CONFLICT (room, seq) DO UPDATE SET msg_id = excluded.msg_id, kind = excluded.kind,
			user_id = excluded.user_id, target = excluded.target, payload = excluded.payload
		WHERE chat_history.ts = excluded.ts`,
		rooms, seqs, ids, times, kinds, users, targets, payloads)
	if err != nil {
		return fmt.Errorf("postgres history: append: %w", err)
	}
	if tag.RowsAffected() != int64(n) { // rows skipped by the WHERE: a seq taken by another event
		return fmt.Errorf("%w: %d of %d events collide with stored ones", history.ErrSeqTaken, int64(n)-tag.RowsAffected(), n)
	}
	if len(delRooms) > 0 {
		if _, err := tx.Exec(ctx, `
			INSERT INTO chat_tombstones (room, msg_id) SELECT * FROM unnest($1::text[], $2::text[])
			ON CONFLICT DO NOTHING`, delRooms, delIDs); err != nil {
			return fmt.Errorf("postgres history: tombstones: %w", err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("postgres history: commit: %w", err)
	}
	return nil
}

// Delete tombstones a stored message.
func (s *HistoryStore) Delete(ctx context.Context, room, msgID string) error {
	if err := s.check(); err != nil {
		return err
	}
	if msgID == "" {
		return history.ErrNotFound
	}
	tag, err := s.db.Exec(ctx, `
		INSERT INTO chat_tombstones (room, msg_id)
		SELECT $1, $2 WHERE EXISTS (SELECT 1 FROM chat_history WHERE room = $1 AND msg_id = $2)
		ON CONFLICT DO NOTHING`, room, msgID)
	if err != nil {
		return fmt.Errorf("postgres history: delete: %w", err)
	}
	if tag.RowsAffected() == 0 {
		var exists bool
		if err := s.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM chat_history WHERE room = $1 AND msg_id = $2)`, room, msgID).Scan(&exists); err != nil {
			return fmt.Errorf("postgres history: delete: %w", err)
		}
		if !exists {
			return history.ErrNotFound
		}
	}
	return nil
}

// Latest returns the n newest visible events, oldest first.
func (s *HistoryStore) Latest(ctx context.Context, room string, n int) ([]history.Event, error) {
	return s.Before(ctx, room, 1<<63-1, n)
}

// Before returns the n newest visible events with Seq < cursor, oldest first.
func (s *HistoryStore) Before(ctx context.Context, room string, cursor uint64, n int) ([]history.Event, error) {
	n = history.ClampLimit(n, history.DefaultMaxRead)
	if n == 0 || cursor <= 1 {
		return nil, s.check()
	}
	if cursor > 1<<63-1 {
		cursor = 1<<63 - 1
	}
	evs, err := s.query(ctx, `SELECT `+historyCols+`, false FROM chat_history h
		WHERE h.room = $1 AND h.seq < $2 AND `+visible+` ORDER BY h.seq DESC LIMIT $3`, room, int64(cursor), n)
	slices.Reverse(evs)
	return evs, err
}

// After returns up to limit of the oldest visible events with Seq > since.
func (s *HistoryStore) After(ctx context.Context, room string, since uint64, limit int) ([]history.Event, error) {
	limit = history.ClampLimit(limit, history.DefaultMaxRead)
	if limit == 0 || since >= 1<<63-1 {
		return nil, s.check()
	}
	return s.query(ctx, `SELECT `+historyCols+`, false FROM chat_history h
		WHERE h.room = $1 AND h.seq > $2 AND `+visible+` ORDER BY h.seq LIMIT $3`, room, int64(since), limit)
}

// Window returns up to limit of the oldest visible events with from <= Time < to.
func (s *HistoryStore) Window(ctx context.Context, room string, from, to time.Time, limit int) ([]history.Event, error) {
	limit = history.ClampLimit(limit, history.DefaultMaxRead)
	if limit == 0 {
		return nil, s.check()
	}
	return s.query(ctx, `SELECT `+historyCols+`, false FROM chat_history h
		WHERE h.room = $1 AND h.ts >= $2 AND h.ts < $3 AND `+visible+` ORDER BY h.seq LIMIT $4`,
		room, from.UnixMilli(), to.UnixMilli(), limit)
}

// Get returns one message by id.
func (s *HistoryStore) Get(ctx context.Context, room, msgID string, vis history.Visibility) (history.Event, error) {
	if msgID == "" {
		return history.Event{}, history.ErrNotFound
	}
	evs, err := s.query(ctx, `SELECT `+historyCols+`, `+deletedCol+` FROM chat_history h
		WHERE h.room = $1 AND h.msg_id = $2 ORDER BY h.seq LIMIT 1`, room, msgID)
	if err != nil {
		return history.Event{}, err
	}
	if len(evs) == 0 || (evs[0].Deleted && vis == history.ExcludeDeleted) {
		return history.Event{}, history.ErrNotFound
	}
	return evs[0], nil
}

// Around returns the event with Seq seq (when stored and visible) and up to n visible events on each
// side.
func (s *HistoryStore) Around(ctx context.Context, room string, seq uint64, n int, vis history.Visibility) ([]history.Event, error) {
	n = history.ClampLimit(n, history.DefaultMaxRead)
	if seq > 1<<63-1 {
		return nil, s.check()
	}
	cond := visible
	if vis == history.IncludeDeleted {
		cond = "true"
	}
	evs, err := s.query(ctx, `
		(SELECT `+historyCols+`, `+deletedCol+` FROM chat_history h
			WHERE h.room = $1 AND h.seq < $2 AND `+cond+` ORDER BY h.seq DESC LIMIT $3)
		UNION ALL
		(SELECT `+historyCols+`, `+deletedCol+` FROM chat_history h WHERE h.room = $1 AND h.seq = $2 AND `+cond+`)
		UNION ALL
		(SELECT `+historyCols+`, `+deletedCol+` FROM chat_history h
			WHERE h.room = $1 AND h.seq > $2 AND `+cond+` ORDER BY h.seq LIMIT $3)`, room, int64(seq), n)
	slices.SortFunc(evs, func(a, b history.Event) int {
		switch {
		case a.Seq < b.Seq:
			return -1
		case a.Seq > b.Seq:
			return 1
		}
		return 0
	})
	return evs, err
}

// LastSeq returns the highest Seq ever stored for the room (deleted events included), 0 for none.
func (s *HistoryStore) LastSeq(ctx context.Context, room string) (uint64, error) {
	if err := s.check(); err != nil {
		return 0, err
	}
	var last int64
	if err := s.db.QueryRow(ctx, `SELECT COALESCE(max(seq), 0) FROM chat_history WHERE room = $1`, room).Scan(&last); err != nil {
		return 0, fmt.Errorf("postgres history: last seq: %w", err)
	}
	return uint64(last), nil
}

// Close makes every later call fail with history.ErrClosed; the pool stays open.
func (s *HistoryStore) Close() error {
	s.closed.Store(true)
	return nil
}

func (s *HistoryStore) query(ctx context.Context, sql string, args ...any) ([]history.Event, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("postgres history: %w", err)
	}
	defer rows.Close()
	var out []history.Event
	for rows.Next() {
		var ev history.Event
		var seq int64
		if err := rows.Scan(&ev.Room, &seq, &ev.ID, &ev.Time, &ev.Kind, &ev.UserID, &ev.Target, &ev.Payload, &ev.Deleted); err != nil {
			return nil, fmt.Errorf("postgres history: scan: %w", err)
		}
		ev.Seq = uint64(seq)
		out = append(out, ev)
	}
	if err := rows.Err(); err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return nil, err
		}
		return nil, fmt.Errorf("postgres history: %w", err)
	}
	return out, nil
}
