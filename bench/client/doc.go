// Package client is the harness's event-driven WebSocket client: one epoll loop (golang.org/x/sys/unix)
// drives thousands of non-blocking sockets from a single goroutine, with a minimal RFC 6455 client
// (HTTP upgrade, masked client frames, incremental parsing of server frames, ping answers, close
// handshake). A connection costs its socket, a small struct and, only while a frame is split across
// reads, the bytes of that frame: there is no goroutine and no buffer per socket.
//
// Sockets bind a chosen loopback source address before connecting (IP_BIND_ADDRESS_NO_PORT, so the
// port is picked per destination), which lets one process open more connections to one server port
// than one source address has ephemeral ports.
//
// Concurrency: Run owns the loop. Handler callbacks run on the loop goroutine; Dial, Conn.Send,
// Conn.Close and Conn.Abort may only be called there (from a callback or a function given to Post).
// Post and Stop are safe from any goroutine.
package client
