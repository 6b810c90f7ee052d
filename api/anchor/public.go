package anchor

import (
	"context"
	"errors"
	"strconv"
	"time"

	"courtside/actors/protocol"
	"courtside/gateway/media"
	"courtside/storage/postgres"
)

// Listed is one streamer of the anchor list, with the viewers of the stream when one is up.
type Listed struct {
	postgres.AnchorListRow
	Viewers int
}

// List is the anchor list page: approved streamers (liveOnly: only those live), live rooms first.
func (s *Service) List(ctx context.Context, liveOnly bool, limit, offset int) ([]Listed, error) {
	rows, err := s.d.Store.List(ctx, liveOnly, limit, offset)
	if err != nil {
		return nil, err
	}
	out := make([]Listed, 0, len(rows))
	for _, x := range rows {
		e := Listed{AnchorListRow: x}
		if st, ok := s.d.Media.Stats(x.RoomID); ok {
			e.Viewers = st.Viewers()
		}
		out = append(out, e)
	}
	return out, nil
}

// displayName is what viewers see of a streamer: the real name is private, so the list shows the
// given name's first character and a mask, until the accounts' display names are wired in.
func displayName(real string) string {
	r := []rune(real)
	if len(r) == 0 {
		return ""
	}
	return string(r[0]) + "**"
}

// Streamer is the public streamer page: the streamer, the room with its settings, and the stream
// when one is up.
type Streamer struct {
	Anchor postgres.AnchorRow
	Room   postgres.LiveRoomRow
	Stream media.RoomStats
	Up     bool
}

// StreamerPage finds a streamer by room id, or else by user id (one of them non-zero or
// non-empty; ErrBadInput otherwise). ErrRoomNotFound when there is none or it has no room.
func (s *Service) StreamerPage(ctx context.Context, roomID string, anchorID int64) (Streamer, error) {
	var a postgres.AnchorRow
	var err error
	switch {
	case roomID != "":
		a, err = s.d.Store.AnchorByRoom(ctx, roomID)
	case anchorID > 0:
		a, err = s.d.Store.Anchor(ctx, anchorID)
	default:
		return Streamer{}, ErrBadInput
	}
	if errors.Is(err, postgres.ErrAnchorNotFound) || err == nil && a.RoomID == "" {
		return Streamer{}, ErrRoomNotFound
	}
	if err != nil {
		return Streamer{}, err
	}
	l, err := s.d.Store.LiveRoom(ctx, a.RoomID)
	if err != nil {
		return Streamer{}, err
	}
	out := Streamer{Anchor: a, Room: l}
	out.Stream, out.Up = s.d.Media.Stats(a.RoomID)
	return out, nil
}

// Playback is the signed, expiring sources viewer (0: a guest) may watch of room (media.Playback).
// Refusals are the media path's domain errors as they are: ErrLoginRequired, ErrRoomNotFound
// (room.notFound), ErrNotLive, or errcode.Playback with its key (members only, trial ended, unlock
// needed, SVIP only).
func (s *Service) Playback(ctx context.Context, room string, viewer int64) (media.Playback, error) {
	if !protocol.ValidRoomID(room) {
		return media.Playback{}, ErrBadInput
	}
	return s.d.Media.Playback(ctx, room, viewer)
}

// Unlock is a paid room unlocked for a viewer.
type Unlock struct {
	Room    string
	Until   time.Time
	Charged bool  // false: it was unlocked already, nothing was charged
	Price   int64 // what was charged
}

// UnlockRoom pays for a paid room: the wallet takes the price once per user, room and day (its
// idempotency key), then the unlock is recorded for Config.UnlockTTL. A retry after a failure between
// the two steps is charged once; an unlock still in force charges nothing. ErrUnlockNotNeeded for a
// free room, ErrRoomNotFound for an unknown one; the wallet's refusals (insufficient coins) pass on.
func (s *Service) UnlockRoom(ctx context.Context, viewer int64, room string) (Unlock, error) {
	if !protocol.ValidRoomID(room) {
		return Unlock{}, ErrBadInput
	}
	acc, err := s.d.Store.RoomAccess(ctx, room)
	if errors.Is(err, postgres.ErrAnchorNotFound) {
		return Unlock{}, ErrRoomNotFound
	}
	if err != nil {
		return Unlock{}, err
	}
	if !acc.Paid || acc.Price <= 0 {
		return Unlock{}, ErrUnlockNotNeeded
	}
	now := s.cfg.Now()
	if until, ok, err := s.d.Store.Unlocked(ctx, viewer, room); err != nil {
		return Unlock{}, err
	} else if ok && now.Before(until) {
		return Unlock{Room: room, Until: until}, nil
	}
	if s.d.Payer == nil {
		return Unlock{}, ErrUnlockUnavailable
	}
	var streamer int64
	if a, err := s.d.Store.AnchorByRoom(ctx, room); err == nil {
		streamer = a.UserID
	}
	key := "liveUnlock:" + strconv.FormatInt(viewer, 10) + ":" + room + ":" + now.UTC().Format("20060102")
	if err := s.d.Payer.PayLiveUnlock(ctx, viewer, streamer, room, acc.Price, key); err != nil {
		return Unlock{}, err
	}
	until := now.Add(s.cfg.UnlockTTL)
	if err := s.d.Store.RecordUnlock(ctx, viewer, room, until, acc.Price); err != nil {
		return Unlock{}, err
	}
	return Unlock{Room: room, Until: until, Charged: true, Price: acc.Price}, nil
}
