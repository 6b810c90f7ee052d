package engine

import (
	"context"
	"errors"
	"sync"
	"time"

	"courtside/actors/room"
	"courtside/storage/history"
	"courtside/storage/postgres"
)

// historyAdapter gives the room actors the part of the history store they use.
type historyAdapter struct {
	store  history.Store
	writer *history.Writer
}

var _ room.History = (*historyAdapter)(nil)

// appendWait bounds how long a room waits for queue space before it refuses a message: the wait is
// the back-pressure that slows a flood; the refusal keeps an unacknowledged message unacknowledged.
const appendWait = 2 * time.Second

func (h *historyAdapter) Append(ev room.StoredEvent, done func(error)) error {
	hev := history.Event{Room: ev.Room, Seq: ev.Seq, ID: ev.ID, Time: ev.Time, Kind: ev.Kind, UserID: ev.UserID, Target: ev.Target, Payload: ev.Payload}
	err := h.writer.Append(hev, done)
	if errors.Is(err, history.ErrQueueFull) {
		ctx, cancel := context.WithTimeout(context.Background(), appendWait)
		defer cancel()
		err = h.writer.AppendWait(ctx, hev, done)
	}
	return err
}

func (h *historyAdapter) After(ctx context.Context, id string, since uint64, limit int) ([][]byte, error) {
	evs, err := h.store.After(ctx, id, since, limit)
	if err != nil {
		return nil, err
	}
	out := make([][]byte, len(evs))
	for i := range evs {
		out[i] = evs[i].Payload
	}
	return out, nil
}

// LastSeq first waits for the writer's queue: events of the room's previous incarnation that are
// still queued must be counted, or their seqs would be handed out twice.
func (h *historyAdapter) LastSeq(ctx context.Context, id string) (uint64, error) {
	if err := h.writer.Barrier(ctx); err != nil {
		return 0, err
	}
	return h.store.LastSeq(ctx, id)
}

// roomStore adapts the Postgres room store to the room actor's Store.
type roomStore struct{ pg *postgres.RoomStore }

var _ room.Store = roomStore{}

func (s roomStore) LoadRoom(ctx context.Context, id string) (room.Snapshot, bool, error) {
	r, ok, err := s.pg.LoadRoom(ctx, id)
	if err != nil || !ok {
		return room.Snapshot{}, ok, err
	}
	snap := room.Snapshot{
		Title: r.Title, StreamerID: r.StreamerID, Open: r.Open, MemberOnly: r.MemberOnly,
		MinLevel: r.MinLevel, SlowMode: r.SlowMode, GuestsMayChat: r.GuestsMayChat,
		Moderators: make(map[string]bool, len(r.Moderators)), Mutes: make(map[string]room.Mute, len(r.Mutes)),
	}
	for _, m := range r.Moderators {
		snap.Moderators[m] = true
	}
	for _, m := range r.Mutes {
		snap.Mutes[m.UserID] = room.Mute{Name: m.Name, Until: m.Until, By: m.By, Reason: m.Reason}
	}
	return snap, true, nil
}

func (s roomStore) Record(a room.Action, done func(error)) {
	s.pg.Record(postgres.ModAction{
		Room: a.Room, Actor: a.Actor, Op: a.Op, Target: a.Target, Name: a.Name, Message: a.Message,
		Reason: a.Reason, Seq: a.Seq, Duration: a.Duration, At: a.At,
	}, done)
}

// platformMutes is the single-node PlatformMutes: a map in memory, written through to Postgres so
// a restarted node finds every mute again. (A cluster uses Redis Cluster instead.)
type platformMutes struct {
	pg *postgres.RoomStore
	mu sync.RWMutex
	m  map[string]time.Time
}

var _ room.PlatformMutes = (*platformMutes)(nil)

func newPlatformMutes(ctx context.Context, pg *postgres.RoomStore) (*platformMutes, error) {
	p := &platformMutes{pg: pg, m: map[string]time.Time{}}
	rows, err := pg.PlatformMutes(ctx)
	for _, r := range rows {
		p.m[r.UserID] = r.Until
	}
	return p, err
}

func (p *platformMutes) MutedUntil(uid string) (time.Time, bool) {
	p.mu.RLock()
	defer p.mu.RUnlock()
	t, ok := p.m[uid]
	return t, ok
}

// Mute and Unmute change memory only: the room records the action, and the Postgres room store
// applies it to the mutes table in order with the room's other actions.
func (p *platformMutes) Mute(_ context.Context, uid string, until time.Time) error {
	p.mu.Lock()
	p.m[uid] = until
	p.mu.Unlock()
	return nil
}

func (p *platformMutes) Unmute(_ context.Context, uid string) error {
	p.mu.Lock()
	delete(p.m, uid)
	p.mu.Unlock()
	return nil
}
