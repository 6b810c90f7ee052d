package engine

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.uber.org/zap"

	"courtside/actors/match"
	"courtside/actors/relay"
	"courtside/actors/room"
	"courtside/actors/session"
	"courtside/actors/wordfilter"
	"courtside/api"
	"courtside/api/account"
	"courtside/api/chat"
	"courtside/api/locale"
	"courtside/api/matches"
	"courtside/api/wallet"
	"courtside/engine/media"
	"courtside/gateway"
	"courtside/storage/history"
	"courtside/storage/postgres"
	"courtside/storage/scylla"
)

// Node is one running Courtside process.
type Node struct {
	cfg Config
	log *zap.Logger
	reg *prometheus.Registry

	pool     *pgxpool.Pool
	rooms    *postgres.RoomStore
	hist     history.Store
	writer   *history.Writer
	system   *actor.ActorSystem
	registry *room.Registry
	gw       *gateway.Server
	api      *api.Server
	resolver *locale.Resolver

	auth     session.Authenticator // who a real-time token belongs to
	accounts *account.Service
	wallet   *wallet.Service
	roomCfg  *room.Config

	sports    *postgres.SportsStore
	topics    *match.Topics
	matches   *match.Registry
	matchAPI  *matches.Module
	directory *directory
	media     *media.Hub
	cluster   *clusterPart // nil on a single node (cluster.go)

	httpLn net.Listener
	ready  atomic.Bool
}

// Option changes how New builds a node.
type Option func(*Node)

// WithAuthenticator makes the real-time sessions resolve tokens with a instead of the accounts
// module (tests use it to act as moderators without signing up).
func WithAuthenticator(a session.Authenticator) Option { return func(n *Node) { n.auth = a } }

// New builds a node: it connects to Postgres, applies migrations, opens the stores and builds every
// service, but serves nothing until Run.
func New(ctx context.Context, cfg Config, log *zap.Logger, opts ...Option) (*Node, error) {
	n := &Node{cfg: cfg, log: log, reg: prometheus.NewRegistry()}
	for _, o := range opts {
		o(n)
	}
	n.reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if err := n.openStorage(ctx); err != nil {
		n.closeStorage()
		return nil, err
	}
	if err := n.buildServices(); err != nil {
		n.closeStorage()
		return nil, err
	}
	return n, nil
}

func (n *Node) openStorage(ctx context.Context) error {
	var err error
	if n.pool, err = postgres.Open(ctx, postgres.Config{URL: n.cfg.DatabaseURL}); err != nil {
		return err
	}
	applied, err := postgres.Migrate(ctx, n.pool)
	if err != nil {
		return err
	}
	n.log.Info("database ready", zap.Strings("migrations_applied", applied))
	n.rooms = postgres.NewRoomStore(n.pool, 4)
	if n.cfg.Demo {
		if err := seedDemo(ctx, n.rooms); err != nil {
			return fmt.Errorf("demo data: %w", err)
		}
	}
	if len(n.cfg.ScyllaHosts) > 0 {
		if n.hist, err = scylla.Open(ctx, scylla.Config{Hosts: n.cfg.ScyllaHosts}); err != nil {
			return fmt.Errorf("chat history in ScyllaDB: %w", err)
		}
		n.log.Info("chat history in ScyllaDB", zap.Strings("hosts", n.cfg.ScyllaHosts))
	} else if n.clusterMode() {
		n.hist = postgres.NewHistoryStore(n.pool) // shared by every node: a moved room keeps its sequence
		n.log.Info("chat history in Postgres (cluster mode)")
	} else {
		dir := filepath.Join(n.cfg.DataDir, "history")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if n.hist, err = history.OpenPebble(history.PebbleConfig{Dir: dir, Logger: n.log.Named("pebble")}); err != nil {
			return err
		}
	}
	n.writer, err = history.NewWriter(n.hist, history.WriterConfig{Registerer: n.reg})
	return err
}

func (n *Node) buildServices() error {
	var err error
	if n.resolver, err = locale.New(locale.Config{GeoIPPath: n.cfg.GeoIPPath}); err != nil {
		return err
	}
	filter, err := n.loadFilter()
	if err != nil {
		return err
	}
	mutes, err := newPlatformMutes(context.Background(), n.rooms)
	if err != nil {
		return err
	}
	sampled := prometheus.NewCounter(prometheus.CounterOpts{
		Name: "courtside_chat_sampled_out_total",
		Help: "Ordinary chat lines left out of hot-room frames (they stay in history).",
	})
	n.reg.MustRegister(sampled)

	n.system = n.newActorSystem()
	n.roomCfg = &room.Config{
		TickMin: n.cfg.TickMin, TickMax: n.cfg.TickMax, FrameLines: n.cfg.FrameLines, RingSize: n.cfg.RingSize,
		Store: roomStore{n.rooms}, History: &historyAdapter{store: n.hist, writer: n.writer},
		PlatformMutes: mutes, Filter: filter, Exists: func(string) bool { return false },
		SampledOut: sampled, Log: n.log.Named("room"),
	}
	n.registry = room.NewRegistry(n.system, n.roomCfg)
	n.directory = newDirectory()
	n.buildScores() // before joinCluster: the cluster kinds activate rooms, matches and topics
	if err := n.joinCluster(context.Background()); err != nil {
		return err
	}
	relayPID := n.system.Root.Spawn(n.clusterProps(relay.Props(relay.Config{Encode: encodeFrame, Broadcast: (&broadcaster{}).send,
		Rooms: match.Finder{Rooms: n.registry, Topics: n.topics}, Heartbeat: n.relayHeartbeat()})))
	if n.cluster != nil {
		n.cluster.relay.Store(relayPID)
	}
	rt := &realtime{
		props:    n.clusterProps,
		system:   n.system,
		resolver: n.resolver,
		sessions: &session.Config{
			Relay: relayPID, Rooms: n.registry, Topics: n.topics, Directory: n.directory, Log: n.log.Named("session"),
			Translate: func(lang, key string) string { return locale.Message(lang, key) },
		},
	}
	n.gw = gateway.New(gateway.Config{
		Addr: n.cfg.WSAddr, AllowedOrigins: n.cfg.Origins, MaxMessageSize: n.cfg.MaxMessage,
		OutboundLimit: n.cfg.OutboundMax, Multicore: true, Logger: n.log.Named("gateway"), Registerer: n.reg,
	}, rt)

	n.httpLn, err = net.Listen("tcp", n.cfg.HTTPAddr)
	if err != nil {
		return fmt.Errorf("http listen %s: %w", n.cfg.HTTPAddr, err)
	}
	_, wsPort, _ := net.SplitHostPort(n.cfg.WSAddr)
	port := 0
	fmt.Sscan(wsPort, &port)
	n.api = api.New(api.Config{
		SiteDir: n.cfg.WebDir, GatewayURLs: n.cfg.WSPublicURL, GatewayPort: port, MaxBodyBytes: 4 << 20,
		Resolver: n.resolver, Logger: n.log.Named("api"),
	})
	if err := n.buildAccounts(); err != nil {
		return err
	}
	if err := n.buildWallet(); err != nil {
		return err
	}
	if err := n.buildMedia(); err != nil {
		return err
	}
	chat.Routes(n.api, n.hist, roomModerators{n.accounts, n.rooms})
	n.matchAPI.Register(n.api)
	rt.sessions.Auth = n.auth
	return nil
}

func (n *Node) loadFilter() (*wordfilter.Filter, error) {
	if n.cfg.BannedWords == "" {
		return wordfilter.Default(), nil
	}
	f, err := os.Open(n.cfg.BannedWords)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return wordfilter.Load(f)
}

// HTTPAddr is where the HTTP server listens (useful with port 0).
func (n *Node) HTTPAddr() net.Addr { return n.httpLn.Addr() }

// Run serves until ctx is cancelled, then shuts down in order: stop accepting and close sockets
// (1001, clients reconnect elsewhere), stop HTTP, flush chat history, close the database.
func (n *Node) Run(ctx context.Context) error {
	srv := &http.Server{Handler: n.httpHandler(), ReadHeaderTimeout: 10 * time.Second}
	services := []namedService{
		{"gateway", n.gw},
		{"http", ServiceFunc(func(ctx context.Context) error {
			errc := make(chan error, 1)
			go func() { errc <- srv.Serve(n.httpLn) }()
			select {
			case err := <-errc:
				return err
			case <-ctx.Done():
				sctx, cancel := context.WithTimeout(context.Background(), n.cfg.Shutdown)
				defer cancel()
				return srv.Shutdown(sctx)
			}
		})},
		{"session-purge", ServiceFunc(n.purgeSessions)},
		{"wallet", n.wallet},
		{"media", n.media},
		{"readiness", ServiceFunc(func(ctx context.Context) error {
			select {
			case <-n.gw.Ready():
				n.ready.Store(true)
				n.log.Info("node ready", zap.String("http", n.httpLn.Addr().String()), zap.Stringer("ws", n.gw.Addr()))
			case <-ctx.Done():
			}
			<-ctx.Done()
			n.ready.Store(false)
			return nil
		})},
	}
	services = append(services, n.scoreServices()...)
	services = append(services, n.clusterServices()...)
	err := runServices(ctx, n.log, services)
	if n.cluster != nil && n.cluster.redis != nil {
		n.cluster.redis.Close()
	}
	n.system.Shutdown()
	n.closeStorage()
	return err
}

func (n *Node) closeStorage() {
	if n.writer != nil {
		if err := n.writer.Close(); err != nil {
			n.log.Error("chat history flush failed", zap.Error(err))
		}
	}
	if n.hist != nil {
		n.hist.Close()
	}
	if n.rooms != nil {
		n.rooms.Close()
	}
	if n.sports != nil {
		n.sports.Close()
	}
	if n.api != nil {
		n.api.Close()
	}
	if n.pool != nil {
		n.pool.Close()
	}
}

// httpHandler serves the operational endpoints, then the API and the web client.
func (n *Node) httpHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok\n")) })
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		if !n.ready.Load() {
			http.Error(w, "starting or stopping", http.StatusServiceUnavailable)
			return
		}
		if err := n.pool.Ping(r.Context()); err != nil {
			http.Error(w, "database unreachable", http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte("ready\n"))
	})
	mux.Handle("GET /metrics", promhttp.HandlerFor(n.reg, promhttp.HandlerOpts{}))
	n.clusterRoutes(mux)
	if n.cfg.Pprof {
		mux.HandleFunc("/debug/pprof/", pprof.Index)
		mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
		mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
		mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	}
	mux.Handle("/media/", n.media.Handler())
	mux.Handle("/", n.api.Handler())
	return mux
}

// WSAddr is where the gateway listens, once the node is ready (useful with port 0).
func (n *Node) WSAddr() net.Addr { return n.gw.Addr() }

// Ready reports whether the node serves traffic.
func (n *Node) Ready() bool { return n.ready.Load() }
