// Package relay implements the node-local relay: one actor per node that holds, for every room with
// viewers on this node, the list of local connections, and writes each room frame to all of them.
//
// A room actor sends one Deliver per frame to each relay that has viewers; the relay turns the
// payload into a wire frame once (Encoder) and hands the same frame to every connection. There is no
// per-subscriber encoding and no per-subscriber actor message.
//
// Joining goes through the relay so that nothing is missed or doubled: the relay parks the connection,
// asks the room to Join, and on the JoinReply writes `joined` and the replay to the connection before
// it receives any later frame of that room (a room's messages to the relay arrive in order).
//
// Concurrency: all state belongs to the actor's Receive. Conn.Send must be safe to call from the
// relay's goroutine while the connection's own event loop writes.
package relay
