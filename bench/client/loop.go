package client

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// Handler receives a loop's connection events, on the loop goroutine.
type Handler interface {
	// Open: the upgrade succeeded; the connection may Send.
	Open(c *Conn)
	// Message: one complete text or binary message. data is only valid during the call.
	Message(c *Conn, data []byte)
	// Closed: the connection is gone. code is the close code received (or sent, for Close), 1006
	// when TCP ended without one, 0 when the connection never opened.
	Closed(c *Conn, code int, err error)
}

// Config configures a Loop; zero values take the defaults.
type Config struct {
	MaxMessage     int           // largest server message accepted; default 4 MiB
	ConnectTimeout time.Duration // TCP connect plus upgrade; default 10s
	ReadBuffer     int           // bytes read per read(2); default 256 KiB (shared by all sockets)
	// Compress offers permessage-deflate without context takeover (what the gateway accepts);
	// compressed server messages are inflated once per distinct frame (see inflate.go). The
	// client itself sends uncompressed messages, which the extension allows.
	Compress bool
}

// Loop is one epoll instance and the connections it drives.
type Loop struct {
	cfg   Config
	h     Handler
	epfd  int
	evfd  int
	conns map[int]*Conn
	buf   []byte
	mask  uint32 // xorshift state for masking keys
	z     inflateCache

	mu     sync.Mutex
	tasks  []func()
	stop   bool
	closed bool
}

// New creates a loop whose connections report to h.
func New(cfg Config, h Handler) (*Loop, error) {
	if cfg.MaxMessage == 0 {
		cfg.MaxMessage = 4 << 20
	}
	if cfg.ConnectTimeout == 0 {
		cfg.ConnectTimeout = 10 * time.Second
	}
	if cfg.ReadBuffer == 0 {
		cfg.ReadBuffer = 256 << 10
	}
	epfd, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("epoll_create1: %w", err)
	}
	evfd, err := unix.Eventfd(0, unix.EFD_NONBLOCK|unix.EFD_CLOEXEC)
	if err != nil {
		unix.Close(epfd)
		return nil, fmt.Errorf("eventfd: %w", err)
	}
	if err := unix.EpollCtl(epfd, unix.EPOLL_CTL_ADD, evfd, &unix.EpollEvent{Events: unix.EPOLLIN, Fd: int32(evfd)}); err != nil {
		unix.Close(epfd)
		unix.Close(evfd)
		return nil, err
	}
	return &Loop{cfg: cfg, h: h, epfd: epfd, evfd: evfd, conns: map[int]*Conn{}, buf: make([]byte, cfg.ReadBuffer), mask: uint32(time.Now().UnixNano()) | 1}, nil
}

// Post runs f on the loop goroutine soon. Safe from any goroutine.
// After Run has returned, f is dropped.
func (l *Loop) Post(f func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		// The eventfd is closed and its number may already belong to another file: never write it.
		return
	}
	l.tasks = append(l.tasks, f)
	var one = [8]byte{1}
	unix.Write(l.evfd, one[:]) //nolint:errcheck // EAGAIN means a wake-up is already pending
}

// Stop makes Run return; open connections are closed without a close handshake.
func (l *Loop) Stop() {
	l.mu.Lock()
	l.stop = true
	l.mu.Unlock()
	l.Post(func() {})
}

// Len is the number of connections the loop holds (connecting or open). Loop goroutine only.
func (l *Loop) Len() int { return len(l.conns) }

// Run drives the loop until ctx ends or Stop is called.
func (l *Loop) Run(ctx context.Context) error {
	defer l.shutdown()
	stopCtx := context.AfterFunc(ctx, l.Stop)
	defer stopCtx()
	events := make([]unix.EpollEvent, 1024)
	lastSweep := time.Now()
	for {
		n, err := unix.EpollWait(l.epfd, events, 250)
		if err != nil && !errors.Is(err, unix.EINTR) {
			return fmt.Errorf("epoll_wait: %w", err)
		}
		for i := 0; i < n; i++ {
			fd := int(events[i].Fd)
			if fd == l.evfd {
				var b [8]byte
				unix.Read(l.evfd, b[:]) //nolint:errcheck
				continue
			}
			if c := l.conns[fd]; c != nil {
				c.ready(events[i].Events)
			}
		}
		l.mu.Lock()
		tasks, stop := l.tasks, l.stop
		l.tasks = nil
		l.mu.Unlock()
		for _, f := range tasks {
			f()
		}
		if stop {
			return nil
		}
		if now := time.Now(); now.Sub(lastSweep) > time.Second {
			lastSweep = now
			l.sweep(now)
		}
	}
}

// sweep fails connections whose connect or upgrade or closing handshake takes too long.
func (l *Loop) sweep(now time.Time) {
	for _, c := range l.conns {
		if c.state != stateOpen && now.After(c.deadline) {
			if c.state == stateClosing {
				c.finish(c.closeCode, nil)
			} else {
				c.finish(0, fmt.Errorf("client: connect/upgrade to %s timed out", c.dst))
			}
		}
	}
}

func (l *Loop) shutdown() {
	for _, c := range l.conns {
		c.finish(1006, ErrStopped)
	}
	l.mu.Lock()
	l.closed = true
	unix.Close(l.epfd)
	unix.Close(l.evfd) // under mu: a concurrent Post either wrote before this or sees closed
	l.mu.Unlock()
}

// Dial starts a connection from src (a loopback address; invalid = any) to dst and upgrades it with
// GET path (which carries the query). User is kept on the Conn for the caller. Loop goroutine only.
// Errors here are immediate (no descriptor, bind failed); later failures arrive at Handler.Closed.
func (l *Loop) Dial(src netip.Addr, dst netip.AddrPort, host, path string, user any) (*Conn, error) {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_STREAM|unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("socket: %w", err)
	}
	unix.SetsockoptInt(fd, unix.IPPROTO_TCP, unix.TCP_NODELAY, 1) //nolint:errcheck
	if src.IsValid() {
		unix.SetsockoptInt(fd, unix.IPPROTO_IP, unix.IP_BIND_ADDRESS_NO_PORT, 1) //nolint:errcheck
		if err := unix.Bind(fd, &unix.SockaddrInet4{Addr: src.As4()}); err != nil {
			unix.Close(fd)
			return nil, fmt.Errorf("bind %s: %w", src, err)
		}
	}
	err = unix.Connect(fd, &unix.SockaddrInet4{Port: int(dst.Port()), Addr: dst.Addr().As4()})
	if err != nil && !errors.Is(err, unix.EINPROGRESS) {
		unix.Close(fd)
		return nil, fmt.Errorf("connect %s: %w", dst, err)
	}
	c := &Conn{l: l, fd: fd, dst: dst, User: user, state: stateConnecting, deadline: time.Now().Add(l.cfg.ConnectTimeout)}
	c.out = fmt.Appendf(c.out, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n", path, host)
	if l.cfg.Compress {
		c.out = append(c.out, "Sec-WebSocket-Extensions: permessage-deflate; client_no_context_takeover; server_no_context_takeover\r\n"...)
	}
	c.out = append(c.out, "\r\n"...)
	if err := unix.EpollCtl(l.epfd, unix.EPOLL_CTL_ADD, fd, &unix.EpollEvent{Events: unix.EPOLLIN | unix.EPOLLOUT | unix.EPOLLRDHUP, Fd: int32(fd)}); err != nil {
		unix.Close(fd)
		return nil, fmt.Errorf("epoll_ctl: %w", err)
	}
	c.wantOut = true
	l.conns[fd] = c
	return c, nil
}

// maskKey returns a fresh masking key (xorshift32: unpredictable enough for a load generator).
func (l *Loop) maskKey() uint32 {
	x := l.mask
	x ^= x << 13
	x ^= x >> 17
	x ^= x << 5
	l.mask = x
	return x
}
