package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/asynkron/protoactor-go/cluster"
	"github.com/asynkron/protoactor-go/cluster/clusterproviders/etcd"
	"github.com/asynkron/protoactor-go/cluster/identitylookup/disthash"
	"github.com/asynkron/protoactor-go/remote"
	goredis "github.com/redis/go-redis/v9"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"courtside/actors/match"
	"courtside/actors/relay"
	"courtside/actors/room"
	redisstore "courtside/storage/redis"
)

// Cluster mode (issue 8, design §3). With COURTSIDE_ETCD_ENDPOINTS set, the node joins a
// protoactor-go cluster: membership in etcd (protoactor's etcd provider: a lease kept alive every
// few seconds, so a killed node leaves the member list when its lease expires), rooms, matches
// and score topics placed by identity with the distributed-hash lookup (rendezvous hashing over
// the members; the owner's placement actor activates an actor on its first message), messages
// between nodes over protoactor remote (see cluster_codec.go). Platform-wide mutes live in Redis
// Cluster; chat history in Postgres (or ScyllaDB), so a room re-activated on another node
// continues its sequence; match state in Postgres, so a match does too (cluster_matches.go).
//
// Without COURTSIDE_ETCD_ENDPOINTS none of this runs and the node is exactly the single-node
// build: rooms, matches and topics in local registries, history in Pebble, mutes in memory over
// Postgres.

// The cluster kinds (clusterKinds lists them).
const (
	roomKind  = "room"
	matchKind = "match" // identity: the match id
	topicKind = "topic" // identity: the full topic name, match:42@3000
)

// clusterPart is what a node in cluster mode holds beyond the single-node build.
type clusterPart struct {
	c       *cluster.Cluster
	rooms   *placement
	matches *placement
	topics  *placement
	// matchChanges is the node's well-known actor that carries match list changes to every
	// member's matches module (cluster_matches.go); set before the member starts.
	matchChanges *actor.PID
	redis        *goredis.ClusterClient
	mutes        *redisstore.PlatformMutes
	relay        atomic.Pointer[actor.PID] // told to re-register at once when the topology changes; set after join
	onStop       sync.Once
}

func (n *Node) clusterMode() bool { return len(n.cfg.EtcdEndpoints) > 0 }

// newActorSystem builds the node's actor system; in cluster mode with protoactor's logs at warn.
// (The root context gets no codec middleware: protoactor's remoting sends raw messages to its
// endpoint writers through it. Actors send to other nodes only from their own contexts.)
func (n *Node) newActorSystem() *actor.ActorSystem {
	if !n.clusterMode() {
		return actor.NewActorSystem()
	}
	level := slog.LevelWarn // protoactor logs every gossip round at info
	if n.cfg.LogLevel == "debug" {
		level = slog.LevelDebug
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	sys := actor.NewActorSystem(actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger { return logger }),
		actor.WithDeveloperSupervisionLogging(level == slog.LevelDebug))
	return sys
}

func (n *Node) codecError(err error) { n.log.Error("cluster message dropped", zap.Error(err)) }

// clusterProps equips props of an actor that talks to other nodes (relay, sessions, rooms); in
// single-node mode it returns props unchanged.
func (n *Node) clusterProps(p *actor.Props) *actor.Props {
	if !n.clusterMode() {
		return p
	}
	return p.Configure(actor.WithReceiverMiddleware(clusterReceiver(n.codecError)),
		actor.WithSenderMiddleware(clusterSender(n.codecError)))
}

// relayHeartbeat is the relay's re-registration interval: only in cluster mode.
func (n *Node) relayHeartbeat() time.Duration {
	if !n.clusterMode() {
		return 0
	}
	return n.cfg.RelayHeartbeat
}

// joinCluster starts cluster membership and room placement. It runs after the room config and
// registry are built and before any actor that other nodes must reach is spawned: a PID carries
// the node's remote address only once remoting has started.
func (n *Node) joinCluster(ctx context.Context) error {
	if !n.clusterMode() {
		return nil
	}
	cp := &clusterPart{}
	n.cluster = cp
	var err error
	if cp.redis, err = redisstore.Open(ctx, redisstore.Config{Addrs: n.cfg.RedisCluster}); err != nil {
		return err
	}
	cp.mutes = redisstore.NewPlatformMutes(cp.redis, redisstore.MutesConfig{Log: n.log.Named("mutes")})
	if err := n.seedPlatformMutes(ctx, cp.mutes); err != nil {
		return err
	}
	n.roomCfg.PlatformMutes = cp.mutes
	n.useSharedGiftKeys(cp)

	host, portStr, err := net.SplitHostPort(n.cfg.ClusterAddr)
	if err != nil {
		return fmt.Errorf("cluster address %q: %w", n.cfg.ClusterAddr, err)
	}
	port, err := strconv.Atoi(portStr)
	if err != nil {
		return fmt.Errorf("cluster address %q: %w", n.cfg.ClusterAddr, err)
	}
	// The etcd client logs through the node's logger (its default is a JSON logger of its own).
	provider := &lazyEtcd{cfg: clientv3.Config{Endpoints: n.cfg.EtcdEndpoints, DialTimeout: 5 * time.Second,
		Logger: n.log.Named("etcd")}}
	conf := cluster.Configure(n.cfg.ClusterName, provider, disthash.New(), remote.Configure(host, port, remoteOptions()...),
		cluster.WithKinds(n.clusterKinds()...))
	cp.c = cluster.New(n.system, conf)
	// Everything an activation may reach exists before the member starts: an activation request
	// can arrive as soon as it has (a match actor publishes to topics through the placement, and
	// tells every member's matches module what changed).
	log := n.log.Named("placement")
	cp.rooms = newPlacement(n.system, cp.c, roomKind, n.clusterProps, log)
	cp.matches = newPlacement(n.system, cp.c, matchKind, n.clusterProps, log)
	cp.topics = newPlacement(n.system, cp.c, topicKind, n.clusterProps, log)
	n.registry.UsePlacement(cp.rooms)
	n.matches.UsePlacement(cp.matches)
	n.topics.UsePlacement(cp.topics)
	n.topics.AskMatches(n.matches)
	n.directory.users = newUserRouter(cp.c, n.system, n.directory, n.log.Named("users"), n.reg)
	if err := n.startMatchChanges(cp); err != nil {
		return err
	}
	if err := startMember(cp.c); err != nil {
		return err
	}
	n.system.EventStream.Subscribe(func(ev any) {
		if t, ok := ev.(*cluster.ClusterTopology); ok {
			n.log.Info("cluster topology", zap.Int("members", len(t.Members)), zap.Int("joined", len(t.Joined)), zap.Int("left", len(t.Left)))
			for _, p := range []*placement{cp.rooms, cp.matches, cp.topics} {
				p.invalidate()
			}
			n.matches.Resend() // after invalidate: the proxies resolve the new owners first
			n.directory.users.topologyChanged()
			if r := cp.relay.Load(); r != nil {
				n.system.Root.Send(r, &relay.Resync{})
			}
		}
	})
	n.log.Info("joined cluster", zap.String("name", n.cfg.ClusterName), zap.String("address", n.system.Address()),
		zap.Strings("etcd", n.cfg.EtcdEndpoints))
	return nil
}

// Remote message sizes. protoactor's endpoint writer sends up to its batch size of queued messages
// as one gRPC message, and gRPC refuses messages over 4 MiB by default by dropping the connection
// with everything the batch carried. A join storm hit exactly that: a thousand join replies, each
// with the room's latest 50 lines, made 4.2 MB. Smaller batches and a larger limit keep a batch
// well inside it (a resume reply can carry up to 10,000 events on its own); relays re-send joins
// that are lost anyway.
const (
	remoteBatchSize  = 200
	remoteMaxMessage = 256 << 20
)

func remoteOptions() []remote.ConfigOption {
	return []remote.ConfigOption{
		remote.WithEndpointWriterBatchSize(remoteBatchSize),
		remote.WithServerOptions(grpc.MaxRecvMsgSize(remoteMaxMessage)),
		remote.WithDialOptions(grpc.WithTransportCredentials(insecure.NewCredentials()),
			grpc.WithDefaultCallOptions(grpc.MaxCallSendMsgSize(remoteMaxMessage), grpc.MaxCallRecvMsgSize(remoteMaxMessage))),
	}
}

// lazyEtcd is protoactor's etcd provider, created only when the member starts: its gRPC client
// starts logging at once, and protoactor's remoting replaces gRPC's global logger when it starts
// (before the provider's StartMember), which would race with a client created earlier.
type lazyEtcd struct {
	cfg clientv3.Config
	p   *etcd.Provider
}

var _ cluster.ClusterProvider = (*lazyEtcd)(nil)

func (l *lazyEtcd) open() error {
	if l.p != nil {
		return nil
	}
	p, err := etcd.NewWithConfig("/courtside", l.cfg)
	if err != nil {
		return fmt.Errorf("cluster: etcd %v: %w", l.cfg.Endpoints, err)
	}
	l.p = p
	return nil
}

func (l *lazyEtcd) StartMember(c *cluster.Cluster) error {
	if err := l.open(); err != nil {
		return err
	}
	return l.p.StartMember(c)
}

func (l *lazyEtcd) StartClient(c *cluster.Cluster) error {
	if err := l.open(); err != nil {
		return err
	}
	return l.p.StartClient(c)
}

func (l *lazyEtcd) Shutdown(graceful bool) error {
	if l.p == nil {
		return nil
	}
	return l.p.Shutdown(graceful)
}

// startMember joins the cluster; protoactor panics when remoting cannot listen.
func startMember(c *cluster.Cluster) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cluster: start member: %v", r)
		}
	}()
	c.StartMember()
	return nil
}

// seedPlatformMutes copies the platform mutes recorded in Postgres into Redis: Postgres stays the
// record (a mute survives a Redis flush), Redis is what every node reads.
func (n *Node) seedPlatformMutes(ctx context.Context, m *redisstore.PlatformMutes) error {
	rows, err := n.rooms.PlatformMutes(ctx)
	if err != nil {
		return err
	}
	now := time.Now()
	for _, r := range rows {
		if r.Until.After(now) {
			if err := m.Mute(ctx, r.UserID, r.Until); err != nil {
				return err
			}
		}
	}
	return nil
}

// clusterServices are the long-lived parts of cluster mode: the mutes subscription, and a
// graceful leave when the node stops (deregistered from etcd at once, so the other nodes take its
// rooms over without waiting for its lease to expire).
func (n *Node) clusterServices() []namedService {
	if n.cluster == nil {
		return nil
	}
	cp := n.cluster
	return []namedService{
		{"platform-mutes", ServiceFunc(cp.mutes.Run)},
		{"users", ServiceFunc(n.directory.users.Run)},
		{"cluster", ServiceFunc(func(ctx context.Context) error {
			<-ctx.Done()
			n.leaveCluster()
			return nil
		})},
	}
}

// leaveCluster deregisters the node and stops its rooms; the actor system itself is shut down by
// Run afterwards (protoactor's Cluster.Shutdown would shut it down a second time).
func (n *Node) leaveCluster() {
	cp := n.cluster
	if cp == nil {
		return
	}
	cp.onStop.Do(func() {
		if err := cp.c.Config.ClusterProvider.Shutdown(true); err != nil {
			n.log.Warn("cluster: deregister", zap.Error(err))
		}
		cp.c.IdentityLookup.Shutdown()
		cp.c.Remote.Shutdown(true)
		// Redis is closed by Run once every service has stopped: the media service still removes
		// its streams' records on the way out.
	})
}

// clusterKinds are the kinds this member hosts; every member hosts them all. What their actors
// need (room config, match registry, topics) is built before joinCluster. Another kind is one
// more line here.
func (n *Node) clusterKinds() []*cluster.Kind {
	return []*cluster.Kind{
		n.clusterKind(roomKind, func(id string) actor.Actor { return room.New(id, n.roomCfg) }),
		n.clusterKind(matchKind, n.matches.NewActor),
		n.clusterKind(topicKind, n.topics.NewActor),
		n.clusterKind(userKind, func(string) actor.Actor { return newUserActor() }),
	}
}

// clusterKind makes a kind whose actor is built by activate from its cluster identity.
func (n *Node) clusterKind(name string, activate func(id string) actor.Actor) *cluster.Kind {
	return cluster.NewKind(name, n.clusterProps(actor.PropsFromProducer(func() actor.Actor {
		return &identityActor{activate: activate}
	})))
}

// identityActor is a kind's actor: protoactor activates it with a cluster identity (known from
// Started on), which names the room, match or topic the inner actor is.
type identityActor struct {
	activate func(id string) actor.Actor
	inner    actor.Actor
}

func (a *identityActor) Receive(ctx actor.Context) {
	if a.inner == nil {
		ci := cluster.GetClusterIdentity(ctx)
		if ci == nil {
			return
		}
		a.inner = a.activate(ci.Identity)
	}
	a.inner.Receive(ctx)
}

// placement finds the actors of one kind in the cluster for a registry (room.Placement,
// match.Placement). Get never blocks: it returns a local proxy actor per identity that resolves
// the actor's current PID (an activation request to the owner) and forwards to it; after a
// topology change every proxy resolves again, so an actor whose node died is re-activated on a
// survivor by its next message (a relay's heartbeat, a command, a join, a feed event).
type placement struct {
	system *actor.ActorSystem
	kind   string
	props  func(*actor.Props) *actor.Props
	log    *zap.Logger
	// resolve asks the cluster for the actor of an identity (Cluster.Get; it blocks).
	resolve func(id string) *actor.PID

	mu      sync.Mutex
	proxies map[string]*actor.PID
}

var (
	_ room.Placement  = (*placement)(nil)
	_ match.Placement = (*placement)(nil)
)

func newPlacement(system *actor.ActorSystem, c *cluster.Cluster, kind string, props func(*actor.Props) *actor.Props, log *zap.Logger) *placement {
	return &placement{system: system, kind: kind, props: props, log: log, proxies: map[string]*actor.PID{},
		resolve: func(id string) *actor.PID { return c.Get(id, kind) }}
}

func (p *placement) Get(id string) *actor.PID {
	p.mu.Lock()
	defer p.mu.Unlock()
	if pid, ok := p.proxies[id]; ok {
		return pid
	}
	pid := p.system.Root.Spawn(p.props(actor.PropsFromProducer(func() actor.Actor { return &identityProxy{p: p, id: id} })))
	p.proxies[id] = pid
	return pid
}

// invalidate makes every proxy resolve its room again before the next message.
func (p *placement) invalidate() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, pid := range p.proxies {
		p.system.Root.Send(pid, &resolveAgain{})
	}
}

type resolveAgain struct{}

// proxyRetry is how long a proxy drops messages after its actor could not be resolved (no member
// owns it yet, or the owner did not answer) before trying again.
const proxyRetry = 200 * time.Millisecond

// identityProxy forwards to one actor (a room, a match, a topic) wherever it lives. Messages it
// cannot deliver are dropped, as they would be to a dead node: sessions answer commands with a
// timeout, relays re-send joins and heartbeats, clients resume, the feed is resent after a
// topology change (match.Registry.Resend). A request (a message with a sender: Registry.State)
// is answered through a one-shot replyForwarder, so the reply is decoded before the requester
// (typically a future, which has no codec) sees it.
type identityProxy struct {
	p       *placement
	id      string
	target  *actor.PID
	retryAt time.Time
}

func (r *identityProxy) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *actor.Started, *actor.Stopping, *actor.Stopped, *actor.Restarting:
		return
	case *resolveAgain:
		r.target, r.retryAt = nil, time.Time{}
		return
	case *actor.Terminated:
		// The room stopped (it was not found, failed to load, or was handed over): find it again
		// on the next message. When its whole node went away, the next topology change says
		// where the room lives now; until then its owner is still the dead node.
		if r.target != nil && m.Who.Equal(r.target) && m.Why != actor.TerminatedReason_AddressTerminated {
			r.target = nil
		}
		return
	}
	if r.target == nil {
		if time.Now().Before(r.retryAt) {
			return
		}
		// A blocking request to the owner's placement actor; it holds up this room's messages only.
		if r.target = r.p.resolve(r.id); r.target == nil {
			r.retryAt = time.Now().Add(proxyRetry)
			r.p.log.Debug("actor not resolvable yet", zap.String("kind", r.p.kind), zap.String("id", r.id))
			return
		}
		ctx.Watch(r.target)
	}
	if sender := ctx.Sender(); sender != nil {
		fwd := ctx.Spawn(r.p.props(actor.PropsFromProducer(func() actor.Actor { return &replyForwarder{to: sender} })))
		ctx.RequestWithCustomSender(r.target, ctx.Message(), fwd)
		return
	}
	ctx.Send(r.target, ctx.Message())
}

// replyWait is how long a replyForwarder waits for its one reply (longer than any caller waits).
const replyWait = time.Minute

// replyForwarder hands the one reply to a request made through a proxy to the original sender,
// then stops; with no reply within replyWait it stops anyway.
type replyForwarder struct{ to *actor.PID }

func (f *replyForwarder) Receive(ctx actor.Context) {
	switch ctx.Message().(type) {
	case *actor.Started:
		ctx.SetReceiveTimeout(replyWait)
	case *actor.Stopping, *actor.Stopped, *actor.Restarting:
	case *actor.ReceiveTimeout:
		ctx.Stop(ctx.Self())
	default:
		ctx.Send(f.to, ctx.Message())
		ctx.Stop(ctx.Self())
	}
}

// clusterRoutes serves GET /cluster/owner?room=ID (or ?kind=match&id=42, ?kind=topic&id=match:42)
// in cluster mode: the member that owns the actor in this node's view of the topology, and this
// node's own member address (operations: "which node hosts the hot room?"; the chaos tests find
// the node to kill with it).
func (n *Node) clusterRoutes(mux *http.ServeMux) {
	if n.cluster == nil {
		return
	}
	c := n.cluster.c
	mux.HandleFunc("GET /cluster/owner", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		kind, id := q.Get("kind"), q.Get("id")
		if kind == "" {
			kind, id = roomKind, q.Get("room")
		}
		rdv := cluster.NewRendezvous()
		rdv.UpdateMembers(c.MemberList.Members().Members())
		owner := rdv.GetByClusterIdentity(cluster.NewClusterIdentity(id, kind))
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"owner": owner, "self": n.system.Address(), "members": c.MemberList.Length()})
	})
}
