package engine

import (
	"context"
	"time"

	"courtside/storage/postgres"
)

// roomsExist answers "does this live room exist" for the calls about a room (chat history, gift
// leaderboard), so an unknown room is not-found rather than an empty page.
type roomsExist struct{ rooms *postgres.RoomStore }

func (r roomsExist) RoomExists(ctx context.Context, id string) (bool, error) {
	_, found, err := r.rooms.LoadRoom(ctx, id, time.Now())
	return found, err
}
