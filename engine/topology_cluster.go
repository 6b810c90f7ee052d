package engine

import (
	"context"
	"net/http"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	goredis "github.com/redis/go-redis/v9"
	"go.uber.org/zap"

	"courtside/actors/cluster"
	"courtside/actors/match"
	"courtside/actors/room"
	"courtside/actors/session"
	"courtside/api/wallet"
	"courtside/gateway/media"
	"courtside/storage/history"
	"courtside/storage/postgres"
	redisstore "courtside/storage/redis"
)

// clusterTopology is a node in a cluster (issue 8, design §3, docs/operations.md): rooms, matches,
// score topics and users placed by identity across the members (package actors/cluster), chat
// history in Postgres (shared by every node: a moved room keeps its sequence), and the state every
// node must see at once in Redis Cluster: platform mutes, gift idempotency keys, gift leaderboards,
// rate limits, the session cache, non-members' trials and the record of live streams.
type clusterTopology struct {
	cfg    Config
	log    *zap.Logger
	reg    prometheus.Registerer
	sys    *actor.ActorSystem
	redis  *goredis.ClusterClient
	member *cluster.Member
	mutes  *redisstore.PlatformMutes // set by shared; its Run is a service
}

var _ topology = (*clusterTopology)(nil)

func newClusterTopology(ctx context.Context, cfg Config, log *zap.Logger, reg prometheus.Registerer) (*clusterTopology, error) {
	rc, err := redisstore.Open(ctx, redisstore.Config{Addrs: cfg.RedisCluster})
	if err != nil {
		return nil, err
	}
	t := &clusterTopology{cfg: cfg, log: log, reg: reg, redis: rc, sys: cluster.NewActorSystem(cfg.LogLevel == "debug")}
	t.member = cluster.New(t.sys, cluster.Config{Name: cfg.ClusterName, Addr: cfg.ClusterAddr, Etcd: cfg.EtcdEndpoints,
		Log: log.Named("cluster"), Registerer: reg}, session.NewLocalUsers(t.sys))
	return t, nil
}

func (t *clusterTopology) system() *actor.ActorSystem        { return t.sys }
func (t *clusterTopology) props(p *actor.Props) *actor.Props { return t.member.Props(p) }
func (t *clusterTopology) relayHeartbeat() time.Duration     { return t.cfg.RelayHeartbeat }
func (t *clusterTopology) users() session.Users              { return t.member.Users() }
func (t *clusterTopology) host(h cluster.Hosted) error       { return t.member.Start(h) }
func (t *clusterTopology) setRelay(pid *actor.PID)           { t.member.SetRelay(pid) }
func (t *clusterTopology) routes(mux *http.ServeMux) {
	mux.Handle("GET /cluster/owner", t.member.OwnerHandler())
}

func (t *clusterTopology) matchListener(module match.Listener) match.Listener {
	return t.member.MatchListener(module)
}

// history is Postgres: every node appends to and reads from the same store.
func (t *clusterTopology) history(pool *pgxpool.Pool) (history.Store, error) {
	t.log.Info("chat history in Postgres (cluster mode)")
	return postgres.NewHistoryStore(pool), nil
}

// shared opens the Redis Cluster variants. Platform mutes are copied from Postgres first: Postgres
// stays the record (a mute survives a Redis flush), Redis is what every node reads.
func (t *clusterTopology) shared(ctx context.Context, rooms *postgres.RoomStore, nodeURL string) (sharedState, error) {
	t.mutes = redisstore.NewPlatformMutes(t.redis, redisstore.MutesConfig{Log: t.log.Named("mutes")})
	seed, err := platformMuteSeed(ctx, rooms, time.Now())
	if err != nil {
		return sharedState{}, err
	}
	for uid, until := range seed {
		if err := t.mutes.Mute(ctx, uid, until); err != nil {
			return sharedState{}, err
		}
	}
	streams, err := redisstore.NewStreams(t.redis, redisstore.StreamsConfig{Node: nodeURL, TTL: streamRecordTTL})
	if err != nil {
		return sharedState{}, err
	}
	t.log.Info("live streams shared through the cluster", zap.String("node_url", nodeURL))
	return sharedState{
		mutes: t.mutes,
		// A room re-activated here after its node died answers a gift retried with the same nonce
		// with the seq the dead incarnation showed, instead of showing the paid gift twice.
		giftKeys:    redisstore.NewGiftKeys(t.redis, redisstore.GiftKeysConfig{}),
		leaderboard: wallet.NewRedisLeaderboard(redisstore.NewLeaderboard(t.redis, ""), time.UTC),
		// Code and sign-in limits count every node's attempts; every node authenticates from the
		// shared session cache, and a revocation on one node clears it for all of them.
		limiter:  redisstore.NewLimiter(t.redis, ""),
		sessions: redisstore.NewSessionCache(t.redis, ""),
		// One trial per viewer and room for the whole cluster, not one per node.
		trials:  redisstore.NewTrials(t.redis, "", media.TrialReset),
		streams: media.RedisDirectory{Streams: streams},
	}, nil
}

// streamRecordTTL is how long a stream's record outlives its holder's last refresh (the Hub
// refreshes every media.Config.AnnounceEvery, 3 s): how long other nodes may still send viewers to
// a node that died with a stream.
const streamRecordTTL = 10 * time.Second

// services: the mutes subscription, and the member (users' messages; a graceful leave when the
// node stops, so the other nodes take its actors over without waiting for its lease to expire).
func (t *clusterTopology) services() []namedService {
	out := []namedService{{"cluster", t.member}}
	if t.mutes != nil {
		out = append(out, namedService{"platform-mutes", ServiceFunc(t.mutes.Run)})
	}
	return out
}

// close releases Redis once every service has stopped: the media service still removes its
// streams' records on the way out.
func (t *clusterTopology) close() {
	t.member.Leave()
	t.redis.Close()
}

var _ room.GiftKeys = (*redisstore.GiftKeys)(nil)
