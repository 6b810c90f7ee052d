package engine

import (
	"context"
	"errors"
	"time"

	"courtside/actors/protocol"
	"courtside/actors/room"
	"courtside/storage/history"
	"courtside/storage/postgres"
)

// historyAdapter gives the room actors the part of the history store they use.
type historyAdapter struct {
	store  history.Store
	writer *history.Writer
	// stored, when set, hears each chat line or gift once it is durable (the user area's
	// experience and tasks; engine/userarea.go). It must not block.
	stored func(kind, user string)
	// chatted, when set, hears each durable chat line with its room (channel points,
	// engine/predictions.go). It must not block.
	chatted func(user, room string)
}

var _ room.History = (*historyAdapter)(nil)

// appendWait bounds how long a room waits for queue space before it refuses a message: the wait is
// the back-pressure that slows a flood; the refusal keeps an unacknowledged message unacknowledged.
const appendWait = 2 * time.Second

func (h *historyAdapter) Append(ev room.StoredEvent, done func(error)) error {
	hev := history.Event{Room: ev.Room, Seq: ev.Seq, ID: ev.ID, Time: ev.Time, Kind: ev.Kind, UserID: ev.UserID, Target: ev.Target, Payload: ev.Payload}
	if (h.stored != nil || h.chatted != nil) && (ev.Kind == protocol.KChat || ev.Kind == protocol.KGift) {
		inner, kind, user, room := done, ev.Kind, ev.UserID, ev.Room
		done = func(err error) {
			inner(err)
			if err == nil && h.stored != nil {
				h.stored(kind, user)
			}
			if err == nil && h.chatted != nil && kind == protocol.KChat {
				h.chatted(user, room)
			}
		}
	}
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
	r, ok, err := s.pg.LoadRoom(ctx, id, time.Now())
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
