package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/netip"
	"time"

	"courtside/bench/client"
)

// probe is one client connection driven from the coordinator (a moderator, or a question to the
// server before a scenario starts). Frames arrive decoded on a channel.
type probe struct {
	loop   *client.Loop
	conn   *client.Conn
	in     chan map[string]any
	open   chan struct{}
	closed chan int
	cancel context.CancelFunc
	user   map[string]any
}

type probeHandler struct{ p *probe }

func (h probeHandler) Open(c *client.Conn) { h.p.conn = c; close(h.p.open) }
func (h probeHandler) Message(c *client.Conn, data []byte) {
	var m map[string]any
	if json.Unmarshal(data, &m) == nil {
		m["_rx"] = time.Now() // when it arrived, not when someone read the channel
		select {
		case h.p.in <- m:
		default: // nobody is reading: a moderator only needs recent frames
		}
	}
}
func (h probeHandler) Closed(c *client.Conn, code int, err error) {
	select {
	case h.p.closed <- code:
	default:
	}
}

// dialProbe connects to the first target and authenticates with token ("" = guest).
func dialProbe(tg *targetSet, token string) (*probe, error) {
	p := &probe{in: make(chan map[string]any, 65536), open: make(chan struct{}), closed: make(chan int, 1)}
	var err error
	if p.loop, err = client.New(client.Config{}, probeHandler{p}); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	go p.loop.Run(ctx) //nolint:errcheck
	dst, _ := netip.ParseAddrPort(tg.hosts[0])
	dialErr := make(chan error, 1)
	p.loop.Post(func() {
		_, err := p.loop.Dial(netip.Addr{}, dst, tg.hosts[0], tg.path, nil)
		dialErr <- err
	})
	if err := <-dialErr; err != nil {
		p.close()
		return nil, err
	}
	select {
	case <-p.open:
	case code := <-p.closed:
		p.close()
		return nil, fmt.Errorf("probe connection closed (%d) before the upgrade", code)
	case <-time.After(10 * time.Second):
		p.close()
		return nil, fmt.Errorf("probe connection: no upgrade within 10s")
	}
	p.send(map[string]any{"t": "auth", "token": token, "lan": "en_US"})
	m, err := p.expect(5*time.Second, func(m map[string]any) bool { return m["t"] == "welcome" || m["t"] == "error" })
	if err != nil {
		p.close()
		return nil, err
	}
	if m["t"] == "error" {
		p.close()
		return nil, fmt.Errorf("auth refused: %v %v", m["code"], m["key"])
	}
	p.user, _ = m["user"].(map[string]any)
	return p, nil
}

func (p *probe) send(v any) {
	b, _ := json.Marshal(v)
	p.loop.Post(func() { p.conn.Send(b) })
}

// expect returns the next frame ok accepts, dropping the others.
func (p *probe) expect(timeout time.Duration, ok func(map[string]any) bool) (map[string]any, error) {
	deadline := time.After(timeout)
	for {
		select {
		case m := <-p.in:
			if ok(m) {
				return m, nil
			}
		case code := <-p.closed:
			return nil, fmt.Errorf("connection closed (%d)", code)
		case <-deadline:
			return nil, fmt.Errorf("no answer within %v", timeout)
		}
	}
}

func (p *probe) close() {
	p.loop.Stop()
	p.cancel()
}
