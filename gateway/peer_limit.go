package gateway

import (
	"net/netip"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"
)

// peerLimiter counts the TCP connections of each client address against
// Config.MaxConnsPerIP. It is shared by every event loop: accepts and closes
// take its mutex once each, never together with another lock.
type peerLimiter struct {
	max int // <= 0: no cap

	mu    sync.Mutex
	count map[netip.Addr]int

	// Refusals are logged at most once a second, with how many were not.
	lastLog atomic.Int64 // unix nanos
	unseen  atomic.Int64
}

func newPeerLimiter(max int) *peerLimiter {
	return &peerLimiter{max: max, count: map[netip.Addr]int{}}
}

// peerKey is the address a connection is counted under: the IPv4 address,
// or the /64 prefix of an IPv6 one (a single host usually holds a whole /64,
// so counting single IPv6 addresses would cap nothing).
func peerKey(a netip.Addr) netip.Addr {
	a = a.Unmap()
	if a.Is6() {
		if p, err := a.Prefix(64); err == nil {
			return p.Addr()
		}
	}
	return a
}

// acquire counts one more connection for key and reports whether it is
// within the cap. A refused connection is not counted.
func (l *peerLimiter) acquire(key netip.Addr) bool {
	if l.max <= 0 || !key.IsValid() {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	n := l.count[key]
	if n >= l.max {
		return false
	}
	l.count[key] = n + 1
	return true
}

// release uncounts a connection that acquire admitted.
func (l *peerLimiter) release(key netip.Addr) {
	if l.max <= 0 || !key.IsValid() {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if n := l.count[key]; n > 1 {
		l.count[key] = n - 1
	} else {
		delete(l.count, key)
	}
}

// open returns how many connections key holds now.
func (l *peerLimiter) open(key netip.Addr) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.count[key]
}

// logRefusal logs a refused connection, at most once a second per server.
func (l *peerLimiter) logRefusal(log *zap.Logger, key netip.Addr) {
	l.unseen.Add(1)
	now := time.Now().UnixNano()
	last := l.lastLog.Load()
	if now-last < int64(time.Second) || !l.lastLog.CompareAndSwap(last, now) {
		return
	}
	log.Warn("connection refused: too many connections from one address",
		zap.Stringer("peer", key), zap.Int("maxConnsPerIP", l.max),
		zap.Int64("refusedSinceLastLog", l.unseen.Swap(0)))
}
