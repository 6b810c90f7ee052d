package postgres

import (
	"context"
	"errors"
	"fmt"
)

// ChatterRecord is what a room's moderators see of one user's past in the room (the chatter card,
// api/chat): how often the user was muted here and how many reports name lines of theirs.
type ChatterRecord struct {
	Mutes   int // mute actions against the user in this room, the current one included
	Reports int // reports of the user's lines in this room (only those whose author the room knew)
}

// ChatterRecord counts user's mutes and the reports against them in room, from the moderation
// record and the reports the RoomStore writes, once the actions queued before the call are written
// (Settle): a card read right after a mute counts it.
func (s *RoomStore) ChatterRecord(ctx context.Context, room, user string) (ChatterRecord, error) {
	var r ChatterRecord
	if err := s.Settle(ctx, room); err != nil {
		return r, err
	}
	err := s.pool.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM moderation_actions WHERE room_id=$1 AND target_id=$2 AND action='mute'),
		(SELECT count(*) FROM reports WHERE room_id=$1 AND target_id=$2)`, room, user).Scan(&r.Mutes, &r.Reports)
	if err != nil {
		return r, fmt.Errorf("postgres: chatter record %s %s: %w", room, user, err)
	}
	return r, nil
}

// opSettle marks Settle's place in a room's queue.
const opSettle = "\x00settle"

// errStoreClosed: the store was closed while a Settle waited to queue.
var errStoreClosed = errors.New("postgres: room store closed")

// Settle waits until every action this store queued for room before the call is written: a room's
// actions are applied in order, so a marker queued behind them is reached only after them. A room
// actor records an action before it acknowledges it, so a read that follows Settle sees every
// action acknowledged before it (of rooms recorded through this node's store; a room living on
// another node of a cluster writes through that node's store).
func (s *RoomStore) Settle(ctx context.Context, room string) (err error) {
	done := make(chan error, 1)
	defer func() {
		if recover() != nil { // the queue was closed by Close
			err = errStoreClosed
		}
	}()
	select {
	case s.shards[shardOf(room, len(s.shards))] <- queued{a: ModAction{Room: room, Op: opSettle}, done: func(e error) { done <- e }}:
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}
