// Package gateway is Courtside's WebSocket edge: an RFC 6455 server on gnet
// v2 that upgrades HTTP/1.1 requests on one path, decodes client frames
// incrementally, and writes shared pre-encoded frames to many sockets with a
// bounded outbound queue per connection.
//
// The wire protocol carried inside the frames (JSON, docs/protocol.md) is
// not this package's business: a Handler receives complete text messages
// and answers through Conn.Send / Conn.SendText.
//
// # Life of a connection
//
//	TCP accept (counted against MaxConnsPerIP)
//	  -> HTTP upgrade (400/403/404/431/503 + close on refusal)
//	  -> Handler.OnOpen -> OnMessage ... -> close handshake -> Handler.OnClose
//
// The upgrade refuses a browser Origin other than the page's own host name
// and Config.AllowedOrigins with 403, and a connection from an address that
// already holds MaxConnsPerIP connections with 503, both before upgrading.
//
// The server sends close with 1001 at shutdown, 1002/1003/1007/1009 on
// protocol errors (binary messages are refused with 1003: the protocol is
// text only), 4008 for slow consumers and 4009 for idle connections. Text is
// validated as it arrives (wsframe.UTF8Validator), so 1007 goes out with the
// read that brought the bad byte, also in an unfinished fragmented message.
// After sending its close the server reads past (discards) whatever data
// frames the peer still sends and drops TCP as soon as the peer's close
// frame arrives, or after CloseTimeout. A close from the peer is echoed with
// its code and TCP is closed at once.
//
// # Concurrency contract
//
// gnet runs a fixed set of event loops (one, or one per CPU with
// Config.Multicore); each connection belongs to exactly one loop for its
// life.
//
// Run on the connection's event loop, must not block:
//   - Handler.OnOpen, Handler.OnMessage, Handler.OnClose;
//   - frame decoding, pong and close replies, the HTTP upgrade;
//   - the timer sweep (idle timeout, server pings, slow-consumer grace,
//     close deadlines), started from gnet's ticker goroutine with
//     EventLoop.Execute so that it runs on each loop, never on the ticker.
//
// Safe from any goroutine:
//   - Conn.Send, Conn.SendText, Broadcast, Conn.Close, Conn.ID,
//     Conn.Request, Conn.SetContext, Conn.Context, Conn.Dropped;
//   - NewFrame and every Frame method (a Frame is immutable);
//   - Server.Run (once), Server.Addr, Server.Ready, Server.Config.
//
// The payload passed to OnMessage is valid only during the call.
//
// # Sending
//
// A Frame has a plain encoding and, for connections that negotiated
// permessage-deflate (Config.Compression; no context takeover either way),
// a compressed one made once, lazily, by the first Send or Broadcast that
// queues it for such a connection (sync.Once, outside Conn.mu); both are
// shared by every subscriber of their kind.
//
// Send puts the *Frame (a pointer to bytes shared by all subscribers) on a
// per-connection ring under the connection's mutex. When the connection was
// not yet scheduled, it is appended to its loop's list, and the loop is
// woken (EventLoop.Execute) only when no drain is pending or running. The
// drain runs on the loop and writes each connection's frames with one
// write/writev; what the socket does not take at once is kept by gnet until
// the socket is writable. Nothing is encoded or copied per connection on the
// caller's side, and a steady-state Send allocates nothing: gnet allocates
// only per loop wake-up (a task closure and a queue node), see the
// benchmarks in README.md. Broadcast queues a frame for many connections and
// wakes each loop once.
//
// Outbound policy: queued bytes = frames in the ring + gnet's outbound
// buffer (as last seen by the loop). Over OutboundLimit, non-priority frames
// are dropped and counted; priority frames are queued up to OutboundHardCap
// (past it the connection is closed with 4008). A connection that stays over
// the limit (a frame was dropped, or priority frames took it past the limit,
// and it has not drained to half the limit since) for SlowConsumerGrace is
// closed with 4008. Frames already queued are written before the close frame.
//
// # Locks
//
// Conn.mu guards a connection's ring, its queue accounting and the flags
// shared with other goroutines (scheduled, closing, close request). loop.mu
// guards a loop's list of scheduled connections. They are taken one after
// the other, never nested, and neither is held while calling into gnet or a
// Handler. Server.loopsMu guards the set of loops and is never held with the
// others except to call EventLoop.Execute, which does not block. The per-IP
// connection counts (peerLimiter.mu) are taken alone, once at accept and
// once at close.
package gateway
