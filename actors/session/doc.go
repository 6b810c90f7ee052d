// Package session implements the session actor: one per WebSocket connection. It authenticates the
// connection (a token from the REST login, or a guest), owns its identity and language, decodes the
// client's commands, and routes them: joins and leaves to the node's relay, chat and moderation to
// room actors. Answers from rooms come back here and are written to the connection localized.
//
// Spawning: Props(cfg) is made once per node and shared by every session (it captures no
// connection); Spawn starts one and posts Open, the connection and its language, as its first
// message. The auth timeout of all sessions of a Config is one ordered queue and one timer
// (auth_deadlines.go). A session's mailbox is its own (mailbox.go): protoactor's contract in 80
// bytes that hold nothing while the session is idle. All three keep an idle connection small
// (issue 24; docs/BENCHMARKS.md), and so does Actor's layout (TestASessionStaysInItsSizeClass).
//
// Concurrency: all state belongs to the actor's Receive. The gateway glue only posts Inbound (a copy
// of one client message) and Closed; it never waits for the actor. Sessions read their Config
// through a pointer: set its fields before the first Spawn (the engine sets Auth and Watching
// after Props, before the gateway accepts), and never copy it.
package session
