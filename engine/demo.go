package engine

import (
	"context"
	"errors"
	"time"

	"courtside/actors/protocol"
	"courtside/storage/postgres"
)

// demoRooms are the live rooms `make run` seeds so a fresh site has somewhere to watch and chat. Like
// every room, they let guests read but not chat (spec §6). Their streamers, titles and linked matches
// are seeded by engine/live_demo.go.
var demoRooms = []postgres.RoomRow{
	{ID: "1001", Title: "Courtside demo: open chat", Open: true},
	{ID: "1002", Title: "Courtside demo: football watch-along", Open: true},
	{ID: "1003", Title: "Courtside demo: esports desk", Open: true},
	{ID: "1004", Title: "Courtside demo: slow mode (5 s)", Open: true, SlowMode: 5e9},
	{ID: "1005", Title: "Courtside demo: dugout", Open: true},
	{ID: "1006", Title: "Courtside demo: tactics board", Open: true},
}

// seedDemo writes the demo data idempotently.
func seedDemo(ctx context.Context, rooms *postgres.RoomStore) error {
	for _, r := range demoRooms {
		if _, found, err := rooms.LoadRoom(ctx, r.ID, time.Now()); err != nil {
			return err
		} else if found {
			continue // keep whatever moderators changed since
		}
		if err := rooms.UpsertRoom(ctx, r); err != nil {
			return err
		}
	}
	return nil
}

// demoStreamer is the account that hosts the demo rooms, so gifts sent there have a receiver. It has
// no password: nobody signs in as it.
const demoStreamer = "CourtsideLive"

// seedDemoStreamer makes the demo streamer account (once) and hands it the demo rooms that have
// no streamer yet.
func seedDemoStreamer(ctx context.Context, accounts *postgres.Accounts, rooms *postgres.RoomStore) error {
	now := time.Now()
	u, err := accounts.UserByUsername(ctx, demoStreamer, now)
	var id int64
	switch {
	case errors.Is(err, postgres.ErrUserNotFound):
		if id, err = accounts.CreateUser(ctx, postgres.NewUser{Username: demoStreamer}, nil); err != nil {
			return err
		}
		if err := accounts.GrantRole(ctx, id, "streamer", time.Time{}, "demo"); err != nil {
			return err
		}
	case err != nil:
		return err
	default:
		id = u.ID
	}
	for _, r := range demoRooms {
		row, found, err := rooms.LoadRoom(ctx, r.ID, time.Now())
		if err != nil || !found || row.StreamerID != "" {
			continue
		}
		row.StreamerID = protocol.UserID(id).String()
		if err := rooms.UpsertRoom(ctx, row); err != nil {
			return err
		}
	}
	return nil
}
