package engine

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
	"sync/atomic"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.uber.org/zap"

	"courtside/actors/session"
	"courtside/gateway"
	"courtside/storage/postgres"
)

// Node is one running Courtside process: what Run serves and what it closes afterwards. New builds
// it (wiring.go); Run serves until its context ends.
type Node struct {
	cfg  Config
	log  *zap.Logger
	reg  *prometheus.Registry
	topo topology
	pool *pgxpool.Pool
	gw   *gateway.Server

	httpLn   net.Listener
	handler  http.Handler
	services []namedService
	closers  []func() // run in reverse order once every service has stopped

	auth  session.Authenticator // WithAuthenticator; nil: the accounts module
	ready atomic.Bool
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
	if err := n.build(ctx); err != nil {
		n.close()
		return nil, err
	}
	return n, nil
}

// onClose registers f to run when the node closes (after Run, or when New fails), in reverse order
// of registration.
func (n *Node) onClose(f func()) { n.closers = append(n.closers, f) }

func (n *Node) close() {
	for i := len(n.closers) - 1; i >= 0; i-- {
		n.closers[i]()
	}
	n.closers = nil
}

// HTTPAddr is where the HTTP server listens (useful with port 0).
func (n *Node) HTTPAddr() net.Addr { return n.httpLn.Addr() }

// WSAddr is where the gateway listens, once the node is ready (useful with port 0).
func (n *Node) WSAddr() net.Addr { return n.gw.Addr() }

// Ready reports whether the node serves traffic.
func (n *Node) Ready() bool { return n.ready.Load() }

// Run serves until ctx is cancelled, then shuts down in order: stop accepting and close sockets
// (1001, clients reconnect elsewhere), stop HTTP, flush chat history, close the database.
func (n *Node) Run(ctx context.Context) error {
	srv := newHTTPServer(n.handler) // http_security.go
	services := append([]namedService{
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
	}, n.services...)
	services = append(services, n.topo.services()...)
	err := runServices(ctx, n.log, services, n.cfg.Shutdown)
	n.close()
	return err
}

// operations serves the operational endpoints, then app (the media paths, the API and the web
// client).
func (n *Node) operations(media http.Handler, app http.Handler) http.Handler {
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
	ops := func(h http.Handler) http.Handler { return operationsGuard(n.cfg.Env, n.cfg.AdminToken, h) }
	mux.Handle("GET /metrics", ops(promhttp.HandlerFor(n.reg, promhttp.HandlerOpts{})))
	mux.Handle("POST /debug/free-memory", ops(http.HandlerFunc(freeMemory)))
	n.topo.routes(mux)
	if n.cfg.Pprof {
		mux.Handle("/debug/pprof/", ops(http.HandlerFunc(pprof.Index)))
		mux.Handle("/debug/pprof/cmdline", ops(http.HandlerFunc(pprof.Cmdline)))
		mux.Handle("/debug/pprof/profile", ops(http.HandlerFunc(pprof.Profile)))
		mux.Handle("/debug/pprof/symbol", ops(http.HandlerFunc(pprof.Symbol)))
		mux.Handle("/debug/pprof/trace", ops(http.HandlerFunc(pprof.Trace)))
	}
	mux.Handle("/media/", media)
	mux.Handle("/", app)
	return withSecurityHeaders(mux)
}

// openDatabase connects to Postgres and applies the migrations.
func (n *Node) openDatabase(ctx context.Context) error {
	var err error
	if n.pool, err = postgres.Open(ctx, postgres.Config{URL: n.cfg.DatabaseURL}); err != nil {
		return err
	}
	n.onClose(n.pool.Close)
	applied, err := postgres.Migrate(ctx, n.pool)
	if err != nil {
		return err
	}
	n.log.Info("database ready", zap.Strings("migrations_applied", applied))
	return nil
}

// listenHTTP opens the HTTP listener early: the node's public URL (port 0 in tests) is known before
// the services are built.
func (n *Node) listenHTTP() error {
	var err error
	if n.httpLn, err = net.Listen("tcp", n.cfg.HTTPAddr); err != nil {
		return fmt.Errorf("http listen %s: %w", n.cfg.HTTPAddr, err)
	}
	n.httpLn = limitPerIP(n.httpLn, n.cfg.HTTPPerIP)
	return nil
}

// nodeURL is this node's public HTTP base URL: COURTSIDE_NODE_URL, else http://localhost with the
// port the HTTP server actually listens on (port 0 in tests), for local runs.
func (n *Node) nodeURL() string {
	if n.cfg.NodeURL != "" {
		return trimSlash(n.cfg.NodeURL)
	}
	port := ""
	if a, ok := n.httpLn.Addr().(*net.TCPAddr); ok {
		port = fmt.Sprint(a.Port)
	}
	return "http://localhost:" + port
}

func trimSlash(s string) string {
	for len(s) > 0 && s[len(s)-1] == '/' {
		s = s[:len(s)-1]
	}
	return s
}
