package cluster

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
	protocluster "github.com/asynkron/protoactor-go/cluster"
	"github.com/asynkron/protoactor-go/cluster/clusterproviders/etcd"
	"github.com/asynkron/protoactor-go/cluster/identitylookup/disthash"
	"github.com/asynkron/protoactor-go/remote"
	"github.com/prometheus/client_golang/prometheus"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"courtside/actors/match"
	"courtside/actors/match/feed"
	"courtside/actors/relay"
	"courtside/actors/room"
	"courtside/actors/session"
)

// The kinds every member hosts.
const (
	RoomKind  = "room"
	MatchKind = "match" // identity: the match id
	TopicKind = "topic" // identity: the full topic name, match:42@3000
)

// Config says how a node joins its cluster.
type Config struct {
	// Name of the cluster in etcd: nodes with the same name form one cluster.
	Name string
	// Addr is host:port of actor remoting (gRPC), reachable by every other node; port 0 = any.
	Addr string
	// Etcd are the membership service's endpoints.
	Etcd []string
	// Log; default zap.NewNop(). Registerer gets the member's metrics; default a private registry.
	Log        *zap.Logger
	Registerer prometheus.Registerer
	// LeaveWithin bounds Leave: past it the node goes on stopping without waiting for the
	// deregistration and remoting's drain (seen hanging for minutes, gossiping to members that had
	// left after a 30,000-client run). Default 5 s.
	LeaveWithin time.Duration
}

// NewActorSystem builds an actor system for a cluster member: protoactor logs every gossip round at
// info, so its logs go to stderr at warn (debug when debug is true).
func NewActorSystem(debug bool) *actor.ActorSystem {
	level := slog.LevelWarn
	if debug {
		level = slog.LevelDebug
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	return actor.NewActorSystem(actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger { return logger }),
		actor.WithDeveloperSupervisionLogging(debug))
}

// Hosted are the local registries whose actors the member hosts and places.
type Hosted struct {
	Rooms *room.Registry
	// RoomActor builds a room's actor from its id when the cluster activates it here.
	RoomActor func(id string) actor.Actor
	Matches   *match.Registry
	Topics    *match.Topics
}

// Member is this node in the cluster. New builds what the node's registries and sessions need
// before it joins (Props, Users, MatchListener); Start joins; Leave leaves.
type Member struct {
	cfg    Config
	system *actor.ActorSystem
	codec  Codec
	c      *protocluster.Cluster // set by Start
	users  *Users
	module match.Listener // this node's matches module, told every match change
	// matchChanges is the node's well-known matchChanges actor (matches.go); set by Start.
	matchChanges atomic.Pointer[actor.PID]
	relay        atomic.Pointer[actor.PID] // told to re-register at once when the topology changes
	placements   []*Placement
	hosted       Hosted
	onStop       sync.Once
}

// New prepares system to join the cluster cfg names; local is this node's own directory of users'
// sessions.
func New(system *actor.ActorSystem, cfg Config, local *session.LocalUsers) *Member {
	if cfg.Log == nil {
		cfg.Log = zap.NewNop()
	}
	if cfg.Registerer == nil {
		cfg.Registerer = prometheus.NewRegistry()
	}
	m := &Member{cfg: cfg, system: system}
	m.codec = Codec{OnError: func(err error) { cfg.Log.Error("cluster message dropped", zap.Error(err)) }}
	m.users = newUsers(local, m.resolveUser, system, cfg.Log.Named("users"), cfg.Registerer)
	return m
}

// Props equips an actor that talks to other nodes (relay, sessions, rooms) with the codec.
func (m *Member) Props(p *actor.Props) *actor.Props { return m.codec.Props(p) }

// Users is session.Users for the whole cluster.
func (m *Member) Users() *Users { return m.users }

// MatchListener is the match actors' Listener: module (this node's REST index) and every other
// member's. Call it once, before Start.
func (m *Member) MatchListener(module match.Listener) match.Listener {
	m.module = module
	return (*clusterMatchListener)(m)
}

// clusterMatchListener hands a change to the matchChanges actor (straight to the module before the
// member has started: nothing else can hear yet).
type clusterMatchListener Member

func (l *clusterMatchListener) MatchChanged(s feed.State) {
	if pid := l.matchChanges.Load(); pid != nil {
		l.system.Root.Send(pid, &localMatchChange{state: s})
		return
	}
	l.module.MatchChanged(s)
}

// SetRelay names the node's relay, told to re-register its viewers at once when the topology
// changes.
func (m *Member) SetRelay(pid *actor.PID) { m.relay.Store(pid) }

func (m *Member) resolveUser(uid string) *actor.PID {
	if m.c == nil {
		return nil
	}
	return m.c.Get(uid, UserKind)
}

// Start joins the cluster and places h's actors across its members. It runs after the registries
// are built and before any actor that other nodes must reach is spawned: a PID carries the node's
// remote address only once remoting has started. Everything an activation may reach exists before
// the member starts: an activation request can arrive as soon as it has (a match actor publishes to
// topics through the placement, and tells every member's matches module what changed).
func (m *Member) Start(h Hosted) error {
	host, portStr, err := net.SplitHostPort(m.cfg.Addr)
	if err != nil {
		return fmt.Errorf("cluster address %q: %w", m.cfg.Addr, err)
	}
	port, err := strconv.Atoi(portStr)
	if err != nil {
		return fmt.Errorf("cluster address %q: %w", m.cfg.Addr, err)
	}
	m.hosted = h
	// The etcd client logs through the node's logger (its default is a JSON logger of its own).
	provider := &lazyEtcd{cfg: clientv3.Config{Endpoints: m.cfg.Etcd, DialTimeout: 5 * time.Second, Logger: m.cfg.Log.Named("etcd")}}
	conf := protocluster.Configure(m.cfg.Name, provider, disthash.New(), remote.Configure(host, port, RemoteOptions()...),
		protocluster.WithKinds(
			m.kind(RoomKind, h.RoomActor),
			m.kind(MatchKind, h.Matches.NewActor),
			m.kind(TopicKind, h.Topics.NewActor),
			m.kind(UserKind, func(string) actor.Actor { return newUserActor() }),
		))
	m.c = protocluster.New(m.system, conf)
	log := m.cfg.Log.Named("placement")
	place := func(kind string) *Placement {
		p := NewPlacement(m.system, kind, func(id string) *actor.PID { return m.c.Get(id, kind) }, m.Props, log)
		m.placements = append(m.placements, p)
		return p
	}
	h.Rooms.UsePlacement(place(RoomKind))
	h.Matches.UsePlacement(place(MatchKind))
	h.Topics.UsePlacement(place(TopicKind))
	h.Topics.AskMatches(h.Matches)
	pid, err := spawnMatchChanges(m.system, m.Props, m.module, m.memberAddresses)
	if err != nil {
		return err
	}
	m.matchChanges.Store(pid)
	if err := startMember(m.c); err != nil {
		return err
	}
	m.system.EventStream.Subscribe(func(ev any) {
		if t, ok := ev.(*protocluster.ClusterTopology); ok {
			m.cfg.Log.Info("cluster topology", zap.Int("members", len(t.Members)), zap.Int("joined", len(t.Joined)), zap.Int("left", len(t.Left)))
			m.topologyChanged()
		}
	})
	m.cfg.Log.Info("joined cluster", zap.String("name", m.cfg.Name), zap.String("address", m.system.Address()),
		zap.Strings("etcd", m.cfg.Etcd))
	return nil
}

// topologyChanged is the catch-up after members joined or left: proxies resolve their actors
// again, the feed's last seconds are re-sent to their (maybe new) owners, users' sessions are
// re-attached and the relay re-registers its viewers.
func (m *Member) topologyChanged() {
	for _, p := range m.placements {
		p.Invalidate()
	}
	m.hosted.Matches.Resend() // after Invalidate: the proxies resolve the new owners first
	m.users.topologyChanged()
	if r := m.relay.Load(); r != nil {
		m.system.Root.Send(r, &relay.Resync{})
	}
}

func (m *Member) memberAddresses() []string {
	members := m.c.MemberList.Members().Members()
	out := make([]string, 0, len(members))
	for _, mb := range members {
		out = append(out, mb.Address())
	}
	return out
}

// Run delivers the users' messages (Users.Run) until ctx is done, then leaves the cluster.
func (m *Member) Run(ctx context.Context) error {
	err := m.users.Run(ctx)
	m.Leave()
	return err
}

// Leave deregisters the node from etcd at once (the other nodes take its actors over without
// waiting for its lease to expire) and stops remoting; the actor system itself is shut down by its
// owner afterwards (protoactor's Cluster.Shutdown would shut it down a second time).
func (m *Member) Leave() {
	if m.c == nil {
		return
	}
	m.onStop.Do(func() {
		left := make(chan struct{})
		go func() {
			defer close(left)
			if err := m.c.Config.ClusterProvider.Shutdown(true); err != nil {
				m.cfg.Log.Warn("cluster: deregister", zap.Error(err))
			}
			m.c.IdentityLookup.Shutdown()
			m.c.Remote.Shutdown(true)
		}()
		within := m.cfg.LeaveWithin
		if within <= 0 {
			within = 5 * time.Second
		}
		select {
		case <-left:
		case <-time.After(within):
			// The others still take the actors over when this node's etcd lease expires.
			m.cfg.Log.Warn("cluster: leave did not finish in time; stopping without it", zap.Duration("within", within))
		}
	})
}

// kind makes a kind whose actor is built by activate from its cluster identity.
func (m *Member) kind(name string, activate func(id string) actor.Actor) *protocluster.Kind {
	return protocluster.NewKind(name, m.Props(actor.PropsFromProducer(func() actor.Actor {
		return &identityActor{activate: activate}
	})))
}

// identityActor is a kind's actor: protoactor activates it with a cluster identity (known from
// Started on), which names the room, match, topic or user the inner actor is.
type identityActor struct {
	activate func(id string) actor.Actor
	inner    actor.Actor
}

func (a *identityActor) Receive(ctx actor.Context) {
	if a.inner == nil {
		ci := protocluster.GetClusterIdentity(ctx)
		if ci == nil {
			return
		}
		a.inner = a.activate(ci.Identity)
	}
	a.inner.Receive(ctx)
}

// OwnerHandler serves GET /cluster/owner?room=ID (or ?kind=match&id=42, ?kind=topic&id=match:42):
// the member that owns the actor in this node's view of the topology, and this node's own member
// address (operations: "which node hosts the hot room?"; the chaos tests find the node to kill with
// it).
func (m *Member) OwnerHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		kind, id := q.Get("kind"), q.Get("id")
		if kind == "" {
			kind, id = RoomKind, q.Get("room")
		}
		rdv := protocluster.NewRendezvous()
		rdv.UpdateMembers(m.c.MemberList.Members().Members())
		owner := rdv.GetByClusterIdentity(protocluster.NewClusterIdentity(id, kind))
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"owner": owner, "self": m.system.Address(), "members": m.c.MemberList.Length()})
	})
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

// RemoteOptions are the remoting options of every member (and of tests that join two systems).
func RemoteOptions() []remote.ConfigOption {
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

var _ protocluster.ClusterProvider = (*lazyEtcd)(nil)

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

func (l *lazyEtcd) StartMember(c *protocluster.Cluster) error {
	if err := l.open(); err != nil {
		return err
	}
	return l.p.StartMember(c)
}

func (l *lazyEtcd) StartClient(c *protocluster.Cluster) error {
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
func startMember(c *protocluster.Cluster) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cluster: start member: %v", r)
		}
	}()
	c.StartMember()
	return nil
}
