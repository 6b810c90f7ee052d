package gateway

import (
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/panjf2000/gnet/v2"
	"go.uber.org/zap"

	"courtside/gateway/wsframe"
)

// connState is the protocol phase of a connection; event loop only.
type connState uint8

const (
	stateHandshake connState = iota // reading the HTTP upgrade
	stateOpen                       // upgraded
	stateClosing                    // our close frame is sent; waiting for the peer's
)

// maxIov bounds one writev (Linux IOV_MAX is 1024).
const maxIov = 1024

// Conn is one WebSocket connection. Methods documented "any goroutine" may
// be called from anywhere; the rest of its state belongs to its event loop.
type Conn struct {
	s    *Server
	l    *loop
	gc   gnet.Conn
	id   uint64
	req  atomic.Pointer[Request] // the upgrade, until OnOpen returns
	ctxv atomic.Pointer[any]     // SetContext / Context

	// Event-loop-only state. Small fields are grouped so that they share words, and the counters
	// are as wide as they need to be: a Conn is what every open connection costs, and at 320 bytes
	// it is two size classes below 384 (issue 24: an idle connection's memory).
	state        connState
	closeCode    uint16
	discardInput bool // frame boundaries lost after a protocol error: ignore everything until EOF
	upgraded     bool
	deflate      bool // permessage-deflate negotiated; set before OnOpen, read by Send on any goroutine after it
	overCap      bool // past MaxConnsPerIP at accept: refused with 503, not counted
	dec          wsframe.Decoder
	// deadline (unix nanos) is when the connection is dropped if its phase has not moved on: the
	// upgrade must be read by then (handshake), the peer must have answered our close (closing).
	deadline int64
	lastSeen int64 // unix nanos: last complete frame from the peer
	lastPing int64 // unix nanos: last server ping
	idx      int32 // position in l.conns

	// mu guards the outbound queue and the cross-goroutine fields below. It
	// is never held together with loop.mu, nor while calling gnet or the
	// Handler.
	mu          sync.Mutex
	dropped     uint32 // non-priority frames dropped; a slow consumer is closed long before it wraps
	scheduled   bool   // queued on l.dirty; the loop will call service
	closing     bool   // close started or connection gone: Send refuses
	gone        bool   // TCP connection closed; written only on the loop
	ringUsed    bool   // a frame was queued since the last sweep (sweep lets an unused ring go)
	closeReq    uint16
	head, n     int32    // first queued frame and frames queued in ring
	ringBytes   int32    // bytes of frames in ring (at most OutboundHardCap and one frame)
	outBuffered int32    // gnet's outbound buffer size, as last seen by the loop
	ring        []*Frame // circular queue; len is a power of two
	overSince   int64    // unix nanos when the queue went over the limit; 0 = under
	closeReason string
}

// ID is unique per Server for the life of the process. Any goroutine.
func (c *Conn) ID() uint64 { return c.id }

// Request returns the upgrade request inside Handler.OnOpen, and nil once OnOpen has returned: an
// open connection keeps only what it goes on needing (RemoteIP, Compressed), because an idle
// connection that kept its request, its headers and the strings they point into paid for them all
// its life (issue 24: an idle connection's memory). Read what you need in OnOpen. Any goroutine;
// the value is never modified.
func (c *Conn) Request() *Request { return c.req.Load() }

// RemoteIP is the TCP peer's address. Any goroutine while the connection is open, and in the
// Handler's callbacks. It is read from gnet's connection each time rather than copied into Conn
// (24 bytes of every open connection, issue 24).
func (c *Conn) RemoteIP() netip.Addr { return remoteIP(c.gc) }

// remoteIP is gc's TCP peer; the zero Addr for another kind of connection. gnet keeps the address
// from the accept until it releases the connection, after OnClose.
func remoteIP(gc gnet.Conn) netip.Addr {
	if ta, ok := gc.RemoteAddr().(*net.TCPAddr); ok {
		return ta.AddrPort().Addr().Unmap()
	}
	return netip.Addr{}
}

// Compressed reports that permessage-deflate was negotiated (see Request.Compressed). Any
// goroutine, once the connection is open.
func (c *Conn) Compressed() bool { return c.deflate }

// SetContext attaches a value to the connection (typically the session's
// actor PID). Any goroutine.
func (c *Conn) SetContext(v any) { c.ctxv.Store(&v) }

// Context returns the value set by SetContext, or nil. Any goroutine.
func (c *Conn) Context() any {
	if p := c.ctxv.Load(); p != nil {
		return *p
	}
	return nil
}

// Dropped returns how many non-priority frames were dropped for this
// connection because it was over its outbound limit. Any goroutine.
func (c *Conn) Dropped() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return uint64(c.dropped)
}

// Send queues f for this connection. Any goroutine; it never blocks on the
// network and does not allocate in steady state. It returns false when the
// frame was dropped (connection over OutboundLimit and f not priority) or
// the connection is closing. A priority frame that would take the queue past
// the hard cap closes the connection with 4008.
func (c *Conn) Send(f *Frame) bool {
	ok, wake := c.queue(f)
	if wake {
		c.l.enqueue(c)
	}
	return ok
}

// queue applies the outbound policy to f and queues it. wake reports that c
// was not yet scheduled and must be put on its loop's list by the caller.
func (c *Conn) queue(f *Frame) (ok, wake bool) {
	size := len(f.wire(c.deflate)) // compresses here, outside c.mu, at most once per frame
	cfg := &c.s.cfg
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closing || c.closeReq != 0 {
		return false, false
	}
	queued := int(c.ringBytes) + int(c.outBuffered)
	if queued > 0 && queued+size > cfg.OutboundLimit {
		if !f.priority {
			c.dropped++
			if c.overSince == 0 {
				c.overSince = time.Now().UnixNano()
			}
			c.s.m.dropped.Inc()
			// Schedule anyway: the loop refreshes its view of the socket
			// buffer, which may have drained since.
			return false, c.schedule()
		}
		if queued+size > cfg.OutboundHardCap {
			c.closeReq, c.closeReason = CloseSlowConsumer, "outbound hard cap"
			c.s.m.slowCloses.Inc()
			return false, c.schedule()
		}
		if c.overSince == 0 {
			c.overSince = time.Now().UnixNano()
		}
	}
	c.push(f)
	return true, c.schedule()
}

// schedule marks c scheduled and reports whether it was not already. c.mu held.
func (c *Conn) schedule() bool {
	if c.scheduled {
		return false
	}
	c.scheduled = true
	return true
}

// SendText copies payload into a new priority frame and sends it: for
// one-off replies (acks, errors). Any goroutine.
func (c *Conn) SendText(payload []byte) bool {
	return c.Send(NewFrame(payload, true))
}

// Close starts the closing handshake with code and reason: queued frames
// are written first, then the close frame; the TCP connection is dropped
// when the peer answers or after CloseTimeout. Any goroutine; later calls
// are ignored. A code that may not be sent on the wire (0, 1005, 1006,
// 1015, outside 1000-4999) becomes 1000; reason is cut to 123 bytes.
func (c *Conn) Close(code uint16, reason string) {
	if !wsframe.ValidCloseCode(code) {
		code = CloseNormal
	}
	c.mu.Lock()
	if c.closing || c.closeReq != 0 {
		c.mu.Unlock()
		return
	}
	c.closeReq, c.closeReason = code, reason
	wake := c.schedule()
	c.mu.Unlock()
	if wake {
		c.l.enqueue(c)
	}
}

// push appends f to the ring, growing it when full. c.mu held.
//
// The ring is made by the first frame and starts at two slots: most connections seldom have more
// than one frame waiting; a busy one grows it once to what it needs. A connection that queued
// nothing for a whole sweep lets its ring go (sweep), so an idle one keeps none (issue 24: an
// idle connection's memory).
func (c *Conn) push(f *Frame) {
	mask := int32(len(c.ring) - 1)
	if int(c.n) == len(c.ring) {
		size := max(2, 2*len(c.ring))
		grown := make([]*Frame, size)
		for i := range c.n {
			grown[i] = c.ring[(c.head+i)&mask]
		}
		c.ring, c.head, mask = grown, 0, int32(size-1)
	}
	c.ring[(c.head+c.n)&mask] = f
	c.n++
	c.ringUsed = true
	c.ringBytes += int32(len(f.wire(c.deflate)))
}

// service runs on the event loop when the connection was scheduled: it
// writes queued frames, refreshes the queue accounting and carries out a
// requested close.
func (c *Conn) service() {
	if !c.flush() || !c.refreshQueued() {
		return
	}
	c.mu.Lock()
	req, reason := c.closeReq, c.closeReason
	c.mu.Unlock()
	if req != 0 && c.state == stateOpen {
		c.startClose(req, reason)
	}
}

// flush writes every queued frame, at most maxIov per writev. It returns
// false when the connection is gone. Event loop only.
func (c *Conn) flush() bool {
	for {
		c.mu.Lock()
		c.scheduled = false
		if c.gone {
			c.mu.Unlock()
			return false
		}
		iov := c.l.iov[:0]
		taken := 0
		for c.n > 0 && len(iov) < maxIov {
			f := c.ring[c.head]
			c.ring[c.head] = nil
			c.head = (c.head + 1) & int32(len(c.ring)-1)
			c.n--
			b := f.wire(c.deflate)
			iov = append(iov, b)
			taken += len(b)
		}
		c.ringBytes -= int32(taken)
		more := c.n > 0
		c.mu.Unlock()
		if len(iov) == 0 {
			return true
		}
		c.write(iov, taken)
		clear(iov)
		c.l.iov = iov[:0]
		if !more {
			return true
		}
	}
}

// write hands frames to gnet: the socket takes what it can at once, gnet
// buffers the rest and flushes it when the socket is writable.
func (c *Conn) write(iov [][]byte, n int) {
	if len(iov) == 1 {
		_, _ = c.gc.Write(iov[0]) // no iovec array: no allocation
	} else {
		_, _ = c.gc.Writev(iov)
	}
	c.s.m.bytesOut.Add(float64(n))
	c.s.written.Add(int64(n))
}

// refreshQueued publishes gnet's outbound buffer size to Send and leaves
// the "over the limit" state once the queue has drained to half the limit.
// It returns false when the connection is gone. Event loop only.
func (c *Conn) refreshQueued() bool {
	if c.gone { // written only on this loop, so readable here without mu
		return false
	}
	ob := c.gc.OutboundBuffered()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.outBuffered = int32(ob)
	if c.overSince != 0 && int(c.ringBytes)+ob <= c.s.cfg.OutboundLimit/2 {
		c.overSince = 0
	}
	return true
}

// writeControl writes a control frame directly (event loop only). Control
// frames may be interleaved between messages, and the server never
// fragments, so they need not wait behind the queue.
func (c *Conn) writeControl(op wsframe.Opcode, payload []byte) {
	b := wsframe.AppendFrame(c.l.scratch[:0], op, payload)
	c.l.scratch = b[:0]
	_, _ = c.gc.Write(b)
	c.s.m.bytesOut.Add(float64(len(b)))
}

// startClose sends our close frame after everything already queued and
// waits for the peer's answer until CloseTimeout. Event loop only.
func (c *Conn) startClose(code uint16, reason string) {
	if c.state != stateOpen {
		return
	}
	c.mu.Lock()
	c.closing = true // from here Send refuses, so nothing lands after the close frame
	c.mu.Unlock()
	if !c.flush() { // queued frames go ahead of the close frame
		return
	}
	b := wsframe.AppendClose(c.l.scratch[:0], code, reason)
	c.l.scratch = b[:0]
	_, _ = c.gc.Write(b)
	c.s.m.bytesOut.Add(float64(len(b)))
	c.s.m.closeSent(code)
	c.state = stateClosing
	c.closeCode = code
	c.deadline = time.Now().Add(c.s.cfg.CloseTimeout).UnixNano()
	// From now on only the peer's close frame matters (RFC 6455 §7.1.1):
	// data frames are read past unbuffered, and the close drops TCP at once.
	if !c.dec.Discard() {
		c.discardInput = true
	}
	c.s.log.Debug("closing connection", zap.Uint64("conn", c.id), zap.Uint16("code", code), zap.String("reason", reason))
}

// onTraffic reads what arrived. Event loop only.
func (c *Conn) onTraffic() gnet.Action {
	if c.state == stateHandshake {
		if act := c.readHandshake(); act != gnet.None || c.state != stateOpen {
			return act
		}
	}
	buf, _ := c.gc.Next(-1)
	if c.discardInput {
		return gnet.None
	}
	frames := c.dec.Frames()
	defer func() {
		if c.dec.Frames() != frames {
			c.lastSeen = time.Now().UnixNano()
		}
	}()
	for len(buf) > 0 {
		if c.gone {
			return gnet.None // a write failed and gnet closed the connection under us
		}
		ev, n, err := c.dec.Next(buf)
		buf = buf[n:]
		if err != nil {
			c.fail(wsframe.CodeOf(err), err.Error())
			switch {
			case c.gone:
				return gnet.None
			case c.dec.PeerClosed():
				// The offending frame was the peer's (invalid) close: both
				// sides have closed, nothing more will come.
				return gnet.Close
			case c.discardInput:
				return gnet.None
			}
			continue // the peer's close may already be in buf
		}
		switch ev.Kind {
		case wsframe.EventNone:
		case wsframe.EventMessage:
			if c.state != stateOpen {
				continue // closing: the handler has been told nothing more comes
			}
			if ev.Op != wsframe.OpText {
				c.fail(wsframe.CloseUnsupportedData, "binary messages are not accepted")
				return gnet.None
			}
			c.s.h.OnMessage(c, ev.Payload)
		case wsframe.EventPing:
			if c.state == stateOpen {
				c.writeControl(wsframe.OpPong, ev.Payload)
			}
		case wsframe.EventPong:
		case wsframe.EventClose:
			if c.state == stateOpen {
				// Echo the peer's code (RFC 6455 §5.5.1), then drop TCP.
				c.closeCode = ev.Code
				c.mu.Lock()
				c.closing = true
				c.mu.Unlock()
				if !c.flush() {
					return gnet.None
				}
				echo := ev.Code
				if echo == wsframe.CloseNoStatus {
					echo = 0 // empty close payload
				} else {
					c.s.m.closeSent(echo)
				}
				b := wsframe.AppendClose(c.l.scratch[:0], echo, "")
				c.l.scratch = b[:0]
				_, _ = c.gc.Write(b)
				c.s.m.bytesOut.Add(float64(len(b)))
			}
			return gnet.Close
		}
	}
	c.dec.Idle() // the handler has had every message of this read
	return gnet.None
}

// fail sends close code for a protocol violation. The decoder then skips
// the rest of the offending frame and every data frame after it, and the TCP
// connection is dropped as soon as the peer's close frame arrives, or after
// CloseTimeout. Waiting for the peer's close instead of dropping TCP at once
// avoids a TCP reset destroying our close frame while the peer still has
// data in flight. When the frame boundaries are lost (a header that cannot
// be parsed) the peer's input is ignored until then.
func (c *Conn) fail(code uint16, reason string) {
	c.startClose(code, reason) // no-op when a close was already sent
	if !c.dec.Discard() {
		c.discardInput = true
	}
}

// readHandshake accumulates the upgrade request in gnet's inbound buffer
// until the head is complete, then answers it. Event loop only.
func (c *Conn) readHandshake() gnet.Action {
	buf, _ := c.gc.Peek(-1)
	end := headerEnd(buf)
	if c.overCap && (end >= 0 || len(buf) >= maxHandshakeSize) {
		// Answered once the head is read, so that closing does not reset
		// the connection under unread request bytes and lose the answer.
		c.s.peers.logRefusal(c.s.log, peerKey(c.RemoteIP()))
		c.s.m.ipCapRefusals.Inc()
		return c.refuse(&handshakeError{http.StatusServiceUnavailable, "too many connections from this address"})
	}
	if end < 0 {
		if len(buf) >= maxHandshakeSize {
			return c.refuse(&handshakeError{431, "request header too large"})
		}
		return gnet.None // keep the partial request in gnet's buffer
	}
	if end > maxHandshakeSize {
		return c.refuse(&handshakeError{431, "request header too large"})
	}
	req, key, herr := c.s.upgrade.parse(buf[:end])
	if herr != nil {
		return c.refuse(herr)
	}
	_, _ = c.gc.Discard(end)
	if shuttingDown := c.s.shutting.Load(); shuttingDown {
		return c.refuse(&handshakeError{http.StatusServiceUnavailable, "server shutting down"})
	}
	req.RemoteIP = c.RemoteIP()
	b := appendSwitchingProtocols(c.l.scratch[:0], key, req.extensions)
	c.l.scratch = b[:0]
	_, _ = c.gc.Write(b)
	c.s.m.handshakes.WithLabelValues("101").Inc()

	c.req.Store(req)
	c.state = stateOpen
	c.upgraded = true
	now := time.Now().UnixNano()
	c.lastSeen, c.lastPing = now, now
	c.dec.MaxMessageSize = int32(min(c.s.cfg.MaxMessageSize, math.MaxInt32)) // a client message over 2 GiB is refused anyway
	c.dec.Deflate = req.Compressed
	c.deflate = req.Compressed
	if req.Compressed {
		c.s.m.deflateHandshakes.Inc()
	}
	c.s.m.open.Inc()
	c.s.h.OnOpen(c)
	c.req.Store(nil)
	return gnet.None
}

// refuse answers a bad upgrade with a plain HTTP error and closes.
func (c *Conn) refuse(e *handshakeError) gnet.Action {
	_, _ = c.gc.Discard(-1)
	b := appendHTTPError(c.l.scratch[:0], e)
	c.l.scratch = b[:0]
	_, _ = c.gc.Write(b)
	c.s.m.handshakes.WithLabelValues(strconv.Itoa(e.status)).Inc()
	return gnet.Close
}

// sweep enforces the connection's timers. Event loop only; now is unix nanos.
func (c *Conn) sweep(now int64) {
	cfg := &c.s.cfg
	switch c.state {
	case stateHandshake:
		if now > c.deadline {
			_ = c.l.el.Close(c.gc)
		}
	case stateClosing:
		if now > c.deadline {
			_ = c.l.el.Close(c.gc)
		}
	case stateOpen:
		if !c.refreshQueued() {
			return
		}
		c.mu.Lock()
		over := c.overSince
		if c.n == 0 && !c.ringUsed {
			// Nothing queued for a whole sweep: an idle connection does not keep its ring (issue 24);
			// the next frame makes one again.
			c.ring, c.head = nil, 0
		}
		c.ringUsed = false
		c.mu.Unlock()
		switch {
		case over != 0 && now-over > int64(cfg.SlowConsumerGrace):
			c.s.m.slowCloses.Inc()
			c.startClose(CloseSlowConsumer, "slow consumer")
		case now-c.lastSeen > int64(cfg.IdleTimeout):
			c.startClose(CloseIdleTimeout, "idle timeout")
		case now-c.lastPing >= int64(cfg.PingInterval):
			c.lastPing = now
			_, _ = c.gc.Write(pingFrame)
			c.s.m.bytesOut.Add(float64(len(pingFrame)))
		}
	}
}

// onClosed runs when gnet has closed the TCP connection. Event loop only.
func (c *Conn) onClosed() {
	c.mu.Lock()
	c.gone, c.closing = true, true
	clear(c.ring)
	c.n, c.ringBytes, c.outBuffered = 0, 0, 0
	c.mu.Unlock()
	c.l.remove(c)
	if c.upgraded {
		code := c.closeCode
		if code == 0 {
			code = wsframe.CloseAbnormal
		}
		c.s.m.open.Dec()
		c.s.h.OnClose(c, code)
	}
}
