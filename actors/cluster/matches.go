package cluster

import (
	"fmt"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/match"
	"courtside/actors/match/feed"
)

// Matches and score topics across nodes (issue 8, design §3). A match actor is a virtual actor of
// the "match" kind and a score topic one of the "topic" kind (each delay class its own identity,
// match:42@3000), both placed by identity like rooms:
//
//   - Feed: every node still runs the feed (the demo simulator, or a provider adapter) into its
//     match.Registry, whose placement proxies send each event to the match's one owner. The owner
//     applies each event once (idempotent by seq), so the feed survives any node's death; after a
//     topology change every node resends the events of the last seconds (Registry.Resend), which
//     fills the gap a dead owner leaves.
//   - Topics: match actors publish to their topics through this node's topic proxies, wherever the
//     topics live; relays join topics through the same proxies, exactly as they join rooms, and a
//     topic sends one frame per tick to each relay with subscribers. A delayed topic attaches
//     itself to its class-0 sibling.
//   - Failover: a match whose node died is re-activated on a survivor by its next feed event (or
//     resent event), and rebuilds its state from Postgres; a topic by a relay's join or heartbeat.
//   - REST: a match actor tells every member's matches module what changed (below).

// matchChangesName is the well-known name of every member's matchChanges actor.
const matchChangesName = "courtside-match-changes"

// matchChange carries a match's new list state to another member's matches module.
type matchChange struct{ State feed.State }

// localMatchChange is what this node's match actors hand to the matchChanges actor.
type localMatchChange struct{ state feed.State }

// matchChanges is a member's well-known actor for match list changes. A change of a match hosted
// here goes to this node's matches module and is sent to the same actor on every other member;
// a change from another member goes to this node's module. Actors rather than Redis pub/sub:
// the member list is exactly who must hear, messages between two members arrive in order over
// the connection every other cluster message uses (through the same codec), and there is no
// second subscription to keep alive. Like pub/sub it is fire and forget: a member that misses a
// change (it was joining) has the change from Postgres at its next index reload.
type matchChanges struct {
	module match.Listener
	peers  func() []string // member addresses, this node's included
}

func (m *matchChanges) Receive(ctx actor.Context) {
	switch msg := ctx.Message().(type) {
	case *localMatchChange:
		m.module.MatchChanged(msg.state)
		out := &matchChange{State: msg.state}
		self := ctx.ActorSystem().Address()
		for _, addr := range m.peers() {
			if addr != self {
				ctx.Send(actor.NewPID(addr, matchChangesName), out)
			}
		}
	case *matchChange:
		m.module.MatchChanged(msg.State)
	}
}

// spawnMatchChanges spawns the node's matchChanges actor over module; it runs before the member
// starts, since a match activated at once may report a change.
func spawnMatchChanges(system *actor.ActorSystem, props func(*actor.Props) *actor.Props, module match.Listener, peers func() []string) (*actor.PID, error) {
	mc := &matchChanges{module: module, peers: peers}
	pid, err := system.Root.SpawnNamed(props(actor.PropsFromProducer(func() actor.Actor { return mc })), matchChangesName)
	if err != nil {
		return nil, fmt.Errorf("cluster: match changes actor: %w", err)
	}
	return pid, nil
}
