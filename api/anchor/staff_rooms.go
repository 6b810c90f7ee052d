package anchor

import (
	"context"
	"errors"

	"courtside/storage/postgres"
)

// The live rooms as staff run them (issue 16's back office calls these; it writes the audit log):
// the list with the stream's numbers, ending a broadcast, and who may watch. The rules are the
// streamer centre's own: a paid room's price is bounded as on the streamer's settings page, and
// ending a broadcast is what the streamer's own "end live" does.

// StaffRoom is one live room as staff see it.
type StaffRoom struct {
	postgres.StaffRoomRow
	CoverURL string
	Viewers  int
	Up       bool // a stream is pushed to this node or another (the media path's directory)
}

// StaffLiveRooms pages through the rooms live now (or started and waiting for the push), with the
// viewers from the media path; q narrows to a room id or a streamer's username prefix.
func (s *Service) StaffLiveRooms(ctx context.Context, q string, limit, offset int) ([]StaffRoom, int, error) {
	rows, total, err := s.d.Store.StaffLiveRooms(ctx, q, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	out := make([]StaffRoom, 0, len(rows))
	for _, r := range rows {
		x := StaffRoom{StaffRoomRow: r, CoverURL: uploadURL(r.Cover)}
		if st, ok := s.d.Media.Stats(r.RoomID); ok {
			x.Viewers, x.Up = st.Viewers(), true
		}
		out = append(out, x)
	}
	return out, total, nil
}

// EndRoom ends a room's broadcast for staff: the stream key stops opening the ingest and a running
// stream is cut at once (stopped), as when the streamer ends live. ErrRoomNotFound for a room
// without live settings.
func (s *Service) EndRoom(ctx context.Context, room string) (stopped bool, err error) {
	if err := s.d.Store.SetBroadcasting(ctx, room, false); err != nil {
		if errors.Is(err, postgres.ErrAnchorNotFound) {
			return false, ErrRoomNotFound
		}
		return false, err
	}
	return s.d.Media.StopRoom(room), nil
}

// RoomAccess is who may watch a live room.
type RoomAccess = postgres.StaffAccess

// SetRoomAccess sets a room's member-only and paid flags (the price in coins for a paid room, within
// Config.MaxPrice; a free room's price is 0). New playback requests follow it at once (the media path
// reads the access on each); the caller tells the running room's chat. It returns the access before
// and after.
func (s *Service) SetRoomAccess(ctx context.Context, room string, in RoomAccess) (before, after RoomAccess, err error) {
	if in.Paid && (in.Price <= 0 || in.Price > s.cfg.MaxPrice) {
		return before, after, settingsError("anchor.priceInvalid")
	}
	if !in.Paid {
		in.Price = 0
	}
	before, after, err = s.d.Store.SetRoomAccess(ctx, room, in.MemberOnly, in.Paid, in.Price)
	if errors.Is(err, postgres.ErrAnchorNotFound) {
		return before, after, ErrRoomNotFound
	}
	return before, after, err
}

// RoomModerators lists a room's moderators ("u<id>" and when they were added).
func (s *Service) RoomModerators(ctx context.Context, room string) ([]postgres.ModeratorRow, error) {
	return s.d.Store.Moderators(ctx, room)
}
