package postgres

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// RoomRow is a live room's stored settings with its moderators and active mutes.
type RoomRow struct {
	ID            string
	Title         string
	StreamerID    string
	Open          bool
	MemberOnly    bool
	MinLevel      int
	SlowMode      time.Duration
	GuestsMayChat bool
	Moderators    []string
	Mutes         []MuteRow
}

// MuteRow is one active mute.
type MuteRow struct {
	UserID, Name, By, Reason string
	Until                    time.Time
}

// ModAction is one moderation action or report to apply and record.
type ModAction struct {
	Room, Actor, Op, Target, Name, Message, Reason string
	Seq                                            uint64
	Duration                                       time.Duration
	At                                             time.Time
}

// RoomStore keeps rooms, moderators, mutes, the moderation record and reports.
//
// Record applies actions through per-room ordered queues (one goroutine per shard), so the actions of
// one room reach the database in the order they were taken, without the caller waiting.
type RoomStore struct {
	pool   *pgxpool.Pool
	shards []chan queued
	wg     sync.WaitGroup
	once   sync.Once
}

type queued struct {
	a    ModAction
	done func(error)
}

// NewRoomStore starts the store's writers; Close drains them.
func NewRoomStore(pool *pgxpool.Pool, shards int) *RoomStore {
	if shards <= 0 {
		shards = 4
	}
	s := &RoomStore{pool: pool, shards: make([]chan queued, shards)}
	for i := range s.shards {
		ch := make(chan queued, 1024)
		s.shards[i] = ch
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			for q := range ch {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				err := s.apply(ctx, q.a)
				cancel()
				if q.done != nil {
					q.done(err)
				}
			}
		}()
	}
	return s
}

// Close stops intake and waits until every queued action is written.
func (s *RoomStore) Close() {
	s.once.Do(func() {
		for _, ch := range s.shards {
			close(ch)
		}
	})
	s.wg.Wait()
}

// LoadRoom reads a room with its moderators and the mutes still in force at now, the caller's clock
// (platform-wide mutes are separate).
func (s *RoomStore) LoadRoom(ctx context.Context, id string, now time.Time) (RoomRow, bool, error) {
	r := RoomRow{ID: id}
	var slow int
	err := s.pool.QueryRow(ctx, `SELECT title, coalesce(streamer_id,''), is_open, member_only, min_level,
		slow_mode_secs, guests_may_chat FROM rooms WHERE id=$1`, id).
		Scan(&r.Title, &r.StreamerID, &r.Open, &r.MemberOnly, &r.MinLevel, &slow, &r.GuestsMayChat)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, false, nil
	}
	if err != nil {
		return r, false, fmt.Errorf("postgres: load room %s: %w", id, err)
	}
	r.SlowMode = time.Duration(slow) * time.Second
	rows, err := s.pool.Query(ctx, `SELECT user_id FROM room_moderators WHERE room_id=$1`, id)
	if err != nil {
		return r, false, err
	}
	r.Moderators, err = pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return r, false, err
	}
	rows, err = s.pool.Query(ctx, `SELECT user_id, user_name, muted_by, reason, until_at FROM mutes
		WHERE room_id=$1 AND until_at > $2`, id, now)
	if err != nil {
		return r, false, err
	}
	r.Mutes, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (MuteRow, error) {
		var m MuteRow
		return m, row.Scan(&m.UserID, &m.Name, &m.By, &m.Reason, &m.Until)
	})
	return r, true, err
}

// PlatformMutes reads every platform-wide mute still in force at now, the caller's clock.
func (s *RoomStore) PlatformMutes(ctx context.Context, now time.Time) ([]MuteRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT user_id, user_name, muted_by, reason, until_at FROM mutes
		WHERE room_id='' AND until_at > $1`, now)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (MuteRow, error) {
		var m MuteRow
		return m, row.Scan(&m.UserID, &m.Name, &m.By, &m.Reason, &m.Until)
	})
}

// UpsertRoom creates or updates a room's settings (streamer centre, demo data).
func (s *RoomStore) UpsertRoom(ctx context.Context, r RoomRow) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO rooms (id, title, streamer_id, is_open, member_only, min_level,
		slow_mode_secs, guests_may_chat) VALUES ($1,$2,nullif($3,''),$4,$5,$6,$7,$8)
		ON CONFLICT (id) DO UPDATE SET title=$2, streamer_id=nullif($3,''), is_open=$4, member_only=$5,
		min_level=$6, slow_mode_secs=$7, guests_may_chat=$8, updated_at=now()`,
		r.ID, r.Title, r.StreamerID, r.Open, r.MemberOnly, r.MinLevel, int(r.SlowMode/time.Second), r.GuestsMayChat)
	return err
}

// Record queues a for its room's ordered writer; done (may be nil) is called once it is stored.
// It blocks only while that writer's queue is full.
func (s *RoomStore) Record(a ModAction, done func(error)) {
	s.shards[shardOf(a.Room, len(s.shards))] <- queued{a: a, done: done}
}

func shardOf(room string, n int) int {
	h := uint32(2166136261)
	for i := 0; i < len(room); i++ {
		h = (h ^ uint32(room[i])) * 16777619
	}
	return int(h % uint32(n))
}

// apply writes the state change of a (if any) and its record in one transaction.
func (s *RoomStore) apply(ctx context.Context, a ModAction) error {
	if a.Op == opSettle {
		return nil // a marker in the room's queue (Settle): nothing to write
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		switch a.Op {
		case "report":
			_, err = tx.Exec(ctx, `INSERT INTO reports (room_id, message_id, message_seq, reporter_id, reason, target_id)
				VALUES ($1,$2,$3,$4,$5,$6) ON CONFLICT (room_id, message_id, reporter_id) DO NOTHING`,
				a.Room, a.Message, int64(a.Seq), a.Actor, a.Reason, a.Target)
			return err // reports are their own record
		case "mute", "platformMute":
			room := a.Room
			if a.Op == "platformMute" {
				room = ""
			}
			_, err = tx.Exec(ctx, `INSERT INTO mutes (room_id, user_id, user_name, until_at, muted_by, reason)
				VALUES ($1,$2,$3,$4,$5,$6) ON CONFLICT (room_id, user_id) DO UPDATE
				SET user_name=$3, until_at=$4, muted_by=$5, reason=$6, created_at=now()`,
				room, a.Target, a.Name, a.At.Add(a.Duration), a.Actor, a.Reason)
		case "unmute", "platformUnmute":
			room := a.Room
			if a.Op == "platformUnmute" {
				room = ""
			}
			_, err = tx.Exec(ctx, `DELETE FROM mutes WHERE room_id=$1 AND user_id=$2`, room, a.Target)
		case "addMod":
			_, err = tx.Exec(ctx, `INSERT INTO room_moderators (room_id, user_id, added_by) VALUES ($1,$2,$3)
				ON CONFLICT DO NOTHING`, a.Room, a.Target, a.Actor)
		case "removeMod":
			_, err = tx.Exec(ctx, `DELETE FROM room_moderators WHERE room_id=$1 AND user_id=$2`, a.Room, a.Target)
		case "slow":
			_, err = tx.Exec(ctx, `UPDATE rooms SET slow_mode_secs=$2, updated_at=now() WHERE id=$1`, a.Room, int(a.Duration/time.Second))
		case "open", "close":
			_, err = tx.Exec(ctx, `UPDATE rooms SET is_open=$2, updated_at=now() WHERE id=$1`, a.Room, a.Op == "open")
		}
		if err != nil {
			return fmt.Errorf("postgres: apply %s: %w", a.Op, err)
		}
		_, err = tx.Exec(ctx, `INSERT INTO moderation_actions (room_id, actor_id, action, target_id, message_id,
			duration_s, reason, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
			a.Room, a.Actor, a.Op, a.Target, a.Message, int(a.Duration/time.Second), a.Reason, a.At)
		return err
	})
}
