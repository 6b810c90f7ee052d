package postgres

import (
	"context"
	"fmt"
)

// ChatterRecord is what a room's moderators see of one user's past in the room (the chatter card,
// api/chat): how often the user was muted here and how many reports name lines of theirs.
type ChatterRecord struct {
	Mutes   int // mute actions against the user in this room, the current one included
	Reports int // reports of the user's lines in this room (only those whose author the room knew)
}

// ChatterRecord counts user's mutes and the reports against them in room, from the moderation
// record and the reports the RoomStore writes.
func (s *RoomStore) ChatterRecord(ctx context.Context, room, user string) (ChatterRecord, error) {
	var r ChatterRecord
	err := s.pool.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM moderation_actions WHERE room_id=$1 AND target_id=$2 AND action='mute'),
		(SELECT count(*) FROM reports WHERE room_id=$1 AND target_id=$2)`, room, user).Scan(&r.Mutes, &r.Reports)
	if err != nil {
		return r, fmt.Errorf("postgres: chatter record %s %s: %w", room, user, err)
	}
	return r, nil
}
