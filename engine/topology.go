package engine

import (
	"context"
	"net/http"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"courtside/actors/cluster"
	"courtside/actors/match"
	"courtside/actors/ratelimit"
	"courtside/actors/room"
	"courtside/actors/session"
	"courtside/api/account"
	"courtside/api/wallet"
	"courtside/gateway/media"
	"courtside/storage/history"
	"courtside/storage/postgres"
)

// topology is what differs between a node alone and a node in a cluster: where actors live, and
// the state every node must see at once. newTopology picks one from the configuration once
// (topology_single.go, topology_cluster.go); the node hands its parts to the actors and services,
// which declare the small interfaces they need. Nothing else asks which one it is.
type topology interface {
	// system is the node's actor system.
	system() *actor.ActorSystem
	// props equips an actor that may talk to other nodes (relay, sessions, rooms).
	props(p *actor.Props) *actor.Props
	// relayHeartbeat is how often the relay re-registers its viewers with their rooms (0: never,
	// a local room cannot lose them).
	relayHeartbeat() time.Duration
	// history opens the chat history store when no ScyllaDB is configured.
	history(pool *pgxpool.Pool) (history.Store, error)
	// shared opens the state the services share with the other nodes.
	shared(ctx context.Context, rooms *postgres.RoomStore, nodeURL string) (sharedState, error)
	// users reaches users' sessions; matchListener tells module (and other nodes') of match changes.
	users() session.Users
	matchListener(module match.Listener) match.Listener
	// host places the registries' actors (in a cluster: joins it); then setRelay names the relay.
	host(h cluster.Hosted) error
	setRelay(pid *actor.PID)
	// services are the topology's long-lived parts; routes its operational endpoints.
	services() []namedService
	routes(mux *http.ServeMux)
	// close releases what newTopology and shared opened, after every service stopped.
	close()
}

// sharedState are the implementations of the services' shared-state interfaces: in-process on a
// node alone, Redis Cluster in a cluster. A nil field leaves the service's own in-process default.
type sharedState struct {
	mutes       room.PlatformMutes
	giftKeys    room.GiftKeys
	leaderboard wallet.Leaderboard
	limiter     ratelimit.Limiter
	sessions    account.SessionCache
	trials      media.Trials
	streams     media.Directory
}

// newTopology picks the topology of cfg: a cluster when etcd endpoints are configured.
func newTopology(ctx context.Context, cfg Config, log *zap.Logger, reg prometheus.Registerer) (topology, error) {
	if len(cfg.EtcdEndpoints) > 0 {
		return newClusterTopology(ctx, cfg, log, reg)
	}
	return newSingleTopology(cfg, log), nil
}

// platformMuteSeed reads the platform mutes recorded in Postgres: the record, whichever store the
// nodes read them from.
func platformMuteSeed(ctx context.Context, rooms *postgres.RoomStore, now time.Time) (map[string]time.Time, error) {
	rows, err := rooms.PlatformMutes(ctx, now)
	if err != nil {
		return nil, err
	}
	out := make(map[string]time.Time, len(rows))
	for _, r := range rows {
		if r.Until.After(now) {
			out[r.UserID] = r.Until
		}
	}
	return out, nil
}
