package client

import (
	"bytes"
	"encoding/binary"
	"errors"
	"net/netip"
	"time"

	"golang.org/x/sys/unix"
)

type state uint8

const (
	stateConnecting state = iota
	stateUpgrading
	stateOpen
	stateClosing // close frame sent, waiting for the server's
	stateDone
)

// Conn is one client WebSocket. Loop goroutine only.
type Conn struct {
	User any // the caller's data

	l         *Loop
	fd        int
	dst       netip.AddrPort
	state     state
	deadline  time.Time
	out       []byte // bytes not yet accepted by the socket
	wantOut   bool   // EPOLLOUT registered
	in        []byte // a partial frame (or upgrade answer) kept between reads
	msg       []byte // fragments of a message being reassembled
	msgOp     byte
	msgZ      bool // the message being reassembled is compressed
	deflate   bool // the server accepted permessage-deflate
	closeCode int
}

// Compressed reports whether the server accepted permessage-deflate.
func (c *Conn) Compressed() bool { return c.deflate }

// Open reports whether the upgrade is done and the connection not closing.
func (c *Conn) Open() bool { return c.state == stateOpen }

// Send writes one text message (masked). It returns false when the connection is not open.
func (c *Conn) Send(text []byte) bool {
	if c.state != stateOpen {
		return false
	}
	c.appendFrame(0x1, text)
	c.flush()
	return true
}

// Close starts the closing handshake with code; Handler.Closed follows when the server answers.
func (c *Conn) Close(code int) {
	if c.state != stateOpen {
		if c.state < stateOpen {
			c.finish(0, ErrAborted)
		}
		return
	}
	var p [2]byte
	binary.BigEndian.PutUint16(p[:], uint16(code))
	c.appendFrame(0x8, p[:])
	c.state, c.closeCode, c.deadline = stateClosing, code, time.Now().Add(3*time.Second)
	c.flush()
}

// Abort drops the TCP connection at once with a reset, as a dying network would: no close frame.
func (c *Conn) Abort() {
	if c.state == stateDone {
		return
	}
	unix.SetsockoptLinger(c.fd, unix.SOL_SOCKET, unix.SO_LINGER, &unix.Linger{Onoff: 1, Linger: 0}) //nolint:errcheck
	c.finish(1006, ErrAborted)
}

func (c *Conn) appendFrame(op byte, payload []byte) {
	n := len(payload)
	c.out = append(c.out, 0x80|op)
	switch {
	case n < 126:
		c.out = append(c.out, 0x80|byte(n))
	case n <= 0xffff:
		c.out = append(c.out, 0x80|126, byte(n>>8), byte(n))
	default:
		c.out = append(c.out, 0x80|127)
		c.out = binary.BigEndian.AppendUint64(c.out, uint64(n))
	}
	key := c.l.maskKey()
	var k [4]byte
	binary.BigEndian.PutUint32(k[:], key)
	c.out = append(c.out, k[:]...)
	start := len(c.out)
	c.out = append(c.out, payload...)
	for i, b := range c.out[start:] {
		c.out[start+i] = b ^ k[i&3]
	}
}

// flush writes what the socket takes and watches for writability when something is left.
func (c *Conn) flush() {
	for len(c.out) > 0 {
		n, err := unix.Write(c.fd, c.out)
		if n > 0 {
			c.out = c.out[n:]
		}
		if err != nil {
			if errors.Is(err, unix.EAGAIN) {
				break
			}
			if errors.Is(err, unix.EINTR) {
				continue
			}
			c.finish(1006, err)
			return
		}
	}
	if len(c.out) == 0 {
		c.out = c.out[:0:0] // do not keep a large buffer for an idle socket
	}
	c.watchOut(len(c.out) > 0)
}

func (c *Conn) watchOut(on bool) {
	if on == c.wantOut || c.state == stateDone {
		return
	}
	ev := uint32(unix.EPOLLIN | unix.EPOLLRDHUP)
	if on {
		ev |= unix.EPOLLOUT
	}
	unix.EpollCtl(c.l.epfd, unix.EPOLL_CTL_MOD, c.fd, &unix.EpollEvent{Events: ev, Fd: int32(c.fd)}) //nolint:errcheck
	c.wantOut = on
}

func (c *Conn) ready(ev uint32) {
	if c.state == stateConnecting {
		if ev&(unix.EPOLLOUT|unix.EPOLLERR|unix.EPOLLHUP) == 0 {
			return
		}
		if soerr, err := unix.GetsockoptInt(c.fd, unix.SOL_SOCKET, unix.SO_ERROR); err != nil || soerr != 0 {
			if err == nil {
				err = unix.Errno(soerr)
			}
			c.finish(0, err)
			return
		}
		c.state = stateUpgrading
	}
	if ev&unix.EPOLLOUT != 0 {
		c.flush()
		if c.state == stateDone {
			return
		}
	}
	if ev&(unix.EPOLLIN|unix.EPOLLRDHUP|unix.EPOLLHUP|unix.EPOLLERR) != 0 {
		c.read()
	}
}

func (c *Conn) read() {
	n, err := unix.Read(c.fd, c.l.buf)
	if err != nil {
		if errors.Is(err, unix.EAGAIN) || errors.Is(err, unix.EINTR) {
			return
		}
		c.finish(1006, err)
		return
	}
	if n == 0 {
		if c.state == stateClosing {
			c.finish(c.closeCode, nil)
		} else {
			c.finish(1006, ErrEOF)
		}
		return
	}
	data := c.l.buf[:n]
	if len(c.in) > 0 {
		c.in = append(c.in, data...)
		data = c.in
	}
	rest := c.consume(data)
	if c.state == stateDone {
		return
	}
	if len(rest) == 0 {
		c.in = nil
	} else {
		c.in = append(make([]byte, 0, len(rest)+512), rest...) // rest may alias the shared buffer or c.in
	}
}

var headEnd = []byte("\r\n\r\n")

// consume handles every complete unit in data and returns the incomplete tail.
func (c *Conn) consume(data []byte) []byte {
	if c.state == stateUpgrading {
		i := bytes.Index(data, headEnd)
		if i < 0 {
			if len(data) > 8192 {
				c.finish(0, ErrHandshake)
			}
			return data
		}
		if !bytes.HasPrefix(data, []byte("HTTP/1.1 101")) {
			c.finish(0, ErrHandshake)
			return nil
		}
		if c.l.cfg.Compress {
			c.deflate = acceptsDeflate(data[:i])
		}
		data = data[i+4:]
		c.state = stateOpen
		c.l.h.Open(c)
		if c.state == stateDone {
			return nil
		}
	}
	for c.state != stateDone {
		fin, op, z, payload, n, err := parseFrame(data, c.l.cfg.MaxMessage, c.deflate)
		switch {
		case errors.Is(err, ErrTooLarge):
			c.finish(1009, err)
			return nil
		case err != nil:
			c.finish(1002, err)
			return nil
		case n == 0:
			return data
		}
		data = data[n:]
		c.frame(fin, op, z, payload)
	}
	return data
}

// parseFrame reads one server frame from the start of data. n == 0 with a nil error means the frame
// is not complete yet. Server frames must not be masked and must not use reserved bits, except RSV1
// (z: compressed) on the first frame of a data message when deflate was negotiated.
func parseFrame(data []byte, maxLen int, deflate bool) (fin bool, op byte, z bool, payload []byte, n int, err error) {
	if len(data) < 2 {
		return false, 0, false, nil, 0, nil
	}
	b0, b1 := data[0], data[1]
	z = b0&0x40 != 0
	if b1&0x80 != 0 || b0&0x30 != 0 || (z && (!deflate || b0&0x0f == 0 || b0&0x08 != 0)) {
		return false, 0, false, nil, 0, ErrProtocol
	}
	hdr, ln := 2, uint64(b1&0x7f)
	switch ln {
	case 126:
		if len(data) < 4 {
			return false, 0, false, nil, 0, nil
		}
		hdr, ln = 4, uint64(binary.BigEndian.Uint16(data[2:]))
	case 127:
		if len(data) < 10 {
			return false, 0, false, nil, 0, nil
		}
		hdr, ln = 10, binary.BigEndian.Uint64(data[2:])
	}
	op = b0 & 0x0f
	if op >= 0x8 && (ln > 125 || b0&0x80 == 0) {
		return false, 0, false, nil, 0, ErrProtocol // control frames are short and never fragmented
	}
	if ln > uint64(maxLen) {
		return false, 0, false, nil, 0, ErrTooLarge
	}
	if uint64(len(data)-hdr) < ln {
		return false, 0, false, nil, 0, nil
	}
	return b0&0x80 != 0, op, z, data[hdr : hdr+int(ln)], hdr + int(ln), nil
}

// message hands a complete message to the handler, inflated when compressed.
func (c *Conn) message(z bool, payload []byte) {
	if c.state != stateOpen {
		return
	}
	if z {
		var err error
		if payload, err = c.l.inflate(payload); err != nil {
			code := 1007
			if errors.Is(err, ErrTooLarge) {
				code = 1009
			}
			c.finish(code, err)
			return
		}
	}
	c.l.h.Message(c, payload)
}

func (c *Conn) frame(fin bool, op byte, z bool, payload []byte) {
	switch op {
	case 0x1, 0x2:
		if fin {
			c.message(z, payload)
			return
		}
		c.msgOp, c.msgZ, c.msg = op, z, append(c.msg[:0], payload...)
	case 0x0:
		c.msg = append(c.msg, payload...)
		if len(c.msg) > c.l.cfg.MaxMessage {
			c.finish(1009, ErrTooLarge)
			return
		}
		if fin {
			m := c.msg
			c.msg = nil
			c.message(c.msgZ, m)
		}
	case 0x8:
		code := 1005
		if len(payload) >= 2 {
			code = int(binary.BigEndian.Uint16(payload))
		}
		if c.state == stateOpen {
			c.appendFrame(0x8, payload[:min(2, len(payload))])
			c.flush()
		}
		c.finish(code, nil)
	case 0x9:
		c.appendFrame(0xA, payload)
		c.flush()
	case 0xA:
	default:
		c.finish(1002, ErrProtocol)
	}
}

// finish closes the socket once and reports it.
func (c *Conn) finish(code int, err error) {
	if c.state == stateDone {
		return
	}
	c.state = stateDone
	unix.EpollCtl(c.l.epfd, unix.EPOLL_CTL_DEL, c.fd, nil) //nolint:errcheck
	unix.Close(c.fd)
	delete(c.l.conns, c.fd)
	c.out, c.in, c.msg = nil, nil, nil
	c.l.h.Closed(c, code, err)
}
