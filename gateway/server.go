package gateway

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/panjf2000/gnet/v2"
	errorx "github.com/panjf2000/gnet/v2/pkg/errors"
	"go.uber.org/zap"
)

// Handler receives connection events. All three methods run on the
// connection's event loop and must not block: hand work to an actor or a
// goroutine and answer later with Conn.Send.
type Handler interface {
	// OnOpen runs after a successful upgrade.
	OnOpen(c *Conn)
	// OnMessage receives one complete text message; msg is valid only
	// during the call (copy it to keep it).
	OnMessage(c *Conn, msg []byte)
	// OnClose runs once per opened connection, with the close code sent or
	// received (1006 when the TCP connection ended without a close frame).
	OnClose(c *Conn, code uint16)
}

// Server is the WebSocket gateway: its own TCP acceptor feeding gnet event loops, serving Config.Path.
type Server struct {
	cfg     Config
	h       Handler
	log     *zap.Logger
	m       *metrics
	upgrade *upgradeChecker
	peers   *peerLimiter

	ready     chan struct{}
	readyOnce sync.Once
	running   atomic.Bool
	shutting  atomic.Bool
	addr      atomic.Pointer[net.TCPAddr]
	nextID    atomic.Uint64
	tcpOpen   atomic.Int64 // TCP connections, upgraded or not
	// admitting counts sockets accepted but not yet opened by their event loop (accept.go), so a
	// burst cannot overshoot MaxConns; OnOpen moves one from here to tcpOpen.
	admitting atomic.Int64
	written   atomic.Int64 // frame bytes handed to sockets (bytes_out without the float)

	eng gnet.Engine // the event loops' engine, set in OnBoot

	loopsMu sync.Mutex
	loops   map[gnet.EventLoop]*loop
	loopL   []*loop
}

// New builds a Server; zero Config fields take their defaults.
func New(cfg Config, h Handler) *Server {
	cfg = cfg.withDefaults()
	return &Server{
		cfg:     cfg,
		h:       h,
		log:     cfg.Logger.Named("gateway"),
		m:       newMetrics(cfg.Registerer),
		upgrade: newUpgradeChecker(&cfg),
		peers:   newPeerLimiter(cfg.MaxConnsPerIP),
		ready:   make(chan struct{}),
		loops:   map[gnet.EventLoop]*loop{},
	}
}

// Config returns the effective configuration (defaults filled in).
func (s *Server) Config() Config { return s.cfg }

// Ready is closed once the server accepts connections.
func (s *Server) Ready() <-chan struct{} { return s.ready }

// Addr is the actual listen address once Ready is closed (nil before).
func (s *Server) Addr() net.Addr {
	if a := s.addr.Load(); a != nil {
		return a
	}
	return nil
}

// Run serves until ctx is cancelled, then closes every connection with 1001,
// waits up to CloseTimeout for the closing handshakes, and stops gnet. It
// returns nil after a clean shutdown and an error when gnet fails to start
// or stops on its own.
func (s *Server) Run(ctx context.Context) error {
	if !s.running.CompareAndSwap(false, true) {
		return ErrAlreadyRunning
	}
	opts := []gnet.Option{
		gnet.WithMulticore(s.cfg.Multicore),
		gnet.WithTicker(true),
		gnet.WithTCPNoDelay(gnet.TCPNoDelay),
		gnet.WithLogger(s.log.Named("gnet").Sugar()),
	}
	if s.cfg.SocketSendBuffer > 0 {
		opts = append(opts, gnet.WithSocketSendBuffer(s.cfg.SocketSendBuffer))
	}
	// The gateway listens and accepts itself and hands each socket to gnet's event loops
	// (accept.go says why).
	ln, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrStartFailed, err)
	}
	s.addr.Store(ln.Addr().(*net.TCPAddr))
	cli, err := gnet.NewClient(&engineHandler{s: s}, opts...)
	if err == nil {
		err = cli.Start()
	}
	if err != nil {
		_ = ln.Close()
		return fmt.Errorf("%w: %w", ErrStartFailed, err)
	}
	acc := &acceptor{s: s, ln: ln.(*net.TCPListener), cli: cli}
	errc := make(chan error, 1)
	go func() { errc <- acc.run() }()

	select {
	case <-s.ready: // the first tick: the event loops run
	case err := <-errc:
		_ = cli.Stop()
		return fmt.Errorf("%w: accept: %w", ErrStartFailed, err)
	}
	s.log.Info("gateway listening", zap.Stringer("addr", s.Addr()), zap.String("path", s.cfg.Path), zap.Int("maxConns", s.cfg.MaxConns))

	var stopErr error
	select {
	case <-ctx.Done():
	case err := <-errc:
		stopErr = fmt.Errorf("gateway: accept stopped: %w", err)
	}
	_ = ln.Close() // no new connections; a running accept returns
	s.shutdown()
	if err := cli.Stop(); err != nil && !errors.Is(err, errorx.ErrEngineShutdown) {
		s.log.Warn("gnet stop", zap.Error(err))
	}
	s.log.Info("gateway stopped")
	return stopErr
}

// shutdown sends 1001 everywhere and waits for the connections to finish
// their closing handshakes (each loop drops stragglers after CloseTimeout).
func (s *Server) shutdown() {
	s.shutting.Store(true)
	s.loopsMu.Lock()
	loops := append([]*loop(nil), s.loopL...)
	s.loopsMu.Unlock()
	for _, l := range loops {
		if err := l.el.Execute(context.Background(), l.closeR); err != nil {
			s.log.Warn("shutdown: loop unavailable", zap.Error(err))
		}
	}
	deadline := time.Now().Add(s.cfg.CloseTimeout + s.cfg.tickInterval())
	poll := time.NewTicker(5 * time.Millisecond)
	defer poll.Stop()
	for s.tcpOpen.Load() > 0 && time.Now().Before(deadline) {
		<-poll.C
	}
	if n := s.tcpOpen.Load(); n > 0 {
		s.log.Warn("shutdown: dropping connections that did not close in time", zap.Int64("count", n))
	}
}

// loopFor returns the gateway state of an event loop, creating it on the
// loop's first connection.
func (s *Server) loopFor(el gnet.EventLoop) *loop {
	s.loopsMu.Lock()
	defer s.loopsMu.Unlock()
	l, ok := s.loops[el]
	if !ok {
		l = newLoop(s, el)
		s.loops[el] = l
		s.loopL = append(s.loopL, l)
	}
	return l
}

var _ gnet.EventHandler = (*engineHandler)(nil)

// engineHandler adapts gnet's callbacks; kept off Server so Server's method
// set is only the public API.
type engineHandler struct {
	gnet.BuiltinEventEngine
	s *Server
}

func (e *engineHandler) OnBoot(eng gnet.Engine) gnet.Action {
	e.s.eng = eng
	return gnet.None
}

// OnTick runs on gnet's ticker goroutine (not an event loop): it only asks
// each loop to sweep its own connections.
func (e *engineHandler) OnTick() (time.Duration, gnet.Action) {
	s := e.s
	s.readyOnce.Do(func() { close(s.ready) }) // the first tick fires once the loops run
	s.loopsMu.Lock()
	for _, l := range s.loopL {
		l.requestSweep()
	}
	s.loopsMu.Unlock()
	return s.cfg.tickInterval(), gnet.None
}

func (e *engineHandler) OnOpen(gc gnet.Conn) ([]byte, gnet.Action) {
	s := e.s
	if s.shutting.Load() {
		return nil, gnet.Close
	}
	l := s.loopFor(gc.EventLoop())
	c := &Conn{s: s, l: l, gc: gc, id: s.nextID.Add(1), deadline: time.Now().Add(s.cfg.HandshakeTimeout).UnixNano()}
	// Counted from the TCP accept, so that connections held in the
	// handshake (slowloris) count too. One past the cap is answered 503 once
	// its request head has arrived (see readHandshake).
	c.overCap = !s.peers.acquire(peerKey(remoteIP(gc)))
	gc.SetContext(c)
	l.add(c)
	s.tcpOpen.Add(1)
	s.admitted()
	return nil, gnet.None
}

// admitted takes one socket off the admitting count (never below zero: a connection that did not
// come through the acceptor has no place there).
func (s *Server) admitted() {
	for {
		n := s.admitting.Load()
		if n <= 0 || s.admitting.CompareAndSwap(n, n-1) {
			return
		}
	}
}

func (e *engineHandler) OnTraffic(gc gnet.Conn) gnet.Action {
	c, ok := gc.Context().(*Conn)
	if !ok {
		return gnet.Close
	}
	return c.onTraffic()
}

func (e *engineHandler) OnClose(gc gnet.Conn, _ error) gnet.Action {
	if c, ok := gc.Context().(*Conn); ok {
		c.onClosed()
		if !c.overCap {
			e.s.peers.release(peerKey(remoteIP(gc)))
		}
		e.s.tcpOpen.Add(-1)
	}
	return gnet.None
}
