package engine

import (
	"context"
	"errors"

	"courtside/actors/room"
	"courtside/api/account"
	"courtside/api/chat"
	"courtside/storage/postgres"
)

// buildChat wires the chat history calls and the REST forms of moderation (issue 17): the latter
// ask the room actors through roomAsker, the very path of the paid messages, so a room living on
// another node of a cluster answers them like a socket command.
func (w *wiring) buildChat() {
	n := w.n
	chat.New(chat.Deps{History: w.hist, Moderators: roomModerators{w.accounts, w.rooms}, Rooms: roomsExist{w.rooms},
		Actors: roomAsker{system: n.topo.system(), rooms: w.registry, props: n.topo.props}, Chatters: chatters{w.accounts}, Records: w.rooms,
	}).Routes(w.api, w.accounts)
}

// chatters presents accounts to the chat area: as a real-time session would to a room
// (accountIdentities), and by their public face for the chatter card.
type chatters struct{ svc *account.Service }

func (c chatters) Identity(ctx context.Context, userID int64) (room.Identity, error) {
	id, err := accountIdentities{c.svc}.Identity(ctx, userID)
	if errors.Is(err, postgres.ErrUserNotFound) {
		return id, chat.ErrUserNotFound
	}
	return id, err
}

func (c chatters) Profile(ctx context.Context, userID int64) (chat.Profile, error) {
	u, err := c.svc.UserByID(ctx, userID)
	if errors.Is(err, postgres.ErrUserNotFound) {
		return chat.Profile{}, chat.ErrUserNotFound
	}
	if err != nil {
		return chat.Profile{}, err
	}
	return chat.Profile{Name: u.Name(), Avatar: u.Avatar, Level: u.Level, Member: u.Member(),
		Expert: u.Has(account.RoleExpert) && !u.Has(account.RoleBanned), Staff: u.Admin()}, nil
}
