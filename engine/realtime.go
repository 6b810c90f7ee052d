package engine

import (
	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/relay"
	"courtside/actors/session"
	"courtside/api/locale"
	"courtside/gateway"
)

// realtime glues the gateway to the actors: one session actor per connection. Its methods run on
// gateway event loops, so they only copy bytes and post to mailboxes.
type realtime struct {
	system   *actor.ActorSystem
	sessions *actor.Props // session.Props, equipped by the topology (a cluster's sessions get replies from other nodes); one for every connection
	resolver *locale.Resolver
}

var _ gateway.Handler = (*realtime)(nil)

// wsConn adapts a gateway connection to what the actors write to.
type wsConn struct{ *gateway.Conn }

// Send writes a frame the relay built with encodeFrame.
func (c wsConn) Send(f relay.Frame) bool { return c.Conn.Send(f.(*gateway.Frame)) }

// broadcaster hands a relay's fan-out to the gateway in one call. Its scratch slice is reused, so a
// frame costs no allocation per subscriber; only the relay's goroutine calls it.
type broadcaster struct{ scratch []*gateway.Conn }

func (b *broadcaster) send(f relay.Frame, conns []relay.Conn) {
	b.scratch = b.scratch[:0]
	for _, c := range conns {
		b.scratch = append(b.scratch, c.(wsConn).Conn)
	}
	gateway.Broadcast(f.(*gateway.Frame), b.scratch)
	clear(b.scratch) // do not keep closed connections alive until the next frame
}

// encodeFrame builds one wire frame for many connections.
func encodeFrame(payload []byte, priority bool) relay.Frame {
	return gateway.NewFrame(payload, priority)
}

func (rt *realtime) OnOpen(c *gateway.Conn) {
	req := c.Request()
	lang := locale.Default
	if rt.resolver != nil {
		lang = rt.resolver.Resolve(req.Header, req.RemoteIP)
	}
	c.SetContext(session.Spawn(rt.system.Root, rt.sessions, wsConn{c}, lang))
}

func (rt *realtime) OnMessage(c *gateway.Conn, msg []byte) {
	if pid, ok := c.Context().(*actor.PID); ok {
		rt.system.Root.Send(pid, &session.Inbound{Data: append([]byte(nil), msg...)})
	}
}

func (rt *realtime) OnClose(c *gateway.Conn, _ uint16) {
	if pid, ok := c.Context().(*actor.PID); ok {
		rt.system.Root.Send(pid, &session.Closed{})
	}
}

// wsCompression turns Config.WSCompress into the gateway's switch.
func wsCompression(on bool) gateway.CompressionMode {
	if on {
		return gateway.CompressionOn
	}
	return gateway.CompressionOff
}
