package gateway

import (
	"errors"
	"net"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/panjf2000/gnet/v2"
	"go.uber.org/zap"
	"golang.org/x/sys/unix"
)

// The gateway accepts TCP connections itself and enrolls each one into gnet's event loops (a
// gnet.Client), instead of letting gnet listen. gnet's own acceptor treats every accept error
// other than EAGAIN, EINTR and a reset as fatal: when the process runs out of file descriptors
// (EMFILE), the engine shuts down and closes every open connection, and the node stopped with it.
// That happened under the load harness when one scenario's 18,000 sockets were still closing
// while the next scenario's were opening. Here:
//
//   - past MaxConns (counted from accept), a new connection is closed at once, so descriptors stay
//     free for the database pools, the chat history and the logs;
//   - EMFILE, ENFILE and other resource errors of accept are waited out (5 ms, doubling to 1 s)
//     and counted, never fatal;
//   - a failure to hand one socket to gnet (its dup can hit the limit too) closes that socket only.

// descriptorReserve is what MaxConns leaves of the process's descriptor limit for everything that
// is not a WebSocket: Postgres and Redis pools, etcd, the chat history's files, the HTTP server's
// own connections, the media store, logs.
const descriptorReserve = 1024

// defaultMaxConns is the descriptor limit less descriptorReserve (at least 64).
func defaultMaxConns() int {
	var lim unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_NOFILE, &lim); err != nil || lim.Cur == unix.RLIM_INFINITY {
		return 1 << 20
	}
	return max(int(lim.Cur)-descriptorReserve, 64)
}

type acceptor struct {
	s   *Server
	ln  *net.TCPListener
	cli *gnet.Client

	lastLog atomic.Int64 // unix nanos of the last accept-error log line (at most one a second)
}

// transientAcceptError reports errors of accept that pass: out of descriptors or memory, or a
// connection that went away in the queue. Go's poller already retries EAGAIN and EINTR.
func transientAcceptError(err error) bool {
	for _, e := range []error{syscall.EMFILE, syscall.ENFILE, syscall.ENOBUFS, syscall.ENOMEM, syscall.ECONNABORTED, syscall.ECONNRESET, syscall.EPERM} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// run accepts until the listener is closed (nil) or fails for good (the error).
func (a *acceptor) run() error {
	var delay time.Duration
	for {
		c, err := a.ln.AcceptTCP()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return nil
			}
			if !transientAcceptError(err) {
				return err
			}
			delay = min(max(2*delay, 5*time.Millisecond), time.Second)
			a.s.m.acceptErrors.Inc()
			a.logThrottled("accept failed; retrying", zap.Error(err), zap.Duration("wait", delay))
			time.Sleep(delay)
			continue
		}
		delay = 0
		if a.s.tcpOpen.Load()+a.s.admitting.Load() >= int64(a.s.cfg.MaxConns) {
			a.s.m.capacityRefusals.Inc()
			a.logThrottled("connection refused: MaxConns reached", zap.Int("maxConns", a.s.cfg.MaxConns))
			_ = c.SetLinger(0) // a reset, not a FIN: the client learns at once and the port is free
			_ = c.Close()
			continue
		}
		a.s.admitting.Add(1)
		// Enroll waits for the event loop to open the connection; the next accept need not.
		go a.enroll(c)
	}
}

// enroll hands c to an event loop. Its place among the admitting is given back when the loop opens
// it (OnOpen, in the same step as it joins tcpOpen: counting it in both, between the open and
// Enroll's return, refused a connection under MaxConns) or here when it never opens.
func (a *acceptor) enroll(c *net.TCPConn) {
	if a.s.shutting.Load() {
		a.s.admitted()
		_ = c.Close()
		return
	}
	// Enroll duplicates the descriptor for gnet and closes c either way.
	if _, err := a.cli.Enroll(c); err != nil {
		a.s.admitted()
		a.s.m.acceptErrors.Inc()
		a.logThrottled("cannot hand a connection to the event loops; closed", zap.Error(err))
	}
}

func (a *acceptor) logThrottled(msg string, fields ...zap.Field) {
	now := time.Now().UnixNano()
	last := a.lastLog.Load()
	if now-last < int64(time.Second) || !a.lastLog.CompareAndSwap(last, now) {
		return
	}
	a.s.log.Warn(msg, fields...)
}
