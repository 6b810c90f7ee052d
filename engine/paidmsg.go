package engine

import (
	"context"
	"fmt"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/protocol"
	"courtside/actors/room"
	"courtside/api/account"
	"courtside/api/paidmsg"
)

// buildPaidMessages wires paid messages in live rooms (issue 25 §4): charged on the wallet's ledger,
// handed to the room actors, notified through the message centre. After the wallet and notices.
func (w *wiring) buildPaidMessages() error {
	n := w.n
	svc, err := paidmsg.New(paidmsg.Config{Logger: n.log.Named("paidmsg")}, paidmsg.Deps{
		Wallet:     w.wallet,
		Rooms:      roomAsker{system: n.topo.system(), rooms: w.registry, props: n.topo.props},
		Identities: accountIdentities{w.accounts},
		Notices:    w.notices,
	})
	if err != nil {
		return err
	}
	svc.Routes(w.api, w.accounts)
	w.roomCfg.Paid = svc
	return nil
}

// roomAsker sends a command to a room's actor, on any node, and waits for its answer, a refusal
// included. props is the topology's: in a cluster the answer of a room on another node must pass
// the codec (room.Ask).
type roomAsker struct {
	system *actor.ActorSystem
	rooms  *room.Registry
	props  func(*actor.Props) *actor.Props
}

func (a roomAsker) Ask(ctx context.Context, who room.Identity, msg protocol.ClientMessage) (*room.Reply, error) {
	// The room's own wallet call is bounded by 10 s.
	r, err := room.Ask(ctx, a.system, a.props, a.rooms.Get(msg.Room), who, msg, 15*time.Second)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	return r, nil
}

// accountIdentities says who a signed-in user is in rooms, exactly as a real-time session would
// (accountAuth).
type accountIdentities struct{ svc *account.Service }

func (a accountIdentities) Identity(ctx context.Context, userID int64) (room.Identity, error) {
	u, err := a.svc.UserByID(ctx, userID)
	if err != nil {
		return room.Identity{}, err
	}
	return room.Identity{ID: u.UID(), Name: u.Name(), Level: u.Level, Admin: u.Admin(), Member: u.Member(),
		Muted: !account.Can(u, account.PermChat), Expert: u.Has(account.RoleExpert) && !u.Has(account.RoleBanned)}, nil
}
